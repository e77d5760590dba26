"""Random wonders for a table: one wonder each, none twice, from the wonders of the play and its boxes.

Pure: the caller hands the random source (a seeded random.Random in tests, the system's at a table).
"""
from __future__ import annotations

import random

from ..catalog import catalog
from ..catalog.plays import Play
from .errors import BadInput
from .messages import M


def wonders_in_play(play: Play) -> tuple:
    """The wonders a player may be given: the play's own and those its boxes add."""
    cat = catalog()
    extra = tuple(e for box in play.expansions for e in cat.box_list(play.game, play.edition, box)
                  if e.listed_kind == "wonder")
    own = tuple(play.wonders())        # a 7 Wonders play's boards hold its boxes' boards already
    ids = {w.id for w in own}
    return own + tuple(e for e in extra if e.id not in ids)


def deal_wonders(play: Play, players: int, rng: random.Random) -> tuple:
    """`players` different wonders, in seating order; BadInput when the play has not that many seats or wonders."""
    low, high = play.players
    pool = wonders_in_play(play)
    if not low <= players <= high:
        raise BadInput(M("deal.players", low=low, high=high, num=players), "players")
    if players > len(pool):
        raise BadInput(M("deal.too_few", num=len(pool)), "players")
    return tuple(rng.sample(pool, players))
