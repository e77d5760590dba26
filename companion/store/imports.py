"""Storing an import's checked games: all of them or none, each once.

The web layer checks a history export as its pages check what is typed
(web/imports.py); this writes what passed in one transaction, with each game's
place in history.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from sqlite_utils import Database

from . import events, filing, groups
from . import sheets as store

OWN_ID = re.compile(r"[\w-]{1,40}", re.ASCII)      # a sheet id as this app makes them (its pages' URLs)


def add_games(db: Database, group_id: str, games: Sequence) -> tuple[int, int]:
    """Add the games this group does not hold yet, in one transaction: all of them or, on any
    failure, none. What the group holds is read inside it, so two imports at once store a game once.
    Each game has `sheet_id`, `log` (its events) and `sheet` (their replay). Returns (added, skipped)."""
    added = 0
    with events.write_transaction(db):
        held = store.fingerprints(db, group_id, {g.sheet.created for g in games})
        for game in games:
            mark = store.fingerprint(game.sheet)
            item = groups.item(db, game.sheet_id)
            if mark in held or (item is not None and item.group_id == group_id):
                continue          # already here (from this group, or a copy of the same game): once is enough
            held.add(mark)
            sheet_id = game.sheet_id
            if item is not None or events.current_version(db, sheet_id) or not OWN_ID.fullmatch(sheet_id):
                sheet_id = store.new_id()      # another group's id (or not one of ours): this copy's own
            events.copy_log(db, sheet_id, game.log)
            groups.add(db, sheet_id, group_id, groups.SHEET, ", ".join(p.name for p in game.sheet.players),
                       pad=game.sheet.pad, created=game.sheet.created)
            filing.project(db, sheet_id)
            added += 1
    return added, len(games) - added
