"""What the expansion boxes add to a 7 Wonders city's score (card_db/boxes.toml, the boxes' files).

Leaders: each recruited leader scores in the leaders row (its points, its points
for every card, coin or token counted, its sets of colours; Aristotle's points for
each science set), and a leader with a science symbol adds it to the science row.
Cities: the debt the city holds is taken off in the debt row; the black cards score in
the cities row (scoring.CATEGORY_OF), the box's guilds in the guilds row; a mask (Pigeon
Loft, Spy Ring, Torture Chamber) copies one science symbol that a neighbour's green card
shows.
The wildcard symbols and the masks' copies are then chosen for the best total of the
science row and the leaders' science bonus together.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from rapidfuzz import fuzz, process

from ...catalog import Colour, Game, catalog, fold
from ...catalog.model import Effect
from .city import SCIENCE_SYMBOLS
from .science import Science, science_points

LEADERS, CITIES = "leaders", "cities"


@dataclass(frozen=True)
class Leader:
    """A leader's facts the score needs, compiled once from the catalog."""
    id: str
    name: str
    cost: int = 0                                # its cost in coins (Abu Simbel scores a buried one's twice)
    points: int = 0                              # points of its own
    points_per: tuple[Effect, ...] = ()          # points for every `per` things counted
    sets: tuple[Effect, ...] = ()                # points for every set of one card of each colour
    science: str | None = None                   # a science symbol it adds
    set_bonus: int = 0                           # points for each set of the three science symbols
    # 2nd edition:
    most: tuple[Effect, ...] = ()                # points for more of a thing than each neighbour
    no_defeats: int = 0                          # points with no defeat token (Cynisca)
    only_leader: int = 0                         # points when it is the city's only leader (Agrippina)
    token_pairs: bool = False                    # each pair of victory tokens of one value scores it (Gorgo)
    science_most: int = 0                        # one more of the symbol held most (Enheduania)
    science_swap: int = 0                        # a symbol may become another (Aganice)


def _count(effects, kind: str) -> int:
    return sum(1 for e in effects if e.kind == kind)


def _box_leaders(edition: int):
    """Every leader of the edition's boxes: the Leaders box's and the bonus leaders another box prints
    (Cities' six), recruited with the Leaders box's draft."""
    return [t for t in catalog().box_entities(Game.SEVEN_WONDERS, edition) if t.piece == "leader"]


@lru_cache(maxsize=4)
def leaders(edition: int) -> dict[str, Leader]:
    """The leaders of an edition's boxes, by id (none when the boxes have no data for it)."""
    out = {}
    for thing in _box_leaders(edition):
        effects = thing.effects
        out[thing.id] = Leader(
            id=thing.id, name=thing.name, cost=thing.cost.coins,
            points=sum(e.amount for e in effects if e.kind == "points"),
            points_per=tuple(e for e in effects if e.kind == "points_per"),
            sets=tuple(e for e in effects if e.kind == "points_per_set"),
            science=next((e.symbol for e in effects if e.kind == "science"), None),
            set_bonus=sum(e.amount for e in effects if e.kind == "science_set_bonus"),
            most=tuple(e for e in effects if e.kind == "points_if_most"),
            no_defeats=sum(e.amount for e in effects if e.kind == "points_if_no_defeats"),
            only_leader=sum(e.amount for e in effects if e.kind == "points_if_only_leader"),
            token_pairs=_count(effects, "points_per_token_pair") > 0,
            science_most=_count(effects, "science_most"),
            science_swap=_count(effects, "science_swap"))
    return out


@lru_cache(maxsize=4)
def _leader_names(edition: int) -> dict[str, str]:
    """Every leader's printed names (folded: case and accents ignored) and id, to its id."""
    out: dict[str, str] = {}
    for thing in _box_leaders(edition):
        out.update((fold(name), thing.id) for _, name in thing.all_names())
        out.setdefault(thing.id, thing.id)
    return out


@lru_cache(maxsize=4)
def leader_boxes(edition: int) -> dict[str, str]:
    """The box each leader is printed in, by id (Cities' bonus leaders: cities)."""
    return {t.id: t.expansion for t in _box_leaders(edition)}


def find_leader(text: str, edition: int) -> str | None:
    """The leader a player named: its id, or any printed name or alias, case and accents ignored."""
    names = _leader_names(edition)
    return names.get(text.strip()) or names.get(fold(text))


def closest_leader(text: str, edition: int) -> str | None:
    """The leader whose name is closest to a misspelt one (None when none is close)."""
    names = {t.id: fold(t.name) for t in _box_leaders(edition)}
    found = process.extractOne(fold(text), names, scorer=fuzz.WRatio, score_cutoff=70)
    return found[2] if found else None


