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
    points: int = 0                              # points of its own
    points_per: tuple[Effect, ...] = ()          # points for every `per` things counted
    sets: tuple[Effect, ...] = ()                # points for every set of one card of each colour
    science: str | None = None                   # a science symbol it adds
    set_bonus: int = 0                           # points for each set of the three science symbols


@lru_cache(maxsize=4)
def leaders(edition: int) -> dict[str, Leader]:
    """The leaders of an edition's Leaders box, by id (none when the box has no data for it)."""
    out = {}
    for thing in catalog().box_list(Game.SEVEN_WONDERS, edition, LEADERS):
        if thing.piece != "leader":
            continue
        effects = thing.effects
        out[thing.id] = Leader(
            id=thing.id, name=thing.name,
            points=sum(e.amount for e in effects if e.kind == "points"),
            points_per=tuple(e for e in effects if e.kind == "points_per"),
            sets=tuple(e for e in effects if e.kind == "points_per_set"),
            science=next((e.symbol for e in effects if e.kind == "science"), None),
            set_bonus=sum(e.amount for e in effects if e.kind == "science_set_bonus"))
    return out


@lru_cache(maxsize=4)
def _leader_names(edition: int) -> dict[str, str]:
    """Every leader's printed names (folded: case and accents ignored) and id, to its id."""
    out: dict[str, str] = {}
    for thing in catalog().box_list(Game.SEVEN_WONDERS, edition, LEADERS):
        if thing.piece == "leader":
            out.update((fold(name), thing.id) for _, name in thing.all_names())
            out.setdefault(thing.id, thing.id)
    return out


def find_leader(text: str, edition: int) -> str | None:
    """The leader a player named: its id, or any printed name or alias, case and accents ignored."""
    names = _leader_names(edition)
    return names.get(text.strip()) or names.get(fold(text))


def closest_leader(text: str, edition: int) -> str | None:
    """The leader whose name is closest to a misspelt one (None when none is close)."""
    names = {t.id: fold(t.name) for t in catalog().box_list(Game.SEVEN_WONDERS, edition, LEADERS)
             if t.piece == "leader"}
    found = process.extractOne(fold(text), names, scorer=fuzz.WRatio, score_cutoff=70)
    return found[2] if found else None


def set_count(effect: Effect, city) -> int:
    """How many sets of one card of each counted colour the city holds."""
    return min(city.count(what) for what in effect.counts)


def leader_points(leader: Leader, city, left, right, counted) -> int:
    """A leader's own points (science bonus apart): `counted` is scoring.counted."""
    return (leader.points + sum(counted(e, city, left, right) for e in leader.points_per)
            + sum(e.amount * set_count(e, city) for e in leader.sets))


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
                      masks: int = 0, copyable: tuple[int, ...] = ()) -> tuple[Science, int]:
    """The wildcards and the masks' copies chosen for the most science points and leaders' set
    bonus together: the Science (its points the science row's) and the bonus points (the leaders row's)."""
    best, best_bonus = None, 0
    for copied in _copies(masks, copyable):
        own = tuple(n + c for n, c in zip(counts, copied))
        for a in range(wildcards + 1):
            for b in range(wildcards - a + 1):
                extra = (a, b, wildcards - a - b)
                total = tuple(n + e for n, e in zip(own, extra))
                points, bonus = science_points(*total), set_bonus * min(total)
                if best is None or points + bonus > best.points + best_bonus:
                    best, best_bonus = Science(points, total, wildcards, extra, copied), bonus
    return best, best_bonus


def row_keys(boxes: tuple[str, ...]) -> tuple[str, ...]:
    """The score rows the boxes in play add, in the boxes' order (the pad orders them for showing)."""
    known = catalog().boxes
    return tuple(row.key for box in boxes for row in known[box].rows)
