"""Science points (seeds 003/004, Scientific structures).

Each symbol scores its count squared, and each set of the three different
symbols scores 7 more; the two add up. A wildcard (the Scientists Guild,
Babylon) becomes, at the end of the game, whichever symbol scores most.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...catalog.model import SEVEN_WONDERS_SCIENCE as SYMBOLS

SET_BONUS = 7


def science_points(tablet: int, compass: int, gear: int) -> int:
    return tablet * tablet + compass * compass + gear * gear + SET_BONUS * min(tablet, compass, gear)


@dataclass(frozen=True)
class Science:
    points: int
    counts: tuple[int, int, int]    # tablet, compass, gear, wildcards included
    wildcards: int
    chosen: tuple[int, int, int]    # what the wildcards became
    copied: tuple[int, int, int] = (0, 0, 0)    # Cities: the neighbours' symbols the masks copied

    def as_json(self) -> dict:
        out = dict(zip(SYMBOLS, self.counts))
        out["wildcards"] = self.wildcards
        if self.wildcards:
            out["chosen"] = {s: n for s, n in zip(SYMBOLS, self.chosen) if n}
        if any(self.copied):
            out["copied"] = {s: n for s, n in zip(SYMBOLS, self.copied) if n}
        return out


def best_science(counts: tuple[int, int, int], wildcards: int) -> Science:
    """Every way to turn the wildcards into symbols, the best kept (ties: the first in symbol order)."""
    best = None
    for a in range(wildcards + 1):
        for b in range(wildcards - a + 1):
            extra = (a, b, wildcards - a - b)
            total = tuple(n + e for n, e in zip(counts, extra))
            points = science_points(*total)
            if best is None or points > best.points:
                best = Science(points, total, wildcards, extra)
    return best
