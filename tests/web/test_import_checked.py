"""Importing a history export: all or nothing, checked as the pages check what is typed, a game
already in the group not stored twice; and a game stored damaged never stops a start nor answers 500."""
import copy
import io
import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import events, groups, open_database, results
from companion.web import create_app

from .conftest import csrf_of, join_group
from .test_cities import save_city
from .test_sheets import post

FORMAT = "7wonders-companion/history/1"


def upload(client, body: bytes):
    return client.post("/history/import", data={"csrf_token": csrf_of(client),
                                                "file": (io.BytesIO(body), "history.json")})


def save(client, csrf, url):
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code in (200, 303)


def played(client, csrf, make_sheet) -> bytes:
    """A group's history of every kind: a 7 Wonders game with a city, numbers, coins and a board; a
    2nd edition game; a Duel with both cities; each filed; then its JSON export."""
    url = make_sheet(names=("Ana", "Bruno", "Chloé", "Dan"))
    assert save_city(client, csrf, url, 0, wonder="babylon", side="A", stages="2", coins="14",
                     card=["baths", "apothecary", "lumber-yard"],
                     **{"tokens1": "1", "tokens3": "1", "tokens-1": "1", "tokens5": "0"}).status_code == 303
    post(client, url, csrf, **{"v-1-civil": "12", "v-2-military": "-3", "c-1": "4", "w-3": "rhodes", "s-3": "B"})
    save(client, csrf, url)
    url = make_sheet(pad="7wonders-2e", names=("Ana", "Bruno", "Chloé"))
    post(client, url, csrf, **{"v-0-civil": "9", "w-1": "giza", "s-1": "night"})
    save(client, csrf, url)
    url = make_sheet(pad="duel", names=("Antoine", "Bruno"))
    assert save_city(client, csrf, url, 0, card=["temple"], wonder=["the-pyramids"], coins="12",
                     conflict="3").status_code == 303
    assert save_city(client, csrf, url, 1, card=["baths"], coins="3").status_code == 303
    save(client, csrf, url)
    return client.get("/history/export.json").get_data()


def table(db, name):
    return db.execute(f"select count(*) from {name}").fetchone()[0]


def games_of(client) -> list[str]:
    return re.findall(r'data-game="([\w-]+)"', client.get("/history/").get_data(as_text=True))


def bad_city_export(exported: bytes) -> bytes:
    """The export with its 7 Wonders game moved last, Ana's city naming its wonder as a list."""
    doc = json.loads(exported)
    bad = next(s for s in doc["sheets"] if s["events"][0]["payload"]["pad"] == "7wonders")
    doc["sheets"] = [s for s in doc["sheets"] if s is not bad] + [bad]
    for event in bad["events"]:
        if event["kind"] == "sheet.city":
            event["payload"]["city"]["wonder"] = ["babylon"]
    return json.dumps(doc).encode()


def seven_wonders_city_export(exported: bytes, **city) -> tuple[bytes, int]:
    """The export with Ana's city changed (a None leaves the field out), and that game's number in the file."""
    doc = json.loads(exported)
    number, first = next((n, s) for n, s in enumerate(doc["sheets"], 1)
                         if s["events"][0]["payload"]["pad"] == "7wonders")
    for event in first["events"]:
        if event["kind"] == "sheet.city":
            event["payload"]["city"].update(city)
            event["payload"]["city"] = {k: v for k, v in event["payload"]["city"].items() if v is not None}
    return json.dumps(doc).encode(), number


# -- all or nothing, checked -----------------------------------------------------------------

def test_one_bad_game_refuses_the_whole_file_saying_which_game_and_field(app, client, csrf, make_sheet):
    exported = played(client, csrf, make_sheet)
    other = app.test_client()
    db = open_database(app.config["DATABASE"], migrate=False)
    before = table(db, "events"), table(db, "items")
    response = upload(other, bad_city_export(exported))
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "Game 3 of the file (Ana, Bruno, Chloé, Dan)" in text and "events[1].city.wonder" in text, text
    assert (table(db, "events"), table(db, "items")) == before          # nothing stored, not even the good games
    assert games_of(other) == []


@pytest.mark.parametrize("city, field", [
    ({"side": None}, "side"),                      # a wonder without a side: the city page asks for one
    ({"stages": 9}, "stages"),                     # more stages than the city page takes
    ({"cards": "baths"}, "city.cards"),            # a string where the cards are a list
    ({"coins": 501}, "city.coins"),
    ({"military": [2]}, "city.military"),          # no such conflict token
    ({"name": "Zoe"}, "city.name"),
])
def test_a_city_is_taken_only_as_the_city_page_would_take_it(app, client, csrf, make_sheet, city, field):
    exported = played(client, csrf, make_sheet)
    other = app.test_client()
    body, number = seven_wonders_city_export(exported, **city)
    response = upload(other, body)
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and f"Game {number} of the file (Ana, Bruno, Chloé, Dan)" in text, text
    assert field in text and "Nothing was imported." in text, text
    assert games_of(other) == []


# -- the same games twice ---------------------------------------------------------------------

