"""A version's shared parts (table_view.shared) and contract state, rendered once for both workers after a start.

Issue 29: a restarted server's workers hold nothing; the first board of each table in each worker rendered
the parts every phone sees alike (the cities, the log in words, the seat chips) and built the contract's
state again, twice a table with two workers (some 0.65 ms of a first board's 1.9-2.7). The first worker
that renders a table's board cold (nothing of the table in this process for that language) keeps what it
rendered in the database (games.keep_parts, one row a table and language); a cold worker finds it there
and renders nothing of it. Kept by the game's version (an undo is a version of its own) and a fingerprint
of the code, templates and translations (another release renders again). A warm table reads and writes
nothing: a move costs what it did.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from functools import cache
from pathlib import Path

from flask import request

from ..store import games as store

# (database, language, code) of the tables this process has rendered a board of, newest last.
_warm: OrderedDict = OrderedDict()
WARM = 16384
_lock = threading.Lock()
# (database, language, code) -> {part name: (stamp, html)}: the parts a cold board's render gave (see `noted`).
_taking: dict[tuple, dict] = {}


@cache
def fingerprint() -> str:
    """What a kept part was rendered with: the rules and cards' data (the snapshots' fingerprint, which each
    worker reads anyway), the web's code, the templates, the translations."""
    root = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256(store._rules_fingerprint().encode())
    for folder, suffix in (("companion/web", ".py"), ("templates", ".html"), ("translations", ".mo")):
        for path in sorted((root / folder).rglob("*" + suffix)):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:32]


def take_up(table: store.Table, reader: tuple[str, str]) -> tuple | None:
    """Before a board of `table` is rendered (`reader`: table_view._reader()'s database and language): a
    table this process has not rendered yet has its parts and state put in from the database when another
    worker kept them at this version. The key to `keep` with once rendered, when they were not there.
    A table rendered already costs one look-up (a move's path)."""
    warm = (*reader, table.code)
    with _lock:
        if warm in _warm:
            _warm.move_to_end(warm)
            return None
        _warm[warm] = True
        while len(_warm) > WARM:
            _warm.popitem(last=False)
    from . import get_db
    from . import table_view as view
    database, lang = reader
    kind = f"{lang}|{request.script_root}"
    found = store.kept_parts(get_db(), table.code, kind, table.version, fingerprint())
    if isinstance(found, dict):
        for name, part in found["parts"].items():
            view._shared.put((database, lang, table.code, name), part)
        if view._states.get((database, table.code), table.version, table.version) is None:
            view._states.put((database, table.code), table.version, table.version, found["state"])
        return None
    _taking[warm] = {}
    return warm, kind


def noted(key: tuple, name: str, part: tuple) -> None:
    """shared() gave `part` for `name`: kept with the rest when this table's board is rendered cold."""
    taking = _taking.get(key[:3]) if _taking else None
    if taking is not None:
        taking[name] = part


def drop(taken: tuple | None) -> None:
    """A cold board's render failed: nothing kept."""
    if taken is not None:
        _taking.pop(taken[0], None)


def keep(table: store.Table, taken: tuple | None) -> None:
    """After a cold board's render: what it rendered kept for the other worker."""
    if taken is None:
        return
    from . import get_db
    from . import table_view as view
    taking, kind = taken
    parts = _taking.pop(taking, None)
    state = view._states.get((taking[0], table.code), table.version, table.version)
    if parts and state is not None:
        store.keep_parts(get_db(), table.code, kind, table.version, fingerprint(), {"parts": parts, "state": state})
