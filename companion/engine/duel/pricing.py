"""What a build costs in Duel: own production first, then the bank's prices.

Seed 000 (Comertul): a missing resource costs 2 + the number of that
resource's symbols on the opponent's brown and grey cards, paid to the bank;
a yellow card can fix the price at 1. Production of yellow cards and wonders
("one of") covers the owner's costs but never raises the opponent's price.
Architecture (wonders) and Masonry (blue cards) waive two resources of the
player's choice: the engine waives the two that save the most.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import mul

from ...catalog import Colour
from ..cached import instance
from ..resources import RESOURCES, ZERO, Vector, remainders, shortfalls, subtract_floor, useful_choices
from .city import City
from .facts import Facts


@dataclass(frozen=True)
class Price:
    """The cheapest way to pay for one build."""
    total: int                 # coins leaving the player
    card_coins: int            # the printed coin cost, to the bank
    trade: int                 # coins spent buying resources
    bought: Vector = ZERO      # units bought, by resource
    waived: Vector = ZERO      # units Architecture/Masonry waived
    free_by_chain: bool = False
    opponent_gains: int = 0    # Economy: the opponent receives the trade coins

    @classmethod
    def quick(cls, total: int, card_coins: int, trade: int, bought: Vector, opponent_gains: int) -> "Price":
        """Price(total, card_coins, trade, bought, opponent_gains=...) with nothing waived, not
        chained, made without the frozen dataclass's field-by-field __init__ (pricing's hot path)."""
        return instance(cls, {"total": total, "card_coins": card_coins, "trade": trade, "bought": bought,
                              "waived": ZERO, "free_by_chain": False, "opponent_gains": opponent_gains})

    @property
    def bank(self) -> int:
        return self.total - self.opponent_gains


def unit_prices(player: City, opponent: City) -> Vector:
    """The bank's price of one unit of each resource for `player`."""
    return _unit_prices(player.fixed_price_mask, opponent.tradable)


@lru_cache(maxsize=1 << 12)
def _unit_prices(mask: int, tradable: Vector) -> Vector:
    return tuple(1 if mask >> i & 1 else 2 + n for i, n in enumerate(tradable))


@lru_cache(maxsize=1 << 16)
def cheapest_purchase(need: Vector, fixed: Vector, choices: tuple[int, ...], prices: Vector,
                      waive: int) -> tuple[int, Vector, Vector]:
    """(coins, bought, waived): the cheapest purchase of what own production leaves."""
    return cheapest_of(remainders(need, fixed, choices), prices, waive)


@lru_cache(maxsize=1 << 16)
def cheapest_of(shortfalls: frozenset[Vector], prices: Vector, waive: int) -> tuple[int, Vector, Vector]:
    """`cheapest_purchase` by the shortfalls own production leaves (a key many cities share).

    Every minimal shortfall of the shared search is priced; the `waive` most
    expensive units of each are free. A smaller shortfall never costs more,
    so the minimal ones are enough.
    """
    best: tuple[int, Vector, Vector] | None = None
    if not waive:          # nothing waived (most builds): a shortfall costs its units at their prices
        for short in shortfalls:
            coins = sum(map(mul, short, prices))
            if best is None or coins < best[0]:
                best = (coins, short, ZERO)
        assert best is not None
        return best
    for short in shortfalls:
        units = sorted(((prices[i], i) for i, n in enumerate(short) for _ in range(n)), reverse=True)
        free = units[:waive]
        waived = [0] * len(RESOURCES)
        for _, i in free:
            waived[i] += 1
        bought = tuple(n - w for n, w in zip(short, waived))
        coins = sum(p for p, _ in units[waive:])
        if best is None or coins < best[0]:
            best = (coins, bought, tuple(waived))
    assert best is not None
    return best


def waiver_for(player: City, target: Facts) -> int:
    """How many resources Architecture (wonders) or Masonry (blue cards) waive here."""
    if target.kind == "wonder":
        return player.waivers.get("wonder", 0)
    if target.colour is Colour.BLUE:
        return player.waivers.get("blue", 0)
    return 0


def affordable(player: City, opponent: City, target: Facts, prices: Vector) -> bool:
    """Whether `player` can pay for `target` now: `price(...).total <= coins`, searched only
    when the answer is in doubt. Buying every unit of the cost at the unit prices is one
    way to pay, so a city holding that much pays; one holding less than the printed coins
    pays only by a chain."""
    coins = player.coins
    if target.coin_cost > coins:
        return chains(player, target) or _engineered(player, target) <= coins
    if target.coin_cost + sum(map(mul, target.need, prices)) <= coins:
        return True
    return price(player, opponent, target, prices).total <= coins


def _engineered(player: City, target: Facts) -> float:
    """What Engineering (Pantheon) asks for a card with a chain symbol; infinite without it."""
    cost = player.chain_for_coins if target.chains_from and target.kind == "card" else None
    return float("inf") if cost is None else cost


def chains(player: City, card: Facts) -> bool:
    return bool(card.chains_from) and card.kind == "card" and not card.chains_from.isdisjoint(player.chain_sources)


def price(player: City, opponent: City, target: Facts, prices: Vector | None = None) -> Price:
    """The cheapest payment for `player` to build `target` (a card or a wonder).

    `prices` may hold `unit_prices(player, opponent)` when pricing many targets.
    A chain is looked at first; any other price is kept in the city's memo
    (City.costs): it follows from the player's production and tokens, the
    unit prices and the opponent's Economy, and not from the chains.
    """
    if target.chains_from and chains(player, target):      # most cards chain from nothing: no call
        return CHAINED
    if prices is None:
        prices = unit_prices(player, opponent)
    key = (target.id, prices, opponent.trade_income)
    memo = player.__dict__.get("_costs") or player.costs    # the property only to make it
    found = memo.get(key)
    if found is None:
        found = _price(player, opponent, target, prices)
        if target.chains_from and _engineered(player, target) < found.total:      # Pantheon's Engineering
            found = Price(player.chain_for_coins, player.chain_for_coins, 0)
        memo[key] = found
    return found


CHAINED = Price(0, 0, 0, free_by_chain=True)


def _price(player: City, opponent: City, target: Facts, prices: Vector) -> Price:
    """The price of a build not chained (`price` looks at the chains)."""
    fixed, choices = player.production
    start = subtract_floor(target.need, fixed)
    useful = useful_choices(start, choices) if choices else ()
    waive = waiver_for(player, target) if player.waivers else 0
    if not useful and not waive:
        # Most builds: what fixed production leaves is bought unit by unit, the one
        # shortfall there is (remainders' answer), so there is nothing to search.
        coins = sum(map(mul, start, prices))
        return Price.quick(target.coin_cost + coins, target.coin_cost, coins, start,
                           coins if opponent.trade_income else 0)
    return bought_price(target.coin_cost, start, useful, prices, waive, opponent.trade_income)


@lru_cache(maxsize=1 << 16)
def bought_price(coin_cost: int, start: Vector, useful: tuple[int, ...], prices: Vector,
                 waive: int, opponent_trade_income: bool) -> Price:
    """The price of a build not chained, by what fixed production leaves (`start`) and
    the "one of" sources that serve (`useful`): the same for every city with these,
    so one frozen Price serves them all."""
    short = shortfalls(start, useful) if useful else frozenset((start,))
    coins, bought, waived = cheapest_of(short, prices, waive)
    gains = coins if opponent_trade_income else 0
    return Price(coin_cost + coins, coin_cost, coins, bought, waived, False, gains)
