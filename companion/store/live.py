"""Who is waiting for which game, and waking them the moment it changes.

A phone at a tracked table keeps one open request (server-sent events) that
waits here. A move made in this process wakes its game's waiters at once
(`published`); a move made by another process sharing the SQLite file (another
gunicorn worker, the CLI) is seen by one watcher per process, which reads the
events appended since its last look every INTERVAL seconds (one indexed query,
whatever the number of tables) and wakes the games concerned.

The versions of the games someone waits for are kept here, so a waiting phone
costs no SQLite read at all, however long it waits.

Plain threading objects: under gunicorn's gevent worker they are monkey-patched
into greenlet ones (one watcher greenlet a worker); under the threaded test
server they are real threads.
"""
from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager

INTERVAL = 0.02          # how late a move made by another worker may be seen (one indexed query a look)
IDLE_STOP = 2.0          # the watcher stops after this long with nobody waiting


class Subscription:
    """One waiting phone: woken (its event set) whenever its game's version moves."""

    def __init__(self, hub: "Hub", code: str):
        self.hub, self.code, self.woken = hub, code, threading.Event()

    def version(self) -> int:
        return self.hub.versions.get(self.code, 0)

    def wait(self, seen: int, timeout: float) -> int:
        """The game's version once it differs from `seen`, or `seen` after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            self.woken.clear()
            now = self.version()
            left = deadline - time.monotonic()
            if now != seen or left <= 0:
                return now
            self.woken.wait(left)


class Hub:
    """The waiters of one database file, in this process."""

    def __init__(self, path: str):
        self.path = path
        self.lock = threading.Lock()
        self.waiting: dict[str, set[Subscription]] = {}
        self.versions: dict[str, int] = {}       # only for games someone waits for
        self.watcher: threading.Thread | None = None
        self.reading = threading.Lock()
        self.reader: sqlite3.Connection | None = None     # a subscription's look at the store

    @contextmanager
    def subscribe(self, code: str, version: int):
        """Wait for `code`, whose version the caller just read from the store.

        A move landing between that read and this subscription was heard by nobody here: `published`
        dropped it (nobody waited for the game) and the watcher, already past it, never looks back.
        The phone was told the version before it and waited for the next move (a player walk: a phone
        whose slot tap had reopened its stream missed the other phone's move, and the table stood
        still). So the store is read once more, now that this waiter is registered.

        Unless the game had a waiter already: the store was read when its first came, and every move
        since reached `versions` (`published` here, the watcher's for others), or is yet to, waking
        this one too (issue 29: a query a phone at a restart, every phone of a table but the first)."""
        sub = Subscription(self, code)
        with self.lock:
            watched = code in self.waiting
            self.waiting.setdefault(code, set()).add(sub)
            self.versions[code] = max(self.versions.get(code, 0), version)
            self._ensure_watcher()
        if not watched:
            self.published(code, self._stored_version(code))
        try:
            yield sub
        finally:
            with self.lock:
                subs = self.waiting.get(code)
                subs.discard(sub)
                if not subs:
                    del self.waiting[code]
                    self.versions.pop(code, None)

    def published(self, code: str, version: int) -> None:
        """This process just wrote `version` of `code`: wake its waiters now."""
        with self.lock:
            if code not in self.waiting or self.versions.get(code, 0) >= version:
                return
            self.versions[code] = version
            subs = list(self.waiting[code])
        for sub in subs:
            sub.woken.set()

    def _stored_version(self, code: str) -> int:
        """The game's version in the store (one indexed query on this hub's own connection)."""
        with self.reading:
            if self.reader is None:
                self.reader = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            return self.reader.execute("select coalesce(max(seq), 0) from events where game_id = ?",
                                       [code]).fetchall()[0][0]      # stepped to its end: no read held open

    # -- the watcher: moves made by other processes -------------------------------

    def _ensure_watcher(self) -> None:
        if self.watcher is None or not self.watcher.is_alive():
            self.watcher = threading.Thread(target=self._watch, name="live-watcher", daemon=True)
            self.watcher.start()

    def _watch(self) -> None:
        conn = sqlite3.connect(self.path, timeout=30)
        try:
            last = conn.execute("select coalesce(max(rowid), 0) from events").fetchone()[0]
            # A move may have landed between a waiter's read and this start: look once.
            with self.lock:
                codes = list(self.waiting)
            for code in codes:
                self.published(code, conn.execute("select coalesce(max(seq), 0) from events where game_id = ?",
                                                  [code]).fetchone()[0])
            idle_since = None
            while True:
                time.sleep(INTERVAL)
                with self.lock:
                    if not self.waiting:
                        idle_since = idle_since or time.monotonic()
                        if time.monotonic() - idle_since > IDLE_STOP:
                            self.watcher = None
                            return
                        continue
                    idle_since = None
                rows = conn.execute("select rowid, game_id, seq from events where rowid > ? order by rowid",
                                    [last]).fetchall()
                if rows:
                    last = rows[-1][0]
                    newest: dict[str, int] = {}
                    for _rowid, code, seq in rows:
                        newest[code] = max(newest.get(code, 0), seq)
                    for code, seq in newest.items():
                        self.published(code, seq)
        finally:
            conn.close()


_hubs: dict[str, Hub] = {}
_hubs_lock = threading.Lock()


def hub(path: str) -> Hub:
    """This process's hub for the database at `path`."""
    with _hubs_lock:
        found = _hubs.get(path)
        if found is None:
            found = _hubs[path] = Hub(path)
        return found
