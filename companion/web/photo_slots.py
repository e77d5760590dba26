"""At most a few photos read at once, across every gunicorn worker.

Reading a photo takes a core for a second or more (OpenCV, Tesseract, the
digit classifier). Six read at once took every worker thread and both cores,
and other players' pages waited 24 s. So a photo needs one of PHOTO_SLOTS
slots: a lock file per slot beside the database, taken with a non-blocking
flock. Locks are shared by every process on the machine and the kernel drops
them when a worker dies, so a crash never keeps a slot. A photo that finds no
slot free is answered at once (503, Retry-After) without holding a thread.

And at most one photo a worker: first measured with gthread workers, where
six uploads could queue in one worker and take both its threads (p95 17 s for
the other pages). Under the gevent workers the Procfile now starts, the read
itself happens in a reader process beside the worker (photo_process.py).
"""
from __future__ import annotations

import fcntl
import threading
from contextlib import contextmanager
from pathlib import Path

from flask import current_app

DEFAULT_SLOTS = 2          # this machine has 2 cores; a photo keeps one busy
RETRY_AFTER = 5            # seconds: about what two photos take to read


PER_WORKER = 1             # photos one worker reads at once; its other thread serves pages
_this_worker: threading.BoundedSemaphore | None = None
_made = threading.Lock()


def _worker_semaphore() -> threading.BoundedSemaphore:
    global _this_worker
    with _made:
        if _this_worker is None:     # sized once a process, from FLASK_PHOTOS_PER_WORKER
            _this_worker = threading.BoundedSemaphore(int(current_app.config.get("PHOTOS_PER_WORKER") or PER_WORKER))
        return _this_worker


class Busy(Exception):
    """Every slot is taken: ask the phone to send the photo again shortly."""


def slots_dir() -> Path:
    database = Path(current_app.config["DATABASE"])
    return database.with_name(database.name + ".photo-slots")


@contextmanager
def photo_slot(directory: Path | None = None, slots: int | None = None):
    """Hold this worker's photo and one server-wide slot while the body runs; Busy at once otherwise."""
    directory = directory or slots_dir()
    slots = slots or int(current_app.config.get("PHOTO_SLOTS") or DEFAULT_SLOTS)   # FLASK_PHOTO_SLOTS
    directory.mkdir(parents=True, exist_ok=True)
    worker = _worker_semaphore()
    if not worker.acquire(blocking=False):
        raise Busy()
    try:
        with _any_slot(directory, slots) as slot:
            yield slot
    finally:
        worker.release()


@contextmanager
def _any_slot(directory: Path, slots: int):
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
    raise Busy()
