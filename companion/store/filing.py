"""Saved means filed: saving, reopening, deleting and restoring a sheet, and renaming players.

Each is an event in the sheet's log and a change to the projection history
reads (companion/store/results.py), scored by the engine's sheet tally, the
same the sheet page shows. A rebuild of the projection from the logs lives
here too: it is the store's own work, needing no request.
"""
from __future__ import annotations

import logging

from sqlite_utils import Database

from ..engine.sheet_tally import tally
from . import groups, results
from . import sheets as store

log = logging.getLogger(__name__)


def filed_of(sheet: store.Sheet, group_id: str) -> results.Filed:
    counted = tally(sheet.play, sheet.players, sheet.victory)
    players = [results.FiledPlayer(seat, p.name, counted.totals[seat], counted.ranks[seat], counted.coins[seat],
                                   p.board[0], counted.points[seat])
               for seat, p in enumerate(sheet.players)]
    victory = counted.victory if counted.victory in store.VICTORY_KINDS else "civilian"
    return results.Filed(sheet.id, group_id, sheet.pad, sheet.created, players, victory, sheet.edited)


def project(db: Database, sheet_id: str) -> None:
    """Write the sheet's place in history from its log: filed when saved, out of it otherwise."""
    item = groups.item(db, sheet_id)
    sheet = store.load(db, sheet_id)
    if item is None or sheet is None:
        return
    status = groups.DELETED if sheet.deleted else groups.SAVED if sheet.saved else groups.OPEN
    groups.set_status(db, sheet_id, status)
    groups.set_label(db, sheet_id, ", ".join(p.name for p in sheet.players))
    if status == groups.SAVED and item.group_id:
        results.put(db, filed_of(sheet, item.group_id))
    else:
        results.remove(db, sheet_id)


def save(db: Database, sheet: store.Sheet) -> None:
    if not sheet.saved:
        store.save(db, sheet)
    project(db, sheet.id)


def reopen(db: Database, sheet: store.Sheet) -> None:
    if sheet.saved:
        store.reopen(db, sheet)
    project(db, sheet.id)


def delete(db: Database, sheet: store.Sheet) -> None:
    if not sheet.deleted:
        store.delete(db, sheet)
    project(db, sheet.id)


def restore(db: Database, sheet: store.Sheet) -> None:
    if sheet.deleted:
        store.restore(db, sheet)
    project(db, sheet.id)


def rename(db: Database, group_id: str, old: str, new: str) -> int:
    """Every filed game of `old` in the group now says `new` (a merge when `new` plays already)."""
    seats = results.rename(db, group_id, old, new)
    store.rename_seats(db, seats, new)       # the sheets say it too, and a rebuild keeps it
    return len(seats)


def rebuild(db: Database) -> int:
    """History's tables made afresh from the event log (a migration asks for it); once, whichever worker."""
    with db.atomic():
        db.execute("update projection set stale = 2 where name = 'results' and stale = 1")
        mine = db.execute("select changes()").fetchone()[0]
    if not mine:
        return 0
    done = 0
    for (sheet_id,) in db.execute("select id from items where kind = ?", [groups.SHEET]).fetchall():
        try:
            project(db, sheet_id)
        except Exception:           # a start never fails on data: a sheet stored damaged stays out of history
            log.exception("history rebuild: sheet %s cannot be read; left out", sheet_id)
            results.remove(db, sheet_id)
            continue
        done += 1
    with db.atomic():
        db.execute("update projection set stale = 0 where name = 'results'")
    return done
