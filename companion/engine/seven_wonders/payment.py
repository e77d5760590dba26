"""The exact search for the cheapest way to pay a cost.

Own production is used first: `remainders` (shared with the Duel) gives every
minimal shortfall a city can leave, one per way of using its choice cards.
Each shortfall is then split between the two neighbours: for every resource,
how many units come from the left and how many from the right. A split is
possible when each neighbour can sell its part at once (its fixed production
plus one unit a choice card), and costs the units times that side's price.

Only minimal shortfalls need pricing: every price is at least 1 coin, so
buying more than a minimal shortfall always costs strictly more. The splits
of a shortfall are tried cheapest first, so the search stops at the first
cost above the best found and still returns every distinct cheapest
(left, right) split, for the player to choose whom to pay.

Most shortfalls need no search: when no neighbour's choice card offers two
of the resources short, each resource is bought on its own, from the side
that sells it cheaper as far as that side can, and the cheapest splits are
the ways to reach the sum (`_quotes_apart`: the same purchases the search
finds, tested against it).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from ..cached import cached
from ..messages import Amount, Listed, M, Msg
from ..resources import RESOURCES, ZERO, Vector, remainders


class Offer(NamedTuple):
    """What one city sells to a neighbour: fixed units and choice cards (option masks).

    A named tuple rather than a dataclass: it is part of the payment search's
    cache key, hashed on every look-up, and a tuple hashes without a Python call."""
    fixed: Vector = ZERO
    choices: tuple[int, ...] = ()

    def most(self, i: int) -> int:
        """The most units of resource i this city can sell in one turn."""
        if not self.choices:
            return self.fixed[i]
        return self.fixed[i] + sum(1 for m in self.choices if m >> i & 1)

    def most_of_each(self) -> Vector:
        if not self.choices:
            return self.fixed
        out = list(self.fixed)
        for m in self.choices:
            for i in range(len(out)):
                if m >> i & 1:
                    out[i] += 1
        return tuple(out)


class Purchase(NamedTuple):
    """One way to buy a shortfall (a named tuple: made by the thousand in a game)."""
    left: int                   # coins paid to the left neighbour
    right: int                  # coins paid to the right neighbour
    from_left: Vector
    from_right: Vector


@dataclass(frozen=True)
class Quote:
    """The cheapest purchases covering what own production leaves short.

    `total` is None when no purchase can cover it. `purchases` holds one
    purchase for each distinct cheapest (left, right) split.
    """
    total: int | None
    purchases: tuple[Purchase, ...] = ()

    @property
    def possible(self) -> bool:
        return self.total is not None

    @cached
    def splits(self) -> tuple[tuple[int, int], ...]:
        return tuple((p.left, p.right) for p in self.purchases)


NOTHING_TO_BUY = Quote(0, (Purchase(0, 0, ZERO, ZERO),))
IMPOSSIBLE = Quote(None)


@lru_cache(maxsize=1 << 16)
def _cover(deficit: Vector, choices: tuple[int, ...]) -> bool:
    """Whether the choice cards, one unit each, can cover `deficit` (a small matching)."""
    for i, n in enumerate(deficit):
        if n:
            break
    else:
        return True
    bit = 1 << i
    rest = deficit[:i] + (n - 1,) + deficit[i + 1:]
    tried = set()
    for j, mask in enumerate(choices):
        if mask & bit and mask not in tried:    # identical cards are interchangeable
            tried.add(mask)
            if _cover(rest, choices[:j] + choices[j + 1:]):
                return True
    return False


def supplies(offer: Offer, want: Vector) -> bool:
    """Whether a city can sell `want` in one turn."""
    deficit = tuple(w - f if w > f else 0 for w, f in zip(want, offer.fixed))
    short = sum(deficit)
    if short == 0:
        return True
    if short > len(offer.choices):
        return False
    return _cover(deficit, offer.choices)


def _splits(s: Vector, left: Offer, right: Offer, lp: Vector, rp: Vector):
    """Every split of shortfall `s` worth trying: (cost, left coins, units from the left)."""
    axes, ranges = [], []
    for i, n in enumerate(s):
        if n:
            lo, hi = max(0, n - right.most(i)), min(n, left.most(i))
            if lo > hi:
                return []                       # the two neighbours together sell too few
            axes.append(i)
            ranges.append(range(lo, hi + 1))
    out = []
    for combo in product(*ranges):
        lcost = rcost = 0
        for i, k in zip(axes, combo):
            lcost += k * lp[i]
            rcost += (s[i] - k) * rp[i]
        out.append((lcost + rcost, lcost, combo, axes))
    return out


def _units(axes, combo, s: Vector) -> tuple[Vector, Vector]:
    from_left = [0] * len(RESOURCES)
    for i, k in zip(axes, combo):
        from_left[i] = k
    return tuple(from_left), tuple([n - k for n, k in zip(s, from_left)])


@lru_cache(maxsize=1 << 15)
def quote(need: Vector, own_fixed: Vector, own_choices: tuple[int, ...], left: Offer, right: Offer,
          left_prices: Vector, right_prices: Vector) -> Quote:
    """The cheapest purchases from the neighbours that let a city pay `need`."""
    return quote_shortfalls(remainders(need, own_fixed, own_choices), left, right, left_prices, right_prices)


@lru_cache(maxsize=1 << 15)
def quote_shortfalls(shortfalls: frozenset[Vector], left: Offer, right: Offer,
                     left_prices: Vector, right_prices: Vector) -> Quote:
    """`quote` by the shortfalls own production leaves: cities of other
    productions, and other costs, often leave the same ones."""
    if ZERO in shortfalls:
        return NOTHING_TO_BUY
    if len(shortfalls) == 1:           # the usual case: nothing to order, nothing to cut short
        bound = [(0, next(iter(shortfalls)))]
    else:
        cheaper = tuple(min(a, b) for a, b in zip(left_prices, right_prices))
        bound = sorted((sum(n * p for n, p in zip(s, cheaper)), s) for s in shortfalls)
    if not any(_coupled(s, left, right) for _, s in bound):
        return _quotes_apart([s for _, s in bound], left, right, left_prices, right_prices)
    return _search(bound, left, right, left_prices, right_prices)


def _search(bound: list[tuple[int, Vector]], left: Offer, right: Offer, left_prices: Vector,
            right_prices: Vector) -> Quote:
    """The search itself: `bound` holds the shortfalls with a lower bound of their
    cost, in order; each shortfall's splits are tried cheapest first."""
    best: int | None = None
    found: dict[tuple[int, int], Purchase] = {}
    for low, s in bound:
        if best is not None and low > best:
            break                               # no split of this or a later shortfall can tie
        for cost, lcost, combo, axes in sorted(_splits(s, left, right, left_prices, right_prices)):
            if best is not None and cost > best:
                break
            split = (lcost, cost - lcost)
            if cost == best and split in found:
                continue
            from_left, from_right = _units(axes, combo, s)
            if supplies(left, from_left) and supplies(right, from_right):
                if best is None or cost < best:
                    best, found = cost, {}
                found[split] = Purchase(split[0], split[1], from_left, from_right)
    if best is None:
        return IMPOSSIBLE
    return Quote(best, tuple(found[k] for k in sorted(found, reverse=True)))


