"""Why a leader or black card adds no points at the end of the game: what its effect does during the
game already shows in what a city records (coins, conflict tokens, debt, the cards built), so the
score counts it there, never twice. The by-name tests tie each such card's reason to its effects in
card_db, so a card given points later cannot keep passing as one that scores nothing."""
from __future__ import annotations

from companion.catalog import Game, catalog

COST = {"costs_the_age"}    # what she costs, not what she does

WHY = {
    "coins": ({"coins", "coins_when", "bank_bonus_coin", "others_lose_coins", "others_lose_coins_age",
               "coins_to_neighbours"},
              "coins taken or taken from others while playing: the coins left are the treasury row"),
    "discount": ({"discount_resources", "buy_from_bank", "trade_rebate"},
                 "a cheaper build or trade: the coins saved are in the coins left, the treasury row"),
    "resources": ({"produce_owned", "produce_missing"},
                  "a resource to build with: what it built scores in its own row"),
    "free build": ({"free_leaders", "free_guilds", "build_from_discard", "free_colour_once_per_age"},
                   "a building or leader for nothing: the one built scores in its own row"),
    "shields": ({"shields"}, "shields win conflict tokens: the military row counts the tokens"),
    "tokens": ({"take_victory_token", "discard_defeats", "defeat_to_winner", "neighbours_take_debt"},
               "conflict tokens or debt moved: the tokens and debt the city ends with are their rows"),
    "fleets": ({"advance_fleets"}, "fleets moved: what they reach is read off the shipyard or won in naval tokens"),
    "naval shields": ({"naval_shields"}, "naval strength wins naval tokens: the naval row counts the tokens"),
    "no effect": (set(), "no effect confirmed by a source: nothing to count"),
    "in words": (set(), "its effect is in card_db's notes in words, none of it points at the end: what it "
                        "gives (a resource, a free build, coins kept, a token) shows in the city's other rows"),
}


def effect_kinds(edition: int, name: str) -> set[str]:
    thing = next(t for t in catalog().box_entities(Game.SEVEN_WONDERS, edition)
                 if t.name == name and t.piece in ("leader", "city", "island", "great-project"))
    return {e.kind for e in thing.effects} - COST


def explained(edition: int, name: str, why: str) -> bool:
    """Whether every effect the card has in card_db is one the reason covers (and it has some,
    unless the reason is that it has none)."""
    kinds, allowed = effect_kinds(edition, name), WHY[why][0]
    return kinds <= allowed and bool(kinds) == bool(allowed)
