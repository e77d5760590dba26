"""Bounds per client on a shared server (companion/web/limits.py): guessing never locks a table out, a
forged X-Forwarded-For does not dodge the count, and anonymous writes are bounded while a family's are not."""
import io
import re
import sqlite3
import time

import pytest

from companion.store import open_database
from companion.web import create_app

from .conftest import csrf_of


def phone(app, addr, **environ):
    """A phone of its own (its cookies) at `addr`; several phones behind one home router share it."""
    client = app.test_client()
    client.environ_base.update(REMOTE_ADDR=addr, **environ)
    return client


def new_table(client) -> dict:
    made = client.post("/api/v1/games", json={"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]})
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.get_json()


def invitation(client) -> str:
    html = client.get("/group/").get_data(as_text=True)
    return re.search(r'value="http://localhost(/group/join/[\w-]+)"', html).group(1)


def miss_codes(client, count, start=0):
    return [client.get("/g/join", query_string={"code": f"ZZZ{n:03d}"}).status_code
            for n in range(start, start + count)]


def test_after_twenty_wrong_codes_the_right_code_and_links_still_get_in(app, monkeypatch):
    from companion.store import groups
    from companion.web.limits import GUESSES_PER_HOUR, SLOW_CODES, SLOW_WINDOW
    host = phone(app, "192.0.2.10")
    host.post("/sheets/new", data={"csrf_token": csrf_of(host), "pad": "duel", "name": ["Ana", "Bo"]})
    table, link = new_table(host), invitation(host)
    # the table's phones, behind one router, mistype codes and open stale links
    fumbler = phone(app, "192.0.2.10")
    assert set(miss_codes(fumbler, GUESSES_PER_HOUR)) == {404}
    assert {fumbler.get(f"/group/join/{'x' * 32}{n}").status_code for n in range(GUESSES_PER_HOUR)} == {404}
    # the right code from the phone that missed, and from another phone of the same address
    assert fumbler.get("/g/join", query_string={"code": table["code"]}).status_code == 302
    for other in (phone(app, "192.0.2.10"), phone(app, "192.0.2.10")):
        assert other.get("/g/join", query_string={"code": table["code"].lower()}).status_code == 302
        assert other.get(f"/g/{table['code']}").status_code == 200
    # the table's join link (the QR code) and the group's invitation link
    assert phone(app, "192.0.2.10").get(table["join_url"]).status_code == 303
    late = phone(app, "192.0.2.10")
    assert late.get(link).status_code == 200
    assert late.post(link, data={"csrf_token": csrf_of(late)}).status_code == 303
    # misses past the allowance are refused, saying why
    refused = fumbler.get("/g/join", query_string={"code": "ZZZ999"})
    assert refused.status_code == 429 and "Too many codes or links" in refused.get_data(as_text=True)
    assert fumbler.get(f"/group/join/{'y' * 32}").status_code == 429
    # a guesser hammering from that address gets SLOW_CODES codes looked at per window, not more:
    # past them a table of another network is not looked at (429) until the next window…
    elsewhere = new_table(phone(app, "198.51.100.7"))
    statuses = miss_codes(fumbler, 30, start=100)
    assert set(statuses) == {429}
    assert fumbler.get("/g/join", query_string={"code": elsewhere["code"]}).status_code == 429
    db = open_database(app.config["DATABASE"], migrate=False)
    assert groups.used(db, "code-slow:192.0.2.10", SLOW_WINDOW) == SLOW_CODES      # looked at, of 31
    db.close()
    # …while this network's own table (made here) is never refused to another phone of it
    newcomer = phone(app, "192.0.2.10")
    assert newcomer.get("/g/join", query_string={"code": table["code"]}).status_code == 302
    assert newcomer.get(f"/g/{table['code']}").status_code == 200
    later = time.time() + SLOW_WINDOW
    monkeypatch.setattr(groups.time, "time", lambda: later)
    assert fumbler.get("/g/join", query_string={"code": elsewhere["code"]}).status_code == 302
    assert phone(app, "192.0.2.99").get("/g/join", query_string={"code": "ZZZ998"}).status_code == 404   # others


@pytest.fixture
def behind_proxy(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "p.sqlite3"), "SECRET_KEY": "t",
                       "TRUSTED_PROXIES": 1})


FORGED = ['"9.9.9.{n}', '9.9.9.{n}"', '"x{n}', '{n}.8.8.8', '"a, b{n}"', 'x\\"{n}']


