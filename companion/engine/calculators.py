"""The standalone calculators: the engine's rules on abstract input.

A player at the table often knows what they make and what their neighbours
sell, not every card's name: these take production as counts and "one of"
choices and answer with the same rules the full engine uses.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..catalog import Game, Resource, catalog
from .duel.pricing import cheapest_purchase
from .messages import Coins, M, Msg
from .resources import ZERO, Vector, as_dict, options_mask, vector
from .seven_wonders.payment import Offer, quote, shortage
from .seven_wonders.production import prices
from .seven_wonders.science import Science, best_science
from .seven_wonders.facts import tables

BASE_DISCOUNT_CARDS = ("east-trading-post", "west-trading-post", "marketplace")
OLYMPIA_B_DISCOUNT = "olympia-b"          # the 1st edition's Olympia B, first stage


# -- what the calculators' forms offer: the cards to price and the "one of" productions printed

def base_cards(edition: int) -> list:
    """A 7 Wonders edition's cards, by age then name, for "price this card"."""
    return sorted(catalog().card_list(Game.SEVEN_WONDERS, edition), key=lambda c: (c.age, c.name))


def base_choices(edition: int, tradable_only: bool) -> list[tuple[str, ...]]:
    return _printed_choices(Game.SEVEN_WONDERS, edition, tradable_only)


def duel_targets() -> list:
    """The Duel's cards and wonders, by age (wonders last) then name."""
    cat = catalog()
    return sorted(list(cat.card_list(Game.DUEL)) + list(cat.wonder_list(Game.DUEL)),
                  key=lambda e: (getattr(e, "age", 4), e.name))


def duel_choices() -> list[tuple[str, ...]]:
    return _printed_choices(Game.DUEL, None, False)


def _printed_choices(game: Game, edition: int | None, tradable_only: bool) -> list[tuple[str, ...]]:
    """The "one of" productions printed in this game, as resource lists."""
    cat = catalog()
    found = set()
    effects = [e for c in cat.card_list(game, edition) for e in c.effects]
    if game is Game.SEVEN_WONDERS:
        effects += [e for w in cat.wonder_list(game, edition) for s in w.sides for st in s.stages for e in st.effects]
    else:
        effects += [e for w in cat.wonder_list(game) for e in w.effects]
    order = list(Resource)
    for e in effects:
        if e.kind == "produce_one_of" and (e.tradable or not tradable_only):
            # One field per set of resources: the Caravansery prints wood/clay/stone and the
            # Great Lighthouse stone/clay/wood, the same choice (two boxes looked alike).
            found.add(tuple(r.value for r in sorted(e.options, key=order.index)))
    return sorted(found, key=lambda c: (len(c), c))



@dataclass(frozen=True)
class Supply:
    """Production as a player describes it: fixed units, and cards that make one of several."""
    fixed: Mapping[Resource, int] = field(default_factory=dict)
    choices: tuple[tuple[Resource, ...], ...] = ()

    def fixed_vector(self) -> Vector:
        return vector(self.fixed) if self.fixed else ZERO

    def masks(self) -> tuple[int, ...]:
        return tuple(sorted(options_mask(c) for c in self.choices))


def science(tablet: int, compass: int, gear: int, wildcards: int) -> Science:
    """The best science score, with what each wildcard became (7 Wonders)."""
    return best_science((tablet, compass, gear), wildcards)


@dataclass(frozen=True)
class BaseTrade:
    possible: bool
    total: int | None                       # coins leaving the player: bank + neighbours
    bank: int
    splits: tuple[tuple[int, int], ...]     # every cheapest (left, right) payment
    buys: tuple[tuple[dict, dict], ...]     # what each split buys from (left, right)
    reason: Msg | None


def base_trade(edition: int, need: Mapping[Resource, int], coin_cost: int, own: Supply, left: Supply,
               right: Supply, discounts: Iterable[str] = (), coins: int | None = None) -> BaseTrade:
    """The cheapest way to pay a cost in 7 Wonders, and whom to pay.

    `discounts` names the discount cards the player owns (the trading posts,
    the Marketplace, or "olympia-b"); they are not cumulative.
    """
    table = tables(edition)
    gains = [table.cards[d].gains for d in discounts if d in table.cards]
    if OLYMPIA_B_DISCOUNT in discounts and edition == 1:
        gains.append(table.board("olympia", "B").stages[0].gains)
    left_prices, right_prices = prices(gains)
    wanted = vector(need)
    left_offer = Offer(left.fixed_vector(), left.masks())
    right_offer = Offer(right.fixed_vector(), right.masks())
    answer = quote(wanted, own.fixed_vector(), own.masks(), left_offer, right_offer, left_prices, right_prices)
    if not answer.possible:
        return BaseTrade(False, None, coin_cost, (), (),
                         shortage(wanted, own.fixed_vector(), own.masks(), left_offer, right_offer))
    total = coin_cost + answer.total
    reason = None
    if coins is not None and total > coins:
        reason = M("calc.costs_you_have", cost=Coins(total), coins=Coins(coins))
    return BaseTrade(reason is None, total, coin_cost, answer.splits,
                     tuple((as_dict(p.from_left), as_dict(p.from_right)) for p in answer.purchases), reason)


@dataclass(frozen=True)
class DuelTrade:
    total: int            # coins the player pays
    bank: int             # the printed coin cost
    trade: int            # coins for resources bought
    bought: dict
    waived: dict


def duel_trade(need: Mapping[Resource, int], coin_cost: int, own: Supply,
               opponent_brown_grey: Mapping[Resource, int], fixed_price: Iterable[Resource] = (),
               waive: int = 0) -> DuelTrade:
    """Duel: buy what own production leaves at 2 + the opponent's brown/grey units
    (1 where a card fixes it), after waiving the `waive` dearest units."""
    cheap = set(fixed_price)
    unit = tuple(1 if r in cheap else 2 + opponent_brown_grey.get(r, 0) for r in Resource)
    cost, bought, waived = cheapest_purchase(vector(need), own.fixed_vector(), own.masks(), unit, waive)
    return DuelTrade(coin_cost + cost, coin_cost, cost, as_dict(bought), as_dict(waived))
