"""The effect vocabulary of card_db/SCHEMA.md and its parser.

Each kind lists the fields it requires and allows; a field outside that list,
a missing one, or a value of the wrong type is an error naming the entry.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import CatalogError
from .model import DUEL_SCIENCE, SEVEN_WONDERS_SCIENCE, Colour, Effect, Game, Resource

COUNTABLE = frozenset(c.value for c in Colour) | {
    "wonder_stages", "wonders", "defeat_tokens", "coins", "progress",
    # the Duel's boxes: Grand Temples, Pantheon's tokens kept, Agora's cubes in the Senate
    "temples", "mythology_tokens", "offering_tokens", "senate_cubes",
    # 7 Wonders Leaders: Alexander counts the victory tokens
    "victory_tokens",
    # 7 Wonders Cities (2nd edition): Guardhouse and Prison count the victory tokens of one value
    "victory_tokens_1", "victory_tokens_3", "victory_tokens_5",
    # 7 Wonders Armada: the islands a city holds, the level its yellow fleet reached
    "islands", "yellow_fleet",
    # 7 Wonders Leaders: the Diplomats Guild counts the neighbours' leaders
    "leaders",
    # the Wonder Pack's Stonehenge: the stone symbols its city's brown cards show
    "brown_stones"}
WHOSE = {Game.SEVEN_WONDERS: frozenset({"self", "left", "right"}),
         Game.DUEL: frozenset({"self", "most"})}
SIDES = frozenset({"left", "right"})
APPLIES_TO = frozenset({"wonder", "blue"})
# 7 Wonders Leaders: what a discount applies to, and when coins are gained
LEADER_APPLIES_TO = frozenset({"wonder", "blue", "red", "green", "yellow", "black", "chain", "victory", "purchase"})
WHEN = frozenset({"drafted", "revealed"})


@dataclass(frozen=True)
class KindSpec:
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    games: frozenset[Game] = frozenset(Game)


def _spec(required=(), optional=(), games=tuple(Game)) -> KindSpec:
    return KindSpec(frozenset(required), frozenset(optional), frozenset(games))


BASE, DUEL = (Game.SEVEN_WONDERS,), (Game.DUEL,)

KINDS: dict[str, KindSpec] = {
    "produce": _spec(["resources"]),
    "produce_one_of": _spec(["options", "tradable"]),
    "points": _spec(["amount"]),
    "shields": _spec(["amount"]),
    "science": _spec(["symbol"]),
    "science_any": _spec(games=BASE),
    "coins": _spec(["amount"]),
    "coins_per": _spec(["amount", "counts", "whose"], ["per"]),
    "points_per": _spec(["amount", "counts", "whose"], ["per"]),
    "trade_discount": _spec(["resources", "sides", "price"], games=BASE),
    "fixed_trade_price": _spec(["resources", "price"], games=DUEL),
    "play_again": _spec(games=DUEL),
    "opponent_loses_coins": _spec(["amount"], games=DUEL),
    "destroy_card": _spec(["colour"], games=DUEL),
    "build_from_discard": _spec(),
    "progress_from_unused": _spec(["draw"], games=DUEL),
    "free_build_once_per_age": _spec(games=BASE),
    "play_seventh_card": _spec(games=BASE),
    "copy_guild": _spec(games=BASE),
    "build_free_first_card_of_age": _spec(games=BASE),
    "build_free_last_card_of_age": _spec(games=BASE),
    "build_free_first_card_of_colour": _spec(games=BASE),
    "points_if_wonder_complete": _spec(["amount"], games=BASE),
    "waive_resources": _spec(["amount", "applies_to"], games=DUEL),
    "trade_income": _spec(games=DUEL),
    "extra_shield_on_red": _spec(["amount"], games=DUEL),
    "wonders_play_again": _spec(games=DUEL),
    "chain_bonus_coins": _spec(["amount"], games=DUEL),
    # -- 7 Wonders Leaders (card_db/seven_wonders/leaders_<n>e.toml) --
    "points_per_set": _spec(["amount", "counts"], games=BASE),
    "science_set_bonus": _spec(["amount"], games=BASE),
    "discount_resources": _spec(["amount", "applies_to"], games=BASE),
    "coins_when": _spec(["amount", "applies_to"], games=BASE),
    "buy_from_bank": _spec(["price"], games=BASE),
    "free_leaders": _spec(games=BASE),
    "free_guilds": _spec(games=BASE),
    "defeat_to_winner": _spec(games=BASE),
    # -- 7 Wonders Leaders' guild and board (leaders_1e.toml), the Wonder Pack's Manneken Pis --
    "copy_neighbour_leader": _spec(games=BASE),
    "leader_discount": _spec(["amount", "whose"], games=BASE),
    "draw_leaders": _spec(["amount"], games=BASE),
    "recruit_leader": _spec([], ["amount"], games=BASE),
    "copy_neighbour_stage": _spec(["stage", "sides"], games=BASE),
    "bury_leader": _spec(["amount"], games=BASE),
    "points_per_colour_under": _spec(["amount", "whose"], games=BASE),
    # -- 7 Wonders Cities (card_db/seven_wonders/cities_<n>e.toml) --
    "diplomacy": _spec(games=BASE),
    "others_lose_coins": _spec(["amount"], ["counts"], games=BASE),
    "coins_to_neighbours": _spec(["amount"], games=BASE),
    "trade_rebate": _spec(["sides", "amount"], games=BASE),
    "produce_owned": _spec(games=BASE),
    "produce_missing": _spec(games=BASE),
    "free_wonder_resources": _spec(games=BASE),
    "copy_neighbour_science": _spec(games=BASE),
    "points_unconfirmed": _spec(["scale"], games=BASE),
    "points_uncounted": _spec(games=BASE),
    "others_gain_coins": _spec(["amount"], games=BASE),
    "others_lose_coins_age": _spec(games=BASE),
    "neighbours_take_debt": _spec(games=BASE),
    "take_victory_token": _spec(games=BASE),
    # -- 7 Wonders Leaders, 2nd edition (card_db/seven_wonders/leaders_2e.toml) --
    "costs_the_age": _spec(games=BASE),
    "bank_bonus_coin": _spec(["amount"], games=BASE),
    "discard_defeats": _spec(games=BASE),
    "science_swap": _spec(games=BASE),
    "points_if_most": _spec(["amount", "counts"], games=BASE),
    "points_if_no_defeats": _spec(["amount"], games=BASE),
    "points_if_only_leader": _spec(["amount"], games=BASE),
    "points_per_token_pair": _spec(games=BASE),
    "free_colour_once_per_age": _spec(["colour"], games=BASE),
    # -- 7 Wonders Armada and Edifice (card_db/seven_wonders/armada_<n>e.toml, edifice_<n>e.toml) --
    "naval_shields": _spec(["amount"], games=BASE),
    "science_most": _spec(games=BASE),
    "points_per_colour_chosen": _spec(["amount"], games=BASE),
    "points_per_colour_held": _spec(["amount"], games=BASE),
    "advance_fleets": _spec(["amount"], games=BASE),
    "loses_coins": _spec(["amount"], games=BASE),
    "discards_card": _spec(["colour"], games=BASE),
    "loses_victory_tokens": _spec(["amount"], games=BASE),
    # -- 7 Wonders Duel: Pantheon (card_db/duel/pantheon.toml) --
    "points_by_count": _spec(["counts", "whose", "scale"], games=DUEL),
    "progress_set_aside": _spec(["draw"], ["when"], games=DUEL),
    "copy_opponent_science": _spec(games=DUEL),
    "coins_on_card": _spec(["amount"], games=DUEL),
    "take_opponent_card": _spec(["colours"], games=DUEL),
    "discard_from_structure": _spec(["amount"], games=DUEL),
    "discard_wonder_card": _spec(games=DUEL),
    "build_wonder_from_discard": _spec(games=DUEL),
    "take_opponent_wonder": _spec(games=DUEL),
    "minerva_pawn": _spec(games=DUEL),
    "military_token_swap": _spec(games=DUEL),
    "invoke_top_divinities": _spec(games=DUEL),
    "invoke_from_mythology_deck": _spec(games=DUEL),
    "divinity_discount": _spec(["amount"], games=DUEL),
    "opponent_loses_coins_per_step": _spec(["amount"], games=DUEL),
    "chain_for_coins": _spec(["amount"], games=DUEL),
    "draw_divinities": _spec(["draw"], games=DUEL),
    # -- 7 Wonders Duel: Agora (card_db/duel/agora.toml) --
    "senate_actions": _spec(["counts", "scale"], games=DUEL),
    "place_influence": _spec(["amount"], ["when"], games=DUEL),
    "move_influence": _spec(["amount"], games=DUEL),
    "remove_influence": _spec(["amount"], games=DUEL),
    "conspire": _spec(["draw"], ["when"], games=DUEL),
    "trigger_conspiracy": _spec(games=DUEL),
    "take_half_opponent_coins": _spec(games=DUEL),
    "lock_progress": _spec(games=DUEL),
    "build_from_last_row": _spec(games=DUEL),
    "build_from_removed": _spec(games=DUEL),
    "progress_from_all_unused": _spec(games=DUEL),
    "discard_available": _spec(["amount"], games=DUEL),
    "opponent_loses_coins_per": _spec(["amount", "counts"], games=DUEL),
    "swap_opponent_card": _spec(["colours"], games=DUEL),
    "move_decree": _spec(games=DUEL),
    "destroy_wonder": _spec(games=DUEL),
    "coins_when_built_by_anyone": _spec(["counts"], games=DUEL),
    "ignore_cost_symbol": _spec(["amount", "colour"], games=DUEL),
    "controlled_shield": _spec(["amount"], games=DUEL),
    "bank_discount": _spec(["amount", "resources"], games=DUEL),
    "extra_blue_for_senate": _spec(["amount"], games=DUEL),
    "discard_bonus_coins": _spec(["amount"], games=DUEL),
    "chain_from_opponent": _spec(games=DUEL),
    "play_again_on_conspirator": _spec(games=DUEL),
    "free_senators": _spec(games=DUEL),
    "conspire_keep_both": _spec(games=DUEL),
}


def parse_resource(value, where: str) -> Resource:
    try:
        return Resource(value)
    except ValueError:
        raise CatalogError(f'unknown resource "{value}" in {where}') from None


def parse_resource_table(value, where: str, *, allow_empty: bool = False) -> tuple[tuple[Resource, int], ...]:
    if not isinstance(value, dict):
        raise CatalogError(f"{where} must be a table of resource = count")
    out = []
    for key, count in value.items():
        resource = parse_resource(key, where)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise CatalogError(f"{where}.{key} must be a whole number of at least 1, not {count!r}")
        out.append((resource, count))
    if not out and not allow_empty:
        raise CatalogError(f"{where} is empty")
    return tuple(sorted(out, key=lambda pair: list(Resource).index(pair[0])))


def _whole(value, where: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise CatalogError(f"{where} must be a whole number of at least {minimum}, not {value!r}")
    return value


def _str_list(value, where: str, allowed: frozenset[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise CatalogError(f"{where} must be a non-empty list")
    for item in value:
        if item not in allowed:
            raise CatalogError(f'{where}: "{item}" is not one of {sorted(allowed)}')
    return tuple(value)


def parse_effect(raw, game: Game, where: str) -> Effect:
    if not isinstance(raw, dict) or "kind" not in raw:
        raise CatalogError(f"{where} must be a table with a kind")
    kind = raw["kind"]
    spec = KINDS.get(kind)
    if spec is None:
        raise CatalogError(f'{where}: unknown effect kind "{kind}" (see card_db/SCHEMA.md)')
    if game not in spec.games:
        raise CatalogError(f'{where}: effect kind "{kind}" does not exist in {game.value}')
    fields = set(raw) - {"kind"}
    missing = spec.required - fields
    extra = fields - spec.required - spec.optional
    if missing:
        raise CatalogError(f'{where}: effect "{kind}" needs {sorted(missing)}')
    if extra:
        raise CatalogError(f'{where}: effect "{kind}" does not take {sorted(extra)}')

    args: dict = {"kind": kind}
    at = f"{where} ({kind})"
    if "amount" in raw:
        args["amount"] = _whole(raw["amount"], f"{at}.amount", 1)
    if "price" in raw:
        args["price"] = _whole(raw["price"], f"{at}.price", 0)
    if "draw" in raw:
        args["draw"] = _whole(raw["draw"], f"{at}.draw", 1)
    if "per" in raw:
        args["per"] = _whole(raw["per"], f"{at}.per", 1)
    if "stage" in raw:
        args["stage"] = _whole(raw["stage"], f"{at}.stage", 1)
    if "resources" in raw:
        if kind == "produce":
            args["resources"] = parse_resource_table(raw["resources"], f"{at}.resources")
        else:  # a list of resources the price applies to
            names = _str_list(raw["resources"], f"{at}.resources", frozenset(r.value for r in Resource))
            args["options"] = tuple(Resource(n) for n in names)
    if "options" in raw:
        names = _str_list(raw["options"], f"{at}.options", frozenset(r.value for r in Resource))
        if len(names) < 2 or len(set(names)) != len(names):
            raise CatalogError(f"{at}.options must list two or more different resources")
        args["options"] = tuple(Resource(n) for n in names)
    if "tradable" in raw:
        if not isinstance(raw["tradable"], bool):
            raise CatalogError(f"{at}.tradable must be true or false")
        args["tradable"] = raw["tradable"]
    if "symbol" in raw:
        symbols = SEVEN_WONDERS_SCIENCE if game is Game.SEVEN_WONDERS else DUEL_SCIENCE
        if raw["symbol"] not in symbols:
            raise CatalogError(f'{at}.symbol "{raw["symbol"]}" is not one of {list(symbols)}')
        args["symbol"] = raw["symbol"]
    if "counts" in raw:
        args["counts"] = _str_list(raw["counts"], f"{at}.counts", COUNTABLE)
    if "whose" in raw:
        args["whose"] = _str_list(raw["whose"], f"{at}.whose", WHOSE[game])
    if "sides" in raw:
        args["sides"] = _str_list(raw["sides"], f"{at}.sides", SIDES)
    if "colour" in raw:
        try:
            args["colour"] = Colour(raw["colour"])
        except ValueError:
            raise CatalogError(f'{at}.colour "{raw["colour"]}" is not a card colour') from None
    if "colours" in raw:
        names = _str_list(raw["colours"], f"{at}.colours", frozenset(c.value for c in Colour))
        args["colours"] = tuple(Colour(n) for n in names)
    if "scale" in raw:
        scale = raw["scale"]
        if not isinstance(scale, list) or not scale or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in scale):
            raise CatalogError(f"{at}.scale must list whole numbers (for 1, 2, 3... counted)")
        args["scale"] = tuple(scale)
    if "when" in raw:
        if raw["when"] not in WHEN:
            raise CatalogError(f"{at}.when must be one of {sorted(WHEN)}")
        args["when"] = raw["when"]
    if "applies_to" in raw:
        allowed = LEADER_APPLIES_TO if kind in ("discount_resources", "coins_when") else APPLIES_TO
        if raw["applies_to"] not in allowed:
            raise CatalogError(f'{at}.applies_to must be one of {sorted(allowed)}')
        args["applies_to"] = raw["applies_to"]
    return Effect(**args)
