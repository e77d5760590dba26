"""Tracked games through /api/v1/games: actions, refusals, undo, versions, polling."""
import threading

import pytest

TOKENS = ["agriculture", "architecture", "economy", "law", "masonry"]
SHOWN = [["the-pyramids", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"],
         ["circus-maximus", "piraeus", "the-appian-way", "the-colossus"]]


def new_duel(client):
    response = client.post("/api/v1/games", json={"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]})
    assert response.status_code == 201
    body = response.get_json()
    assert body["url"] == f"/g/{body['code']}" and len(body["code"]) == 4
    return body["code"]


def post(client, code, **action):
    return client.post(f"/api/v1/games/{code}/actions", json=action)


def state(client, code):
    return client.get(f"/api/v1/games/{code}").get_json()


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
        assert client.post(f"/api/v1/games/{code}/undo").status_code == 200
        assert state(client, code)["progress_available"] == expected
    response = client.post(f"/api/v1/games/{code}/undo")
    assert response.status_code == 409 and "nothing to undo" in response.get_json()["error"]


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
    first = client.get(f"/api/v1/games/{code}")
    etag = first.headers["ETag"]
    assert client.get(f"/api/v1/games/{code}", headers={"If-None-Match": etag}).status_code == 304
    post(client, code, action="show-progress", token="law")
    assert client.get(f"/api/v1/games/{code}", headers={"If-None-Match": etag}).status_code == 200


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
    html = client.get(f"/g/{code}").get_data(as_text=True)
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
    assert client.get("/g/join", query_string={"code": "ZZZZ"}).status_code == 404
