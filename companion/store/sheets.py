"""Score sheets as the replay of their events.

The store knows which numbers were typed and which cities were entered; it
does not know how a city scores or who wins: the engine says that.
"""
from __future__ import annotations

import copy
import hashlib
import json
import secrets
from dataclasses import dataclass, field

from sqlite_utils import Database

from ..catalog.boxes import SUPREMACY_WORDS
from ..catalog.plays import Play, play
from . import events

CREATED, VALUE, COINS, CITY, SAVED = "sheet.created", "sheet.value", "sheet.coins", "sheet.city", "sheet.saved"
# Filing: a saved game is reopened to be edited, deleted (and restored by undo), its players renamed.
REOPENED, DELETED, RESTORED, RENAMED = "sheet.reopened", "sheet.deleted", "sheet.restored", "sheet.renamed"
# A number sheet's own facts: the Duel's supremacy, a 7 Wonders player's board.
VICTORY, WONDER = "sheet.victory", "sheet.wonder"
VICTORY_KINDS = SUPREMACY_WORDS        # any the family knows; a sheet takes its play's (Play.supremacies)


@dataclass
class SheetPlayer:
    name: str
    values: dict[str, int] = field(default_factory=dict)   # typed numbers by row
    coins: int | None = None                               # for the tie-break
    city: dict | None = None                               # entered card by card
    wonder: str | None = None                              # 7 Wonders: the board, when told
    side: str | None = None                                # "A"/"B" (1st edition), "day"/"night" (2nd)

    @property
    def board(self) -> tuple[str | None, str | None]:
        """The wonder board and its side: the city's when entered, else as told on the sheet."""
        if self.city and self.city.get("wonder"):
            return self.city["wonder"], self.city.get("side")
        return self.wonder, self.side


@dataclass
class Sheet:
    id: str
    pad: str
    players: list[SheetPlayer]
    version: int
    created: str
    saved: bool = False
    updated: str = ""
    edited: bool = False       # reopened after it was saved
    deleted: bool = False
    # Duel: {"kind": "military"|"scientific"|"political", "player": seat} when the game
    # ended by a supremacy; the winner ranks first whatever the points.
    victory: dict | None = None

    @property
    def play(self) -> Play:
        """What is being played on this sheet (its pad's key names it)."""
        return play(self.pad)


class Unreadable(ValueError):
    """A sheet's log that does not replay into a Sheet (stored damaged, or a bad import)."""

    def __init__(self, sheet_id: str, where: str):
        self.sheet_id, self.where = sheet_id, where
        super().__init__(f"sheet {sheet_id} cannot be read: {where}")


def new_id() -> str:
    return secrets.token_urlsafe(6)


def create(db: Database, pad: str, names: list[str]) -> str:
    sheet_id = new_id()
    events.append(db, sheet_id, CREATED, {"pad": pad, "players": [{"name": n} for n in names]}, expected=0)
    return sheet_id


def load(db: Database, sheet_id: str) -> Sheet | None:
    """The sheet as its log says (None: no such sheet); Unreadable when the log does not replay."""
    log = events.read(db, sheet_id)
    if not log or log[0].kind != CREATED:
        return None
    return replay(sheet_id, log)


def replay(sheet_id: str, log: list) -> Sheet:
    """A sheet from its events (stored, or about to be imported), each checked against the shape
    a Sheet promises its readers; Unreadable says which event and what is wrong."""
    first = log[0]
    head = first.payload if isinstance(first.payload, dict) else {}
    players = head.get("players")
    if (first.kind != CREATED or not isinstance(head.get("pad"), str) or not isinstance(players, list)
            or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)):
        raise Unreadable(sheet_id, "events[0]")
    sheet = Sheet(id=sheet_id, pad=first.payload["pad"], created=first.created, version=0,
                  players=[SheetPlayer(p["name"]) for p in players])
    for i, event in enumerate(log[1:], 1):
        misfit = _misfit(event.kind, event.payload, len(sheet.players))
        if misfit:
            raise Unreadable(sheet_id, f"events[{i}].{misfit}")
    return _replay(sheet, log)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional(value, kind) -> bool:
    return value is None or (_is_int(value) if kind is int else isinstance(value, kind))


