"""Resource arithmetic shared by both games.

A city covers a cost with its fixed production, then with its "one of"
productions (each gives one unit of one of its options per turn). What is left
must be bought. `remainders` finds every way own production can leave a
shortfall that is not worse than another (a smaller shortfall never costs
more, since prices are never negative); each game then prices those
shortfalls by its own trading rules.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from ..catalog import Resource

RESOURCES: tuple[Resource, ...] = tuple(Resource)
INDEX = {r: i for i, r in enumerate(RESOURCES)}

Vector = tuple[int, ...]          # one count per resource, in RESOURCES order
ZERO: Vector = (0,) * len(RESOURCES)


def vector(counts: Mapping[Resource, int] | Iterable[tuple[Resource, int]]) -> Vector:
    items = counts.items() if isinstance(counts, Mapping) else counts
    out = [0] * len(RESOURCES)
    for resource, n in items:
        out[INDEX[resource]] += n
    return tuple(out)


def as_dict(v: Vector) -> dict[Resource, int]:
    return {RESOURCES[i]: n for i, n in enumerate(v) if n}


def subtract_floor(a: Vector, b: Vector) -> Vector:
    """a - b, never below zero: what `a` still needs after `b` is used."""
    return tuple([x - y if x > y else 0 for x, y in zip(a, b)])   # a list: quicker than a generator


def options_mask(options: Iterable[Resource]) -> int:
    mask = 0
    for r in options:
        mask |= 1 << INDEX[r]
    return mask


def _minimal(states: set[Vector]) -> set[Vector]:
    """Drop every shortfall that is at least as large as another, resource by resource."""
    kept: list[Vector] = []
    for s in sorted(states, key=sum):
        if not any(all(a <= b for a, b in zip(k, s)) for k in kept):
            kept.append(s)
    return set(kept)


@lru_cache(maxsize=65536)
def remainders(need: Vector, fixed: Vector, choices: tuple[int, ...]) -> frozenset[Vector]:
    """Every minimal shortfall after covering `need` with own production.

    `choices` holds one bit mask of options per "one of" source. The answer
    always holds at least one vector; `{ZERO}` means no purchase is needed.
    """
    start = subtract_floor(need, fixed)
    if start == ZERO:
        return ONLY_ZERO
    useful = useful_choices(start, choices)
    if not useful:
        return frozenset((start,))
    return shortfalls(start, useful)


def useful_choices(start: Vector, choices: tuple[int, ...]) -> tuple[int, ...]:
    """The "one of" sources cut to what `start` still lacks, sorted; () when none serves.

    A source's options outside what is still short never serve (the shortfall
    only shrinks), so the search depends on `start` and the sources cut to it:
    many cities and costs share that smaller key."""
    if not choices:
        return ()
    support = 0
    for i, n in enumerate(start):
        if n:
            support |= 1 << i
    return tuple(sorted(m & support for m in choices if m & support))


ONLY_ZERO: frozenset[Vector] = frozenset((ZERO,))


@lru_cache(maxsize=65536)
def shortfalls(start: Vector, choices: tuple[int, ...]) -> frozenset[Vector]:
    """`remainders` once fixed production is used: `start` left, `choices` (sorted) to use."""
    states = {start}
    for mask in choices:
        grown = set(states)
        for s in states:
            for i, n in enumerate(s):
                if n and mask >> i & 1:
                    grown.add(s[:i] + (n - 1,) + s[i + 1:])
        states = _minimal(grown)
        if ZERO in states:
            return ONLY_ZERO
    return frozenset(states)


def can_supply(want: Vector, fixed: Vector, choices: tuple[int, ...]) -> bool:
    """Whether a city's production (fixed plus one-of sources) yields `want` at once."""
    return ZERO in remainders(want, fixed, choices)
