"""A Duel score sheet's two cities as the contract's `score` document.

The Conflict pawn is told on the first player's city page (toward the
opponent is positive); the contract counts it from the first player's side.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...catalog.plays import Play
from ..messages import M, Msg
from .boxes_score import PANTHEON, held_most


# The boxes' rows the Duel's city page does not ask (no divinity invoked, no chamber controlled): typed
# on the sheet, never a silent 0 from a city (a city filled from the table showed Aphrodite's 9 as 0),
# unless the city names them (a tracked table's: city_tells).
BOX_ROWS_TYPED = ("divinities", "senate")


def typed_only(play: Play) -> tuple[str, ...]:
    """The rows a city of this play cannot tell: Pantheon's divinities and Agora's Senate."""
    return tuple(row.key for row in play.pad.rows if row.key in BOX_ROWS_TYPED)


def held_counts(play: Play) -> dict[str, int]:
    """What a city may say it still holds at the end, for a progress token that counts it (the
    contract's `mythology_tokens`, `offering_tokens`), each with the most the boxes in play hold."""
    return held_most() if PANTHEON in play.expansions else {}


def city_tells(city: dict, row: str) -> bool:
    """Whether a city tells a row typed otherwise: a city filled from a tracked table names the
    divinities invoked and the chambers held (the contract's `divinities` and `senate`); one entered on
    the city page names neither, and those rows stay typed."""
    return row in BOX_ROWS_TYPED and isinstance((city or {}).get(row), list)


def score_doc(play: Play, players: Sequence) -> dict:
    conflict = next((p.city.get("conflict", 0) * (1 if i == 0 else -1)
                     for i, p in enumerate(players) if p.city and "conflict" in p.city), 0)
    return play.contract_doc(players=[_city(p) for p in players], conflict=conflict)


def _city(player) -> dict:
    city = dict(player.city or {})
    city.pop("conflict", None)
    return {"name": player.name, "cards": [], "wonders": [], "progress": [], "coins": 0, **city}


def short_note() -> Msg:
    return M("sheet.duel_guilds_short")
