"""A writer waiting for another process's write lock (companion/store/events.py): under gevent the
wait lets the worker's other greenlets run, and it still ends at the connection's busy_timeout."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import events
from companion.store.db import open_database

ROOT = Path(__file__).resolve().parents[2]

# In a gevent process as a gunicorn worker is: the lock held by another connection (another worker's
# write under way), a second writer appends meanwhile; a ticker greenlet counts the loop's turns.
WAITER = """
import json, sys, time
from gevent import monkey
monkey.patch_all()
import gevent
from companion.store import events
from companion.store.db import open_database

holder = open_database(sys.argv[1])
writer = open_database(sys.argv[1], migrate=False)
writer.execute("pragma busy_timeout = 3000")
events.append(holder, "G", "k", {}, expected=0)
holder.execute("BEGIN IMMEDIATE")
ticks = []
def tick():
    while True:
        ticks.append(time.monotonic())
        gevent.sleep(0.001)
gevent.spawn(tick)
second = gevent.spawn(events.append, writer, "G", "k", {"n": 2})
gevent.sleep(0)                                 # the second writer starts, and finds the lock held
# The ticker's turns counted until 20 came or the second writer finished: a wait held in C (SQLite's
# busy handler) gives the ticker no turn until the writer gives up, 'database is locked'.
while len(ticks) < 20 and not second.ready():
    gevent.sleep(0.001)
waiting = not second.ready()
holder.conn.commit()
print(json.dumps({"turns": len(ticks), "waiting": waiting, "version": second.get(timeout=10),
                  "timeout_after": writer.execute("pragma busy_timeout").fetchone()[0]}))
"""


def test_a_second_writer_waits_without_holding_the_other_greenlets(tmp_path):
    done = subprocess.run([sys.executable, "-c", WAITER, str(tmp_path / "w.sqlite3")], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]   # without: the wait held the loop 3 s, then 'locked'
    said = json.loads(done.stdout)
    assert said["version"] == 2                  # the edit waited its turn and was kept
    assert said["waiting"] and said["turns"] >= 20   # the loop kept turning while it waited
    assert said["timeout_after"] == 3000         # the connection's own timeout is back


def test_a_writer_still_gives_up_after_the_busy_timeout(tmp_path):
    path = tmp_path / "w.sqlite3"
    holder, writer = open_database(path), open_database(path, migrate=False)
    writer.execute("pragma busy_timeout = 200")
    holder.execute("BEGIN IMMEDIATE")
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        events.append(writer, "G", "k", {})
    assert 0.2 <= time.monotonic() - started < 5
    holder.conn.rollback()
    assert events.append(writer, "G", "k", {}) == 1
    assert writer.execute("pragma busy_timeout").fetchone()[0] == 200
