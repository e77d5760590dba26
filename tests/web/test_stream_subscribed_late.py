"""A move landing between a stream's read of the version and its subscription reaches the stream.

The player walk (two phones on a Duel table under load): a phone whose slot tap had reopened its
stream (the tap swaps the page, and its stream with it) was told the version before the other phone's
move and never the move: nobody of that process waited for the game when the move was published, and
the watcher, already past that move, never looked back. Neither phone could move again until a
reload. A subscription looks at the store once it waits, so it is told the move."""
import sqlite3

from sqlite_utils import Database

from companion.store import events, live

from .test_games import new_duel

MOVE = {"action": "show-progress", "token": "law"}


def other_worker_moves(app, code, expected) -> None:
    events.append(Database(sqlite3.connect(app.config["DATABASE"])), code, "game.action", MOVE, expected=expected)


def test_a_move_published_in_this_process_before_the_stream_waits_reaches_it(app, client):
    code = new_duel(client)
    hub = live.hub(app.config["DATABASE"])
    read = events.current_version(Database(sqlite3.connect(app.config["DATABASE"])), code)   # the stream reads
    other_worker_moves(app, code, read)            # the move lands, published here to nobody waiting
    hub.published(code, read + 1)
    with hub.subscribe(code, read) as sub:
        assert sub.version() == read + 1           # told at once (it was `read`, the move never came)


def test_a_move_the_watcher_passed_before_the_stream_waits_reaches_it(app, client):
    """Another worker's move, seen by this process's watcher (kept running by another table's phone)
    while nobody here waited for this game."""
    code, other = new_duel(client), new_duel(client)
    hub = live.hub(app.config["DATABASE"])
    db = Database(sqlite3.connect(app.config["DATABASE"]))
    with hub.subscribe(other, events.current_version(db, other)) as watching:
        read = events.current_version(db, code)            # this phone's stream reads the version
        other_worker_moves(app, code, read)                # the move lands in another worker
        seen = watching.version()
        other_worker_moves(app, other, seen)               # written after it: once the watcher has this
        assert watching.wait(seen, timeout=60) == seen + 1  # one, it is past the move above
        with hub.subscribe(code, read) as sub:
            assert sub.version() == read + 1
            assert sub.wait(read, timeout=0) == read + 1


def test_a_game_already_waited_for_is_not_read_again_and_its_moves_still_reach_a_new_stream(app, client, monkeypatch):
    """Issue 29, a restart: a table's phones open their streams at once; the store is read for the
    first alone (its moves since reach the hub's versions). A move of another worker landing between
    the second stream's read and its subscription still reaches it."""
    code = new_duel(client)
    hub = live.hub(app.config["DATABASE"])
    db = Database(sqlite3.connect(app.config["DATABASE"]))
    reads = []
    stored = live.Hub._stored_version
    monkeypatch.setattr(live.Hub, "_stored_version", lambda self, c: reads.append(c) or stored(self, c))
    with hub.subscribe(code, events.current_version(db, code)) as first:
        read = events.current_version(db, code)            # the second phone's stream reads the version
        other_worker_moves(app, code, read)                # the move lands in another worker
        with hub.subscribe(code, read) as second:
            assert reads == [code]                         # the first stream's read alone
            assert second.wait(read, timeout=60) == read + 1
            assert first.version() == read + 1
