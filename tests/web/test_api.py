"""/api/v1: the contract's errors over HTTP (the answers are tested with each engine)."""


def test_score_needs_json(client):
    response = client.post("/api/v1/score", data="x", content_type="text/plain")
    assert response.status_code == 415 and "Content-Type: application/json" in response.get_json()["error"]


def test_score_refuses_invalid_json(client):
    response = client.post("/api/v1/trade", data="{oops", content_type="application/json")
    assert response.status_code == 400 and "not valid JSON" in response.get_json()["error"]


def test_unknown_game(client):
    response = client.post("/api/v1/score", json={"game": "chess"})
    assert response.status_code == 400 and response.get_json() == {
        "error": "unknown game 'chess' (expected \"7wonders\", \"duel\" or \"architects\")", "where": "game",
        "error_key": "in.unknown_game", "error_params": {"value": "'chess'",
                                                         "games": ['"7wonders"', '"duel"', '"architects"']}}


def test_api_needs_no_csrf_token_but_404s_are_json(client):
    response = client.get("/api/v1/nope")
    assert response.status_code == 404 and "error" in response.get_json()


def test_score_seven_wonders_over_http_matches_the_contract(client):
    doc = {"game": "7wonders", "edition": 1, "players": [
        {"name": "Ana", "wonder": "Babylon", "side": "A", "stages": 2,
         "cards": ["Lumber Yard", "Apothecary", "Scientists Guild"], "coins": 14, "military": [1, 3, -1]},
        {"name": "Bo", "wonder": "Gizah", "side": "A", "stages": 0, "cards": [], "coins": 3, "military": []},
        {"name": "Cy", "wonder": "Rhodes", "side": "B", "stages": 1, "cards": ["Workshop"], "coins": 5,
         "military": [-1]}]}
    response = client.post("/api/v1/score", json=doc)
    body = response.get_json()
    assert response.status_code == 200
    assert set(body["players"][0]["scores"]) == {"military", "treasury", "wonder", "civil", "commercial",
                                                 "guilds", "science"}
    assert body["players"][0]["scores"]["science"] == 10 and body["winners"] == ["Ana"]


def test_trade_seven_wonders_over_http(client):
    city = {"name": "Ana", "wonder": "Gizah", "side": "A", "stages": 0, "cards": [], "coins": 10}
    left = {"name": "Bo", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": ["Sawmill"]}
    right = {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 0, "cards": []}
    response = client.post("/api/v1/trade", json={"game": "7wonders", "edition": 1, "player": city,
                                                   "left": left, "right": right, "build": {"card": "Caravansery"}})
    body = response.get_json()
    assert response.status_code == 200 and body["legal"] is True
    assert body["cost"] == {"total": 4, "bank": 0, "left": 4, "right": 0} | {k: v for k, v in body["cost"].items()
                                                                           if k not in ("total", "bank", "left", "right")}


def test_trade_duel_over_http(client):
    doc = {"game": "duel", "player": {"name": "A", "cards": [], "coins": 10},
           "opponent": {"name": "B", "cards": ["Glassworks"]}, "build": {"card": "Caravansery"}}
    body = client.post("/api/v1/trade", json=doc).get_json()
    assert body["cost"]["total"] == 7 and body["legal"] is True


def test_score_duel_over_http(client):
    doc = {"game": "duel", "conflict": 3, "players": [{"name": "A", "cards": ["Temple"], "coins": 12},
                                                      {"name": "B", "cards": ["Baths"], "coins": 3}]}
    body = client.post("/api/v1/score", json=doc).get_json()
    assert body["victory"] == "civilian" and body["winners"] == ["A"]
    assert body["players"][0]["scores"]["military"] == 5


def test_unknown_card_over_http_says_where(client):
    doc = {"game": "7wonders", "edition": 1, "players": [
        {"name": "A", "wonder": "Gizah", "side": "A", "stages": 0, "cards": ["Lumber Yrd"], "coins": 1},
        {"name": "B", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [], "coins": 1},
        {"name": "C", "wonder": "Babylon", "side": "A", "stages": 0, "cards": [], "coins": 1}]}
    response = client.post("/api/v1/score", json=doc)
    assert response.status_code == 400
    assert response.get_json() == {"error": 'unknown card "Lumber Yrd" (did you mean "Lumber Yard"?)',
                                   "where": "players[0].cards[0]", "error_key": "lookup.card.hint",
                                   "error_params": {"text": "Lumber Yrd", "hint": "lumber-yard"}}
