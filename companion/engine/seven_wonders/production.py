"""What a city produces, what its neighbours may buy from it, and what it pays them.

- Own production: the starting resource, brown and grey cards, yellow choice
  cards (Forum, Caravansery) and wonder stages (Alexandria).
- Sold to neighbours: only the starting resource and brown and grey cards
  (seeds 003/004, Trade); a choice card sells either option to each buyer,
  whatever its owner uses it for, so it is offered whole to both neighbours.
- Prices: 2 coins a resource; the trading posts (raw materials, one side),
  the Marketplace (manufactured goods, both sides) and Olympia B's first stage
  (raw materials, both sides) lower it to 1. Discounts are not cumulative: the
  price is the lowest that applies, never lower.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cached import cached
from ..resources import RESOURCES, ZERO, Vector
from .payment import Offer
from .facts import Board, CardInfo, Gains, StageInfo

if TYPE_CHECKING:
    from collections.abc import Iterable

BASE_PRICE = 2


@dataclass(frozen=True)
class Production:
    fixed: Vector                  # own fixed production
    choices: tuple[int, ...]       # own "one of" productions (masks)
    sells: Offer                   # what either neighbour may buy from this city
    left_prices: Vector            # coins a resource this city pays its left neighbour
    right_prices: Vector           # ... and its right neighbour

    @cached
    def markets(self) -> dict:
        """Quotes already found, by neighbours (pricing.quote_need)."""
        return {}

    def __getstate__(self) -> dict:
        """Pickled (a game's snapshot, store/games.py) without its quotes found: they are keyed by this
        process's neighbours' ids and hold them weakly, and a weak reference does not pickle (issue 29:
        no 7 Wonders game priced since its last snapshot had one kept, so a restarted server replayed
        every game whole)."""
        values = self.__dict__
        return {k: v for k, v in values.items() if k != "markets"} if "markets" in values else values

    @cached
    def most(self) -> Vector:
        """The most units of each resource the city makes in one turn."""
        return Offer(self.fixed, self.choices).most_of_each()

    @cached
    def sells_most(self) -> Vector:
        """The most units of each resource a neighbour may buy from it in one turn."""
        return self.sells.most_of_each()


def _add(a: Vector, b: Vector) -> Vector:
    return tuple(x + y for x, y in zip(a, b))


def prices(gains: Iterable[Gains]) -> tuple[Vector, Vector]:
    base = (BASE_PRICE,) * len(RESOURCES)
    return _discounted(base, base, gains)


def _discounted(left: Vector, right: Vector, gains: Iterable[Gains]) -> tuple[Vector, Vector]:
    left, right = list(left), list(right)
    for g in gains:
        for d in g.discounts:
            for i in range(len(RESOURCES)):
                if d.mask >> i & 1:
                    if "left" in d.sides:
                        left[i] = min(left[i], d.price)
                    if "right" in d.sides:
                        right[i] = min(right[i], d.price)
    return tuple(left), tuple(right)


def grown(p: Production, g: Gains) -> Production:
    """The production of a city with one more card: what `production` gives it, without
    going through every card again."""
    fixed, choices, sells = p.fixed, p.choices, p.sells
    if g.fixed != ZERO:
        fixed = _add(fixed, g.fixed)
        if g.tradable:
            sells = Offer(_add(sells.fixed, g.fixed), sells.choices)
    if g.choices:
        choices = tuple(sorted(choices + g.choices))
        if g.tradable:
            sells = Offer(sells.fixed, tuple(sorted(sells.choices + g.choices)))
    left, right = p.left_prices, p.right_prices
    if g.discounts:
        left, right = _discounted(left, right, (g,))
    return Production(fixed, choices, sells, left, right)


def production(board: Board, cards: Iterable[CardInfo], stages: Iterable[StageInfo]) -> Production:
    fixed = sell_fixed = board.resource
    choices: list[int] = []
    sell_choices: list[int] = []
    gains = [c.gains for c in cards] + [s.gains for s in stages]
    for g in gains:
        if g.fixed != ZERO:
            fixed = _add(fixed, g.fixed)
            if g.tradable:
                sell_fixed = _add(sell_fixed, g.fixed)
        if g.choices:
            choices.extend(g.choices)
            if g.tradable:
                sell_choices.extend(g.choices)
    left, right = prices(gains)
    return Production(fixed, tuple(sorted(choices)), Offer(sell_fixed, tuple(sorted(sell_choices))), left, right)
