"""What the boxes in play change in a build's price (the `trade` answer with "expansions").

Leaders: Imhotep, Hammurabi, Leonidas and Archimedes each waive one resource of a wonder stage, a
blue, a red or a green card (the player picks the one that saves most); Bilkis buys one resource a
turn from the bank for 1 coin (bought when it is the cheaper way, or the only one).
Cities: the Architect Cabinet builds wonder stages without their resources; a Clandestine Dock takes a
coin off the first resource bought each turn from its side's neighbour (the purchases kept are the
cheapest ones before it: a dearer one it would bring level is not listed).
Every way of using them is priced by the same market as a plain build, and the cheapest is kept;
a build the plain price cannot pay may become possible.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ...catalog import Game, catalog
from ..resources import ZERO, Vector
from .city import City
from .facts import CardInfo
from .payment import Purchase, Quote
from .pricing import Price, quote_need

WONDER = "wonder"


def _leader_effects(city: City, kind: str) -> list:
    if not city.leaders:
        return []
    things = {t.id: t for t in catalog().box_list(Game.SEVEN_WONDERS, city.edition, "leaders")}
    return [e for ident in city.leaders if ident in things for e in things[ident].effects if e.kind == kind]


def waived(city: City, applies: str) -> int:
    """How many resources of a build of that kind (a colour's value, or "wonder") the leaders waive."""
    return sum(e.amount for e in _leader_effects(city, "discount_resources") if e.applies_to == applies)


def bank_price(city: City) -> int | None:
    """The coins a resource bought from the bank costs (Bilkis), or None."""
    prices = [e.price for e in _leader_effects(city, "buy_from_bank")]
    return min(prices) if prices else None


def _fewer(need: Vector, n: int):
    """`need` with every choice of n of its units taken off (all of them when it holds no more)."""
    units = [i for i, k in enumerate(need) for _ in range(k)]
    if n >= len(units):
        yield ZERO
        return
    for dropped in set(combinations_with_replacement(sorted(set(units)), n)):
        out = list(need)
        for i in dropped:
            out[i] -= 1
        if min(out) >= 0:
            yield tuple(out)


def _better(a: Price, b: Price) -> bool:
    return b.possible and (not a.possible or b.total < a.total)


def with_boxes(city: City, left: City, right: City, price: Price, applies: str) -> Price:
    """The cheapest price of a build once the boxes' discounts are used; `price` when none applies."""
    if price.free or not city.boxes:
        return price
    if applies == WONDER and any("free_wonder_resources" in g.powers for g in city.gains):
        return Price(ZERO, price.bank, quote_need(city, left, right, ZERO))
    n, bank = waived(city, applies), bank_price(city)
    best = with_rebates(city, price)
    if not n and bank is None:
        return best
    for need in _fewer(price.need, n):
        options = [(need, 0)]
        if bank is not None:
            options += [(tuple(k - (j == i) for j, k in enumerate(need)), bank) for i, k in enumerate(need) if k]
        for reduced, extra in options:
            found = with_rebates(city, Price(reduced, price.bank + extra, quote_need(city, left, right, reduced)))
            if _better(best, found):
                best = found
    return best


def rebates(city: City) -> tuple[int, int]:
    """The coins a Clandestine Dock takes off the first resource bought this turn from the left and right."""
    out = {"left": 0, "right": 0}
    for g in city.gains:
        for e in g.rebates:
            for side in e.sides:
                out[side] = max(out[side], e.amount)
    return out["left"], out["right"]


def with_rebates(city: City, price: Price) -> Price:
    """The price once the Clandestine Docks' coin is taken off a side paid something."""
    left, right = rebates(city)
    if not (left or right) or not price.possible or price.free:
        return price
    bought = [Purchase(max(0, p.left - left) if p.left else 0, max(0, p.right - right) if p.right else 0,
                       p.from_left, p.from_right) for p in price.quote.purchases]
    best = min(p.left + p.right for p in bought)
    kept = tuple(sorted({(p.left, p.right): p for p in bought if p.left + p.right == best}.values(), reverse=True))
    return Price(price.need, price.bank, Quote(best, kept), price.free)


def applies_to(card: CardInfo) -> str:
    return card.colour.value
