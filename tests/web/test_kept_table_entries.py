"""Issue 29: a table's entry (its group and token) is read once a process, and still decides alone.

Who may see a table is decided by its entry's group and token, which never
change once stored: each worker reads it at a table's first request and keeps
it. A kept entry lets in exactly whom a fresh read lets in: the group's phones,
a phone that joined by link or code, the API with the table's token; a
stranger, a phone of another group and a wrong token still get 404.
"""
import json

from companion.store import groups
from companion.web import access

from .conftest import csrf_of
from .test_games import KEYS, auth, new_duel, state
from .test_groups import stranger


def reads(monkeypatch) -> list:
    """Each read of an entry from the database, by id."""
    real, calls = groups.item, []

    def counted(db, item_id):
        calls.append(item_id)
        return real(db, item_id)
    monkeypatch.setattr(groups, "item", counted)
    return calls


def test_a_tables_entry_is_read_once_and_then_kept(app, client, monkeypatch):
    code = new_duel(client)
    assert client.get(f"/g/{code}").status_code == 200
    read = reads(monkeypatch)
    for url in (f"/g/{code}", f"/g/{code}/board", f"/g/{code}/board?v=1"):
        assert client.get(url).status_code in (200, 204)
    assert client.get(f"/api/v1/games/{code}", headers=auth(code)).status_code == 200
    assert code not in read                     # fails without the keeping: one read a request


def test_a_kept_entry_still_answers_strangers_other_groups_and_wrong_tokens_404(app, client, csrf, monkeypatch):
    code = new_duel(client)
    version = state(client, code)["version"]
    assert client.get(f"/g/{code}/board").status_code == 200            # kept in this process now
    read = reads(monkeypatch)
    other = stranger(app, "10.0.0.31")            # a phone with no group and no link
    elsewhere = stranger(app, "10.0.0.32")        # a phone of a group of its own
    assert elsewhere.post("/sheets/new", data={"csrf_token": csrf_of(elsewhere), "pad": "duel",
                                               "name": ["Xu", "Yan"]}).status_code == 303
    for phone in (other, elsewhere):
        token = csrf_of(phone)
        for url in (f"/g/{code}", f"/g/{code}/board", f"/g/{code}/price?player=Ana", f"/g/{code}/events",
                    f"/g/{code}/qr.svg"):
            assert phone.get(url).status_code == 404, url
        answer = phone.post(f"/g/{code}/act", data={"csrf_token": token, "version": version,
                                                    "doc": json.dumps({"action": "show-progress", "token": "law"})})
        assert answer.status_code == 404
        for headers in ({}, {"Authorization": "Bearer " + "A" * 32}):
            assert phone.get(f"/api/v1/games/{code}", headers=headers).status_code == 404
    assert code not in read                     # all of it answered from the kept entry
    assert state(client, code)["version"] == version
    # The table's token lets the API in; the join link lets the stranger's phone in, as before.
    assert other.get(f"/api/v1/games/{code}", headers=auth(code)).status_code == 200
    assert other.get(f"/g/{code}?t={KEYS[code]}").status_code == 303
    assert other.get(f"/g/{code}/board").status_code == 200


def test_a_kept_entry_is_one_databases_own(app, client):
    """Kept by database and code: another file's table of the same code is its own entry."""
    code = new_duel(client)
    client.get(f"/g/{code}")
    kept = [key for key in access._tables if key[1] == code]
    assert kept == [(app.config["DATABASE"], code)]
