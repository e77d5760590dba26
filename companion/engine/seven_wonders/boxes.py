"""What the expansion boxes add to a 7 Wonders city's score (card_db/boxes.toml, the boxes' files).

Leaders: each recruited leader scores in the leaders row (its points, its points
for every card, coin or token counted, its sets of colours; Aristotle's points for
each science set), and a leader with a science symbol adds it to the science row.
Cities: the debt the city holds is taken off in the debt row.
The wildcard symbols are then chosen for the best total of the science row and
the leaders' science bonus together.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from ...catalog import Game, catalog, fold
from ...catalog.model import Effect
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


def best_science_with(counts: tuple[int, int, int], wildcards: int, set_bonus: int) -> tuple[Science, int]:
    """The wildcards chosen for the most science points and leaders' set bonus together:
    the Science (its points the science row's) and the bonus points (the leaders row's)."""
    best, best_bonus = None, 0
    for a in range(wildcards + 1):
        for b in range(wildcards - a + 1):
            extra = (a, b, wildcards - a - b)
            total = tuple(n + e for n, e in zip(counts, extra))
            points, bonus = science_points(*total), set_bonus * min(total)
            if best is None or points + bonus > best.points + best_bonus:
                best, best_bonus = Science(points, total, wildcards, extra), bonus
    return best, best_bonus


def row_keys(boxes: tuple[str, ...]) -> tuple[str, ...]:
    """The score rows the boxes in play add, in the boxes' order (the pad orders them for showing)."""
    known = catalog().boxes
    return tuple(row.key for box in boxes for row in known[box].rows)
