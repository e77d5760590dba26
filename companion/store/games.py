"""Tracked games: the event log, replayed through the engine into the state.

The log holds the game's creation, every accepted action and every undo;
the state is always rebuilt from it (undo takes back the latest action still
in effect), from a snapshot kept every few versions when one fits. An action carries the version its phone saw: a phone acting on a
stale version is refused, so no action is applied twice or lost.
"""
from __future__ import annotations

import hashlib
import logging
import pickle
import secrets
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from threading import Lock

from sqlite_utils import Database

from ..catalog.plays import Play
from ..engine import tracked
from ..engine.errors import IllegalAction
from ..engine.messages import M
from . import events, groups

_log = logging.getLogger(__name__)

CREATED, ACTION, UNDO, SHEET = "game.created", "game.action", "game.undo", "game.sheet"
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I/L to misread
# Six letters: 31**6 = 887,503,681 codes. With 1,000 games live, a guess finds one
# with odds 1 in 887,504; a client gets at most 56 codes looked at an hour
# (companion/web/limits.py), so finding one takes 887,504 / 56 = 15,848 hours,
# about 1.8 years, on average. The token (192 bits) is what the API asks for.
CODE_LENGTH = 6


@dataclass(frozen=True)
class Table:
    code: str
    game: str
    names: tuple[str, ...]
    state: object
    version: int
    log: tuple[tuple[int, dict], ...]          # (seq, action) of the actions in effect
    created: str
    sheet: str | None = None                   # the score sheet it was filed as, once over
    undos: tuple[dict, ...] = ()               # {"by", "action", "hidden"} of each undo, for the log in words

    @property
    def tracked(self) -> tracked.TrackedGame:
        """The game's rules at a table (engine/tracked.py)."""
        return tracked.implementation(self.game)

    @property
    def play(self) -> Play:
        """What is played at this table."""
        return self.tracked.play_of(self.state)


def new_code(db: Database) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not events.current_version(db, code) and groups.item(db, code) is None:
            return code


def create(db: Database, doc: dict, group_id: str | None = None) -> tuple[str, str]:
    """A new table: (its code, its token). The token is the key every API call shows."""
    _game, _state, names = tracked.new_game(doc)     # refuses a bad body before anything is written
    code, token = new_code(db), secrets.token_urlsafe(24)
    groups.add(db, code, group_id, groups.TABLE, ", ".join(names), token=token, pad=groups.table_pad(doc))
    events.append(db, code, CREATED, doc, expected=0)
    return code, token


class _Cache:
    """The latest state of each live game, kept by its code; bounded (least recently used goes).

    A state is the pure replay of its log, so one kept at version n plus the
    actions after n is the state at the newest version: a move costs one
    engine step, not a replay of the whole game.
    """

    def __init__(self, size: int = 2048):
        self.size, self.items, self.lock = size, OrderedDict(), Lock()

    def get(self, code: str) -> Table | None:
        with self.lock:
            value = self.items.get(code)
            if value is not None:
                self.items.move_to_end(code)
            return value

    def put(self, table: Table) -> None:
        with self.lock:
            kept = self.items.get(table.code)
            if kept is None or kept.version <= table.version:     # a slower request never puts an older one back
                self.items[table.code] = table
            self.items.move_to_end(table.code)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_cache = _Cache()


def kept(code: str, version: int) -> Table | None:
    """The game as this process keeps it, when it is at `version` (nothing read from the database):
    a stream told of a version renders its boards from it (issue 29)."""
    found = _cache.get(code)
    return found if found is not None and found.version == version else None


def load(db: Database, code: str) -> Table | None:
    version = events.current_version(db, code)
    if not version:
        return None
    cached = _cache.get(code) or _snapshot(db, code)
    if cached is not None and cached.version == version:
        _cache.put(cached)
        return cached
    table = _caught_up(db, cached) if cached is not None and cached.version < version else None
    if table is None:
        table = _replay(db, code)
    if table is not None:
        _cache.put(table)
    return table


# -- snapshots: a restarted server takes a game up without replaying it (issue 29) ---------------

# Versions: a snapshot is written in its move's transaction (its pickle about 0.045 ms of a 7 Wonders table at
# mid-game, its cities' fields alone: 0.28 with their cached facts; its row 0.02), read
# in 0.04-0.09 ms; a replay costs the game's creation and 0.035 ms an action. At 8, a restarted worker took
# up most young games by a replay, each game in each worker (issue 29: 13% of the workers' CPU until
# every phone was back); at 2 a take-up applies at most one action.
SNAPSHOT_EVERY = 2


@cache
def _rules_fingerprint() -> str:
    """What a kept state was computed with: the rules' and the data's files. A snapshot written by
    other rules or data (a new release) is not taken: the game is replayed with the current ones."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for folder in (root / "engine", root / "catalog", root.parent / "card_db"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".toml", ".json"):
                digest.update(str(path.relative_to(root.parent)).encode() + b"\0" + path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:32]


def _pickled(table: Table) -> bytes | None:
    try:
        return pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:             # a state that does not pickle is replayed, as before, but said:
        # a silent failure here once cost every restarted worker a replay of each game whole
        _log.warning("game %s: no snapshot kept at version %s", table.code, table.version, exc_info=True)
        return None


def _put_snapshot(db: Database, code: str, version: int, state: bytes) -> None:
    """Inside the caller's write transaction."""
    db.execute("insert or replace into snapshots (game_id, seq, code, state) values (?, ?, ?, ?)",
               [code, version, _rules_fingerprint(), state])


