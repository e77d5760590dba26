"""Tracked games through /api/v1/games: actions, refusals, undo, versions, polling."""
import threading

import pytest

TOKENS = ["agriculture", "architecture", "economy", "law", "masonry"]
SHOWN = [["the-pyramids", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"],
         ["circus-maximus", "piraeus", "the-appian-way", "the-colossus"]]


KEYS: dict[str, str] = {}      # code -> token, as the phone that made the game keeps it


def new_game(client, body) -> str:
    """A game made through the API; this client then opens its join link, as a phone scanning the QR code."""
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    doc = response.get_json()
    assert doc["url"] == f"/g/{doc['code']}" and len(doc["code"]) == 6
    assert len(doc["token"]) >= 32 and doc["join_url"] == f"/g/{doc['code']}?t={doc['token']}"
    KEYS[doc["code"]] = doc["token"]
    assert client.get(doc["join_url"]).status_code == 303
    return doc["code"]


def new_duel(client):
    return new_game(client, {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]})


def auth(code, **headers):
    return {"Authorization": f"Bearer {KEYS.get(code, '')}", **headers}


def post(client, code, **action):
    return client.post(f"/api/v1/games/{code}/actions", json=action, headers=auth(code))


def state(client, code):
    return client.get(f"/api/v1/games/{code}", headers=auth(code)).get_json()


def setup_duel(client, code):
    """The five tokens on the board and the wonder draft: Ana 1, Bruno 2, Ana the last (handed to her
    without a pick, as she has no choice); then the same with Bruno first."""
    for token in TOKENS:
        assert post(client, code, action="show-progress", token=token).status_code == 200
    picks = [("Ana", "Bruno", "Bruno", "Ana"), ("Bruno", "Ana", "Ana", "Bruno")]
    for shown, order in zip(SHOWN, picks):
        for wonder in shown:
            assert post(client, code, action="show-wonder", wonder=wonder).status_code == 200
        for who, wonder in list(zip(order, shown))[:3]:
            response = post(client, code, player=who, action="pick", wonder=wonder)
            assert response.status_code == 200, response.get_json()


def test_a_new_duel_starts_with_seven_coins_and_tokens_to_show(client):
    code = new_duel(client)
    s = state(client, code)
    assert [p["coins"] for p in s["players"]] == [7, 7]
    assert s["game"] == "duel" and s["to_move"] == "chance" and s["version"] == 1


@pytest.mark.parametrize("body,where", [
    ({"game": "duel", "players": [{"name": "Ana"}]}, "players"),
    ({"game": "duel", "players": [{"name": "Ana"}, {"name": "ana"}]}, "players[1].name"),
    ({"game": "chess", "players": []}, "game"),
])
def test_a_bad_new_game_is_refused_saying_where(client, body, where):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 400 and response.get_json()["where"] == where


def test_setup_then_the_first_age_pyramid(client):
    code = new_duel(client)
    setup_duel(client, code)
    s = state(client, code)
    assert s["progress_available"] == TOKENS
    assert sorted(s["players"][0]["wonders_to_build"]) == sorted(
        ["the-pyramids", "the-statue-of-zeus", "piraeus", "the-appian-way"])
    assert sorted(s["players"][1]["wonders_to_build"]) == sorted(
        ["the-great-lighthouse", "the-temple-of-artemis", "circus-maximus", "the-colossus"])
    assert s["age"] == 1 and len(s["pyramid"]) == 20


def test_an_illegal_action_is_refused_with_a_reason_and_nothing_changes(client):
    code = new_duel(client)
    before = state(client, code)
    response = post(client, code, player="Ana", action="pick", wonder="the-pyramids")
    assert response.status_code == 409 and response.get_json()["error"]
    after = state(client, code)
    assert after["version"] == before["version"] and after["players"] == before["players"]


def test_undo_takes_back_the_last_action_any_number_of_times(client):
    code = new_duel(client)
    for token in TOKENS[:3]:
        post(client, code, action="show-progress", token=token)
    assert state(client, code)["progress_available"] == TOKENS[:3]
    for expected in (TOKENS[:2], TOKENS[:1], []):
        assert client.post(f"/api/v1/games/{code}/undo", json={}, headers=auth(code)).status_code == 200
        assert state(client, code)["progress_available"] == expected
    response = client.post(f"/api/v1/games/{code}/undo", json={}, headers=auth(code))
    assert response.status_code == 409 and "nothing to undo" in response.get_json()["error"]


