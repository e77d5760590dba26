"""A 7 Wonders Architects score sheet's cities as the contract's `score` document.

Nothing in an Architects city counts another player's, so a player entered by
numbers sits at the table as an empty city and changes nobody's points.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...catalog.plays import Play
from ..messages import M, Msg


def score_doc(play: Play, players: Sequence) -> dict:
    return play.contract_doc(players=[{"name": p.name, **(p.city or {})} for p in players])


def short_note() -> Msg:
    return M("sheet.architects_short")
