"""Each root cause of a 500 the fuzz found, pinned by one small case (issue 14, item 3).

The answers must be a 4xx that says what is wrong and where, and nothing stored.
"""
import io
import json
import re

import pytest

from companion.web.inputs import MAX_DEPTH, MAX_STRING, parse_json, whole_number
from companion.engine.errors import BadInput

from .conftest import open_table

DUEL = {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]}


def events(app) -> int:
    from companion.store import open_database
    db = open_database(app.config["DATABASE"], migrate=False)
    try:
        return db.execute("select count(*) from events").fetchone()[0]
    finally:
        db.close()


# 1. a `game` (or an action's verb) that is a list or an object: `x in dict` raised TypeError
@pytest.mark.parametrize("route", ["/api/v1/score", "/api/v1/trade", "/api/v1/games"])
@pytest.mark.parametrize("game", [[], {}, ["duel"], {"duel": 1}])
def test_a_game_that_is_a_list_or_object_is_a_400_naming_game(client, route, game):
    response = client.post(route, json={"game": game, "players": []})
    assert response.status_code == 400 and response.get_json()["where"] == "game"


@pytest.mark.parametrize("verb", [[], {}, ["build"]])
def test_an_action_verb_that_is_a_list_is_a_400(client, verb):
    for game in (DUEL, {"game": "7wonders", "edition": 1, "players": [
            {"name": n, "wonder": w, "side": "A"} for n, w in (("A", "Giza"), ("B", "Babylon"), ("C", "Rhodes"))]}):
        code = open_table(client, game)
        response = client.post(f"/api/v1/games/{code}/actions", json={"player": "A", "action": verb})
        assert response.status_code == 400 and response.get_json()["where"] == "action"


