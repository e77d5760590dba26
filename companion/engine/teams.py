"""A team game's scores (7 Wonders Cities' team variant): partners sit side by side, so the teams
are the seats taken two by two in table order (1 and 2, 3 and 4, ...), and a team's score is its
partners' totals added (a player's review of the variant, and the rulebook's booklet of team scores).
No source read says how two teams with the same score are parted: they share the rank."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class TeamScore:
    seats: tuple[int, int]      # the partners' seats, in table order
    total: int
    rank: int


def team_scores(totals: Sequence[int]) -> list[TeamScore]:
    """The teams of a table whose seats are `totals` long (an even number), in seat order."""
    if len(totals) % 2:
        raise ValueError(f"teams are pairs: {len(totals)} seats cannot be split in two")
    pairs = [(seat, seat + 1) for seat in range(0, len(totals), 2)]
    sums = [totals[a] + totals[b] for a, b in pairs]
    return [TeamScore(pair, total, 1 + sum(other > total for other in sums)) for pair, total in zip(pairs, sums)]