def _coupled(s: Vector, left: Offer, right: Offer) -> bool:
    """Whether a neighbour's choice card offers two resources of shortfall `s`: only
    then does buying one of them limit how many of the other it can sell."""
    support = 0
    for i, n in enumerate(s):
        if n:
            support |= 1 << i
    for m in left.choices + right.choices:
        m &= support
        if m & (m - 1):
            return True
    return False


def _quotes_apart(shortfalls: list[Vector], left: Offer, right: Offer, lp: Vector, rp: Vector) -> Quote:
    """The search's answer when no shortfall is coupled: each priced apart, the
    cheapest kept; at a tie, a split keeps the purchase of the shortfall the
    search tries first (`shortfalls` is in that order)."""
    if len(shortfalls) == 1:
        return _quote_apart(shortfalls[0], left, right, lp, rp)
    best: int | None = None
    found: dict[tuple[int, int], Purchase] = {}
    for s in shortfalls:
        q = _quote_apart(s, left, right, lp, rp)
        if q.total is None or (best is not None and q.total > best):
            continue
        if best is None or q.total < best:
            best, found = q.total, {}
        for p in q.purchases:
            found.setdefault((p.left, p.right), p)
    if best is None:
        return IMPOSSIBLE
    return Quote(best, tuple(found[k] for k in sorted(found, reverse=True)))


