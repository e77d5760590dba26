"""What a build costs under the decrees that change prices (card_db/duel/agora.toml, BGA's
Material.php), for the player who controls their chamber; the Duel's pricing otherwise.

- a colour's decree ignores one symbol of that colour's cost: a resource, or the coins;
- the wonders' decree waives one resource of a wonder's cost (as Architecture does);
- a bank decree buys each unit of its resources a coin cheaper, never below 1;
- the chains' decree lets a card chain from the opponent's cards as from one's own.
"""
from __future__ import annotations

from operator import mul

from ....catalog import Resource
from ...resources import INDEX, subtract_floor, useful_choices
from ..city import City
from ..facts import Facts
from ..pricing import CHAINED, Price, bought_price, price as duel_price, unit_prices, waiver_for
from .facts import Step


def priced(player: City, opponent: City, target: Facts, decrees: list[Step]) -> Price:
    """The cheapest payment for `target` with `decrees` (the price decrees `player` holds)."""
    if not decrees:
        return duel_price(player, opponent, target)
    kinds = {d.kind for d in decrees}
    if "chain_from_opponent" in kinds and target.kind == "card" and target.chains_from \
            and not target.chains_from.isdisjoint(opponent.chain_sources):
        return CHAINED
    base = duel_price(player, opponent, target)
    if base.free_by_chain:
        return base
    prices = list(unit_prices(player, opponent))
    for d in decrees:
        if d.kind == "bank_discount":
            for r in d.resources:
                i = INDEX[Resource(r)]
                prices[i] = max(1, prices[i] - d.amount)
    waive = waiver_for(player, target)
    waive += sum(d.amount for d in decrees if d.kind == "waive_resources" and d.applies_to == target.kind)
    colour = target.colour.value if target.kind == "card" and target.colour else None
    ignore = sum(d.amount for d in decrees if d.kind == "ignore_cost_symbol" and colour in d.colours)
    best = _bought(player, opponent, target, tuple(prices), waive + ignore, target.coin_cost)
    if ignore and target.coin_cost:         # or the coins' symbol ignored instead of a resource
        best = min(best, _bought(player, opponent, target, tuple(prices), waive, 0), key=lambda p: p.total)
    return best if best.total < base.total else base


def _bought(player: City, opponent: City, target: Facts, prices, waive: int, coin_cost: int) -> Price:
    fixed, choices = player.production
    start = subtract_floor(target.need, fixed)
    useful = useful_choices(start, choices) if choices else ()
    if not useful and not waive:
        coins = sum(map(mul, start, prices))
        return Price(coin_cost + coins, coin_cost, coins, start, opponent_gains=coins if opponent.trade_income else 0)
    return bought_price(coin_cost, start, useful, prices, waive, opponent.trade_income)

