"""What a build costs one city, between its two neighbours.

A card is free by a chain (a card built earlier names it), or by a wonder
power of the 2nd edition's Olympia; otherwise it costs its coins (to the bank)
and its resources (own production first, then bought from the neighbours at
the city's prices). A wonder stage costs its resources only. Coins are
those held at the start of the turn: what the city earns this turn (trade,
sales, card effects) comes too late to spend (seed 004, Trade, example C).
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import gt
from weakref import ref

from ..messages import Coins, Listed, M, Msg
from ..resources import ZERO, Vector, remainders
from .city import City
from .production import Production
from .payment import IMPOSSIBLE, NOTHING_TO_BUY, Quote, every_split, quote_shortfalls, shortage
from .facts import CardInfo

# Why a card costs nothing (None: it is paid for).
CHAIN = "chain"
FIRST_OF_COLOUR = "first of its colour"          # Olympia day, 2nd edition
FIRST_OF_AGE = "first card of the age"           # Olympia night, 2nd edition
LAST_OF_AGE = "last card of the age"             # Olympia night, 2nd edition
FREE_OF_COST = "no cost"
FREE_KEYS = {CHAIN: "sw.free.chain", FIRST_OF_COLOUR: "sw.free.first_of_colour", FIRST_OF_AGE: "sw.free.first_of_age",
             LAST_OF_AGE: "sw.free.last_of_age", FREE_OF_COST: "sw.free.no_cost"}


@dataclass(frozen=True)
class Price:
    need: Vector
    bank: int
    quote: Quote
    free: str | None = None          # why nothing is paid, when nothing is

    @property
    def possible(self) -> bool:
        return self.quote.possible

    @property
    def total(self) -> int | None:
        return None if self.quote.total is None else self.bank + self.quote.total

    def splits(self) -> tuple[tuple[int, int], ...]:
        return self.quote.splits


def quote_need(city: City, left: City, right: City, need: Vector) -> Quote:
    """What the city must buy of its neighbours to pay `need`, cheapest first."""
    m = market(city, left, right)
    found = m.quotes.get(need)
    return found if found is not None else m.quote(need)


class Market:
    """One city between its two neighbours: the quotes found so far, by cost.

    A turn asks for each several times (the legal moves, then the check of
    the move made), and a Production outlives every card built without
    production, so the market of a city is kept on its Production, by its
    neighbours' (held weakly: two productions holding each other would be
    cycles, left to the cyclic collector, which simulate runs without).
    It holds its city's production as plain values for the same reason."""
    __slots__ = ("left", "right", "quotes", "most", "fixed", "choices", "sells_left", "sells_right",
                 "left_prices", "right_prices")

    def __init__(self, p: Production, lp: Production, rp: Production):
        self.left, self.right = ref(lp), ref(rp)
        self.quotes: dict[Vector, Quote] = {}
        # The most of each resource the three cities make: more is never possible.
        self.most = tuple(map(sum, zip(p.most, lp.sells_most, rp.sells_most)))
        self.fixed, self.choices = p.fixed, p.choices
        self.sells_left, self.sells_right = lp.sells, rp.sells
        self.left_prices, self.right_prices = p.left_prices, p.right_prices

    def quote(self, need: Vector) -> Quote:
        """Found and kept: what `quote` answers, without its cache's hashing where it can."""
        if not any(map(gt, need, self.fixed)):
            found = NOTHING_TO_BUY
        elif any(map(gt, need, self.most)):
            found = IMPOSSIBLE
        else:
            found = quote_shortfalls(remainders(need, self.fixed, self.choices), self.sells_left,
                                     self.sells_right, self.left_prices, self.right_prices)
        self.quotes[need] = found
        return found


def market(city: City, left: City, right: City) -> Market:
    p = city.production
    lp, rp = left.production, right.production
    key = (id(lp), id(rp))
    found = p.markets.get(key)
    if found is None or found.left() is not lp or found.right() is not rp:
        found = p.markets[key] = Market(p, lp, rp)
    return found


def dearer_splits(city: City, left: City, right: City, need: Vector) -> frozenset[tuple[int, int]]:
    p = city.production
    return every_split(need, p.fixed, p.choices, left.production.sells, right.production.sells,
                       p.left_prices, p.right_prices)


def free_reason(city: City, card: CardInfo, turn: int | None) -> str | None:
    """Why `card` costs this city nothing, or None. `turn` is the turn of the age (None: unknown)."""
    if city.chained(card):
        return CHAIN
    powers = city.powers
    if powers:
        if "build_free_first_card_of_colour" in powers and city.colours[card.colour] == 0:
            return FIRST_OF_COLOUR
        if "build_free_first_card_of_age" in powers and turn == 1:
            return FIRST_OF_AGE
        if "build_free_last_card_of_age" in powers and turn == 6:
            return LAST_OF_AGE
    if card.is_free:
        return FREE_OF_COST
    return None


def price_card(city: City, left: City, right: City, card: CardInfo, turn: int | None = None) -> Price:
    why = free_reason(city, card, turn)
    if why is not None:
        return Price(ZERO, 0, NOTHING_TO_BUY, why)
    return Price(card.need, card.coins, quote_need(city, left, right, card.need))


def price_stage(city: City, left: City, right: City, number: int | None = None) -> Price:
    """A stage of the city's wonder: the next one (stages are built in order), or `number` on a box's
    board built in any order; call it only when one is left. A coin cost is paid to the bank (Petra)."""
    stage = city.board.stages[city.stages if number is None else number - 1]
    return Price(stage.need, stage.coins, quote_need(city, left, right, stage.need))


def why_not(city: City, left: City, right: City, price: Price, what=None) -> Msg | None:
    """One sentence on why the city cannot pay `price` for `what`, or None when it can."""
    what = what if what is not None else M("sw.this_build")
    if not price.possible:
        p = city.production
        return shortage(price.need, p.fixed, p.choices, left.production.sells, right.production.sells, what)
    if price.total > city.coins:
        return M("sw.costs_you_have", what=what, cost=describe(price.bank, *price.splits()[0]),
                 coins=Coins(city.coins))
    return None


def describe(bank: int, left: int, right: int) -> Msg:
    """A payment: "3 coins (1 coin to the bank, 2 coins to the left neighbour)"."""
    parts = tuple(M(key, coins=Coins(n)) for n, key in ((bank, "sw.pay.bank"), (left, "sw.pay.left"),
                                                        (right, "sw.pay.right")) if n)
    total = bank + left + right
    if len(parts) <= 1:
        return M("coins", num=total)
    return M("sw.pay.parts", total=Coins(total), parts=Listed(parts, ","))


def free_why(why: str) -> Msg:
    """Why a card costs nothing, in words."""
    return M(FREE_KEYS[why])
