"""At most a few photos read at once, across every gunicorn worker.

Reading a photo takes a core for a second or more (OpenCV, Tesseract, the
digit classifier). Six read at once took every worker thread and both cores,
and other players' pages waited 24 s. So a photo needs one of PHOTO_SLOTS
slots: a lock file per slot beside the database, taken with a non-blocking
flock. Locks are shared by every process on the machine and the kernel drops
them when a worker dies, so a crash never keeps a slot. A photo that finds no
slot free is answered at once (503, Retry-After) without holding a thread.
"""
from __future__ import annotations

import fcntl
import time
from contextlib import contextmanager
from pathlib import Path

from flask import current_app

DEFAULT_SLOTS = 2          # this machine has 2 cores; a photo keeps one busy
RETRY_AFTER = 5            # seconds: about what two photos take to read


class Busy(Exception):
    """Every slot is taken: ask the phone to send the photo again shortly."""


def slots_dir() -> Path:
    database = Path(current_app.config["DATABASE"])
    return database.with_name(database.name + ".photo-slots")


@contextmanager
def photo_slot(directory: Path | None = None, slots: int | None = None, wait: float = 0.0):
    """Hold one slot while the body runs; Busy when none is free within `wait` seconds."""
    directory = directory or slots_dir()
    slots = slots or int(current_app.config.get("PHOTO_SLOTS") or DEFAULT_SLOTS)   # FLASK_PHOTO_SLOTS
    directory.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + wait
    while True:
        for i in range(slots):
            lock = open(directory / f"slot-{i}.lock", "a")
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                lock.close()
                continue
            try:
                yield i
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
                lock.close()
            return
        if time.monotonic() >= deadline:
            raise Busy()
        time.sleep(0.05)
