"""Card and board facts of one edition, compiled once from the catalog.

The catalog keeps effects as a small vocabulary (card_db/SCHEMA.md); the rules
ask the same questions thousands of times a game ("what does this card
produce, is it tradable, how many shields"), so each card and wonder stage is
turned once into a flat frozen record with the answers precomputed.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...catalog import BoardWonder, Card, Colour, Effect, Game, catalog
from ..cached import cached
from ..resources import ZERO, Vector, options_mask, vector

# Effects that pay coins once, when built; the rest score at the end or change rules.
COIN_KINDS = ("coins", "coins_per")

# Wonder powers that change how a city plays (not what it scores).
POWERS = frozenset({"free_build_once_per_age", "play_seventh_card", "copy_guild", "build_from_discard",
                    "build_free_first_card_of_age", "build_free_last_card_of_age",
                    "build_free_first_card_of_colour"})
# Cities' rules that change play, not the score: kept as powers for a table that plays the box.
CITIES_POWERS = frozenset({"diplomacy", "others_lose_coins", "coins_to_neighbours",
                           "produce_owned", "produce_missing", "free_wonder_resources",
                           "others_gain_coins", "others_lose_coins_age", "neighbours_take_debt",
                           "take_victory_token"})
# Armada's fleet moves and naval strength: their points are in the Armada rows the city records (the
# shipyard's fleets read off the board, the naval tokens won), never counted again from the stage.
ARMADA_POWERS = frozenset({"advance_fleets", "naval_shields"})
# Leaders' guild and Rome's stages: the Courtesans Guild's copied leader is chosen when the city is scored
# (scoring.score_city); the leaders drawn or recruited by a stage are the leaders the city records.
LEADERS_POWERS = frozenset({"copy_neighbour_leader", "draw_leaders", "recruit_leader"})


@dataclass(frozen=True)
class Discount:
    """Buying `mask` resources from the neighbours on `sides` costs `price` each."""
    mask: int
    sides: tuple[str, ...]
    price: int


@dataclass(frozen=True)
class Gains:
    """What a built card or wonder stage gives, by kind of effect."""
    fixed: Vector = ZERO                 # produced every turn
    choices: tuple[int, ...] = ()        # "one of" productions, as option masks
    tradable: bool = False               # whether neighbours may buy the production
    points: int = 0
    shields: int = 0
    science: str | None = None
    wildcards: int = 0                   # science_any
    coins: int = 0                       # taken once, when built
    coins_per: tuple[Effect, ...] = ()   # taken once, when built
    points_per: tuple[Effect, ...] = ()  # scored at the end
    discounts: tuple[Discount, ...] = ()
    powers: frozenset[str] = frozenset()
    points_if_wonder_complete: int = 0
    masks: int = 0                       # Cities: a neighbour's science symbol copied at the end
    unconfirmed: tuple[int, ...] = ()    # Cities: the points the sources give where they disagree
    rebates: tuple[Effect, ...] = ()     # Cities: a Clandestine Dock's coin off a neighbour's resource
    uncounted: bool = False              # Cities (2nd): points a city does not record (tokens by Age)
    stage_copies: tuple[Effect, ...] = ()  # Manneken Pis: a neighbour's stage copied (copy_neighbour_stage)
    burials: tuple[int, ...] = ()        # Abu Simbel: a leader buried, scoring this many times its cost
    colour_under: tuple[Effect, ...] = ()  # Stonehenge B: points for the colour of the card under the stage


@dataclass(frozen=True)
class CardInfo:
    id: str
    name: str
    age: int
    colour: Colour
    coins: int                 # coin cost, paid to the bank
    need: Vector               # resource cost
    chains_from: frozenset[str]
    gains: Gains
    card: Card

    @cached
    def is_free(self) -> bool:
        return self.coins == 0 and self.need == ZERO


@dataclass(frozen=True)
class StageInfo:
    number: int                # 1-based
    need: Vector
    gains: Gains
    coins: int = 0             # a coin cost, paid to the bank (Petra's)


@dataclass(frozen=True)
class Board:
    """One side of one wonder board."""
    wonder: str                # wonder id
    name: str
    side: str
    resource: Vector           # the starting resource (tradable)
    stages: tuple[StageInfo, ...]


def gains_of(effects: tuple[Effect, ...], tradable_production: bool) -> Gains:
    fixed = ZERO
    choices: list[int] = []
    tradable = tradable_production
    points = shields = wildcards = coins = complete = masks = 0
    unconfirmed: tuple[int, ...] = ()
    rebates: list[Effect] = []
    uncounted = False
    stage_copies: list[Effect] = []
    burials: list[int] = []
    colour_under: list[Effect] = []
    science = None
    coins_per: list[Effect] = []
    points_per: list[Effect] = []
    discounts: list[Discount] = []
    powers: set[str] = set()
    for e in effects:
        k = e.kind
        if k == "produce":
            fixed = tuple(a + b for a, b in zip(fixed, vector(e.resources)))
        elif k == "produce_one_of":
            choices.append(options_mask(e.options))
            # The data says per card whether neighbours may buy it (false on yellow
            # cards and wonder stages); a stage is never tradable whatever it says.
            tradable = tradable_production and bool(e.tradable)
        elif k == "points":
            points += e.amount
        elif k == "shields":
            shields += e.amount
        elif k == "science":
            science = e.symbol
        elif k == "science_any":
            wildcards += 1
        elif k == "coins":
            coins += e.amount
        elif k == "coins_per":
            coins_per.append(e)
        elif k == "points_per":
            points_per.append(e)
        elif k == "trade_discount":
            discounts.append(Discount(options_mask(e.options), e.sides, e.price))
        elif k == "points_if_wonder_complete":
            complete += e.amount
        elif k == "copy_neighbour_science":
            masks += 1
        elif k == "points_unconfirmed":
            unconfirmed = e.scale
        elif k == "trade_rebate":
            rebates.append(e)
        elif k == "points_uncounted":
            uncounted = True
        elif k == "copy_neighbour_stage":
            stage_copies.append(e)
        elif k == "bury_leader":
            burials.append(e.amount)
        elif k == "points_per_colour_under":
            colour_under.append(e)
        elif k in LEADERS_POWERS:
            powers.add(k)
        elif k in POWERS or k in CITIES_POWERS or k in ARMADA_POWERS:
            powers.add(k)
        else:  # a kind of the Duel only: the catalog's validator already refuses it here
            raise ValueError(f"effect kind {k!r} has no meaning in 7 Wonders")
    return Gains(fixed, tuple(sorted(choices)), tradable, points, shields, science, wildcards, coins,
                 tuple(coins_per), tuple(points_per), tuple(discounts), frozenset(powers), complete,
                 masks, unconfirmed, tuple(rebates), uncounted, tuple(stage_copies), tuple(burials),
                 tuple(colour_under))


def card_info(card: Card) -> CardInfo:
    sells = card.colour in (Colour.BROWN, Colour.GREY)   # neighbours buy only brown and grey
    return CardInfo(card.id, card.name, card.age, card.colour, card.cost.coins, vector(card.cost.resources),
                    frozenset(card.chains_from), gains_of(card.effects, sells), card)


def boards_of(wonder: BoardWonder) -> dict[str, Board]:
    out = {}
    for side in wonder.sides:
        stages = tuple(StageInfo(i + 1, vector(s.cost.resources), gains_of(s.effects, False), s.cost.coins)
                       for i, s in enumerate(side.stages))
        start = vector([(wonder.resource, 1)]) if wonder.resource else ZERO     # Rome, Manneken Pis: none
        out[side.side.lower()] = Board(wonder.id, wonder.name, side.side, start, stages)
    return out


@dataclass(frozen=True, eq=False)    # one Tables per edition: identity is equality
class Tables:
    edition: int
    cards: dict[str, CardInfo]
    wonders: dict[str, BoardWonder]
    boards: dict[tuple[str, str], Board]     # (wonder id, side lower-case)
    sides: tuple[str, ...]                   # ("A", "B") or ("day", "night")
    boxed: dict[str, BoardWonder]            # the boxes' boards (never dealt to a base game), by id

    def wonder(self, ident: str) -> BoardWonder:
        """A board of the base game or of a box."""
        return self.wonders.get(ident) or self.boxed[ident]

    def board(self, wonder: str, side: str) -> Board:
        return self.boards[(wonder, side.lower())]

    def deck(self, age: int, players: int) -> list[str]:
        """An age's deck before guilds, one id a copy (the Free City plays the 3-player deck)."""
        return list(_deck(self.edition, age, max(players, 3)))

    def guilds(self) -> list[str]:
        return list(_guilds(self.edition))