def test_an_undo_through_the_api_says_who_undid_it_in_the_log(client):
    code = new_duel(client)
    post(client, code, action="show-progress", token="law")
    response = client.post(f"/api/v1/games/{code}/undo", json={"by": "Bruno"}, headers=auth(code))
    assert response.status_code == 200
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Bruno took back: " in page
    # A name not at this table is refused, says where, and changes nothing.
    post(client, code, action="show-progress", token="economy")
    seen = state(client, code)["version"]
    response = client.post(f"/api/v1/games/{code}/undo", json={"by": "Zoe"}, headers=auth(code))
    assert response.status_code == 400 and response.get_json()["where"] == "by"
    assert state(client, code)["version"] == seen and state(client, code)["progress_available"] == ["economy"]


def test_a_stale_action_is_refused_with_a_clear_message(client):
    code = new_duel(client)
    seen = state(client, code)["version"]
    assert post(client, code, action="show-progress", token="law", version=seen).status_code == 200
    response = post(client, code, action="show-progress", token="economy", version=seen)
    assert response.status_code == 409 and "Someone else played first" in response.get_json()["error"]
    assert state(client, code)["progress_available"] == ["law"]


def test_two_phones_at_once_lose_nothing_and_apply_nothing_twice(app):
    code = new_duel(app.test_client())
    seen = state(app.test_client(), code)["version"]
    answers = []

    def phone(token):
        answers.append(post(app.test_client(), code, action="show-progress", token=token, version=seen).status_code)

    threads = [threading.Thread(target=phone, args=(t,)) for t in ("law", "economy", "masonry", "agriculture")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 409, 409, 409]
    s = state(app.test_client(), code)
    assert len(s["progress_available"]) == 1 and s["version"] == seen + 1


def test_polling_an_unchanged_game_answers_304(client):
    code = new_duel(client)
    first = client.get(f"/api/v1/games/{code}", headers=auth(code))
    etag = first.headers["ETag"]
    assert client.get(f"/api/v1/games/{code}", headers=auth(code, **{"If-None-Match": etag})).status_code == 304
    post(client, code, action="show-progress", token="law")
    assert client.get(f"/api/v1/games/{code}", headers=auth(code, **{"If-None-Match": etag})).status_code == 200


def test_the_state_is_rebuilt_from_the_log(app, client):
    code = new_duel(client)
    setup_duel(client, code)
    from companion.store import games
    games._cache.items.clear()                      # nothing kept in memory: replay the log
    s = state(client, code)
    assert s["progress_available"] == TOKENS and s["age"] == 1


def test_unknown_game_is_404(client):
    assert client.get("/api/v1/games/ZZZZ").status_code == 404
    assert client.post("/api/v1/games/ZZZZ/actions", json={"action": "build"}).status_code == 404


def test_the_table_page_polls_with_204_when_nothing_changed(client):
    code = new_duel(client)
    version = state(client, code)["version"]
    assert client.get(f"/g/{code}/board", query_string={"v": version}).status_code == 204
    post(client, code, action="show-progress", token="law")
    assert client.get(f"/g/{code}/board", query_string={"v": version}).status_code == 200


def test_the_table_page_offers_the_legal_moves_and_plays_one(client, csrf):
    import json
    import re
    code = new_duel(client)
    asked = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Who are you?" in asked and "name=\"doc\"" not in asked      # a phone says who it is first
    html = client.get(f"/g/{code}?as=all").get_data(as_text=True)
    docs = [json.loads(d.replace("&#34;", '"')) for d in re.findall(r"name=\"doc\" value='([^']+)'", html)]
    assert {d["action"] for d in docs} == {"show-progress"} and len(docs) == 10
    version = state(client, code)["version"]
    response = client.post(f"/g/{code}/act", data={"csrf_token": csrf, "version": version,
                                                   "doc": json.dumps(docs[0])})
    assert response.status_code == 303
    assert state(client, code)["progress_available"] == [docs[0]["token"]]


