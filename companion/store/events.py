"""The append-only event log: every change to a sheet or a game is one row.

A writer says which version it saw; a second phone writing on the same
version fails the unique (game_id, seq) index and gets StaleVersion, so no
change is applied twice and none is lost. History is never edited: undo is
an event too.
"""
from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlite_utils import Database


class StaleVersion(Exception):
    """Someone else changed the game since this version was read."""

    def __init__(self, game_id: str, seen: int, current: int):
        self.game_id, self.seen, self.current = game_id, seen, current
        super().__init__(f"this game changed since you loaded it (version {seen}, now {current}); reload to see it")


@dataclass(frozen=True)
class Event:
    game_id: str
    seq: int
    kind: str
    payload: dict
    created: str


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def dumps(payload: dict) -> str:
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


def current_version(db: Database, game_id: str) -> int:
    row = db.execute("select max(seq) from events where game_id = ?", [game_id]).fetchone()
    return row[0] or 0


def append(db: Database, game_id: str, kind: str, payload: dict, *, expected: int | None = None,
           also: Callable[[int], None] | None = None) -> int:
    """Append one event after version `expected` (the latest when None); returns the new version.
    `also(version)` writes more in the same transaction (a game's snapshot: one commit, not two)."""
    body = dumps(payload)
    with _write_transaction(db):
        current = current_version(db, game_id)
        if expected is not None and expected != current:
            raise StaleVersion(game_id, expected, current)
        try:
            db.execute("insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)",
                       [game_id, current + 1, kind, body, now()])
        except sqlite3.IntegrityError:
            # Another writer took this version between our read and our insert.
            raise StaleVersion(game_id, current, current_version(db, game_id)) from None
        if also is not None:
            also(current + 1)
    return current + 1


@contextmanager
def _write_transaction(db: Database):
    """BEGIN IMMEDIATE: take the write lock first (waiting up to the connection's busy_timeout),
    so a read-then-write never fails half-way when another phone writes."""
    _take_write_lock(db.conn)
    try:
        yield
    except BaseException:
        db.conn.rollback()
        raise
    else:
        db.conn.commit()


write_transaction = _write_transaction      # for a batch of appends in one go


def _take_write_lock(conn: sqlite3.Connection) -> None:
    """BEGIN IMMEDIATE, waiting for another process's writer in Python's sleep, not SQLite's.

    SQLite's busy handler sleeps in C: under gunicorn's gevent worker that held the worker's only
    thread, every request and stream of it, for as long as the other worker wrote (issue 29). Here
    the connection gives up at once while the lock is held, and the wait is time.sleep (a gevent
    sleep in a worker: its other greenlets run meanwhile), in steps from 0.5 to 20 ms, for up to
    the connection's busy_timeout as before (db.py: 30 s): a phone still waits its turn rather
    than lose an edit."""
    timeout = conn.execute("pragma busy_timeout").fetchone()[0]
    conn.execute("pragma busy_timeout = 0")
    try:
        deadline, pause = time.monotonic() + timeout / 1000, 0.0005
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_BUSY or time.monotonic() >= deadline:
                    raise
            time.sleep(pause)
            pause = min(2 * pause, 0.02)
    finally:
        conn.execute(f"pragma busy_timeout = {int(timeout)}")


def copy_log(db: Database, game_id: str, log: list[Event]) -> None:
    """Write an imported game's events under `game_id` as they were (their versions and times),
    inside the caller's write transaction."""
    db.conn.executemany("insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)",
                        [(game_id, e.seq, e.kind, dumps(e.payload), e.created) for e in log])


def read(db: Database, game_id: str, after: int = 0) -> list[Event]:
    """The game's events in order; with `after`, only those newer than that version."""
    rows = db.execute("select game_id, seq, kind, payload, created from events where game_id = ? and seq > ? "
                      "order by seq", [game_id, after]).fetchall()
    return [Event(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]


def game_ids(db: Database, first_kind: str) -> list[str]:
    """Ids of the games whose first event is of this kind, newest first."""
    rows = db.execute("select game_id from events where seq = 1 and kind = ? order by created desc, rowid desc",
                      [first_kind]).fetchall()
    return [r[0] for r in rows]
