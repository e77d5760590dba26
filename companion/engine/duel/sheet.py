"""A Duel score sheet's two cities as the contract's `score` document.

The Conflict pawn is told on the first player's city page (toward the
opponent is positive); the contract counts it from the first player's side.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...catalog.plays import Play
from ..messages import M, Msg


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
