"""Opening the SQLite file and upgrading it in place.

Migrations are append-only and safe to run again; an old file is upgraded
when the app starts, never recreated, so nothing saved is lost.

Every gunicorn worker starts the app, so several processes may open a new file
at the same moment. They take turns: an exclusive lock on a file beside the
database (flock, released by the kernel even if a worker dies holding it), and
the one holding it applies what is still pending, so each migration runs once.
Without it, workers raced to switch on WAL ("database is locked") and to record
the same migration twice (UNIQUE on the migrations table).
"""
from __future__ import annotations

import fcntl
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

MIGRATIONS = Migrations("companion")
SYNC = "FULL" if os.environ.get("COMPANION_SQLITE_SYNC", "").upper() == "FULL" else "NORMAL"

# The files whose WAL this process checkpoints itself (`checkpoint`), None while SQLite does it in
# whichever commit fills the log past 1,000 pages (see `checkpoint_elsewhere`).
_checkpointed: dict[str, sqlite3.Connection | None] | None = None
LOG_FRAMES = 1000            # SQLite's own wal_autocheckpoint: a log this long is checkpointed at once


@MIGRATIONS(transactional=False)
def m001_wal(db: Database) -> None:
    # WAL lets phones read while another writes; it cannot change inside a transaction.
    db.enable_wal()


@MIGRATIONS()
def m002_events(db: Database) -> None:
    # Every change is an appended event; a sheet or a tracked game is their replay.
    db["events"].create({"game_id": str, "seq": int, "kind": str, "payload": str, "created": str},
                        not_null={"game_id", "seq", "kind", "payload", "created"})
    db["events"].create_index(["game_id", "seq"], unique=True)


@MIGRATIONS()
def m003_groups(db: Database) -> None:
    # Who may see what: every sheet and tracked table belongs to one group; a
    # phone joins a group by its secret link. Older files give everything they
    # hold to one group, which the first phone to come claims (see groups.py).
    from . import groups
    groups.create_tables(db)
    groups.adopt_existing(db)


@MIGRATIONS()
def m004_results(db: Database) -> None:
    # The filed games and their statistics, kept as tables so history and home
    # cost the same whatever their number; filled from the event log on start.
    from . import results
    results.create_tables(db)
    results.ask_rebuild(db)


@MIGRATIONS()
def m005_members(db: Database) -> None:
    # The phones of each group, so one phone can remove another. Phones already
    # in a group are recorded the next time they come (their session says so).
    from . import groups
    groups.create_members(db)


@MIGRATIONS()
def m006_table_networks(db: Database) -> None:
    # The client addresses (networks) a tracked table was made or joined from: a table's own
    # network may type its code even while guessing from that network is slowed (web/limits.py).
    from . import groups
    groups.create_table_networks(db)


@MIGRATIONS()
def m007_box_rows(db: Database) -> None:
    # The rows the expansion boxes add (Leaders, Cities: leaders, debt, cities) get their columns in
    # the filed games and the statistics, filled again from the event log.
    from . import results
    results.add_category_columns(db)
    results.ask_rebuild(db)


@MIGRATIONS()
def m008_more_box_rows(db: Database) -> None:
    # Armada's, Edifice's and Babel's rows (naval, islands, shipyard, edifice, tower, projects) get
    # their columns too, filled again from the event log.
    from . import results
    results.add_category_columns(db)
    results.ask_rebuild(db)


@MIGRATIONS()
def m009_game_snapshots(db: Database) -> None:
    # A tracked game's state kept every few versions (store/games.py), so that a restarted server
    # takes each game up from it instead of replaying its whole log.
    db["snapshots"].create({"game_id": str, "seq": int, "code": str, "state": bytes}, pk="game_id",
                           not_null={"seq", "code", "state"})


def open_database(path: str | Path, *, migrate: bool = True) -> Database:
    """Open the store at `path`; create and upgrade it first unless told it is done."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Not tied to the thread that opened it: the web app lends kept connections
    # to whichever thread or greenlet serves the next request (one at a time).
    db = Database(sqlite3.connect(str(path), check_same_thread=False))
    db.execute("pragma busy_timeout = 30000")   # a phone waits its turn rather than lose an edit
    # WAL with synchronous=NORMAL: a commit is written to the log at once but
    # synced to the disk at checkpoints. A killed process loses nothing it
    # acknowledged; only a power cut or a kernel crash can take back the last
    # commits before it. COMPANION_SQLITE_SYNC=FULL syncs every commit (slower).
    db.execute(f"pragma synchronous = {SYNC}")
    db.execute("pragma foreign_keys = on")
    if _checkpointed is not None:
        db.execute("pragma wal_autocheckpoint = 0")
        _checkpointed.setdefault(str(path), None)
    if migrate:
        with _migration_lock(path):
            MIGRATIONS.apply(db)
    return db


def checkpoint_elsewhere() -> None:
    """From now on this process's connections leave the WAL's checkpoints to `checkpoint`.

    A checkpoint copies the log into the database and syncs both files (10-35 ms a sync of 4 MB
    on the bench's disk); SQLite runs it inside the commit that fills the log past 1,000 pages,
    in C: under gunicorn's gevent worker that held every request and stream of the worker, some
    450 moves apart (a move writes ~2 pages; issue 29). The worker calls `checkpoint` in a thread
    of its own instead."""
    global _checkpointed
    if _checkpointed is None:
        _checkpointed = {}


def checkpoint() -> int:
    """Checkpoint the WAL of each file this process opened since `checkpoint_elsewhere`, as SQLite's
    own would (PASSIVE: no reader or writer waits for it); the most frames a log still held. One
    caller at a time.

    A log starts again from its beginning only once a writer finds it all copied, which frames
    written meanwhile prevent: SQLite's own tries again at every commit while the log holds 1,000
    frames (LOG_FRAMES) or more; the caller should too (issue 29: checked once a second under 200 moves a
    second, the log grew to 24 MB in 30 s)."""
    held = 0
    for path, conn in list((_checkpointed or {}).items()):
        if conn is None:
            conn = _checkpointed[path] = sqlite3.connect(path, timeout=30, check_same_thread=False)
            conn.execute(f"pragma synchronous = {SYNC}")
        _busy, frames, _copied = conn.execute("pragma wal_checkpoint(PASSIVE)").fetchall()[0]
        held = max(held, frames)
    return held


@contextmanager
def _migration_lock(path: Path):
    """One process at a time migrates this database; the others wait here."""
    with open(path.with_name(path.name + ".migrate-lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
