"""Groups: a stranger's phone (its own cookies, no link) sees and changes nothing of another group,
through the pages and the API; invitation links join, and revoked links find nothing; guesses are bounded."""
import csv
import io
import json
import re

import pytest

from .conftest import csrf_of
from .test_sheets import post as post_cells
from .test_games import KEYS, auth, new_duel, state

NAMES = ("Ximena", "Yusuf", "Zoltan")


@pytest.fixture
def family(app, client, csrf):
    """A family's phone: a saved sheet, an open sheet, a tracked game; returns what a stranger could aim at."""
    saved = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "name": list(NAMES)})
    saved = saved.headers["Location"]
    post_cells(client, saved, csrf, **{"v-0-civil": "20"})
    client.post(saved + "/save", data={"csrf_token": csrf, "confirm": "1"})
    open_sheet = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "name": ["Ximena", "Yusuf"]})
    code = new_duel(client)
    return {"saved": saved, "open": open_sheet.headers["Location"], "code": code}


def stranger(app, addr="10.0.0.9"):
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = addr
    return other


def test_a_stranger_sees_nothing_of_another_group(app, client, family):
    other = stranger(app)
    for url in ("/", "/history/", "/history/export.json", "/history/export.csv", "/sheets/new",
                "/sheets/new?pad=duel", "/history/players", "/group/"):
        body = other.get(url).get_data(as_text=True)
        for name in NAMES:
            assert name not in body, (url, name)
        assert family["saved"].split("/")[-1] not in body and family["code"] not in body
    # …while the family's own phone does see them
    assert "Ximena" in client.get("/history/").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert family["open"] in home and f"/g/{family['code']}" in home


def test_a_strangers_pages_answer_404_and_change_nothing(app, client, csrf, family):
    other = stranger(app)
    token = csrf_of(other)
    sheet, code = family["saved"], family["code"]
    sheet_id = sheet.split("/")[-1]
    version = state(client, code)["version"]
    for url in (sheet, family["open"], f"{sheet}/city/0", f"/g/{code}", f"/g/{code}/board", f"/g/{code}/qr.svg",
                f"/history/{sheet_id}/delete", f"/g/{code}?t=wrong-token"):
        assert other.get(url).status_code == 404, url
    for url, data in ((sheet, {"v-0-civil": "99"}), (family["open"], {"v-0-civil": "9"}), (f"{sheet}/save", {}),
                      (f"/history/{sheet_id}/edit", {}), (f"/history/{sheet_id}/delete", {}),
                      (f"/history/{sheet_id}/restore", {}), (f"{sheet}/city/0", {"cards": "baths"}),
                      (f"/g/{code}/act", {"version": version, "doc": json.dumps({"action": "show-progress",
                                                                                   "token": "law"})}),
                      (f"/g/{code}/undo", {"version": version}), (f"/g/{code}/sheet", {})):
        assert other.post(url, data={"csrf_token": token, **data}).status_code == 404, url
    html = client.get("/history/").get_data(as_text=True)
    assert "Ximena — 20" in html and "edited" not in html
    assert state(client, code)["version"] == version


def test_the_api_answers_404_without_the_token_and_nothing_changes(app, client, family):
    code = family["code"]
    version = state(client, code)["version"]
    other = stranger(app)
    for headers in ({}, {"Authorization": "Bearer " + "A" * 32}, {"Authorization": KEYS[code]}):
        assert other.get(f"/api/v1/games/{code}", headers=headers).status_code == 404
        assert other.post(f"/api/v1/games/{code}/actions", json={"action": "show-progress", "token": "law"},
                          headers=headers).status_code == 404
        assert other.post(f"/api/v1/games/{code}/undo", json={}, headers=headers).status_code == 404
    # even the family's own phone, by its session alone: the API asks for the token
    assert client.get(f"/api/v1/games/{code}").status_code == 404
    assert state(client, code)["version"] == version
    # the token is the key, whoever holds it
    assert other.post(f"/api/v1/games/{code}/actions", json={"action": "show-progress", "token": "law"},
                      headers=auth(code)).status_code == 200


def test_an_import_by_a_stranger_lands_in_the_strangers_group_only(app, client, csrf, family):
    exported = client.get("/history/export.json").get_data()
    other = stranger(app)
    response = other.post("/history/import", data={"csrf_token": csrf_of(other),
                                                   "file": (io.BytesIO(exported), "h.json")})
    assert response.status_code == 303 and "imported=2" in response.headers["Location"]
    assert "Ximena — 20" in other.get("/history/").get_data(as_text=True)
    # the family's history still counts its one saved game once
    html = client.get("/history/").get_data(as_text=True)
    assert re.search(r'<th scope="row">Ximena</th><td[^>]*>1</td>', html)
    # the stranger's copy is its own: deleting it leaves the family's game
    copy = re.search(r'/history/([\w-]+)/delete', other.get("/history/").get_data(as_text=True)).group(1)
    assert copy != family["saved"].split("/")[-1]
    assert other.post(f"/history/{copy}/delete", data={"csrf_token": csrf_of(other)}).status_code == 303
    assert "Ximena — 20" in client.get("/history/").get_data(as_text=True)


