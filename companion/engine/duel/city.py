"""One player's city: what is built, the coins, and what follows from them.

A City is a frozen value; every change makes a new one. What follows from the
buildings (production, prices, science symbols) is computed once per value
and cached on it, since a turn asks for it many times. A copy that changes
only coins (or the wonders still to build) keeps those caches, and a copy
that adds a card brings them up to date with that card alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import add

from ...catalog import Colour
from ..cached import cached, instance
from ..resources import ZERO, Vector
from .facts import Facts, tables


@dataclass(frozen=True)
class City:
    cards: tuple[str, ...] = ()         # age cards and guilds, in the order built
    wonders: tuple[str, ...] = ()       # wonders built
    wonders_left: tuple[str, ...] = ()  # wonders drafted and not built yet
    progress: tuple[str, ...] = ()      # progress tokens taken
    coins: int = 7
    buried: tuple[str, ...] = ()        # the age cards tucked under built wonders
    granted: tuple[str, ...] = ()       # science symbols granted by no card or token (Pantheon's divinities)

    def but(self, **changes) -> "City":
        """A copy with new coins, wonders still to build or buried cards.

        Nothing cached on a City follows from those, so every derived fact
        (production, prices paid, symbols ...) is kept on the copy."""
        assert changes.keys() <= _KEEPS_FACTS, changes.keys() - _KEEPS_FACTS
        return instance(City, self.__dict__ | changes)

    def with_coins(self, delta: int) -> "City":
        """Coins gained or paid; paying more than the city has is the caller's error,
        left visible (negative) for the invariant checks to catch."""
        return self._paid(self.coins + delta) if delta else self     # a frozen value: no change, no copy

    def losing(self, coins: int) -> "City":
        """Coins taken away by the opponent (loot, The Appian Way): never below 0."""
        return self._paid(max(0, self.coins - coins))

    def _paid(self, coins: int) -> "City":
        """`but(coins=coins)` without its keyword check: the commonest copy of a game."""
        d = self.__dict__.copy()
        d["coins"] = coins
        return instance(City, d)

    def with_card(self, card: str) -> "City":
        """`card` added to the city; the facts already derived are brought up to date
        with the card's own instead of being derived again from every card."""
        f = tables().cards[card]
        old = self.__dict__
        d = old.copy()
        new = instance(City, d)
        # The facts below are each replaced when present (absent, they stay absent);
        # only those not brought up to date here are dropped.
        for name in _CARD_FACTS_DROPPED:
            d.pop(name, None)
        d["cards"] = self.cards + (card,)
        if "card_facts" in old:
            d["card_facts"] = old["card_facts"] + (f,)
        if "production" in old:
            d["production"] = _plus_production(old["production"], f)
        if "tradable" in old:
            d["tradable"] = (old["tradable"] if f.tradable == ZERO
                             else tuple(map(add, old["tradable"], f.tradable)))
        if "fixed_price_mask" in old:
            d["fixed_price_mask"] = old["fixed_price_mask"] | f.fixed_price_mask
        if "colours" in old:
            colours = old["colours"].copy()
            colours[f.colour] = colours.get(f.colour, 0) + 1
            d["colours"] = colours
        if "symbols" in old:
            symbols = old["symbols"]
            if f.symbol:
                symbols = symbols.copy()
                symbols[f.symbol] = symbols.get(f.symbol, 0) + 1
            d["symbols"] = symbols
        if "chain_sources" in old:
            d["chain_sources"] = old["chain_sources"].union((card,))
        memo = old.get("_costs")
        if memo is not None and f.produce == ZERO and not f.choices and not f.fixed_price_mask:
            # A card that neither produces nor fixes a price changes no price kept
            # (chains are looked at before the memo): the memo is shared.
            d["_costs"] = memo
        return new

    def with_wonder(self, wonder: str, under: str) -> "City":
        """`wonder` built with the age card `under` tucked beneath it. Only the wonders'
        own facts are derived again; production takes the wonder's, and the pricing
        memo is kept unless the wonder produces (a price reads production, never wonders)."""
        f = tables().wonders[wonder]
        new = self._without(_WONDER_FACTS)
        d = new.__dict__
        d["wonders"] = self.wonders + (wonder,)
        d["buried"] = self.buried + (under,)
        d["wonders_left"] = tuple(x for x in self.wonders_left if x != wonder)
        if f.produce != ZERO or f.choices:
            d.pop("_costs", None)
            if "production" in d:
                d["production"] = _plus_production(d["production"], f)
        return new

    def with_token(self, token: str) -> "City":
        """Progress `token` taken: the facts read from the tokens are derived again,
        those of the cards and wonders kept."""
        new = self._without(_TOKEN_FACTS)
        new.__dict__["progress"] = self.progress + (token,)
        return new

    def with_symbol(self, symbol: str) -> "City":
        """A science symbol granted by no card or token (a divinity's): the symbols counted again."""
        new = self._without(("symbols",))
        new.__dict__["granted"] = self.granted + (symbol,)
        return new

    def _without(self, facts: tuple[str, ...]) -> "City":
        """A copy keeping every cached fact but `facts`."""
        d = self.__dict__.copy()
        for name in facts:
            d.pop(name, None)
        return instance(City, d)

    @property
    def costs(self) -> dict:
        """What builds cost this city, by (target, the bank's unit prices): pricing's memo.

        It holds the prices not chained (pricing looks at chains first). Such a
        price follows from the city's production and tokens and the opponent's
        brown and grey cards (in the unit prices), never from coins or chains,
        so the memo is shared by the copies that only change coins, or gain a
        card or a wonder that neither produces nor fixes a price, and starts
        empty on any other change. Keys: (target id, ...)."""
        memo = self.__dict__.get("_costs")
        if memo is None:
            memo = self.__dict__["_costs"] = {}
        return memo

    # -- what follows from the buildings ------------------------------------
    @cached
    def card_facts(self) -> tuple[Facts, ...]:
        t = tables()
        return tuple(t.cards[c] for c in self.cards)

    @cached
    def wonder_facts(self) -> tuple[Facts, ...]:
        t = tables()
        return tuple(t.wonders[w] for w in self.wonders)

    @cached
    def token_facts(self) -> tuple[Facts, ...]:
        t = tables()
        return tuple(t.tokens[p] for p in self.progress)

    @cached
    def production(self) -> tuple[Vector, tuple[int, ...]]:
        """Fixed production and the "one of" masks (cards and wonders)."""
        fixed = list(ZERO)
        choices: list[int] = []
        for f in self.card_facts + self.wonder_facts:
            for i, n in enumerate(f.produce):
                fixed[i] += n
            choices.extend(f.choices)
        return tuple(fixed), tuple(sorted(choices))

    @cached
    def tradable(self) -> Vector:
        """Brown and grey production: what makes the opponent pay more for it."""
        out = list(ZERO)
        for f in self.card_facts:
            for i, n in enumerate(f.tradable):
                out[i] += n
        return tuple(out)

    @cached
    def fixed_price_mask(self) -> int:
        mask = 0
        for f in self.card_facts:
            mask |= f.fixed_price_mask
        return mask

    @cached
    def colours(self) -> dict[Colour, int]:
        """Cards by colour (a dict: `with_card` copies it, and a Counter's copy is Python's)."""
        out: dict[Colour, int] = {}
        for f in self.card_facts:
            out[f.colour] = out.get(f.colour, 0) + 1
        return out

    def count(self, colour: Colour) -> int:
        return self.colours.get(colour, 0)

    @cached
    def symbols(self) -> dict[str, int]:
        """Science symbols of green cards, the Law token and any granted, counted (a dict, as `colours`)."""
        out: dict[str, int] = {}
        for f in self.card_facts + self.token_facts:
            if f.symbol:
                out[f.symbol] = out.get(f.symbol, 0) + 1
        for symbol in self.granted:
            out[symbol] = out.get(symbol, 0) + 1
        return out

    @cached
    def printed_points(self) -> tuple[dict[Colour, int], int, int]:
        """Printed victory points: of the cards by colour, of the wonders, of the tokens.
        (A dict and loops: a Counter and generators cost more than the sums, and every
        scoring of a city with a new card makes this again.)"""
        by_colour: dict[Colour, int] = {}
        for f in self.card_facts:
            if f.points:
                by_colour[f.colour] = by_colour.get(f.colour, 0) + f.points
        wonders = tokens = 0
        for f in self.wonder_facts:
            wonders += f.points
        for f in self.token_facts:
            tokens += f.points
        return by_colour, wonders, tokens

    @cached
    def counted_points(self) -> tuple[tuple[Facts, object], ...]:
        """(source, effect) of every points_per effect: guilds, Mathematics."""
        return tuple((f, e) for f in self.card_facts + self.wonder_facts + self.token_facts for e in f.points_per)

    @cached
    def chain_sources(self) -> frozenset[str]:
        return frozenset(self.cards)

    # -- progress tokens that change rules ----------------------------------
    @cached
    def waivers(self) -> dict[str, int]:
        return {f.waive[0]: f.waive[1] for f in self.token_facts if f.waive}

    @cached
    def trade_income(self) -> bool:
        return any(f.trade_income for f in self.token_facts)

    @cached
    def extra_shield_on_red(self) -> int:
        return sum(f.extra_shield_on_red for f in self.token_facts)

    @cached
    def wonders_play_again(self) -> bool:
        return any(f.wonders_play_again for f in self.token_facts)

    @cached
    def chain_bonus(self) -> int:
        return sum(f.chain_bonus for f in self.token_facts)

    @cached
    def siege_coins(self) -> int:
        """Poliorcetics (Pantheon): coins the opponent loses a space the pawn moves their way."""
        return sum(f.siege_coins for f in self.token_facts)

    @cached
    def chain_for_coins(self) -> int | None:
        """Engineering (Pantheon): a card with a chain symbol built for this many coins; None without."""
        return min((f.chain_for_coins for f in self.token_facts if f.chain_for_coins), default=None)

    def counted(self, things: tuple[str, ...]) -> int:
        """How many of `things` this city has (SCHEMA.md "counts"), added up."""
        total = 0
        for thing in things:
            if thing == "wonders":
                total += len(self.wonders)
            elif thing == "coins":
                total += self.coins
            elif thing == "progress":
                total += len(self.progress)
            else:      # a colour: Colour is a str Enum, so its value finds its member's key
                total += self.colours.get(thing, 0)
        return total


