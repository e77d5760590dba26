"""A worker's WAL checkpoints off the requests' path (companion/store/db.py): once the process says
it checkpoints elsewhere, no commit checkpoints, and `checkpoint` does what the commit did."""
from __future__ import annotations

import json
import sqlite3
import struct
import urllib.request
from pathlib import Path

from companion.store import db, events

from .waiting import until

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
    assert db.checkpoint() > 1_200                  # the log's frames: the worker checks again soon
    look = sqlite3.connect(path)
    busy, frames, copied = look.execute("pragma wal_checkpoint(PASSIVE)").fetchone()
    assert (busy, copied) == (0, frames) and frames > 1_200     # all of it copied by `checkpoint`
    look.close()
    store.close()


def test_a_process_that_does_not_say_so_checkpoints_as_sqlite_does(tmp_path, monkeypatch):
    monkeypatch.setattr(db, "_checkpointed", None)
    store = db.open_database(tmp_path / "c.sqlite3")
    assert store.execute("pragma wal_autocheckpoint").fetchone()[0] == 1000
    assert db.checkpoint() == 0          # nothing of its own to checkpoint
    store.close()


def checkpointed_frames(path) -> tuple[int, int]:
    """(frames in the WAL, frames copied into the database), read from the WAL index (the -shm file)
    without checkpointing: its header's mxFrame (offset 16) and the checkpoint info's nBackfill
    (offset 96), native byte order (sqlite.org/walformat.html)."""
    shm = Path(str(path) + "-shm").read_bytes()
    return struct.unpack_from("=I", shm, 16)[0], struct.unpack_from("=I", shm, 96)[0]


def test_a_worker_checkpoints_a_log_sqlite_would_leave_alone(gunicorn):
    """A table made writes a few pages, far under the 1,000 at which a commit would checkpoint:
    the worker's own checkpoint (every second, in its thread pool) copies them all the same."""
    request = urllib.request.Request(gunicorn.base + "/api/v1/games", method="POST", data=json.dumps(
        {"game": "7wonders", "edition": 1, "players": [{"name": n, "wonder": w, "side": "A"} for n, w in
                                                        [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus")]]}
    ).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status in (200, 201)
    path = gunicorn.tmp / "server.sqlite3"
    frames, copied = until(lambda: checkpointed_frames(path), lambda seen: 0 < seen[0] == seen[1], 20)
    assert 0 < frames < 1_000 and copied == frames       # without: nothing copied (0 of the frames)
