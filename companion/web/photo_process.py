"""Photos read in processes of their own, beside a gevent worker.

Under gunicorn's gevent worker all of a worker's requests share one OS
thread: a photo read there (a second or more of OpenCV, NumPy and the digit
network) stopped every page and pushed change of that worker until it ended.
gevent's pool of real threads cannot take it either: Tesseract runs as a child
process, and gevent watches children only from its main loop (measured: every
read failed). So each worker starts, when its first photo comes, a reader
process (multiprocessing's "spawn": a fresh interpreter, no gevent in it) that
keeps the reader loaded and reads one photo at a time; the request sends it the
photo through a pipe and waits for the answer as it waits for a socket. A
worker has as many readers as photos it may read at once (photo_slots).

Outside gevent (the test server's threads, the CLI) a photo is read in place.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from typing import Any, Callable

_SPAWN = multiprocessing.get_context("spawn")
WARM = "companion.scan.reader"               # what a reader process imports before it listens
_idle: list[tuple[Any, Any]] = []          # (process, connection) waiting for a photo
_lock = threading.Lock()                    # a gevent lock once patched: greenlets take turns


def _under_gevent() -> bool:
    try:
        from gevent import monkey
    except ImportError:
        return False
    return monkey.is_module_patched("threading")


def _serve(conn, warm: str) -> None:
    """The reader process: loads `warm` and says so, then a call in, its answer out, until the worker goes."""
    import importlib
    importlib.import_module(warm)
    conn.send(("ready",))
    while True:
        try:
            func, args, kwargs = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", func(*args, **kwargs)))
        except Exception as exc:            # sent as its class and state: not every exception pickles by its args
            conn.send(("raise", type(exc), dict(vars(exc)), str(exc)))


def _reader():
    with _lock:
        while _idle:
            process, conn = _idle.pop()
            if process.is_alive():
                return process, conn
            conn.close()
    parent, child = _SPAWN.Pipe()
    for end in (parent, child):      # a socket pair, made non-blocking by gevent; Connection expects blocking
        os.set_blocking(end.fileno(), True)
    process = _SPAWN.Process(target=_serve, args=(child, WARM), daemon=True, name="photo-reader")
    process.start()
    child.close()
    _wait(process, parent)            # its imports take a second: the photo is sent once it listens
    parent.recv()
    return process, parent


def _wait(process, conn) -> None:
    from gevent.socket import wait_read
    while not conn.poll():
        wait_read(conn.fileno())         # the worker's other requests go on meanwhile
        if not process.is_alive() and not conn.poll():
            raise RuntimeError("the photo reader process stopped")


def _rebuilt(kind: type, state: dict, text: str) -> Exception:
    exc = kind.__new__(kind)
    exc.args = (text,)
    exc.__dict__.update(state)
    return exc


def off_the_event_loop(func: Callable, *args, **kwargs):
    """func(*args, **kwargs), in a reader process when under gevent (func must be importable by name)."""
    if not _under_gevent():
        return func(*args, **kwargs)
    process, conn = _reader()
    try:
        conn.send((func, args, kwargs))
        _wait(process, conn)
        answer = conn.recv()
    except BaseException:
        process.kill()                       # half a conversation: this reader is not used again
        conn.close()
        raise
    with _lock:
        _idle.append((process, conn))
    if answer[0] == "raise":
        raise _rebuilt(*answer[1:])
    return answer[1]
