"""The end of a Duel: points by category and who won, and how.

Seed 000 (SFARSITUL JOCULUI SI VICTORIA): a supremacy wins at once; otherwise
the most points win, civil (blue) points break a tie, and a tie that remains
is shared. Guilds count the city, either one, with most of their thing at the
moment counted, so a guild's coins (when built) and its points (at the end)
may come from different cities.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...catalog import Colour
from ..ranking import standings
from . import military, science
from .city import City

CATEGORIES = ("civil", "science", "commercial", "guilds", "wonders", "progress", "treasury", "military")

CARD_CATEGORY = {Colour.BLUE: "civil", Colour.GREEN: "science", Colour.YELLOW: "commercial",
                 Colour.PURPLE: "guilds"}


class Victory:
    CIVILIAN = "civilian"
    MILITARY = "military"
    SCIENTIFIC = "scientific"


def counted(effect, own: City, other: City) -> int:
    """The number a coins_per/points_per effect counts, for the city that owns it."""
    mine = own.counted(effect.counts)
    if "most" in effect.whose:
        return max(mine, other.counted(effect.counts))
    return mine


def per_value(effect, own: City, other: City) -> int:
    return effect.amount * (counted(effect, own, other) // effect.per)


def categories(own: City, other: City, conflict: int, player: int) -> dict[str, int]:
    """Victory points of `own` (seated as `player`) by category."""
    out = dict.fromkeys(CATEGORIES, 0)
    by_colour, wonders, tokens = own.printed_points
    for colour, points in by_colour.items():
        category = CARD_CATEGORY.get(colour)
        if category:
            out[category] += points
    out["wonders"] = wonders
    out["progress"] = tokens
    for source, effect in own.counted_points:
        category = (CARD_CATEGORY.get(source.colour) if source.kind == "card"
                    else "wonders" if source.kind == "wonder" else "progress")
        out[category] += per_value(effect, own, other)
    out["treasury"] = own.coins // 3
    out["military"] = military.points(conflict, player)
    return out


@dataclass(frozen=True)
class Result:
    scores: tuple[dict[str, int], dict[str, int]]
    totals: tuple[int, int]
    victory: str
    winners: tuple[int, ...]


def supremacy(cities: tuple[City, City], conflict: int) -> tuple[str, int] | None:
    """(victory, winner) when a supremacy holds, else None.

    A pawn in a capital is checked first: in a real game the move that
    reaches it ends the game before anything else can happen.
    """
    if abs(conflict) >= military.capital():
        return Victory.MILITARY, military.leader(conflict)
    for player, city in enumerate(cities):
        if science.supremacy(city.symbols):
            return Victory.SCIENTIFIC, player
    return None


def result(cities: tuple[City, City], conflict: int, victory: tuple[str, int] | None = None) -> Result:
    """Scores and winners; `victory` names a supremacy already decided in play."""
    scores = (categories(cities[0], cities[1], conflict, 0), categories(cities[1], cities[0], conflict, 1))
    totals = (sum(scores[0].values()), sum(scores[1].values()))
    victory = victory or supremacy(cities, conflict)
    if victory is not None:
        return Result(scores, totals, victory[0], (victory[1],))
    ranked = standings("civil", scores)       # the Duel breaks ties by civil points
    winners = tuple(p for p, s in enumerate(ranked) if s.rank == 1)
    return Result(scores, totals, Victory.CIVILIAN, winners)