# 2. a body that is not a JSON object: .pop/.get on a list, a string, a number
@pytest.mark.parametrize("body", [[], [1, 2], "x", 3, 2.5, None, True])
@pytest.mark.parametrize("route", ["actions", "undo"])
def test_a_body_that_is_not_an_object_is_a_400(client, app, body, route):
    code = open_table(client, DUEL)
    before = events(app)
    response = client.post(f"/api/v1/games/{code}/{route}", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.get_data(as_text=True)
    assert "must be a JSON object" in response.get_json()["error"]
    assert events(app) == before


def test_the_table_page_form_refuses_an_action_that_is_not_an_object(client, csrf):
    code = open_table(client, {"game": "7wonders", "edition": 1, "players": [
        {"name": n, "wonder": w, "side": "A"} for n, w in (("A", "Giza"), ("B", "Babylon"), ("C", "Rhodes"))]})
    response = client.post(f"/g/{code}/act", data={"csrf_token": csrf, "doc": "10", "version": "0"})
    assert response.status_code == 422 and "must be a JSON object" in response.get_data(as_text=True)


# 3. JSON nested thousands deep: json.loads raised RecursionError
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_json_is_a_400_before_it_is_parsed(client, depth):
    for body in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        response = client.post("/api/v1/score", data=body, content_type="application/json")
        assert response.status_code == 400 and "nested more than" in response.get_json()["error"]


def test_brackets_inside_strings_are_not_nesting():
    assert parse_json(json.dumps({"name": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["})) is not None


def test_deep_json_in_an_import_is_refused_with_the_page(client, csrf):
    body = ("[" * 5000 + "]" * 5000).encode()
    response = client.post("/history/import", data={"csrf_token": csrf, "file": (io.BytesIO(body), "h.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and "nested more than" in response.get_data(as_text=True)


# 4. a lone surrogate: UnicodeEncodeError when the event was stored or the page written
@pytest.mark.parametrize("body", ['{"game": "duel", "players": [{"name": "\\ud800"}, {"name": "B"}]}',
                                  '{"game": "duel", "players": [{"name": "A"}, {"\\udfff": 1}]}'])
def test_a_lone_surrogate_is_a_400_saying_where(client, app, body):
    response = client.post("/api/v1/games", data=body, content_type="application/json")
    assert response.status_code == 400
    answer = response.get_json()
    assert "surrogate" in answer["error"] and answer["where"].startswith("players[")
    assert events(app) == 0


def test_a_lone_surrogate_in_an_import_stores_nothing(client, app, csrf):
    body = json.dumps({"format": "7wonders-companion/history/1", "sheets": [{"id": "x", "events": [
        {"seq": 1, "kind": "sheet.created", "payload": {"pad": "duel", "players": [
            {"name": "\ud800"}, {"name": "B"}]}}]}]}).encode()
    response = client.post("/history/import", data={"csrf_token": csrf, "file": (io.BytesIO(body), "h.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and "surrogate" in response.get_data(as_text=True)
    assert events(app) == 0


# 5 and 6. number-like text: "²" passes isdigit() and fails int(); int() refuses 4300+ digits
NOT_NUMBERS = ["²", "-²", "①", "１２", "٣", "9" * 5000, "--1", "1e5", "0x1"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_number_like_text_is_not_a_number(text):
    assert whole_number(text, signed=True) is None


@pytest.mark.parametrize("text,value", [("7", 7), (" 12 ", 12), ("-3", -3), ("\u22123", -3), ("+4", 4), ("007", 7)])
def test_whole_numbers_still_read(text, value):
    assert whole_number(text, signed=True) == value


@pytest.mark.parametrize("text", [t for t in NOT_NUMBERS if not t.isascii() or not t.isdigit()])
def test_number_like_text_is_marked_beside_its_cell(client, csrf, make_sheet, text):
    sheet = make_sheet()
    response = client.post(sheet, data={"csrf_token": csrf, "v-0-civil": text, "c-0": text})
    assert response.status_code == 422
    assert "not a whole number" in response.get_data(as_text=True)


def test_five_thousand_nines_are_told_the_rows_bounds(client, csrf, make_sheet):
    # a whole number, too long for any row (7f48f83): its bounds, not "not a whole number"
    sheet = make_sheet()
    response = client.post(sheet, data={"csrf_token": csrf, "v-0-civil": "9" * 5000, "c-0": "9" * 5000})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "not a whole number" not in page and "between 0 and" in page


@pytest.mark.parametrize("text", NOT_NUMBERS)
@pytest.mark.parametrize("url,field", [("/calc/science", "tablet"), ("/calc/trade", "need-wood"),
                                       ("/calc/duel", "me-wood")])
def test_number_like_text_in_a_calculator_is_a_422(client, text, url, field):
    response = client.get(url, query_string={field: text, "card": "x"})
    assert response.status_code == 422


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_number_like_text_in_a_city_is_a_422(client, csrf, make_sheet, text):
    sheet = make_sheet()
    response = client.post(f"{sheet}/city/0", data={"csrf_token": csrf, "coins": text, "wonder": "giza",
                                                    "side": "A", "stages": "0"})
    assert response.status_code == 422


# 7. int() on whatever the scan preview posted as its number of players
@pytest.mark.parametrize("players", NOT_NUMBERS + ["", "-1", "x"])
def test_the_scan_preview_survives_any_player_count(client, csrf, players):
    response = client.post("/scan/confirm", data={"csrf_token": csrf, "pad": "duel", "players": players,
                                                  "total-0": players})
    assert response.status_code in (200, 422)


# 8. an import whose sheet payload is a list, or whose pad is a list
@pytest.mark.parametrize("payload", [[], {"pad": [], "players": []}, {"pad": {}, "players": []}, "x"])
def test_an_import_with_a_malformed_payload_is_a_422(client, csrf, payload):
    body = json.dumps({"format": "7wonders-companion/history/1", "sheets": [{"id": "x", "events": [
        {"seq": 1, "kind": "sheet.created", "payload": payload}]}]}).encode()
    response = client.post("/history/import", data={"csrf_token": csrf, "file": (io.BytesIO(body), "h.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422


# bounds: oversize fields, huge numbers, NaN are refused, never stored
@pytest.mark.parametrize("body,why", [
    ('{"game": "duel", "players": [{"name": "%s"}, {"name": "B"}]}' % ("x" * (MAX_STRING + 1)), "limited to"),
    ('{"game": "duel", "first": %s, "players": []}' % ("9" * 30), "at most"),
    ('{"game": "duel", "first": NaN, "players": []}', "not valid JSON"),
    ('{"game": "duel", "first": 1e999, "players": []}', "not valid JSON"),
    ('{"game": "duel", "players": [%s]}' % ",".join(["1"] * 6000), "more than"),
])
def test_oversize_and_non_finite_values_are_a_400(client, app, body, why):
    response = client.post("/api/v1/games", data=body, content_type="application/json")
    assert response.status_code == 400 and why in response.get_json()["error"], response.get_json()
    assert events(app) == 0


def test_a_bad_input_message_never_echoes_a_surrogate():
    with pytest.raises(BadInput) as caught:
        parse_json('{"\\ud800": 1}')
    caught.value.where.encode("utf-8")           # printable: the page or JSON answer can carry it
    assert re.search(r"\\ud800", caught.value.where)


def test_an_action_with_an_extra_field_is_refused_and_not_stored(client, app):
    code = open_table(client, DUEL)
    before = events(app)
    response = client.post(f"/api/v1/games/{code}/actions",
                           json={"action": "show-progress", "token": "agriculture", "note": "x" * 150})
    assert response.status_code == 400 and response.get_json()["where"] == "note"
    assert events(app) == before
    state = client.get(f"/api/v1/games/{code}").get_json()
    assert all("note" not in entry for entry in state["log"])