def set_count(effect: Effect, city) -> int:
    """How many sets of one card of each counted colour the city holds."""
    return min(city.count(what) for what in effect.counts)


def most_of(effect: Effect, city, left, right) -> bool:
    """Whether the city holds more of the counted things than each neighbour (Phryne, Makeda...)."""
    mine = sum(city.count(what) for what in effect.counts)
    return all(mine > sum(n.count(what) for what in effect.counts) for n in (left, right))


def token_pairs(city) -> int:
    """Gorgo: for each pair of victory tokens of one value, that value."""
    won = [t for t in city.military if t > 0]
    return sum(value * (won.count(value) // 2) for value in set(won))


def leader_points(leader: Leader, city, left, right, counted) -> int:
    """A leader's own points (science bonus apart): `counted` is scoring.counted."""
    return (leader.points + sum(counted(e, city, left, right) for e in leader.points_per)
            + sum(e.amount * set_count(e, city) for e in leader.sets)
            + sum(e.amount for e in leader.most if most_of(e, city, left, right))
            + (leader.no_defeats if city.count("defeat_tokens") == 0 else 0)
            + (leader.only_leader if len(city.leaders) == 1 else 0)
            + (token_pairs(city) if leader.token_pairs else 0))


def burial_points(city) -> tuple[int, bool]:
    """Abu Simbel: each leader buried under a stage built scores that stage's times its cost; and whether
    the city cannot tell (a stage that buries a leader built, but fewer leaders buried named)."""
    times = [n for stage in city.built_stages for n in stage.gains.burials]
    known = leaders(city.edition)
    points = sum(n * known[ident].cost for n, ident in zip(times, city.buried))
    return points, len(city.buried) < len(times)


def counts_neighbours_leaders(city) -> bool:
    """Whether a card of the city counts the neighbours' leaders (the Diplomats Guild): a neighbour's
    buried leader (Abu Simbel) is then one no source says whether to count."""
    return any("leaders" in e.counts and set(e.whose) & {"left", "right"}
               for c in city.infos for e in c.gains.points_per)


def with_most_symbol(counts: tuple[int, int, int], extra: int) -> tuple[int, int, int]:
    """One more of the symbol held most, `extra` times (Enheduania), before the wildcards are chosen,
    as Armada's Emerald Archipelago is (seafaring.with_island_science)."""
    for _ in range(extra):
        most = counts.index(max(counts))
        counts = tuple(n + (i == most) for i, n in enumerate(counts))
    return counts


def _swapped(total: tuple[int, int, int], swaps: int):
    """The symbols as they are, and with one symbol turned into another (Aganice), for each swap."""
    yield total
    if swaps:
        for i in range(3):
            for j in range(3):
                if i != j and total[i]:
                    yield tuple(n - (k == i) + (k == j) for k, n in enumerate(total))


def copyable_symbols(left, right) -> tuple[int, ...]:
    """The science symbols (their places in SCIENCE_SYMBOLS) that the neighbours' green cards
    show: what a mask may copy (a wonder stage's or a guild's symbol is not a green card's)."""
    shown = {c.gains.science for n in (left, right) for c in n.infos if c.colour is Colour.GREEN}
    return tuple(i for i, s in enumerate(SCIENCE_SYMBOLS) if s in shown)


def _copies(masks: int, copyable: tuple[int, ...]):
    """Every way the masks may copy: each copies one of the symbols shown (the same one
    more than once too); masks with nothing to copy copy nothing."""
    if not masks or not copyable:
        yield (0, 0, 0)
        return
    for picked in combinations_with_replacement(copyable, masks):
        yield tuple(picked.count(i) for i in range(3))


def best_science_with(counts: tuple[int, int, int], wildcards: int, set_bonus: int,
                      masks: int = 0, copyable: tuple[int, ...] = (), swaps: int = 0) -> tuple[Science, int]:
    """The wildcards and the masks' copies chosen for the most science points and leaders' set
    bonus together: the Science (its points the science row's) and the bonus points (the leaders row's)."""
    best, best_bonus = None, 0
    for copied in _copies(masks, copyable):
        own = tuple(n + c for n, c in zip(counts, copied))
        for a in range(wildcards + 1):
            for b in range(wildcards - a + 1):
                extra = (a, b, wildcards - a - b)
                for total in _swapped(tuple(n + e for n, e in zip(own, extra)), swaps):
                    points, bonus = science_points(*total), set_bonus * min(total)
                    if best is None or points + bonus > best.points + best_bonus:
                        best, best_bonus = Science(points, total, wildcards, extra, copied), bonus
    return best, best_bonus


def row_keys(boxes: tuple[str, ...]) -> tuple[str, ...]:
    """The score rows the boxes in play add, in the boxes' order (the pad orders them for showing)."""
    known = catalog().boxes
    return tuple(row.key for box in boxes for row in known[box].rows)