def test_the_same_export_imported_twice_into_another_group_is_stored_once(app, client, csrf, make_sheet):
    exported = played(client, csrf, make_sheet)
    other = app.test_client()
    assert "imported=3" in upload(other, exported).headers["Location"]
    again = upload(other, exported)
    assert "imported=0&skipped=3" in again.headers["Location"]
    assert len(games_of(other)) == 3 and len(games_of(client)) == 3
    assert not set(games_of(other)) & set(games_of(client))           # each group its own copy
    for sheet_id in games_of(other):
        assert other.get(f"/sheets/{sheet_id}").status_code == 200
    totals = lambda c: sorted(re.findall(r"[^\s>]+ — \d+", c.get("/history/").get_data(as_text=True)))
    assert totals(other) == totals(client) != []
    # The second group's own export, and the first's again, into a third group: each game once.
    third = app.test_client()
    assert "imported=3" in upload(third, other.get("/history/export.json").get_data()).headers["Location"]
    assert "imported=0&skipped=3" in upload(third, exported).headers["Location"]
    assert len(games_of(third)) == 3
    # A phone of the second group importing: the group holds them already.
    phone = join_group(other, app.test_client())
    assert "imported=0" in upload(phone, exported).headers["Location"]


# -- a game stored damaged ------------------------------------------------------------------

def store_damaged(db, group_id: str) -> str:
    """A 7 Wonders game whose city names its wonder as a list, stored as imports stored it before."""
    sheet_id = "damaged1"
    log = [("sheet.created", {"pad": "7wonders", "players": [{"name": "Ana"}, {"name": "Bo"}, {"name": "Cy"}]}),
           ("sheet.city", {"player": 0, "city": {"wonder": ["giza"], "side": "A", "cards": [], "coins": 3}}),
           ("sheet.saved", {})]
    for seq, (kind, payload) in enumerate(log, 1):
        db.execute("insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)",
                   [sheet_id, seq, kind, events.dumps(payload), events.now()])
    groups.add(db, sheet_id, group_id, groups.SHEET, "Ana, Bo, Cy", status=groups.SAVED, pad="7wonders")
    return sheet_id


def test_a_database_holding_a_damaged_game_boots_and_serves(app, client, csrf, make_sheet):
    played(client, csrf, make_sheet)
    with client.session_transaction() as session:
        group_id = session["group"]
    db = open_database(app.config["DATABASE"], migrate=False)
    with db.atomic():
        sheet_id = store_damaged(db, group_id)
        results.ask_rebuild(db)                     # as a migration does: history made again at start
    db.close()
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"})
    phone = again.test_client()
    with phone.session_transaction() as session:
        session["group"] = group_id
    history = phone.get("/history/")
    assert history.status_code == 200 and len(games_of(phone)) == 3      # the others are all there
    page = phone.get(f"/sheets/{sheet_id}")
    assert page.status_code == 422 and "This game cannot be read" in page.get_data(as_text=True)
    assert phone.get(f"/sheets/{sheet_id}/city/0").status_code == 422


# -- fuzzed ----------------------------------------------------------------------------------

WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6), st.integers(-(10 ** 15), 10 ** 15),
    st.sampled_from([10 ** 20, -(2 ** 53), 2 ** 53 + 1]), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6), st.sampled_from(["A", "B", "day", "night", "", "x/y", "../a", "giza", "rhodes", "baths",
                                          "temple", "civil", "military", "sheet.city", "sheet.value", "sheet.saved"]),
    st.lists(st.one_of(st.text(max_size=4), st.integers(-2, 6)), max_size=3),
    st.dictionaries(st.sampled_from(["wonder", "side", "player", "value", "kind", "x"]),
                    st.one_of(st.integers(-1, 3), st.text(max_size=4)), max_size=2))


def spots(node):
    """Every (container, key) inside a sheet of the export: its id, its events, their fields and payloads."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        yield node, key
        yield from spots(value)


def mutate(doc, data) -> None:
    i = data.draw(st.integers(0, len(doc["sheets"]) - 1))
    node, key = data.draw(st.sampled_from([(doc["sheets"], i), *spots(doc["sheets"][i])]))
    if isinstance(node, dict) and data.draw(st.booleans()) and key in node:
        del node[key]                                # a key left out
    else:
        node[key] = data.draw(WRONG)                 # of a wrong type, or a wrong value of the right one


@pytest.fixture
def fuzz_site(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.sqlite3"), "SECRET_KEY": "test",
                      "WRITE_LIMITS": {"imports": 10 ** 6}})          # the per-client bound is not under test
    maker = app.test_client()
    token = csrf_of(maker)

    def make(pad="7wonders", names=("Ana", "Bruno", "Chloé", "Dan")):
        response = maker.post("/sheets/new", data={"csrf_token": token, "pad": pad, "name": list(names)})
        return response.headers["Location"]
    exported = json.loads(played(maker, token, make))
    return app, app.test_client(), exported


@settings(max_examples=max(1, int(150 * float(os.environ.get("FUZZ_SCALE", "1")))), deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_fuzzed_import_is_never_a_500_all_or_nothing_and_every_game_stored_loads(fuzz_site, data):
    app, client, exported = fuzz_site
    doc = copy.deepcopy(exported)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(doc, data)
    db = open_database(app.config["DATABASE"], migrate=False)
    try:
        before_items = {r[0] for r in db.execute("select id from items")}
        before_events = table(db, "events")
        response = upload(client, json.dumps(doc).encode())
        assert response.status_code in (303, 422), response.status_code
        new = {r[0] for r in db.execute("select id from items")} - before_items
        if response.status_code == 422:
            assert not new and table(db, "events") == before_events
        for sheet_id in new:
            assert client.get(f"/sheets/{sheet_id}").status_code == 200
        assert client.get("/history/").status_code == 200
    finally:
        db.close()
