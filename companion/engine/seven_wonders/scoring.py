"""End-of-game scoring in the seven categories of the score pad (seeds 003/004, 001).

military (conflict tokens), treasury (1 point per 3 coins), wonder (stage
points), civil (blue cards), commercial (yellow cards), guilds (purple cards),
science; a box adds its rows (Cities' black cards: cities). Cards that count things count them at the end of the game, in the
cities the card names. Wildcard science symbols and Olympia B's copied guild
are chosen, at the end, to give the city its highest total. The expansion
boxes in play add their rows (boxes.py): leaders, debt.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...catalog import Colour
from . import babel, boxes, seafaring
from .city import SCIENCE_SYMBOLS, City
from .science import Science, best_science
from .facts import Gains

CATEGORIES = ("military", "treasury", "wonder", "civil", "commercial", "guilds", "science")
COINS_PER_POINT = 3

# Where a card's points go on the score pad.
CATEGORY_OF = {Colour.BLUE: "civil", Colour.YELLOW: "commercial", Colour.PURPLE: "guilds",
               Colour.GREEN: "science", Colour.RED: "military", Colour.BROWN: "civil", Colour.GREY: "civil",
               Colour.BLACK: "cities"}


@dataclass(frozen=True)
class CityScore:
    scores: dict[str, int]
    science: Science
    copied_guild: str | None = None    # the id of the guild Olympia B copies, if any

    @property
    def total(self) -> int:
        return sum(self.scores.values())


def counted(effect, city: City, left: City, right: City) -> int:
    """points_per / coins_per: `amount` for every `per` counted things in the cities named."""
    where = {"self": city, "left": left, "right": right}
    n = sum(where[w].count(what) for w in effect.whose for what in effect.counts)
    return effect.amount * (n // effect.per)


def _gain_points(g: Gains, city: City, left: City, right: City) -> int:
    points = g.points + sum(counted(e, city, left, right) for e in g.points_per)
    if g.points_if_wonder_complete and city.wonder_complete:
        points += g.points_if_wonder_complete
    return points


def _plain_score(city: City, left: City, right: City) -> CityScore:
    scores = dict.fromkeys(CATEGORIES + boxes.row_keys(city.boxes), 0)
    scores["military"] = sum(city.military)
    scores["treasury"] = city.coins // COINS_PER_POINT
    for stage in city.built_stages:
        scores["wonder"] += _gain_points(stage.gains, city, left, right)
    for card in city.infos:
        scores[CATEGORY_OF[card.colour]] += _gain_points(card.gains, city, left, right)
    counts, wildcards = city.science
    if not city.boxes:
        science = best_science(counts, wildcards)
        scores["science"] += science.points
        return CityScore(scores, science)
    recruited = [boxes.leaders(city.edition)[i] for i in city.leaders]
    symbols = [leader.science for leader in recruited if leader.science]
    counts = tuple(n + symbols.count(s) for n, s in zip(counts, SCIENCE_SYMBOLS))
    counts, wildcards = seafaring.with_island_science(city, counts, wildcards)
    counts = boxes.with_most_symbol(counts, sum(leader.science_most for leader in recruited))    # Enheduania
    masks = sum(g.masks for g in city.gains)
    leader_sets = sum(leader.set_bonus for leader in recruited)     # Aristotle; Babel's Archives alike
    science, _bonus = boxes.best_science_with(counts, wildcards, leader_sets + babel.science_set_bonus(city),
                                              masks, boxes.copyable_symbols(left, right) if masks else (),
                                              sum(leader.science_swap for leader in recruited))
    scores["science"] += science.points
    sets = min(science.counts)
    if boxes.LEADERS in city.boxes:
        scores["leaders"] = leader_sets * sets + sum(boxes.leader_points(leader, city, left, right, counted)
                                                     for leader in recruited)
    if boxes.CITIES in city.boxes:
        scores["debt"] = -city.debt
    scores.update(seafaring.rows(city, left, right, counted))
    scores.update(babel.rows(city, left, right, counted, sets))
    return CityScore(scores, science)


def score_city(city: City, left: City, right: City) -> CityScore:
    """A city's score; with Olympia B's last stage, the neighbour's guild that scores most is copied.

    The copy counts as if the city had built the guild (seed 004, Olympia B),
    so a copied Shipowners Guild counts itself and a copied Scientists Guild
    adds a wildcard; it never changes the neighbour's score, and a guild whose
    name the city already holds cannot be copied (no two buildings alike).
    """
    plain = _plain_score(city, left, right)
    if "copy_guild" not in city.powers:
        return plain
    candidates = sorted({c.id for n in (left, right) for c in n.infos
                         if c.colour is Colour.PURPLE and c.name not in city.names})
    best = plain
    for guild in candidates:    # a guild never takes points away: the best copy is never worse
        copied = _plain_score(city.but(cards=city.cards + (guild,)), left, right)
        if best.copied_guild is None or copied.total > best.total:
            best = CityScore(copied.scores, copied.science, guild)
    return best


def score_cities(cities: Sequence[City]) -> list[CityScore]:
    """Every city's score; cities[i + 1] (wrapping) sits on the left of cities[i]."""
    n = len(cities)
    return [score_city(c, cities[(i + 1) % n], cities[i - 1]) for i, c in enumerate(cities)]


def ranks(totals: Sequence[tuple[int, int]]) -> list[int]:
    """Rank by total, then coins; players still tied share the rank (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]