def test_a_forged_x_forwarded_for_neither_resets_nor_dodges_the_count(behind_proxy):
    """The proxy (REMOTE_ADDR 10.0.0.1) appends the address it saw; whatever the client put before it,
    quotes included, the client is counted as that address."""
    from companion.web.limits import GUESSES_PER_HOUR
    app = behind_proxy
    for n in range(GUESSES_PER_HOUR):
        forged = FORGED[n % len(FORGED)].format(n=n)
        guesser = phone(app, "10.0.0.1", HTTP_X_FORWARDED_FOR=f"{forged}, 203.0.113.7")
        assert guesser.get("/g/join", query_string={"code": f"ZZZ{n:03d}"}).status_code == 404
    again = phone(app, "10.0.0.1", HTTP_X_FORWARDED_FOR='"1.2.3.4", 203.0.113.7')
    assert again.get("/g/join", query_string={"code": "ZZZ999"}).status_code == 429
    # the proxy's own address was not charged: another client behind it is not slowed
    neighbour = phone(app, "10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert neighbour.get("/g/join", query_string={"code": "ZZZ998"}).status_code == 404
    # an IPv6 client is counted by its /64: picking another address in it does not reset the count
    for n in range(GUESSES_PER_HOUR):
        v6 = phone(app, "10.0.0.1", HTTP_X_FORWARDED_FOR=f"2001:db8:5:6::{n + 1:x}")
        assert v6.get("/g/join", query_string={"code": f"YYY{n:03d}"}).status_code == 404
    v6 = phone(app, "10.0.0.1", HTTP_X_FORWARDED_FOR="2001:db8:5:6:ffff::1")
    assert v6.get("/g/join", query_string={"code": "YYY999"}).status_code == 429


def group_count(app) -> int:
    return sqlite3.connect(app.config["DATABASE"]).execute("select count(*) from groups").fetchone()[0]


def test_a_cookieless_visit_that_only_reads_stores_no_group(app):
    for path in ("/", "/group/", "/history/", "/history/players", "/sheets/new", "/g/new",
                 "/cards/", "/calc/", "/scan/"):
        assert phone(app, "198.51.100.20").get(path).status_code == 200, path
    assert group_count(app) == 0
    # the link /group/ showed works: its group is stored when a phone joins through it
    first = phone(app, "198.51.100.21")
    link = invitation(first)
    second = phone(app, "198.51.100.22")
    assert second.post(link, data={"csrf_token": csrf_of(second)}).status_code == 303
    made = first.post("/sheets/new", data={"csrf_token": csrf_of(first), "pad": "duel", "name": ["Ana", "Bo"]})
    assert group_count(app) == 1 and second.get(made.headers["Location"]).status_code == 200


def test_a_client_starting_groups_without_end_is_refused_a_family_is_not(app):
    from companion.web.limits import WRITES
    for n in range(WRITES["groups"]):               # cookie-less: each write would start a group
        visitor = phone(app, "198.51.100.30")
        made = visitor.post("/sheets/new", data={"csrf_token": csrf_of(visitor), "pad": "duel",
                                                 "name": ["Ana", "Bo"]})
        assert made.status_code == 303, n
        writer = visitor
    visitor = phone(app, "198.51.100.30")
    refused = visitor.post("/sheets/new", data={"csrf_token": csrf_of(visitor), "pad": "duel", "name": ["A", "B"]})
    assert refused.status_code == 429 and "Too many new groups" in refused.get_data(as_text=True)
    assert refused.headers["Retry-After"].isdigit()
    assert group_count(app) == WRITES["groups"]
    # a phone already in a group goes on writing; another address starts its group
    assert made.status_code == 303 and writer.post("/sheets/new", data={
        "csrf_token": csrf_of(writer), "pad": "duel", "name": ["A", "B"]}).status_code == 303
    neighbour = phone(app, "198.51.100.31")
    assert neighbour.post("/sheets/new", data={"csrf_token": csrf_of(neighbour), "pad": "duel",
                                               "name": ["A", "B"]}).status_code == 303


def test_a_client_creating_games_by_api_without_end_gets_429_in_the_contracts_shape(app):
    from companion.web.limits import WRITES
    api = phone(app, "198.51.100.40")
    for n in range(WRITES["games"]):
        assert api.post("/api/v1/games", json={"game": "duel", "players": [{"name": "A"}, {"name": "B"}]}
                        ).status_code == 201, n
    refused = api.post("/api/v1/games", json={"game": "duel", "players": [{"name": "A"}, {"name": "B"}]})
    assert refused.status_code == 429
    doc = refused.get_json()
    assert set(doc) == {"error", "where"} and "Too many games" in doc["error"]
    # the form's games count too: the error page says why
    form = phone(app, "198.51.100.40")
    page = form.post("/g/new", data={"csrf_token": csrf_of(form), "kind": "duel", "name": ["A", "B"]})
    assert page.status_code == 429 and "Too many games" in page.get_data(as_text=True)
    assert new_table(phone(app, "198.51.100.41"))["code"]       # another client is not affected


def test_imports_are_bounded_per_client_a_familys_few_are_not(app):
    from companion.web.limits import WRITES
    family = phone(app, "198.51.100.50")
    family.post("/sheets/new", data={"csrf_token": csrf_of(family), "pad": "duel", "name": ["Ana", "Bo"]})
    exported = family.get("/history/export.json").get_data()
    token = csrf_of(family)
    for n in range(WRITES["imports"]):
        answer = family.post("/history/import", data={"csrf_token": token, "file": (io.BytesIO(exported), "h.json")})
        assert answer.status_code == 303, n
    refused = family.post("/history/import", data={"csrf_token": token, "file": (io.BytesIO(exported), "h.json")})
    assert refused.status_code == 429 and "Too many files were imported" in refused.get_data(as_text=True)
    neighbour = phone(app, "198.51.100.51")
    assert neighbour.post("/history/import", data={"csrf_token": csrf_of(neighbour),
                                                   "file": (io.BytesIO(exported), "h.json")}).status_code == 303
