"""/api/v1: the contract's errors over HTTP (the answers are tested with each engine)."""


def test_score_needs_json(client):
    response = client.post("/api/v1/score", data="x", content_type="text/plain")
    assert response.status_code == 400 and response.get_json()["where"] == "(body)"


def test_score_refuses_invalid_json(client):
    response = client.post("/api/v1/trade", data="{oops", content_type="application/json")
    assert response.status_code == 400 and "not valid JSON" in response.get_json()["error"]


def test_unknown_game(client):
    response = client.post("/api/v1/score", json={"game": "chess"})
    assert response.status_code == 400 and response.get_json() == {
        "error": "unknown game 'chess' (expected \"7wonders\" or \"duel\")", "where": "game"}


def test_api_needs_no_csrf_token_but_404s_are_json(client):
    response = client.get("/api/v1/nope")
    assert response.status_code == 404 and "error" in response.get_json()
