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
from dataclasses import dataclass, replace
from itertools import product

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
    copied_leader: str | None = None   # the id of the neighbour's leader the Courtesans Guild copies, if any
    typed: tuple[str, ...] = ()        # rows the city cannot tell (a copied stage not built yet): typed

    @property
    def total(self) -> int:
        return sum(self.scores.values())


def counted(effect, city: City, left: City, right: City) -> int:
    """points_per / coins_per: `amount` for every `per` counted things in the cities named."""
    where = {"self": city, "left": left, "right": right}
    n = sum(where[w].count(what) for w in effect.whose for what in effect.counts)
    return effect.amount * (n // effect.per)


def _gain_points(g: Gains, city: City, left: City, right: City) -> int:
    points = g.points
    if g.points_per:                # most cards score none: no generator made for them (issue 29)
        points += sum(counted(e, city, left, right) for e in g.points_per)
    if g.points_if_wonder_complete and city.wonder_complete:
        points += g.points_if_wonder_complete
    return points


def _plain_score(city: City, left: City, right: City, copied: tuple[Gains, ...] = ()) -> CityScore:
    """`copied`: the neighbours' stages Manneken Pis's stages copy, scored as the city's own stages."""
    scores = dict.fromkeys(CATEGORIES + boxes.row_keys(city.boxes), 0)
    scores["military"] = sum(city.military)
    scores["treasury"] = city.coins // COINS_PER_POINT
    for stage in city.built_stages:
        scores["wonder"] += _gain_points(stage.gains, city, left, right)
    for gains in copied:
        scores["wonder"] += _gain_points(gains, city, left, right)
    if city.buried:                     # Abu Simbel: twice each buried leader's cost
        scores["wonder"] += boxes.burial_points(city)[0]
    if city.colour_under:               # Stonehenge B: the neighbours' cards of the colour under its stage
        where = {"self": city, "left": left, "right": right}
        scores["wonder"] += sum(e.amount * where[w].count(city.colour_under)
                                for stage in city.built_stages for e in stage.gains.colour_under for w in e.whose)
    cap = seafaring.guild_cap(city)
    for card in city.infos:
        points = _gain_points(card.gains, city, left, right)
        if cap is not None and card.colour is Colour.PURPLE:
            points = min(points, cap)
        scores[CATEGORY_OF[card.colour]] += points
    counts, wildcards = city.science
    if copied:
        counts = tuple(n + sum(g.science == s for g in copied) for n, s in zip(counts, SCIENCE_SYMBOLS))
        wildcards += sum(g.wildcards for g in copied)
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


def _with_courtesan(city: City, left: City, right: City, copied: tuple[Gains, ...]) -> CityScore:
    """With the Courtesans Guild (Leaders), the neighbour's leader whose copy scores most, as if the city
    had recruited it; the points it adds to the leaders row are the guild's, so they go to the guilds row."""
    plain = _plain_score(city, left, right, copied)
    if not city.boxes or not any("copy_neighbour_leader" in c.gains.powers for c in city.infos):
        return plain
    best = plain
    for leader in sorted({i for n in (left, right) for i in n.leaders} - set(city.leaders)):
        scored = _plain_score(city.but(leaders=city.leaders + (leader,)), left, right, copied)
        scores = dict(scored.scores)
        moved = scores["leaders"] - plain.scores["leaders"]
        scores["leaders"] -= moved
        cap = seafaring.guild_cap(city)      # the copy is the guild's points: Armada's cap holds for it
        scores["guilds"] += moved if cap is None else min(moved, cap)
        if best.copied_leader is None or sum(scores.values()) > best.total:
            best = CityScore(scores, scored.science, copied_leader=leader)
    return best


def _stage_copies(city: City, left: City, right: City) -> tuple[list[list[Gains]], bool]:
    """Manneken Pis: for each built stage that copies a neighbour's stage, the stages it may copy (a
    stage copying either neighbour: the player's choice, the best taken), and whether the city cannot
    tell: a copied stage its neighbour has not built (the sources do not say whether it must be built),
    or one whose points hang on what a city does not record."""
    choices, unsure = [], False
    for effect in (e for stage in city.built_stages for e in stage.gains.stage_copies):
        options = []
        for side in effect.sides:
            neighbour = left if side == "left" else right
            if effect.stage > len(neighbour.board.stages):
                options.append(Gains())         # no such stage on its board: nothing to copy
                continue
            copied = neighbour.board.stages[effect.stage - 1]
            built = any(s.number == effect.stage for s in neighbour.built_stages)
            unsure |= (not built or copied.gains.uncounted or bool(copied.gains.stage_copies)
                       or "copy_guild" in copied.gains.powers)
            options.append(copied.gains)
        choices.append(options)
    return choices, unsure


def score_city(city: City, left: City, right: City) -> CityScore:
    """A city's score, with the neighbours' stages a Manneken Pis copies chosen for the best total."""
    if not city.boxes:                  # the base game: no box's board, leader or guild to resolve
        return _score_copying_guild(city, left, right, ())
    choices, unsure = _stage_copies(city, left, right)
    best = None
    for copied in product(*choices):
        scored = _score_copying_guild(city, left, right, copied)
        if best is None or scored.total > best.total:
            best = scored
    colour_unknown = not city.colour_under and any(s.gains.colour_under for s in city.built_stages)
    typed = ("wonder",) if unsure or boxes.burial_points(city)[1] or colour_unknown else ()
    if (left.buried or right.buried) and boxes.counts_neighbours_leaders(city):
        typed += ("guilds",)
    return replace(best, typed=typed) if typed else best


def _score_copying_guild(city: City, left: City, right: City, copied: tuple[Gains, ...]) -> CityScore:
    """A city's score; with Olympia B's last stage, the neighbour's guild that scores most is copied.

    The copy counts as if the city had built the guild (seed 004, Olympia B),
    so a copied Shipowners Guild counts itself and a copied Scientists Guild
    adds a wildcard; it never changes the neighbour's score, and a guild whose
    name the city already holds cannot be copied (no two buildings alike).
    """
    plain = _with_courtesan(city, left, right, copied)
    if "copy_guild" not in city.powers:
        return plain
    candidates = sorted({c.id for n in (left, right) for c in n.infos
                         if c.colour is Colour.PURPLE and c.name not in city.names})
    best = plain
    for guild in candidates:    # a guild never takes points away: the best copy is never worse
        with_guild = _with_courtesan(city.but(cards=city.cards + (guild,)), left, right, copied)
        if best.copied_guild is None or with_guild.total > best.total:
            best = replace(with_guild, copied_guild=guild)
    return best


def score_cities(cities: Sequence[City]) -> list[CityScore]:
    """Every city's score; cities[i + 1] (wrapping) sits on the left of cities[i]."""
    n = len(cities)
    return [score_city(c, cities[(i + 1) % n], cities[i - 1]) for i, c in enumerate(cities)]


def ranks(totals: Sequence[tuple[int, int]]) -> list[int]:
    """Rank by total, then coins; players still tied share the rank (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]
