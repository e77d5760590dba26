"""Scoring a 7 Wonders Architects city at the end of the game.

Each rule is a function named for it, from the facts in card_db/architects/
(catalog().architects): stage points, blue cards with and without the cat,
the cat pawn, military victory tokens, progress tokens that score by their
condition, and medals with the Medals expansion. The tie rule (most stages
built, then shared) is `ranks`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, groupby

from ...catalog.architects import ArchitectsFacts, ArchitectsToken, ArchitectsWonder, TokenScore
from ..ranking import competition_ranks


@dataclass(frozen=True)
class City:
    """What a player has in front of them at the end (already checked: see contract.py)."""
    name: str
    stages: int = 0                     # stages of the wonder built
    wonder_points: int = 0              # the points printed on those stages
    blue: int = 0                       # blue cards without the cat
    cat_cards: int = 0                  # blue cards showing the cat
    cat: bool = False                   # holds the cat pawn
    military: int = 0                   # military victory tokens
    progress: tuple[ArchitectsToken, ...] = field(default_factory=tuple)
    medals: int = 0


class NotConfirmed(Exception):
    """A count our sources do not give (three Culture tokens): the caller says so, never guesses."""

    def __init__(self, token: ArchitectsToken, held: int):
        super().__init__(f"{held} {token.name}")
        self.token, self.held = token, held


def stage_point_choices(wonder: ArchitectsWonder, built: int) -> frozenset[int]:
    """The points `built` stages of the wonder can show: its levels are built from the bottom, one
    finished before the next, the stages of a level in any order; so a count stopping inside a level
    whose stages differ leaves more than one total (empty: the data has no stage points)."""
    if not wonder.stage_points:
        return frozenset()
    below, left = 0, built
    levels = groupby(zip(wonder.stage_levels, wonder.stage_points), key=lambda stage: stage[0])
    for _level, stages in levels:
        points = [p for _l, p in stages]
        if left < len(points):
            return frozenset(below + sum(chosen) for chosen in combinations(points, left))
        below, left = below + sum(points), left - len(points)
    return frozenset({below})


def blue_points(city: City, facts: ArchitectsFacts) -> int:
    """Blue cards: 3 points each, 2 for one that shows the cat."""
    return city.blue * facts.blue_points + city.cat_cards * facts.cat_blue_points


def cat_points(city: City, facts: ArchitectsFacts) -> int:
    """The cat pawn: 2 points to whoever holds it at the end."""
    return facts.cat_pawn_points if city.cat else 0


def military_points(city: City, facts: ArchitectsFacts) -> int:
    """Military victory tokens: 3 points each."""
    return city.military * facts.military_token_points


def medal_points(city: City, facts: ArchitectsFacts) -> int:
    """Medals (the Medals expansion): 4 points each."""
    return city.medals * facts.medal_points


def complete(city: City, facts: ArchitectsFacts) -> bool:
    return city.stages >= facts.stages


def token_points(token: ArchitectsToken, city: City, facts: ArchitectsFacts) -> int:
    """One scoring token's points, by its condition (a set token is scored by `set_points`)."""
    rule: TokenScore | None = token.score
    if rule is None or rule.per == "set":
        return 0
    if rule.per == "flat":
        return rule.complete if rule.complete is not None and complete(city, facts) else rule.points
    counted = {"cat_card": city.cat_cards, "military_token": city.military,
               "progress_token": len(city.progress)}[rule.per]
    return rule.points * counted


def set_points(city: City) -> int:
    """Tokens scored as a set (Culture: 4 for one, 12 for two): once per kind, by how many are held."""
    held = Counter(t.set_kind for t in city.progress if t.score and t.score.per == "set")
    total = 0
    for kind, count in held.items():
        token = next(t for t in city.progress if t.set_kind == kind)
        scale = token.score.scale
        if count > len(scale):
            raise NotConfirmed(token, count)
        total += scale[count - 1]
    return total


def progress_points(city: City, facts: ArchitectsFacts) -> int:
    """Progress tokens: each scoring token by its condition, sets by their count."""
    return sum(token_points(t, city, facts) for t in city.progress) + set_points(city)


def scores(city: City, facts: ArchitectsFacts, medals: bool = False) -> dict[str, int]:
    """The city's points by the pad's rows (the medals row only with the Medals expansion)."""
    out = {"wonder": city.wonder_points, "blue": blue_points(city, facts), "cat": cat_points(city, facts),
           "military": military_points(city, facts), "progress": progress_points(city, facts)}
    if medals:
        out["medals"] = medal_points(city, facts)
    return out


def ranks(totals: Sequence[int], stages: Sequence[int | None]) -> list[int]:
    """The tie rule: the highest total wins; equal totals go to the most stages built; still equal,
    the victory (the rank) is shared. A stage count not known leaves its tied group sharing."""
    keys = []
    for total, built in zip(totals, stages):
        group = [s for t, s in zip(totals, stages) if t == total]
        decided = len(group) > 1 and all(s is not None for s in group)
        keys.append((total, built if decided else 0))
    return competition_ranks(keys)