@lru_cache(maxsize=None)
def _deck(edition: int, age: int, players: int) -> tuple[str, ...]:
    return tuple(c.id for c in catalog().deck(edition, age, players))


@lru_cache(maxsize=None)
def _guilds(edition: int) -> tuple[str, ...]:
    return tuple(c.id for c in catalog().guilds(Game.SEVEN_WONDERS, edition))


@lru_cache(maxsize=2)
def tables(edition: int) -> Tables:
    cat = catalog()
    cards = {c.id: card_info(c) for c in cat.card_list(Game.SEVEN_WONDERS, edition)}
    # the boxes' buildings (Cities' black cards and guilds): found by id once a box admits them
    cards.update((c.id, card_info(c)) for c in cat.box_entities(Game.SEVEN_WONDERS, edition)
                 if isinstance(c, Card) and c.piece != "leader")
    wonders = {w.id: w for w in cat.wonder_list(Game.SEVEN_WONDERS, edition)}
    sides = tuple(s.side for s in next(iter(wonders.values())).sides)
    # the boxes' boards (Petra, the Great Wall, Siracusa...): a city names one once its box is in play
    boxed = {w.id: w for w in cat.box_entities(Game.SEVEN_WONDERS, edition) if isinstance(w, BoardWonder)}
    boards = {(w.id, side): b for w in (*wonders.values(), *boxed.values()) for side, b in boards_of(w).items()}
    return Tables(edition, cards, wonders, boards, sides, boxed)