def _quote_apart(s: Vector, left: Offer, right: Offer, lp: Vector, rp: Vector) -> Quote:
    """quote_shortfalls for one shortfall no choice card couples: each resource is
    bought on its own, every split within what each side sells is possible, so the
    cheapest cost is the sum of each resource's cheapest, and the splits are the
    ways of reaching it (a resource sold at one price by both sides may come
    from either). The same answer as the search, purchase for purchase: for each
    (left, right) split, the smallest combination in the order it tries them."""
    axes, ranges = [], []
    best = lcost = 0
    ties = False
    from_left = [0] * len(RESOURCES)
    for i, n in enumerate(s):
        if n:
            lo, hi = max(0, n - right.most(i)), min(n, left.most(i))
            if lo > hi:
                return IMPOSSIBLE               # the two neighbours together sell too few
            a, b = lp[i], rp[i]
            axes.append(i)
            if a == b and lo < hi:
                ranges.append(range(lo, hi + 1))
                best += n * a
                ties = True
                continue
            k = hi if a < b else lo
            ranges.append((k,))
            best += k * a + (n - k) * b
            lcost += k * a
            from_left[i] = k
    if not ties:                                # one cheapest purchase
        from_right = tuple([n - k for n, k in zip(s, from_left)])
        return Quote(best, (Purchase(lcost, best - lcost, tuple(from_left), from_right),))
    found: dict[tuple[int, int], Purchase] = {}
    for combo in product(*ranges):
        lcost = 0
        for i, k in zip(axes, combo):
            lcost += k * lp[i]
        split = (lcost, best - lcost)
        if split not in found:
            from_left, from_right = _units(axes, combo, s)
            found[split] = Purchase(lcost, best - lcost, from_left, from_right)
    return Quote(best, tuple(found[k] for k in sorted(found, reverse=True)))


@lru_cache(maxsize=1 << 12)
def every_split(need: Vector, own_fixed: Vector, own_choices: tuple[int, ...], left: Offer, right: Offer,
                left_prices: Vector, right_prices: Vector) -> frozenset[tuple[int, int]]:
    """Every (left, right) payment that buys a minimal shortfall: the cheapest and the dearer ones.

    A player may pay a neighbour at 2 coins what the other sells at 1; the
    rules allow it, so a tracked game must accept it.
    """
    out = set()
    for s in remainders(need, own_fixed, own_choices):
        if s == ZERO:
            out.add((0, 0))
            continue
        for cost, lcost, combo, axes in _splits(s, left, right, left_prices, right_prices):
            from_left, from_right = _units(axes, combo, s)
            if supplies(left, from_left) and supplies(right, from_right):
                out.add((lcost, cost - lcost))
    return frozenset(out)


# ---------------------------------------------------------------- explaining a shortage

def shortage(need: Vector, own_fixed: Vector, own_choices: tuple[int, ...], left: Offer, right: Offer,
             what=None) -> Msg:
    """One sentence saying why no payment exists (call it only when none does); `what` is built."""
    what = what if what is not None else M("sw.this_build")
    own = Offer(own_fixed, own_choices)
    for i, n in enumerate(need):
        if not n:
            continue
        mine, lsells, rsells = own.most(i), left.most(i), right.most(i)
        have = mine + lsells + rsells
        if have >= n:
            continue
        amount = Amount(n, RESOURCES[i].value)
        parts = []
        if mine:
            parts.append(M("sw.short.you_produce", num=mine))
        if lsells:
            parts.append(M("sw.short.left_sells", num=lsells))
        if rsells:
            parts.append(M("sw.short.right_sells", num=rsells))
        if not parts:
            return M("sw.short.none", what=what, amount=amount)
        missing = n - have
        tail = M(f"sw.short.nth.{have + 1}") if missing == 1 else M("sw.short.others", num=missing)
        return M("sw.short.some", what=what, amount=amount, sold=Listed(tuple(parts), ","), tail=tail)
    rest = tuple(n - f if n > f else 0 for n, f in zip(need, own_fixed))
    wanted = tuple(Amount(n, RESOURCES[i].value) for i, n in enumerate(rest) if n)
    which = "all" if len(wanted) > 2 else "both" if len(wanted) == 2 else "it"
    return M(f"sw.short.at_once.{which}", what=what, amounts=Listed(wanted))
