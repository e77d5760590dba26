"""The Conflict pawn: shields push it, loot tokens fall, a capital ends the game.

Seed 000 (PUTEREA MILITARA): one space a shield toward the opponent's capital;
when the pawn enters a zone that still holds a loot token, the opponent loses
that many coins (never below 0) and the token leaves the game; reaching the
capital is military supremacy. Positions run from -capital to +capital, a
positive one toward the capital of player 1 (as in the contract's `conflict`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...catalog import catalog
from ..cached import instance


@dataclass(frozen=True)
class Loot:
    victim: int      # the player whose side of the track holds the token
    at: int          # distance from the centre where its zone starts
    coins: int


@dataclass(frozen=True)
class Push:
    position: int
    loot_left: frozenset[Loot]
    looted: tuple[Loot, ...]
    supremacy: bool
    stopped: bool = False        # the pawn stopped before `stop` (Pantheon's Minerva), which then leaves


@lru_cache(maxsize=1)
def all_loot() -> frozenset[Loot]:
    track = catalog().military
    return frozenset(Loot(victim, t.at, t.coins) for victim in (0, 1) for t in track.loot)


def capital() -> int:
    return catalog().military.capital


def toward(player: int) -> int:
    """+1 when `player` pushes toward player 1's capital, -1 toward player 0's."""
    return 1 if player == 0 else -1


def distance_into(position: int, victim: int) -> int:
    """How far the pawn stands on `victim`'s side of the centre (0 on the other side)."""
    d = position if victim == 1 else -position
    return max(d, 0)


def push(position: int, loot_left: frozenset[Loot], player: int, shields: int, stop: int | None = None) -> Push:
    """Move the pawn `shields` spaces away from `player`'s capital; a pawn at `stop` (Pantheon's
    Minerva, BGA's rule) halts it on the space before, whoever pushes."""
    cap = capital()
    step = toward(player)
    new = max(-cap, min(cap, position + step * shields))
    stopped = stop is not None and (position < stop <= new if step > 0 else new <= stop < position)
    if stopped:
        new = stop - step
    victim = 1 - player
    reached = distance_into(new, victim)
    # A token is taken by entering its zone; the pawn can only have entered it
    # now, since it would have been taken before otherwise. Jumping two zones
    # takes both tokens.
    looted = [t for t in loot_left if t.victim == victim and reached >= t.at]
    if looted:
        looted.sort(key=_zone_start)
        loot_left = loot_left.difference(looted)
    # Push(...) without the frozen dataclass's field-by-field __init__: a push a shield card.
    return instance(Push, {"position": new, "loot_left": loot_left, "looted": tuple(looted),
                           "supremacy": abs(new) >= cap, "stopped": stopped})


def _zone_start(token: Loot) -> int:
    return token.at


def leader(position: int) -> int | None:
    """The player the pawn favours, or None at the centre."""
    if position > 0:
        return 0
    if position < 0:
        return 1
    return None


def points(position: int, player: int) -> int:
    """Victory points the track gives `player` at the end (0, 2, 5 or 10)."""
    if leader(position) != player:
        return 0
    return catalog().military.points_at(position)
