"""Rendered boards kept for every process of the server, and which kinds of phone are watching a table.

gunicorn runs two workers; a table's phones hold their streams in either. The
worker answering a move renders the new board for every kind of phone watching
the table (the web layer says what a kind is: a seat, a language...) and keeps
them here; a stream in the other worker reads its board instead of taking up
the game's new version itself and rendering it again (issue 29: each version's
state, shared parts and boards were done again in the worker that did not make
the move). A small SQLite file beside the database, written without waiting
for the disk: it is a cache, and a board not found is rendered as before.
Rows of a worker that is gone (a restart) are dropped by the next to open it.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time

KEEP_VERSIONS = 4           # a table's boards older than this many versions are dropped at its next put
KEEP_SECONDS = 3600.0       # any board older than this is dropped (a table no longer played)

_connections: dict[str, sqlite3.Connection] = {}
_lock = threading.Lock()
_swept = [0.0]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS boards (code TEXT, version INTEGER, kind TEXT, html TEXT, at REAL,
                                   PRIMARY KEY (code, version, kind)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS watching (code TEXT, kind TEXT, pid INTEGER, n INTEGER,
                                     PRIMARY KEY (code, kind, pid)) WITHOUT ROWID;
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _connection(database: str) -> sqlite3.Connection:
    found = _connections.get(database)
    if found is None:
        with _lock:
            found = _connections.get(database)
            if found is None:
                found = sqlite3.connect(f"{database}.boards", timeout=5, isolation_level=None,
                                        check_same_thread=False)
                found.execute("PRAGMA journal_mode=WAL")
                found.execute("PRAGMA synchronous=OFF")
                found.executescript(_SCHEMA)
                gone = [(pid,) for (pid,) in found.execute("SELECT DISTINCT pid FROM watching") if not _alive(pid)]
                found.executemany("DELETE FROM watching WHERE pid = ?", gone)
                _connections[database] = found
    return found


def put(database: str, code: str, version: int, boards: dict[str, str]) -> None:
    """The boards of `code` at `version`, by kind; a table's older ones dropped."""
    if not boards:
        return
    now = time.time()
    db = _connection(database)
    with _lock:
        db.execute("BEGIN")
        db.executemany("INSERT OR REPLACE INTO boards VALUES (?, ?, ?, ?, ?)",
                       [(code, version, kind, html, now) for kind, html in boards.items()])
        db.execute("DELETE FROM boards WHERE code = ? AND version <= ?", (code, version - KEEP_VERSIONS))
        if now - _swept[0] > 60:
            _swept[0] = now
            db.execute("DELETE FROM boards WHERE at < ?", (now - KEEP_SECONDS,))
        db.execute("COMMIT")


def get(database: str, code: str, version: int, kind: str) -> str | None:
    db = _connection(database)
    with _lock:
        row = db.execute("SELECT html FROM boards WHERE code = ? AND version = ? AND kind = ?",
                         (code, version, kind)).fetchone()
    return row[0] if row else None


def watch(database: str, code: str, kind: str, step: int) -> None:
    """A stream of this kind of phone opened (+1) or closed (-1) at `code`, in this process."""
    db = _connection(database)
    with _lock:
        db.execute("INSERT INTO watching VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n",
                   (code, kind, os.getpid(), step))
        db.execute("DELETE FROM watching WHERE code = ? AND kind = ? AND pid = ? AND n <= 0",
                   (code, kind, os.getpid()))


def kinds(database: str, code: str) -> list[str]:
    """The kinds of phone whose streams are open at `code`, in any process."""
    db = _connection(database)
    with _lock:
        return [kind for (kind,) in db.execute("SELECT DISTINCT kind FROM watching WHERE code = ?", (code,))]
