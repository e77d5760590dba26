"""The version each phone's own move was answered with, seen by every worker of the server.

A move's answer brings the mover's phone its new board; its stream then has
nothing to push for that version. The stream is often held by the other
gunicorn worker (each connection goes to whichever accepts it), which did not
answer the move: it rendered and pushed the mover's board again, for nothing
(issue 29: half a push a move). So the answered versions are kept in a small
file beside the database, mapped into memory by every worker: one slot of 8
bytes a (phone, table), found by a hash, holding a tag of that hash and the
version. Two phones falling in one slot only cost a push (the slot's tag no
longer matches: "not answered"); a read is never wrong the other way but by a
32-bit tag's chance, and then the phone's board catches up on "changed"
(static/js/table.js) as after any lost push.
"""
from __future__ import annotations

import hashlib
import mmap
import os
import struct
import threading

SLOTS = 1 << 17                 # 1 MB: far more (phone, table) pairs than a server's phones at once
_WORD = struct.Struct("<Q")

_maps: dict[str, mmap.mmap] = {}
_lock = threading.Lock()


def _map(database: str) -> mmap.mmap:
    found = _maps.get(database)
    if found is None:
        with _lock:
            found = _maps.get(database)
            if found is None:
                fd = os.open(f"{database}.answered", os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    if os.fstat(fd).st_size < SLOTS * _WORD.size:
                        os.ftruncate(fd, SLOTS * _WORD.size)      # zeros: nothing answered
                    found = _maps[database] = mmap.mmap(fd, SLOTS * _WORD.size)
                finally:
                    os.close(fd)
    return found


def _slot(phone: str, code: str) -> tuple[int, int]:
    digest = int.from_bytes(hashlib.blake2b(f"{phone}\0{code}".encode(), digest_size=8).digest(), "little")
    return (digest % SLOTS) * _WORD.size, digest >> 32


def put(database: str, phone: str, code: str, version: int) -> None:
    """This phone's move (or undo) at `code` was answered with the board at `version`."""
    offset, tag = _slot(phone, code)
    _WORD.pack_into(_map(database), offset, tag << 32 | (version & 0xFFFFFFFF))


def get(database: str, phone: str, code: str) -> int:
    """The version this phone's last answered move at `code` brought it (0: none known)."""
    return get_at(database, _slot(phone, code))


def slot(phone: str, code: str) -> tuple[int, int]:
    """Where `get_at` reads this phone's version at `code`: found once a stream, not at each board
    (its hash twice a pushed board, issue 29)."""
    return _slot(phone, code)


def get_at(database: str, at: tuple[int, int]) -> int:
    """`get` at a slot found by `slot`."""
    offset, tag = at
    word = _WORD.unpack_from(_map(database), offset)[0]
    return word & 0xFFFFFFFF if word >> 32 == tag else 0
