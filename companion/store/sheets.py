"""Score sheets as the replay of their events.

The store knows which numbers were typed and which cities were entered; it
does not know how a city scores or who wins: the engine says that.
"""
from __future__ import annotations

import copy
import secrets
from dataclasses import dataclass, field

from sqlite_utils import Database

from . import events

CREATED, VALUE, COINS, CITY, SAVED = "sheet.created", "sheet.value", "sheet.coins", "sheet.city", "sheet.saved"
# Filing: a saved game is reopened to be edited, deleted (and restored by undo), its players renamed.
REOPENED, DELETED, RESTORED, RENAMED = "sheet.reopened", "sheet.deleted", "sheet.restored", "sheet.renamed"
# A number sheet's own facts: the Duel's supremacy, a 7 Wonders player's board.
VICTORY, WONDER = "sheet.victory", "sheet.wonder"
VICTORY_KINDS = ("military", "scientific")


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
    # Duel: {"kind": "military"|"scientific", "player": seat} when the game
    # ended by a supremacy; the winner ranks first whatever the points.
    victory: dict | None = None


def new_id() -> str:
    return secrets.token_urlsafe(6)


def create(db: Database, pad: str, names: list[str]) -> str:
    sheet_id = new_id()
    events.append(db, sheet_id, CREATED, {"pad": pad, "players": [{"name": n} for n in names]}, expected=0)
    return sheet_id


def load(db: Database, sheet_id: str) -> Sheet | None:
    log = events.read(db, sheet_id)
    if not log or log[0].kind != CREATED:
        return None
    first = log[0]
    sheet = Sheet(id=sheet_id, pad=first.payload["pad"], created=first.created, version=0,
                  players=[SheetPlayer(p["name"]) for p in first.payload["players"]])
    return _replay(sheet, log)


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
