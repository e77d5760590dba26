"""A city: its board and side, the stages built, its cards, coins and conflict tokens.

A City is a frozen value; a move makes a new one. What the rules ask of it
(production, names, shields, powers) is derived once and cached on the value,
and a copy keeps what its changes leave true (coins change every turn, the
buildings less often).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields

from ...catalog import Colour, Resource
from ..cached import cached, instance
from ..resources import INDEX, ZERO
from .production import Production, grown, production
from .facts import Board, CardInfo, Gains, StageInfo, Tables, tables

SCIENCE_SYMBOLS = ("tablet", "compass", "gear")


@dataclass(frozen=True)
class City:
    edition: int
    wonder: str                        # wonder id
    side: str                          # "A"/"B" or "day"/"night"
    stages: int = 0                    # stages built, in order
    cards: tuple[str, ...] = ()        # card ids, in the order built
    coins: int = 3
    military: tuple[int, ...] = ()     # conflict tokens: -1, 1, 3, 5
    name: str = ""
    free_city: bool = False
    # Book-keeping of a game in play (a scored city leaves them at 0):
    stage_cards: tuple[str, ...] = ()  # the cards put face down under built stages
    sold: int = 0                      # cards sold for 3 coins
    from_discard: int = 0              # cards built from the discard (Halicarnassus)
    seventh: int = 0                   # last cards of an age played (Babylon B)
    free_build_age: int = 0            # the age in which Olympia A's free build was last used
    # The expansion boxes in play (boxes.toml's keys) and what they add to a city:
    boxes: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()      # Leaders: the leaders recruited (ids)
    debt: int = 0                      # Cities: the debt tokens held, in points (a -5 and a -1: 6)
    naval: tuple[int, ...] = ()        # Armada: the naval conflict tokens' points (3, -1, ...)
    islands: tuple[str, ...] = ()      # Armada: the islands held (ids)
    yellow_fleet: int = 0              # Armada: the level the yellow fleet reached (0-6)
    shipyard: int = 0                  # Armada: the points the blue fleet reached, read off the board
    edifices: tuple[str, ...] = ()     # Edifice: the edifices built whose reward the city took (ids)
    edifice_debt: int = 0              # Edifice: the debt tokens of penalties not suffered whole, in points
    tower_tiles: int = 0               # Babel: the Babel tiles the player built (0-3)
    projects: tuple[str, ...] = ()     # Babel: a Great Project named once a participation token held (ids)
    built: tuple[int, ...] = ()        # a box's board built in any order (the Great Wall): the stages' numbers
    buried: tuple[str, ...] = ()       # Leaders + Abu Simbel: the leaders buried under its stages (ids), face down
    colour_under: str = ""             # Stonehenge B: the colour of the card put under its second stage

    def but(self, **changes) -> "City":
        """A copy with `changes`, keeping the derived facts cached on the old value
        that do not read a changed field (coins, conflict tokens and the book-keeping
        fields keep them all; new cards keep the board's, a new stage the cards')."""
        if not changes.keys() <= _FIELDS:
            raise TypeError(f"City has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
        old = self.__dict__
        d = old.copy()               # fields and cached facts, copied whole (in C)
        d.update(changes)
        touched = changes.keys() & _FACT_FIELDS
        if touched:
            for name in _DROP_ON.get(frozenset(touched), _FACTS):
                d.pop(name, None)
            if touched == _CARDS and len(d["cards"]) == len(self.cards) + 1 and d["cards"][:-1] == self.cards:
                _add_card_facts(old, d, self.tables.cards[d["cards"][-1]])
        return instance(City, d)

    def __getstate__(self) -> dict:
        """Pickled (a game's snapshot, store/games.py) as its fields alone: the facts cached on it are
        derived again when asked (issue 29: they were 80% of a snapshot's bytes and most of its
        pickling, some 0.28 ms a snapshot of four cities at mid-game, one every other move)."""
        values = self.__dict__
        return {name: values[name] for name in _ORDER}

    # -- facts ----------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return tables(self.edition)

    @cached
    def board(self) -> Board:
        return self.tables.board(self.wonder, self.side)

    @cached
    def infos(self) -> tuple[CardInfo, ...]:
        cards = self.tables.cards
        return tuple(cards[c] for c in self.cards)

    @cached
    def built_stages(self) -> tuple[StageInfo, ...]:
        if self.built:
            return tuple(self.board.stages[n - 1] for n in self.built)
        return self.board.stages[:self.stages]

    @cached
    def gains(self) -> tuple[Gains, ...]:
        """Everything built, cards and stages alike."""
        return tuple(c.gains for c in self.infos) + tuple(s.gains for s in self.built_stages)

    @cached
    def names(self) -> frozenset[str]:
        """Names, not ids: an Age I and an Age II Loom are one building (seed 004, 2.a)."""
        return frozenset(c.name for c in self.infos)

    @cached
    def ids(self) -> frozenset[str]:
        return frozenset(self.cards)

    @cached
    def colours(self) -> Counter:
        return Counter(c.colour for c in self.infos)

    @cached
    def production(self) -> Production:
        return production(self.board, self.infos, self.built_stages)

    @cached
    def shields(self) -> int:
        return sum(g.shields for g in self.gains)

    @cached
    def powers(self) -> frozenset[str]:
        return frozenset().union(*(s.gains.powers for s in self.built_stages))

    @cached
    def science(self) -> tuple[tuple[int, int, int], int]:
        """(tablet, compass, gear) on the city's cards and stages, and the wildcards."""
        symbols = Counter(g.science for g in self.gains if g.science)
        return tuple(symbols[s] for s in SCIENCE_SYMBOLS), sum(g.wildcards for g in self.gains)

    @property
    def wonder_complete(self) -> bool:
        return self.stages == len(self.board.stages)

    def count(self, what: str) -> int:
        """A counted thing of card_db/SCHEMA.md: a colour, wonder_stages, defeat_tokens, victory_tokens (of
        one value: victory_tokens_1, _3, _5), coins."""
        if what == "wonder_stages":
            return self.stages
        if what == "defeat_tokens":
            return sum(1 for t in self.military if t < 0)
        if what == "victory_tokens":
            return sum(1 for t in self.military if t > 0)
        if what.startswith("victory_tokens_"):           # the tokens of one value: 1, 3 or 5 (an Age's)
            value = int(what.removeprefix("victory_tokens_"))
            return sum(1 for t in self.military if t == value)
        if what == "coins":
            return self.coins
        if what == "islands":
            return len(self.islands)
        if what == "leaders":             # the leaders recruited, face up (Leaders' Diplomats Guild)
            return len(self.leaders)
        if what == "yellow_fleet":
            return self.yellow_fleet
        if what == "brown_stones":        # a card offering stone or another shows one stone
            return sum(_stones(c) for c in self.infos if c.colour is Colour.BROWN)
        return self.colours[Colour(what)]

    def chained(self, card: CardInfo) -> bool:
        """Whether a card it built earlier makes `card` free (seed 004, free construction)."""
        return not card.chains_from.isdisjoint(self.ids)


def _stones(info: CardInfo) -> int:
    """The stone symbols a card shows: its fixed stones and each choice that offers stone."""
    at = INDEX[Resource.STONE]
    return info.gains.fixed[at] + sum(1 for mask in info.gains.choices if mask >> at & 1)


def _add_card_facts(old: dict, new: dict, info: CardInfo) -> None:
    """The facts of a city one card larger, from the old city's where it has them: a
    card without production keeps the very Production (its neighbours' price look-ups
    then find it unchanged); the rest grow by the card. The colours are left to be
    counted when asked: few moves ask."""
    g = info.gains
    if "infos" in old:
        infos = new["infos"] = old["infos"] + (info,)
        if "gains" in old:
            n = len(infos) - 1
            new["gains"] = old["gains"][:n] + (g,) + old["gains"][n:]
    if "names" in old:
        new["names"] = old["names"] | {info.name}
    if "ids" in old:
        new["ids"] = old["ids"] | {info.id}
    if "shields" in old:
        new["shields"] = old["shields"] + g.shields
    if "science" in old and not g.science and not g.wildcards:
        new["science"] = old["science"]
    if "production" in old:
        if g.fixed == ZERO and not g.choices and not g.discounts:
            new["production"] = old["production"]
        else:
            new["production"] = grown(old["production"], g)


# The fields the cached facts read, and which facts each kind of change leaves true.
_ORDER = tuple(f.name for f in fields(City))
_FIELDS = frozenset(_ORDER)
_FACT_FIELDS = frozenset({"edition", "wonder", "side", "cards", "stages", "built"})
_CARDS = {"cards"}
_FACTS = ("board", "infos", "built_stages", "gains", "names", "ids", "colours", "production", "shields",
          "powers", "science")
_DROP_ON = {
    frozenset({"cards"}): tuple(f for f in _FACTS if f not in ("board", "built_stages", "powers")),
    frozenset({"stages"}): tuple(f for f in _FACTS if f not in ("board", "infos", "names", "ids", "colours")),
}