def test_qr_code_to_join(client):
    code = new_duel(client)
    response = client.get(f"/g/{code}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml" and b"<svg" in response.data
    assert client.get("/g/join", query_string={"code": code.lower()}).status_code == 302
    assert client.get("/g/join", query_string={"code": "ZZZZZZ"}).status_code == 404


def test_a_whole_recorded_seven_wonders_game_at_five_players_through_the_api(client):
    """The hand-worked 5-player game of the engine's tests, posted move by move over HTTP."""
    from ..engine.seven_wonders.test_table import FINAL, FIVE, GAME, MILITARY
    body = {"game": "7wonders", "edition": 1,
            "players": [{"name": n, "wonder": w, "side": s} for n, w, s in FIVE]}
    code = new_game(client, body)
    names = [n for n, _, _ in FIVE]
    for age, turns in GAME.items():
        for n, (moves, coins_after) in enumerate(turns):
            order = list(zip(names, moves))
            if n % 2:
                order.reverse()                 # phones post in any order
            for name, (verb, card, more) in order:
                answer = post(client, code, player=name, action=verb, card=card, **more)
                assert answer.status_code == 200, (age, n + 1, name, answer.get_json())
            s = state(client, code)
            assert [p["coins"] for p in s["players"]] == coins_after, f"Age {age} turn {n + 1}"
        s = state(client, code)
        assert [sorted(p["military"]) for p in s["players"]] == [sorted(m) for m in MILITARY[age]], f"Age {age}"
    final = state(client, code)
    assert final["over"]
    keys = ("military", "treasury", "wonder", "civil", "commercial", "guilds", "science")
    for player in final["score"]["players"]:
        scores, total = FINAL[player["name"]]
        assert tuple(player["scores"][k] for k in keys) == scores and player["total"] == total
    assert final["score"]["winners"] == ["Bruno"]
    # The table page shows each city's tokens as printed: "+3", "−1" (a minus sign, not a raw list).
    page = client.get(f"/g/{code}").get_data(as_text=True)
    for player in final["players"]:
        shown = " ".join(f"+{t}" if t > 0 else f"\u2212{-t}" for t in player["military"])
        assert f"tokens: {shown}" in page, player["name"]


def test_a_seven_wonders_turn_hides_its_choices_until_it_resolves_then_shows_them(client):
    body = {"game": "7wonders", "edition": 1, "players": [
        {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
        {"name": "Carla", "wonder": "Ephesus", "side": "A"}]}
    code = new_game(client, body)
    client.get(f"/g/{code}?as=Ana")
    post(client, code, player="Ana", action="build", card="Lumber Yard")
    post(client, code, player="Bruno", action="build", card="Stone Pit")
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Last move: Bruno chose a card." in page and "Stone Pit" not in page.split("Last move")[1][:80]
    post(client, code, player="Carla", action="sell", card="Loom")            # the turn resolves
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Last move: Carla sold Loom." in page


def test_seven_wonders_illegal_action_refused_and_simultaneous_posts_accepted(client):
    body = {"game": "7wonders", "edition": 1, "players": [
        {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
        {"name": "Carla", "wonder": "Ephesus", "side": "A"}]}
    code = new_game(client, body)
    seen = state(client, code)["version"]
    assert post(client, code, player="Ana", action="build", card="Lumber Yard", version=seen).status_code == 200
    # Bruno's phone had not seen Ana's move: in 7 Wonders that does not matter, everyone acts at once.
    assert post(client, code, player="Bruno", action="build", card="Stone Pit", version=seen).status_code == 200
    twice = post(client, code, player="Ana", action="build", card="Clay Pool")
    assert twice.status_code == 409 and "Ana" in twice.get_json()["error"]
    stale_same_player = post(client, code, player="Bruno", action="sell", card="Loom", version=seen)
    assert stale_same_player.status_code == 409


def test_seven_wonders_table_page_prices_a_card_and_plays_it(client, csrf):
    import json
    import re
    body = {"game": "7wonders", "edition": 1, "players": [
        {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
        {"name": "Carla", "wonder": "Ephesus", "side": "A"}]}
    code = new_game(client, body)
    # Ana (Giza: stone) wants the Scriptorium: papyrus from Carla (Ephesus), 2 coins to her right.
    html = client.get(f"/g/{code}", query_string={"as": "Ana", "player": "Ana", "action": "build",
                                                  "card": "scriptorium"}).get_data(as_text=True)
    docs = [json.loads(d.replace("&#34;", '"')) for d in re.findall(r"name=\"doc\" value='([^']+)'", html)]
    assert docs == [{"player": "Ana", "action": "build", "card": "scriptorium", "pay": {"left": 0, "right": 2}}]
    version = state(client, code)["version"]
    assert client.post(f"/g/{code}/act", data={"csrf_token": csrf, "version": version,
                                               "doc": json.dumps(docs[0])}).status_code == 303
    assert state(client, code)["waiting_for"] == ["Bruno", "Carla"]


def test_seven_wonders_table_page_explains_a_refusal(client):
    body = {"game": "7wonders", "edition": 1, "players": [
        {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
        {"name": "Carla", "wonder": "Babylon", "side": "A"}]}
    code = new_game(client, body)
    html = client.get(f"/g/{code}", query_string={"as": "Ana", "player": "Ana", "action": "build",
                                                  "card": "apothecary"}).get_data(as_text=True)
    assert "textile" in html and 'class="error" role="alert"' in html


def test_a_finished_game_opens_as_a_filled_score_sheet_in_history(client, csrf):
    from ..engine.seven_wonders.test_table import FINAL, FIVE, GAME
    body = {"game": "7wonders", "edition": 1,
            "players": [{"name": n, "wonder": w, "side": s} for n, w, s in FIVE]}
    code = new_game(client, body)
    names = [n for n, _, _ in FIVE]
    for turns in GAME.values():
        for moves, _ in turns:
            for name, (verb, card, more) in zip(names, moves):
                assert post(client, code, player=name, action=verb, card=card, **more).status_code == 200
    response = client.post(f"/g/{code}/sheet", data={"csrf_token": csrf})
    assert response.status_code == 303
    sheet_url = response.headers["Location"]
    from .test_sheets import Page
    page = Page(client.get(sheet_url).get_data(as_text=True))
    assert page.totals == [total for _, total in FINAL.values()]
    assert "Bruno — 52" in client.get("/history/").get_data(as_text=True)
    again = client.post(f"/g/{code}/sheet", data={"csrf_token": csrf})
    assert again.headers["Location"] == sheet_url                 # filed once


def test_an_unfinished_game_has_no_score_sheet_yet(client, csrf):
    code = new_duel(client)
    response = client.post(f"/g/{code}/sheet", data={"csrf_token": csrf})
    assert response.status_code == 409 and "not over" in response.get_data(as_text=True)


def token_of(app, code):
    """The token of a game made from the page (its QR code carries it)."""
    from companion.store import groups, open_database
    db = open_database(app.config["DATABASE"], migrate=False)
    try:
        return groups.item(db, code).token
    finally:
        db.close()


def test_start_a_seven_wonders_table_from_the_page(app, client, csrf):
    html = client.get("/g/new", query_string={"kind": "7wonders-1", "players": 3}).get_data(as_text=True)
    assert html.count('name="wonder"') == 3
    response = client.post("/g/new?kind=7wonders-1&players=3", data={
        "csrf_token": csrf, "name": ["Ana", "Bruno", "Carla"], "wonder": ["gizah", "rhodes", "ephesus"],
        "side": ["A", "B", "A"]})
    assert response.status_code == 303
    code = response.headers["Location"].split("/g/")[1].split("?")[0]
    KEYS[code] = token_of(app, code)
    assert [p["wonder"] for p in state(client, code)["players"]] == ["gizah", "rhodes", "ephesus"]


def test_two_players_and_the_free_city_from_the_page(app, client, csrf):
    """The 1st edition's 2-player variant: the page offers a third seat, the Free City, which does
    not rank; the 2nd edition starts at three players."""
    html = client.get("/g/new", query_string={"kind": "7wonders-1", "players": 2}).get_data(as_text=True)
    assert html.count('name="wonder"') == 3 and "Free City" in html
    second = client.get("/g/new", query_string={"kind": "7wonders-2", "players": 2}).get_data(as_text=True)
    assert second.count('name="wonder"') == 3 and "Free City" not in second
    response = client.post("/g/new?kind=7wonders-1&players=2", data={
        "csrf_token": csrf, "name": ["Ana", "Bruno", "Free City"], "wonder": ["gizah", "rhodes", "ephesus"],
        "side": ["A", "A", "A"]})
    assert response.status_code == 303
    code = response.headers["Location"].split("/g/")[1].split("?")[0]
    KEYS[code] = token_of(app, code)
    players = state(client, code)["players"]
    assert [p.get("free_city", False) for p in players] == [False, False, True]
    assert "Free City" in state(client, code)["waiting_for"]
    page = client.get(f"/g/{code}?as=all").get_data(as_text=True)
    assert "Free City plays" in page
    assert "free build (Olympia)" not in page          # nobody has built Olympia's second stage


def test_a_bad_table_says_what_and_where(client, csrf):
    response = client.post("/g/new?kind=7wonders-1&players=3", data={
        "csrf_token": csrf, "name": ["Ana", "Bruno", "Carla"], "wonder": ["gizah", "gizah", "ephesus"],
        "side": ["A", "A", "A"]})
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and "Player 2: " in text and "players[" not in text    # a seat, not a path


def test_start_a_duel_table_from_the_page(client, csrf):
    response = client.post("/g/new?kind=duel", data={"csrf_token": csrf, "name": ["Ana", "Bruno"]})
    assert response.status_code == 303 and "as=Ana" in response.headers["Location"]


def test_the_track_shows_the_loot_tokens_still_on_it(client):
    code = new_duel(client)
    s = state(client, code)
    assert s["loot"] == [{"position": -6, "coins": 5}, {"position": -3, "coins": 2},
                         {"position": 3, "coins": 2}, {"position": 6, "coins": 5}]
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert html.count('class="space loot"') == 4


SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
    {"name": "Chloé", "wonder": "Ephesus", "side": "A"}]}


def test_seven_wonders_status_is_a_sentence_and_the_price_names_the_neighbour(client):
    code = new_game(client, SEVEN)
    client.get(f"/g/{code}?as=Ana")
    board = client.get(f"/g/{code}/board", query_string={"player": "Ana", "action": "build",
                                                          "card": "scriptorium"}).get_data(as_text=True)
    assert "Waiting for Ana, Bruno, and Chloé." in board and "[" not in board.split("data-status>")[1][:200]
    assert "2 coins: pay Chloé 2" in board                 # the papyrus comes from Ephesus, on Ana's right
    assert 'data-act-for="Ana"' in board and 'data-act-for="Bruno"' not in board    # only this phone's seat
    assert "3 coins</span> · 1 point</h2>" in board                     # 3 coins are 1 point: no "1 points"


def test_a_phone_keeps_its_controls_on_the_board_after_its_card_is_in(client):
    code = new_game(client, SEVEN)
    client.get(f"/g/{code}?as=Ana")
    post(client, code, player="Ana", action="sell", card="lumber-yard")
    board = client.get(f"/g/{code}/board").get_data(as_text=True)
    assert "Your card is in. Waiting for Bruno and Chloé." in board and "data-act-for" not in board
    log = board.split('class="log"')[1].split("</details>")[0]
    assert "Ana chose a card." in log and "Lumber Yard" not in log      # hidden until the turn resolves
    assert post(client, code, player="Bruno", action="sell", card="clay-pool").status_code == 200
    assert post(client, code, player="Chloé", action="sell", card="stone-pit").status_code == 200
    board = client.get(f"/g/{code}/board").get_data(as_text=True)     # the poll: no reload
    assert 'data-act-for="Ana"' in board and "Age 1, turn 2." in board
    assert "Ana sold Lumber Yard." in board


def test_a_hidden_pick_taken_back_stays_unnamed_in_every_phones_log(client):
    """Walked on three phones (helper 120): Bruno took back a card no one else had seen yet and the closed
    "Moves" log said "Taken back: Bruno sold Clay Pool." on Ana's phone too. The undo keeps that the
    choice was hidden; a pick that ended its turn (shown to all) is still named once taken back."""
    code = new_game(client, SEVEN)
    assert post(client, code, player="Bruno", action="sell", card="clay-pool").status_code == 200
    assert client.post(f"/api/v1/games/{code}/undo", json={"by": "Bruno"}, headers=auth(code)).status_code == 200
    client.get(f"/g/{code}?as=Ana")
    log = client.get(f"/g/{code}/board").get_data(as_text=True).split('class="log"')[1].split("</details>")[0]
    assert "Bruno took back: Bruno chose a card." in log and "Clay Pool" not in log
    for player, card in (("Ana", "lumber-yard"), ("Bruno", "clay-pool"), ("Chloé", "stone-pit")):
        assert post(client, code, player=player, action="sell", card=card).status_code == 200
    assert client.post(f"/api/v1/games/{code}/undo", json={"by": "Chloé"}, headers=auth(code)).status_code == 200
    log = client.get(f"/g/{code}/board").get_data(as_text=True).split('class="log"')[1].split("</details>")[0]
    assert "Chloé took back: Chloé sold Stone Pit." in log        # the turn had shown it


def test_undo_of_another_seats_move_asks_first_and_the_log_says_who(client, csrf):
    code = new_duel(client)
    setup_duel(client, code)
    client.get(f"/g/{code}?as=Bruno")
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Last move: Ana chose The Appian Way." in html and "Undo Ana's move…" in html
    version = state(client, code)["version"]
    asked = client.post(f"/g/{code}/undo", data={"csrf_token": csrf, "version": version})
    assert asked.status_code == 200 and state(client, code)["version"] == version     # nothing undone yet
    page = asked.get_data(as_text=True)
    assert "Take it back?" in page and page.index("Take it back?") < page.index('class="pyramid"')   # on top
    done = client.post(f"/g/{code}/undo", data={"csrf_token": csrf, "version": version, "confirm": "1"})
    assert done.status_code == 303 and state(client, code)["version"] == version + 1
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Bruno took back: Ana chose" in html
    client.get(f"/g/{code}?as=all")                    # now the last move is Bruno's: one phone for all undoes at once
    assert client.post(f"/g/{code}/undo", data={"csrf_token": csrf, "version": version + 1}).status_code == 303


def test_the_duel_log_is_sentences(client):
    code = new_duel(client)
    setup_duel(client, code)
    html = client.get(f"/g/{code}?as=Ana").get_data(as_text=True)
    assert "Agriculture is on the board." in html and "show-progress" not in html
    assert "Ana chose The Pyramids." in html or "Ana chose" in html


def test_a_face_up_card_is_entered_by_its_slot_from_this_ages_cards_not_seen(client, csrf):
    import json
    import re
    code = new_duel(client)
    setup_duel(client, code)
    html = client.get(f"/g/{code}?as=Ana").get_data(as_text=True)
    first = re.search(r'data-reveal-slot="(\d+)"', html).group(1)
    assert f"Slot {first}: which card is it?" in html and "<select" not in html     # counted from 1, no dropdown
    cards = re.findall(r'data-name="([^"]+)"', html)
    assert len(cards) == 23 and "Lumber Yard" in cards and "Arsenal" not in cards      # Age I's 23 cards
    found = client.get(f"/g/{code}", query_string={"slot": int(first) - 1, "q": "lumb"}).get_data(as_text=True)
    assert re.findall(r'data-name="([^"]+)"', found) == ["Lumber Yard"]
    doc = re.search(r"name=\"doc\" value='([^']+)'", found).group(1).replace("&#34;", '"')
    version = state(client, code)["version"]
    assert client.post(f"/g/{code}/act", data={"csrf_token": csrf, "version": version, "doc": doc}).status_code == 303
    slot = json.loads(doc)["slot"]
    assert state(client, code)["pyramid"][slot]["card"] == "lumber-yard"
    again = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Lumber Yard" not in re.findall(r'data-name="([^"]+)"', again)        # seen: no longer offered
    assert f"Lumber Yard turned face up on slot {slot + 1}." in again