# What a city holds, as the contract's city JSON: the fields a reader touches before the engine
# checks the rest (names, rules) and says what is wrong.
_CITY_TEXT, _CITY_NUMBERS, _CITY_LISTS = ("wonder", "side"), ("coins", "conflict"), (
    "cards", "wonders", "progress", "military")


def _city_misfit(city) -> str | None:
    """The first field of a city whose type is not the contract's (None: every one is)."""
    if not isinstance(city, dict):
        return "city"
    if "name" in city:                    # the player's name is the sheet's, never the city's
        return "city.name"
    for keys, kind in ((_CITY_TEXT, str), (_CITY_NUMBERS, int), (_CITY_LISTS, list)):
        for key in keys:
            if not _optional(city.get(key), kind):
                return f"city.{key}"
    stages = city.get("stages")       # how many, or which (a box's board built in any order: [2, 3])
    if not (_optional(stages, int) or isinstance(stages, list) and all(_is_int(n) for n in stages)):
        return "city.stages"
    for key in ("cards", "wonders", "progress", "military"):
        kind = int if key == "military" else str
        if not all(_optional(x, kind) and x is not None for x in city.get(key) or []):
            return f"city.{key}"
    return None


_KEYS = {VALUE: ("player", "row", "value"), COINS: ("player", "value"), CITY: ("player", "city"),
         RENAMED: ("player", "name"), WONDER: ("player", "wonder", "side"), VICTORY: ("victory",)}


def _misfit(kind: str, payload, seats: int) -> str | None:
    """The first field of an event's payload whose shape its replay and the sheet's readers do not
    rely on (None: it fits); "kind" for an event a sheet does not hold."""
    if not isinstance(payload, dict):
        return "payload"
    if kind in (SAVED, REOPENED, DELETED, RESTORED):
        return None
    missing = [key for key in _KEYS.get(kind, ()) if key not in payload]     # the replay reads each one
    if missing:
        return missing[0]
    if kind == VICTORY:
        victory = payload.get("victory")
        fits = victory is None or (isinstance(victory, dict) and victory.get("kind") in VICTORY_KINDS
                                   and _is_int(victory.get("player")) and 0 <= victory["player"] < seats)
        return None if fits else "victory"
    if kind not in (VALUE, COINS, CITY, RENAMED, WONDER):
        return "kind"
    player = payload.get("player")
    if not (_is_int(player) and 0 <= player < seats):
        return "player"
    if kind == VALUE:
        return ("row" if not isinstance(payload.get("row"), str) else
                None if _optional(payload.get("value"), int) else "value")
    if kind == COINS:
        return None if _optional(payload.get("value"), int) else "value"
    if kind == CITY:
        return _city_misfit(payload.get("city"))
    if kind == RENAMED:
        return None if isinstance(payload.get("name"), str) else "name"
    for key in ("wonder", "side"):            # WONDER
        if not _optional(payload.get(key), str):
            return key
    return None


def fingerprint(sheet: Sheet) -> str:
    """The game's content whatever its id, group or log: the score pad (game and edition), when it
    was played, and each player's name, numbers, coins, city and board, and how it ended.
    Two imports of one export, or of exports of one game by two groups, have the same."""
    content = {"pad": sheet.pad, "created": sheet.created, "victory": sheet.victory,
               "players": [[p.name, p.values, p.coins, p.city, p.wonder, p.side] for p in sheet.players]}
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def fingerprints(db: Database, group_id: str, created: set[str]) -> set[str]:
    """The fingerprints of a group's sheets (not deleted) played at one of these times: the only
    ones an imported game of those times can be a copy of."""
    if not created:
        return set()
    marks = ", ".join("?" * len(created))
    rows = db.execute(f"select i.id from items i join events e on e.game_id = i.id and e.seq = 1 "
                      f"where i.group_id = ? and i.kind = 'sheet' and i.status != 'deleted' "
                      f"and e.created in ({marks})", [group_id, *created]).fetchall()
    found = set()
    for (sheet_id,) in rows:
        try:
            sheet = load(db, sheet_id)
        except Unreadable:
            continue
        if sheet is not None:
            found.add(fingerprint(sheet))
    return found