def invitation(client) -> str:
    html = client.get("/group/").get_data(as_text=True)
    return re.search(r'value="(http://localhost/group/join/[\w-]+)"', html).group(1).removeprefix("http://localhost")


def test_an_invitation_link_joins_the_group_and_a_new_link_kills_the_old(app, client, csrf, family):
    link = invitation(client)
    assert len(link.rsplit("/", 1)[1]) >= 22                  # at least 128 random bits
    assert client.get("/group/qr.svg").mimetype == "image/svg+xml"
    phone = stranger(app, "10.0.0.2")
    assert phone.get(link).status_code == 200                 # asked first: a GET changes nothing
    assert "Ximena" not in phone.get("/history/").get_data(as_text=True)
    response = phone.post(link, data={"csrf_token": csrf_of(phone)})
    assert response.status_code == 303
    assert "Ximena — 20" in phone.get("/history/").get_data(as_text=True)
    assert phone.get(family["saved"]).status_code == 200 and phone.get(f"/g/{family['code']}").status_code == 200
    # a new link: the old one finds nothing; the phones already in stay in
    assert client.post("/group/link", data={"csrf_token": csrf}).status_code == 303
    late = stranger(app, "10.0.0.3")
    assert late.get(link).status_code == 404
    assert late.post(link, data={"csrf_token": csrf_of(late)}).status_code == 404
    assert "Ximena" not in late.get("/history/").get_data(as_text=True)
    assert "Ximena — 20" in phone.get("/history/").get_data(as_text=True)
    fresh = invitation(client)
    assert fresh != link and late.get(fresh).status_code == 200


def test_guessing_invitation_secrets_is_throttled_but_the_right_link_gets_in(app, client, family):
    from companion.web.limits import GUESSES_PER_HOUR
    link = invitation(client)
    guesser = stranger(app, "10.0.0.66")
    for n in range(GUESSES_PER_HOUR):
        assert guesser.get(f"/group/join/guess{n:04d}xxxxxxxxxxxxxxxxxxxxxx").status_code == 404
    assert guesser.get("/group/join/one-more-guess-xxxxxxxxxxxxxxxxxxx").status_code == 429
    assert guesser.get(link).status_code == 200                 # the right one is looked at first
    assert stranger(app, "10.0.0.67").get(link).status_code == 200   # another client is not blocked


def test_typed_codes_are_throttled_per_client(app, client, family):
    from companion.web.limits import GUESSES_PER_HOUR
    code = family["code"]
    guesser = stranger(app, "10.0.0.77")
    for n in range(GUESSES_PER_HOUR):
        assert guesser.get("/g/join", query_string={"code": f"ZZZ{n:03d}"}).status_code == 404
    assert guesser.get("/g/join", query_string={"code": "ZZZ999"}).status_code == 429
    # a phone at the table types the code once: it may then follow the game
    neighbour = stranger(app, "10.0.0.78")
    assert neighbour.get("/g/join", query_string={"code": code.lower()}).status_code == 302
    assert neighbour.get(f"/g/{code}").status_code == 200
    assert "Ximena" not in neighbour.get("/history/").get_data(as_text=True)   # the table, not the group


def test_guessing_a_live_game_takes_more_than_a_year():
    """31 letters, 6 of them; 1,000 games live; a client gets GUESSES_PER_HOUR misses an hour, then
    SLOW_CODES codes looked at every SLOW_WINDOW seconds."""
    from companion.store.games import CODE_LENGTH, CODE_LETTERS
    from companion.web.limits import GUESSES_PER_HOUR, SLOW_CODES, SLOW_WINDOW
    codes = len(CODE_LETTERS) ** CODE_LENGTH
    guesses_to_find_one = codes / 1000                  # on average, with 1,000 of them live
    looked_at_an_hour = GUESSES_PER_HOUR + SLOW_CODES * 3600 // SLOW_WINDOW
    hours = guesses_to_find_one / looked_at_an_hour
    assert len(set(CODE_LETTERS)) == 31 and codes == 887_503_681 and looked_at_an_hour == 56
    assert hours / (24 * 365) > 1                       # about 1.8 years


