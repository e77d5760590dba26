"""Another worker's move, heard by this process's watcher, moves on the game kept here (issue 29).

With two gunicorn workers a phone's stream is often held by the worker that did not take the move:
its boards took the game up with a load (the version read, the events since read, one engine step).
The watcher, which reads the new events anyway, hands the actions to the game kept here before it
wakes the waiters: their boards find the game at the version heard (`games.kept`), and it is the
game a replay of the log gives. An undo is not applied so: the next load replays, as before."""
import sqlite3
from contextlib import contextmanager

from sqlite_utils import Database

from companion.store import events, games, live

from .test_games import new_duel

MOVE = {"action": "show-progress", "token": "law"}


def _db(app) -> Database:
    return Database(sqlite3.connect(app.config["DATABASE"]))


def _shown(table: games.Table) -> dict:
    return table.tracked.to_json(table.state, table.names)


@contextmanager
def _watching(app, client, db):
    """The watcher past its start (it looks at the games waited for once as it starts, then at each
    new event): another table's move, written and heard."""
    other = new_duel(client)
    seen = events.current_version(db, other)
    with live.hub(app.config["DATABASE"]).subscribe(other, seen) as heard:
        events.append(db, other, games.ACTION, MOVE, expected=seen)
        assert heard.wait(seen, timeout=60) == seen + 1
        yield


def test_another_workers_move_is_kept_here_at_its_version_once_heard(app, client):
    code = new_duel(client)
    db = _db(app)
    seen = games.load(db, code).version                 # this worker keeps the game (its phones' boards)
    hub = live.hub(app.config["DATABASE"])
    with _watching(app, client, db), hub.subscribe(code, seen) as sub:
        events.append(db, code, games.ACTION, MOVE, expected=seen)      # written by the other worker
        assert sub.wait(seen, timeout=60) == seen + 1
        kept = games.kept(code, seen + 1)               # before the waiters woke: no load for their boards
        assert kept is not None
        replayed = games._replay(db, code)
        assert (kept.version, kept.log, kept.undos) == (replayed.version, replayed.log, replayed.undos)
        assert _shown(kept) == _shown(replayed)


def test_an_undo_heard_is_left_to_the_next_load(app, client):
    code = new_duel(client)
    db = _db(app)
    seen = games.load(db, code).version
    hub = live.hub(app.config["DATABASE"])
    with _watching(app, client, db), hub.subscribe(code, seen) as sub:
        events.append(db, code, games.ACTION, MOVE, expected=seen)
        assert sub.wait(seen, timeout=60) == seen + 1
        events.append(db, code, games.UNDO, {"undoes": seen + 1}, expected=seen + 1)
        assert sub.wait(seen + 1, timeout=60) == seen + 2
        assert games.kept(code, seen + 2) is None       # not applied as heard
        loaded = games.load(db, code)
        assert (loaded.version, loaded.log) == (seen + 2, games._replay(db, code).log)
        assert _shown(loaded) == _shown(games._replay(db, code))