def _plus_production(production: tuple[Vector, tuple[int, ...]], f: Facts) -> tuple[Vector, tuple[int, ...]]:
    """`production` (City.production) with what `f` produces added."""
    fixed, choices = production
    if f.produce != ZERO:
        fixed = tuple(map(add, fixed, f.produce))
    if f.choices:
        choices = tuple(sorted(choices + f.choices))
    return fixed, choices


# Fields that no derived fact reads: a copy changing only them keeps every cache.
_KEEPS_FACTS = frozenset({"coins", "wonders_left", "buried"})

# The derived facts that read the wonders built, and those that read the progress tokens
# (the pricing memo too: Architecture and Masonry waive resources).
_WONDER_FACTS = ("wonder_facts", "printed_points", "counted_points")
_TOKEN_FACTS = ("token_facts", "symbols", "printed_points", "counted_points", "waivers", "trade_income",
                "extra_shield_on_red", "wonders_play_again", "chain_bonus", "siege_coins", "chain_for_coins",
                "_costs")

# The derived facts that read the age cards and that `with_card` drops rather than brings
# up to date (it updates card_facts, production, tradable, fixed_price_mask, colours,
# symbols and chain_sources; the pricing memo it keeps only for a card that changes no price).
_CARD_FACTS_DROPPED = ("printed_points", "counted_points", "_costs")