def test_the_first_phone_gets_a_group_without_signing_up(app):
    phone = stranger(app, "10.0.0.5")
    assert "No game in progress" in phone.get("/").get_data(as_text=True)
    made = phone.post("/sheets/new", data={"csrf_token": csrf_of(phone), "pad": "duel", "name": ["Ana", "Bo"]})
    assert made.status_code == 303 and phone.get(made.headers["Location"]).status_code == 200
    assert made.headers["Location"] in phone.get("/").get_data(as_text=True)


def test_an_upgraded_file_gives_its_games_to_the_first_phone(tmp_path):
    """A file from before groups: its games go to one group, which the first phone to write claims."""
    import sqlite3

    from sqlite_utils import Database

    from companion.store import db as store_db
    from companion.store import sheets
    from companion.web import create_app
    path = tmp_path / "old.sqlite3"
    old = Database(path)
    for migration in ("m001_wal", "m002_events"):
        getattr(store_db, migration)(old)
    old["_sqlite_migrations"].insert_all([{"migration_set": "companion", "name": n, "applied_at": "2026-01-01"}
                                          for n in ("m001_wal", "m002_events")])
    sheet_id = sheets.create(old, "duel", ["Olga", "Piet"])
    sheets.set_value(old, sheets.load(old, sheet_id), 0, "civil", 12)
    sheets.save(old, sheets.load(old, sheet_id))
    old.close()
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"})
    first, second = stranger(app, "10.0.0.10"), stranger(app, "10.0.0.11")
    assert "Olga" not in first.get("/history/").get_data(as_text=True)   # reading claims nothing
    first.get("/group/")                                                 # the first phone's group
    assert "Olga — 12" in first.get("/history/").get_data(as_text=True)
    second.get("/group/")                      # shows a link; its group is stored when it writes
    assert "Olga" not in second.get("/history/").get_data(as_text=True)
    con = sqlite3.connect(path)
    assert con.execute("select count(*) from groups").fetchone()[0] == 1


def test_csv_export_neutralises_formulas(app, client, csrf):
    names = ["=HYPERLINK(1)", "+cmd", "-2+3", "@SUM(A1)", "Ana"]
    url = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "name": names}).headers["Location"]
    post_cells(client, url, csrf, **{"v-0-military": "-3"})
    client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"})
    rows = list(csv.DictReader(io.StringIO(client.get("/history/export.csv").get_data(as_text=True))))
    assert [r["player"] for r in rows] == ["'=HYPERLINK(1)", "'+cmd", "'-2+3", "'@SUM(A1)", "Ana"]
    assert rows[0]["military"] == "-3"                  # a number stays a number
    from companion.web.history import neutral
    assert neutral("\tx") == "'\tx" and neutral("\rx") == "'\rx" and neutral(-3) == -3


def test_the_tables_qr_code_is_its_join_link_with_the_token(app, client, family, monkeypatch):
    from companion.web import table_pages
    drawn = []
    real = table_pages.segno.make
    monkeypatch.setattr(table_pages.segno, "make", lambda content, **kw: drawn.append(content) or real(content, **kw))
    code = family["code"]
    assert client.get(f"/g/{code}/qr.svg").status_code == 200
    assert drawn == [f"http://localhost/g/{code}?t={KEYS[code]}"]
    # that link, opened by a phone of no group, gives it the table and nothing else
    guest = stranger(app, "10.0.0.40")
    opened = guest.get(drawn[0].removeprefix("http://localhost"))
    assert opened.status_code == 303 and opened.headers["Location"] == f"/g/{code}"   # the token leaves the address
    assert guest.get(f"/g/{code}").status_code == 200
    assert "Ximena" not in guest.get("/history/").get_data(as_text=True)


def test_an_old_invitation_link_says_it_no_longer_works_and_what_to_do(app, client, csrf):
    """A player walk in German: a link renewed since answered "Seite nicht gefunden", a dead end for the
    phone it was sent to. It says why and what to ask for, in the reader's words, and still joins nothing."""
    client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "name": ["Ana", "Bo", "Cy"]})
    link = invitation(client)
    assert client.post("/group/link", data={"csrf_token": csrf}).status_code == 303
    late = stranger(app, "10.0.0.4")
    late.get("/", query_string={"lang": "de"})
    for answer in (late.get(link), late.post(link, data={"csrf_token": csrf_of(late)})):
        html = answer.get_data(as_text=True)
        assert answer.status_code == 404
        assert "Dieser Einladungslink funktioniert nicht mehr" in html and "QR-Code" in html
        assert "Der Gruppe beitreten" not in html          # nothing to join
    assert "Ana" not in late.get("/history/").get_data(as_text=True)
