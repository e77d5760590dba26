"""Every Duel card, wonder and progress token reduced to the numbers the rules use.

The catalog keeps effects as a list in the vocabulary of card_db/SCHEMA.md;
the engine reads them here once, so a turn never walks effect lists again.
Nothing below names a card: behaviour comes from the effect kinds.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...catalog import Colour, Effect, Game, catalog
from ..resources import ZERO, Vector, options_mask, vector

PRODUCING = frozenset({Colour.BROWN, Colour.GREY})   # their production raises the opponent's price


@dataclass(frozen=True)
class Facts:
    """One card, wonder or token: what it costs and what it does."""
    id: str
    name: str
    kind: str                      # "card", "wonder" or "progress"
    age: int = 0
    colour: Colour | None = None
    coin_cost: int = 0
    need: Vector = ZERO            # resources of the cost
    chains_from: frozenset[str] = frozenset()
    produce: Vector = ZERO         # fixed production
    choices: tuple[int, ...] = ()  # one bit mask a "one of" production
    tradable: Vector = ZERO        # production that raises the opponent's price (brown/grey)
    fixed_price_mask: int = 0      # resources this card lets its owner buy at 1 coin
    shields: int = 0
    symbol: str | None = None
    points: int = 0
    coins: int = 0                 # taken once, when built
    coins_per: tuple[Effect, ...] = ()
    points_per: tuple[Effect, ...] = ()
    play_again: bool = False
    opponent_loses: int = 0
    destroy: Colour | None = None
    from_discard: bool = False
    library_draw: int = 0
    waive: tuple[str, int] | None = None   # (applies_to, amount): Architecture, Masonry
    trade_income: bool = False
    extra_shield_on_red: int = 0
    wonders_play_again: bool = False
    chain_bonus: int = 0
    points_scale: tuple[int, ...] = ()     # points for 1, 2, 3... of `scale_counts` (Grand Temples)
    scale_counts: tuple[str, ...] = ()
    # Pantheon's wonders and tokens (the box's rules read the first two; the Duel's the others)
    divinity_discount: int = 0             # The Sanctuary: every invocation costs this less
    invoke_from_deck: bool = False         # The Divine Theater: a mythology's deck looked through
    siege_coins: int = 0                   # Poliorcetics: the opponent loses this a space the pawn moves
    chain_for_coins: int = 0               # Engineering: a card with a chain symbol for this many coins


# The effect kinds `_facts` reads; any other has no meaning in the Duel (yet).
READ = frozenset({
    "produce", "produce_one_of", "fixed_trade_price", "shields", "science", "points", "coins", "coins_per",
    "points_per", "play_again", "opponent_loses_coins", "destroy_card", "build_from_discard",
    "progress_from_unused", "waive_resources", "trade_income", "extra_shield_on_red", "wonders_play_again",
    "chain_bonus_coins", "points_by_count", "divinity_discount", "invoke_from_mythology_deck",
    "opponent_loses_coins_per_step", "chain_for_coins"} | {
    # Agora's wonders and tokens: read by the box's own rules (agora/), nothing for the Duel's Facts
    "free_senators", "conspire_keep_both", "conspire", "trigger_conspiracy", "place_influence", "move_influence"})
BOX_RULES_ONLY = frozenset({"free_senators", "conspire_keep_both", "conspire", "trigger_conspiracy",
                            "place_influence", "move_influence"})


def _facts(entity) -> Facts:
    args: dict = {"id": entity.id, "name": entity.name, "kind": entity.kind}
    cost = getattr(entity, "cost", None)
    if cost is not None:
        args["coin_cost"] = cost.coins
        args["need"] = vector(cost.resources)
    if entity.kind == "card":
        args["age"] = entity.age
        args["colour"] = entity.colour
        args["chains_from"] = frozenset(entity.chains_from)
    produce, tradable = ZERO, ZERO
    choices: list[int] = []
    coins_per, points_per = [], []
    for e in entity.effects:
        k = e.kind
        if k == "produce":
            produce = tuple(a + b for a, b in zip(produce, vector(e.resources)))
            if args.get("colour") in PRODUCING:
                tradable = tuple(a + b for a, b in zip(tradable, vector(e.resources)))
        elif k == "produce_one_of":
            # Duel prices only count the brown and grey cards' fixed symbols; no
            # Duel "one of" production is tradable (yellow cards and wonders).
            choices.append(options_mask(e.options))
        elif k == "fixed_trade_price":
            args["fixed_price_mask"] = args.get("fixed_price_mask", 0) | options_mask(e.options)
        elif k == "shields":
            args["shields"] = e.amount
        elif k == "science":
            args["symbol"] = e.symbol
        elif k == "points":
            args["points"] = e.amount
        elif k == "coins":
            args["coins"] = e.amount
        elif k == "coins_per":
            coins_per.append(e)
        elif k == "points_per":
            points_per.append(e)
        elif k == "play_again":
            args["play_again"] = True
        elif k == "opponent_loses_coins":
            args["opponent_loses"] = e.amount
        elif k == "destroy_card":
            args["destroy"] = e.colour
        elif k == "build_from_discard":
            args["from_discard"] = True
        elif k == "progress_from_unused":
            args["library_draw"] = e.draw
        elif k == "waive_resources":
            args["waive"] = (e.applies_to, e.amount)
        elif k == "trade_income":
            args["trade_income"] = True
        elif k == "extra_shield_on_red":
            args["extra_shield_on_red"] = e.amount
        elif k == "wonders_play_again":
            args["wonders_play_again"] = True
        elif k == "chain_bonus_coins":
            args["chain_bonus"] = e.amount
        elif k == "points_by_count":
            args["points_scale"], args["scale_counts"] = e.scale, e.counts
        elif k == "divinity_discount":
            args["divinity_discount"] = e.amount
        elif k == "invoke_from_mythology_deck":
            args["invoke_from_deck"] = True
        elif k == "opponent_loses_coins_per_step":
            args["siege_coins"] = e.amount
        elif k == "chain_for_coins":
            args["chain_for_coins"] = e.amount
        elif k in BOX_RULES_ONLY:
            continue
        else:
            raise ValueError(f"{entity.id}: effect kind {k!r} has no meaning in Duel")
    args.update(produce=produce, tradable=tradable, choices=tuple(choices),
                coins_per=tuple(coins_per), points_per=tuple(points_per))
    return Facts(**args)


@dataclass(frozen=True)
class Tables:
    cards: dict[str, Facts]
    wonders: dict[str, Facts]
    tokens: dict[str, Facts]
    by_age: dict[int, tuple[str, ...]]     # age cards, guilds apart
    guilds: tuple[str, ...]
    base_wonders: tuple[str, ...] = ()     # the base game's wonders and tokens: what a base game deals
    base_tokens: tuple[str, ...] = ()

    def get(self, ident: str) -> Facts:
        return self.cards.get(ident) or self.wonders.get(ident) or self.tokens[ident]


@lru_cache(maxsize=1)
def tables() -> Tables:
    cat = catalog()
    cards = {c.id: _facts(c) for c in cat.card_list(Game.DUEL)}
    wonders = {w.id: _facts(w) for w in cat.wonder_list(Game.DUEL)}
    tokens = {t.id: _facts(t) for t in cat.progress}
    by_age = {age: tuple(i for i, f in cards.items() if f.age == age and f.colour is not Colour.PURPLE)
              for age in (1, 2, 3)}
    guilds = tuple(i for i, f in cards.items() if f.colour is Colour.PURPLE)
    # The boxes' buildings (Pantheon's Grand Temples) are known by id but in no base deck:
    # only a box's own rules deal them.
    cards.update((c.id, _facts(c)) for c in cat.box_entities(Game.DUEL) if c.kind == "card")
    base_wonders, base_tokens = tuple(sorted(wonders)), tuple(sorted(tokens))
    # So are the boxes' wonders and tokens whose every effect the Duel's rules read (Pantheon's).
    for thing in cat.box_entities(Game.DUEL):
        if thing.kind in ("wonder", "progress") and all(e.kind in READ for e in thing.effects):
            (wonders if thing.kind == "wonder" else tokens)[thing.id] = _facts(thing)
    return Tables(cards, wonders, tokens, by_age, guilds, base_wonders, base_tokens)


def name(ident: str) -> str:
    return tables().get(ident).name
