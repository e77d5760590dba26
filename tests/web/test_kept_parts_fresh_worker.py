"""Issue 29, a restart: a table's parts every phone sees alike (cities, log, seat chips) and its contract
state are rendered once for both workers of a fresh server, not once in each. The first worker that renders
a table's board keeps them in the database (kept_parts); the other takes them from there at the same
version and renders none of it, and its board is byte for byte the one it would have rendered. An undo
(a version of its own) or another release (another fingerprint) is never answered from what was kept."""
import pytest

from companion.store import games
from companion.web import kept_parts, table_view

from .test_games import KEYS, auth, new_game, post
from .test_pushed_boards_shared import SEVEN

HTMX = {"HX-Request": "true"}


def a_fresh_worker(monkeypatch):
    """This process as a worker just started: nothing of any table in memory."""
    for name in ("_shared", "_boards", "_urls"):
        monkeypatch.setattr(table_view, name, table_view.Kept(getattr(table_view, name).size))
    for name in ("_states", "_lines", "_seat_moves", "_own"):
        if hasattr(table_view, name):
            monkeypatch.setattr(table_view, name, table_view.PerTable())
    monkeypatch.setattr(kept_parts, "_warm", type(kept_parts._warm)())
    monkeypatch.setattr(games, "_cache", games._Cache())


def renders(monkeypatch):
    """What a board built: the contract's state and the log's words, each time."""
    built = []
    state_json, log_items = table_view.state_json, table_view._log_items
    monkeypatch.setattr(table_view, "state_json", lambda table: built.append("state") or state_json(table))
    monkeypatch.setattr(table_view, "_log_items", lambda *a: built.append("log") or log_items(*a))
    return built


def board(phones, code, seat):
    """The seat's phone asks for its board, as its stream's board after a restart (its seat chosen before)."""
    response = phones[seat].get(f"/g/{code}/board?v=0", headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def table(app, client):
    code = new_game(client, SEVEN)
    assert post(client, code, player="Ana", action="build", card="Lumber Yard").status_code == 200
    assert post(client, code, player="Bruno", action="sell", card="Stone Pit").status_code == 200
    return code


@pytest.fixture
def phones(app, table):
    seats = {}
    for seat in ("Ana", "Bruno", "Carla"):
        seats[seat] = app.test_client()
        assert seats[seat].get(f"/g/{table}?t={KEYS[table]}").status_code == 303
        assert seats[seat].get(f"/g/{table}?as={seat}").status_code == 200
    return seats


def undo(client, code):
    assert client.post(f"/api/v1/games/{code}/undo", json={}, headers=auth(code)).status_code == 200


def rendered_alone(monkeypatch, phones, code, seat):
    """The seat's board as a fresh worker renders it with nothing kept anywhere."""
    a_fresh_worker(monkeypatch)
    with monkeypatch.context() as m:
        m.setattr(games, "kept_parts", lambda *a: None)
        m.setattr(games, "keep_parts", lambda *a: None)
        return board(phones, code, seat)


def test_a_fresh_worker_takes_a_tables_shared_parts_the_other_rendered(app, client, monkeypatch, table, phones):
    own = rendered_alone(monkeypatch, phones, table, "Carla")
    a_fresh_worker(monkeypatch)                 # the first worker back: renders all, keeps the parts
    built = renders(monkeypatch)
    board(phones, table, "Ana")
    assert built == ["state", "log"]
    a_fresh_worker(monkeypatch)                 # the other worker: its first board of the table
    built.clear()
    taken = board(phones, table, "Carla")
    assert built == []                          # without: ["state", "log"] again
    assert taken == own                         # byte for byte


def test_an_undo_or_another_release_renders_again(app, client, monkeypatch, table, phones):
    a_fresh_worker(monkeypatch)
    board(phones, table, "Ana")
    undo(client, table)
    a_fresh_worker(monkeypatch)
    built = renders(monkeypatch)
    board(phones, table, "Carla")                # the version after the undo: nothing kept for it
    assert built == ["state", "log"]
    a_fresh_worker(monkeypatch)
    built.clear()
    monkeypatch.setattr(kept_parts, "fingerprint", lambda: "another release")
    board(phones, table, "Bruno")
    assert built == ["state", "log"]


def test_a_warm_table_reads_and_writes_no_kept_part(app, client, monkeypatch, table, phones):
    board(phones, table, "Ana")
    asked = []
    monkeypatch.setattr(games, "kept_parts", lambda *a: asked.append("read"))
    monkeypatch.setattr(games, "keep_parts", lambda *a: asked.append("write"))
    undo(client, table)
    board(phones, table, "Bruno")
    board(phones, table, "Carla")
    assert asked == []