def refresh(db: Database, sheet: Sheet) -> Sheet:
    """The sheet brought up to date: only the events after its version are read and applied
    (to a copy; the sheet given stays as it was)."""
    log = events.read(db, sheet.id, after=sheet.version)
    return _replay(copy.deepcopy(sheet), log) if log else sheet


def _replay(sheet: Sheet, log: list) -> Sheet:
    for event in log:
        sheet.version, sheet.updated = event.seq, event.created
        if event.kind == VALUE:
            player = sheet.players[event.payload["player"]]
            if event.payload["value"] is None:
                player.values.pop(event.payload["row"], None)
            else:
                player.values[event.payload["row"]] = event.payload["value"]
        elif event.kind == COINS:
            sheet.players[event.payload["player"]].coins = event.payload["value"]
        elif event.kind == CITY:
            sheet.players[event.payload["player"]].city = event.payload["city"]
        elif event.kind == SAVED:
            sheet.saved = True
        elif event.kind == REOPENED:
            sheet.saved, sheet.edited = False, True
        elif event.kind in (DELETED, RESTORED):
            sheet.deleted = event.kind == DELETED
        elif event.kind == RENAMED:
            sheet.players[event.payload["player"]].name = event.payload["name"]
        elif event.kind == VICTORY:
            sheet.victory = event.payload["victory"]
        elif event.kind == WONDER:
            player = sheet.players[event.payload["player"]]
            player.wonder, player.side = event.payload["wonder"], event.payload["side"]
    return sheet


def set_value(db: Database, sheet: Sheet, player: int, row: str, value: int | None,
              expected: int | None = None) -> int:
    return events.append(db, sheet.id, VALUE, {"player": player, "row": row, "value": value}, expected=expected)


def set_coins(db: Database, sheet: Sheet, player: int, value: int | None, expected: int | None = None) -> int:
    return events.append(db, sheet.id, COINS, {"player": player, "value": value}, expected=expected)


def set_city(db: Database, sheet: Sheet, player: int, city: dict, expected: int | None = None) -> int:
    return events.append(db, sheet.id, CITY, {"player": player, "city": city}, expected=expected)


def set_victory(db: Database, sheet: Sheet, victory: dict | None, expected: int | None = None) -> int:
    """Record how a Duel ended: None for points (civilian), else the supremacy and its winner."""
    if victory is not None:
        assert victory["kind"] in VICTORY_KINDS and 0 <= victory["player"] < len(sheet.players)
        victory = {"kind": victory["kind"], "player": victory["player"]}
    return events.append(db, sheet.id, VICTORY, {"victory": victory}, expected=expected)


def set_wonder(db: Database, sheet: Sheet, player: int, wonder: str | None, side: str | None,
               expected: int | None = None) -> int:
    return events.append(db, sheet.id, WONDER, {"player": player, "wonder": wonder, "side": side},
                         expected=expected)


def save(db: Database, sheet: Sheet) -> int:
    return events.append(db, sheet.id, SAVED, {})


def reopen(db: Database, sheet: Sheet) -> int:
    return events.append(db, sheet.id, REOPENED, {})


def delete(db: Database, sheet: Sheet) -> int:
    return events.append(db, sheet.id, DELETED, {})


def restore(db: Database, sheet: Sheet) -> int:
    return events.append(db, sheet.id, RESTORED, {})


def rename_seats(db: Database, seats: list[tuple[str, int]], name: str) -> None:
    """One RENAMED event on each (sheet, seat), all in one transaction (a rename may touch many games)."""
    with events.write_transaction(db):
        for sheet_id, seat in seats:
            version = events.current_version(db, sheet_id)
            db.execute("insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)",
                       [sheet_id, version + 1, RENAMED, events.dumps({"player": seat, "name": name}), events.now()])


def all_sheets(db: Database) -> list[Sheet]:
    """Every sheet of every group, for tests and tools; pages find sheets through companion/web/access.py."""
    return [s for s in (load(db, i) for i in events.game_ids(db, CREATED)) if s is not None]
