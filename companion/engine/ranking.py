"""Who wins a finished game, from each player's category points.

7 Wonders: highest total, then most coins; players still tied share the rank
(seed 004, end of the game; seed 001, FINALUL JOCULUI). Duel civilian victory:
highest total, then most civil (blue) points; still tied, both win (seed 000,
SFARSITUL JOCULUI).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    total: int
    rank: int        # 1 is the winner; tied players share a rank (1, 1, 3)


def competition_ranks(keys: Sequence[tuple]) -> list[int]:
    """Rank by key, highest first; equal keys share the better rank."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def standings(tie_break: str, points: Sequence[Mapping[str, int]],
              coins: Sequence[int | None] | None = None) -> list[Standing]:
    """Totals and ranks; `points` holds each player's points by category.

    `tie_break` is the play's (catalog/plays.py): "coins" left, or "civil" points.

    Among players tied on total, the tie-break (coins, or civil points in
    Duel) decides only when it is known for every one of them; an unknown
    coin count (None) leaves that group sharing its rank.
    """
    totals = [sum(p.values()) for p in points]
    if tie_break == "civil":
        breaker: list[int | None] = [p.get("civil", 0) for p in points]
    else:
        breaker = list(coins) if coins is not None else [None] * len(points)
    keys = []
    for total, tie in zip(totals, breaker):
        group = [b for t, b in zip(totals, breaker) if t == total]
        decided = len(group) > 1 and all(b is not None for b in group)
        keys.append((total, tie if decided else 0))
    return [Standing(t, r) for t, r in zip(totals, competition_ranks(keys))]
