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
from .payment import IMPOSSIBLE, NOTHING_TO_BUY, Quote, every_split, quote_shortfalls, shortage
from .tables import CardInfo

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
    p = city.production
    lp, rp = left.production, right.production
    # The quotes of one city between two neighbours, by cost: a turn asks for
    # each several times (its legal moves, then the check of the move made), and
    # a Production outlives every card built without production.
    # The neighbours are held weakly: two cities' productions holding each other
    # would be cycles, left for the cyclic collector (simulate runs without it).
    market = p.markets.get((id(lp), id(rp)))
    if market is None or market[0]() is not lp or market[1]() is not rp:
        # The most of each resource the three cities make: more is never possible.
        most = tuple(map(sum, zip(p.most, lp.sells_most, rp.sells_most)))
        market = p.markets[id(lp), id(rp)] = (ref(lp), ref(rp), {}, most)
    found = market[2].get(need)
    if found is None:
        if not any(map(gt, need, p.fixed)):
            found = NOTHING_TO_BUY          # what the search answers too, without hashing its key
        elif any(map(gt, need, market[3])):
            found = IMPOSSIBLE
        else:
            # `quote` without its cache: the quotes kept per city and neighbours are what repeats.
            found = quote_shortfalls(remainders(need, p.fixed, p.choices), lp.sells, rp.sells,
                                     p.left_prices, p.right_prices)
        market[2][need] = found
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


def price_stage(city: City, left: City, right: City) -> Price:
    """The next stage of the city's wonder (stages are built in order); call it only when one is left."""
    need = city.board.stages[city.stages].need
    return Price(need, 0, quote_need(city, left, right, need))


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