def _snapshot(db: Database, code: str) -> Table | None:
    """The game as last kept by a snapshot of these rules, or None."""
    row = db.execute("select seq, code, state from snapshots where game_id = ?", [code]).fetchone()
    if row is None or row[1] != _rules_fingerprint():
        return None
    try:
        table = pickle.loads(row[2])
    except Exception:
        return None
    return table if isinstance(table, Table) and table.code == code and table.version == row[0] else None


def _caught_up(db: Database, cached: Table) -> Table | None:
    """The kept state with the actions logged since: None when an undo or a filing needs the replay."""
    newer = events.read(db, cached.code, after=cached.version)
    if not newer or any(e.kind != ACTION for e in newer):
        return None
    state, log = cached.state, cached.log
    for event in newer:
        state, _paid = cached.tracked.apply(state, event.payload, cached.names)
        log += ((event.seq, event.payload),)
    return replace(cached, state=state, version=newer[-1].seq, log=log)


def _replay(db: Database, code: str) -> Table | None:
    log = events.read(db, code)
    if not log or log[0].kind != CREATED:
        return None
    game, state, names = tracked.new_game(log[0].payload)
    rules = tracked.implementation(game)
    effective: list[tuple[int, dict]] = []
    sheet = None
    undos: list[dict] = []
    # An undo logged before "hidden" was kept: a player's choice in a game played at once may have been unseen.
    unsure = rules.play_of(state).simultaneous
    for event in log[1:]:
        if event.kind == ACTION:
            effective.append((event.seq, event.payload))
        elif event.kind == UNDO and effective:
            action = effective.pop()[1]
            hidden = event.payload.get("hidden", unsure and bool(action.get("player")))
            undos.append({"by": event.payload.get("by"), "action": action, "hidden": hidden})
        elif event.kind == SHEET:
            sheet = event.payload["sheet"]
    for _, action in effective:
        state, _paid = rules.apply(state, action, names)
    return Table(code, game, names, state, log[-1].seq, tuple(effective), log[0].created, sheet, tuple(undos))


def act(db: Database, code: str, action: dict, expected: int | None = None) -> tuple[int, dict]:
    """Apply one action; (new version, what it paid). IllegalAction or StaleVersion change nothing."""
    table = load(db, code)
    if table is None:
        raise LookupError(code)
    if expected is not None and expected != table.version and _conflicts(db, table, action, expected):
        raise events.StaleVersion(code, expected, table.version)
    state, paid = table.tracked.apply(table.state, action, table.names)
    version = table.version + 1               # the append's, or it raises StaleVersion
    fresh = replace(table, state=state, version=version, log=table.log + ((version, action),))
    # The snapshot written in the move's own transaction (one commit), pickled before its lock is taken.
    kept = _pickled(fresh) if version % SNAPSHOT_EVERY == 0 else None
    events.append(db, code, ACTION, action, expected=table.version,
                  also=None if kept is None else lambda at: _put_snapshot(db, code, at, kept))
    _cache.put(fresh)
    return version, paid


def _conflicts(db: Database, table: Table, action: dict, seen: int) -> bool:
    """Whether what happened since version `seen` may change this action's meaning.

    When players act in turn (the Duel) every move does; when they act at the
    same time (7 Wonders), only an undo or a move for the same player does: the
    action is then judged afresh against the current state.
    """
    if not table.play.simultaneous or seen > table.version:
        return True
    who = str(action.get("player", "")).casefold()
    for event in events.read(db, table.code, after=seen):        # not the whole log again at each move
        if event.kind != ACTION or str(event.payload.get("player", "")).casefold() == who:
            return True
    return False


def file_sheet(db: Database, code: str, group_id: str | None) -> str:
    """The finished game as a saved score sheet, filled from the tracked cities; once."""
    from . import sheets
    table = load(db, code)
    if table is None:
        raise LookupError(code)
    if table.sheet:
        return table.sheet
    if not table.tracked.to_json(table.state, table.names)["over"]:
        raise IllegalAction(M("store.not_over"))
    pad = table.play.key
    cities = table.tracked.final_cities(table.state, table.names)
    sheet_id = sheets.create(db, pad, list(table.names))
    groups.add(db, sheet_id, group_id, groups.SHEET, ", ".join(table.names), status=groups.SAVED, pad=pad)
    sheet = sheets.load(db, sheet_id)
    for i, city in enumerate(cities):
        sheets.set_city(db, sheet, i, city)
    sheets.save(db, sheet)
    events.append(db, code, SHEET, {"sheet": sheet_id})
    groups.set_status(db, code, groups.FILED)
    return sheet_id


def undo(db: Database, code: str, expected: int | None = None, by: str | None = None) -> int:
    """Take back the latest action in effect; `by` names the seat whose phone asked, for the log."""
    table = load(db, code)
    if table is None:
        raise LookupError(code)
    if expected is not None and expected != table.version:
        raise events.StaleVersion(code, expected, table.version)
    if not table.log:
        raise IllegalAction(M("store.nothing_to_undo"))
    last_seq, last = table.log[-1]
    # A choice the other seats could not see yet stays unnamed once taken back: its card was never shown.
    hidden = bool(last.get("player")) and table.tracked.hidden_choices(table.state) > 0
    payload = {"undoes": last_seq, "hidden": hidden}
    if by:
        payload["by"] = by
    return events.append(db, code, UNDO, payload, expected=table.version)
