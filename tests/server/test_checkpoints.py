"""A worker's WAL checkpoints off the requests' path (companion/store/db.py): once the process says
it checkpoints elsewhere, no commit checkpoints, and `checkpoint` does what the commit did."""
from __future__ import annotations

import sqlite3

from companion.store import db, events

PAGE = 4096


def test_commits_leave_the_checkpoint_to_the_worker(tmp_path, monkeypatch):
    monkeypatch.setattr(db, "_checkpointed", None)
    db.checkpoint_elsewhere()
    path = tmp_path / "c.sqlite3"
    store = db.open_database(path)
    assert store.execute("pragma wal_autocheckpoint").fetchone()[0] == 0
    for i in range(300):                 # some 1,500 pages: SQLite's own would have checkpointed at 1,000
        events.append(store, f"G{i % 30}", "k", {"text": "x" * 12_000})
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 1_200 * PAGE         # without: the commit past 1,000 pages checkpointed
    db.checkpoint()
    look = sqlite3.connect(path)
    busy, frames, copied = look.execute("pragma wal_checkpoint(PASSIVE)").fetchone()
    assert (busy, copied) == (0, frames) and frames > 1_200     # all of it copied by `checkpoint`
    look.close()
    store.close()


def test_a_process_that_does_not_say_so_checkpoints_as_sqlite_does(tmp_path, monkeypatch):
    monkeypatch.setattr(db, "_checkpointed", None)
    store = db.open_database(tmp_path / "c.sqlite3")
    assert store.execute("pragma wal_autocheckpoint").fetchone()[0] == 1000
    db.checkpoint()                      # nothing to do
    store.close()
