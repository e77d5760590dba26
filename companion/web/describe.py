"""Card effects and costs in words, in the reader's language.

The wording is ours (nothing is copied from a rulebook); every sentence goes
through gettext so the seven catalogues translate it.
"""
from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ..catalog import Cost, Effect, Entity
from ..catalog.plays import play_for

RESOURCE = {"wood": _l("wood"), "stone": _l("stone"), "clay": _l("clay"), "ore": _l("ore"),
            "glass": _l("glass"), "textile": _l("textile"), "papyrus": _l("papyrus")}
COLOUR = {"brown": _l("brown"), "grey": _l("grey"), "blue": _l("blue"), "yellow": _l("yellow"),
          "red": _l("red"), "green": _l("green"), "purple": _l("purple"),
          "white": _l("white"), "black": _l("black")}          # Leaders' leaders, Cities' black cards
SYMBOL = {"tablet": _l("tablet"), "compass": _l("compass"), "gear": _l("gear"), "globe": _l("armillary sphere"),
          "wheel": _l("wheel"), "sundial": _l("sundial"), "mortar": _l("mortar and pestle"),
          "plumb": _l("plumb line"), "quill": _l("quill"), "law": _l("law (scales)")}
COUNTED = {"wonder_stages": _l("wonder stage"), "wonders": _l("wonder"), "defeat_tokens": _l("defeat token"),
           "coins": _l("coin"), "progress": _l("progress token"), "victory_tokens": _l("victory token"),
           "islands": _l("island"), "yellow_fleet": _l("level of your yellow fleet"),
           "victory_tokens_1": _l("victory token of 1 point"), "victory_tokens_3": _l("victory token of 3 points"),
           "victory_tokens_5": _l("victory token of 5 points"),
           "brown_stones": _l("stone shown on your brown cards"),
           "leaders": _l("leader recruited"),
           "senate_cubes": _l("influence cube in the Senate")}
# Leaders: what a discount applies to
DISCOUNTED = {"wonder": _l("wonder stages"), "blue": _l("blue cards"), "red": _l("red cards"),
              "green": _l("green cards")}
WHOSE = {("self",): _l("in your city"), ("left", "right"): _l("in your two neighbours' cities"),
         ("self", "left", "right"): _l("in your city and your two neighbours'"),
         ("left",): _l("in your left neighbour's city"), ("right",): _l("in your right neighbour's city"),
         ("most",): _l("in the city that has the most of them")}
SIDES = {("left",): _l("your left neighbour"), ("right",): _l("your right neighbour"),
         ("left", "right"): _l("both neighbours")}


def _list(words) -> str:
    words = [str(w) for w in words]
    return words[0] if len(words) == 1 else _("%(first)s or %(last)s", first=", ".join(words[:-1]), last=words[-1])


def _counted(counts) -> str:
    names = []
    for c in counts:
        names.append(_("%(colour)s card", colour=COLOUR[c]) if c in COLOUR else str(COUNTED[c]))
    return " + ".join(names) if len(names) > 1 else names[0]


def resource_count(resource: str, n: int) -> str:
    """"3 stone", "3 pierres", "20 de pietre": a count of a resource in the language's plural form."""
    forms = {
        "wood": lambda: ngettext("%(num)s wood", "%(num)s wood", n),
        "stone": lambda: ngettext("%(num)s stone", "%(num)s stone", n),
        "clay": lambda: ngettext("%(num)s clay", "%(num)s clay", n),
        "ore": lambda: ngettext("%(num)s ore", "%(num)s ore", n),
        "glass": lambda: ngettext("%(num)s glass", "%(num)s glass", n),
        "textile": lambda: ngettext("%(num)s textile", "%(num)s textiles", n),
        "papyrus": lambda: ngettext("%(num)s papyrus", "%(num)s papyrus", n),
    }
    return forms[resource]()


def cost_text(cost: Cost) -> str:
    if cost.is_free:
        return _("Free")
    parts = [ngettext("%(num)s coin", "%(num)s coins", cost.coins)] if cost.coins else []
    parts += [resource_count(r.value, n) for r, n in cost.resources]
    return ", ".join(parts)


def effect_text(effect: Effect) -> str:
    text = _effect_words(effect)
    if effect.when == "drafted":        # a wonder's effect on being chosen, before it is built
        return _("When chosen in the wonder draft: %(effect)s", effect=text)
    return text


def _effect_words(effect: Effect) -> str:
    k = effect.kind
    if k == "produce":
        return _("Produces %(what)s each turn.", what=", ".join(resource_count(r.value, n) for r, n in effect.resources))
    if k == "produce_one_of":
        text = _("Produces one of %(what)s each turn.", what=_list(RESOURCE[r.value] for r in effect.options))
        return text + " " + (_("Neighbours may buy it.") if effect.tradable else _("Nobody else may buy it."))
    if k == "points":
        return ngettext("%(num)s victory point.", "%(num)s victory points.", effect.amount)
    if k == "shields":
        return ngettext("%(num)s shield.", "%(num)s shields.", effect.amount)
    if k == "science":
        return _("Science symbol: %(symbol)s.", symbol=SYMBOL[effect.symbol])
    if k == "science_any":
        return _("At the end, counts as the science symbol that scores most.")
    if k == "coins":
        return ngettext("Take %(num)s coin when built.", "Take %(num)s coins when built.", effect.amount)
    if k == "coins_per" and effect.counts == ("senate_cubes",):     # a conspiracy's, not a building's
        return _("Take %(n)s coin for each of your influence cubes in the Senate.", n=effect.amount)
    if k == "points_per" and set(effect.counts) == {"mythology_tokens", "offering_tokens"}:
        return _("At the end: %(n)s points for each mythology or offering token you still hold.", n=effect.amount)
    if k in ("coins_per", "points_per"):
        per = _(" for every %(n)s", n=effect.per) if effect.per > 1 else ""
        values = dict(amount=effect.amount, per=per, what=_counted(effect.counts), where=WHOSE[effect.whose])
        if k == "coins_per":
            return _("When built: %(amount)s coin(s)%(per)s per %(what)s %(where)s.", **values)
        return _("At the end: %(amount)s point(s)%(per)s per %(what)s %(where)s.", **values)
    if k == "trade_discount":
        return _("Buy %(what)s from %(side)s for %(price)s coin each.",
                 what=_list(RESOURCE[r.value] for r in effect.options), side=SIDES[effect.sides], price=effect.price)
    if k == "fixed_trade_price":
        return _("From the next turn, %(what)s costs you %(price)s coin per unit from the bank.",
                 what=_list(RESOURCE[r.value] for r in effect.options), price=effect.price)
    if k == "play_again":
        return _("Play a second turn at once.")
    if k == "opponent_loses_coins":
        return _("Your opponent returns %(n)s coins to the bank.", n=effect.amount)
    if k == "destroy_card":
        return _("Discard one %(colour)s card of your opponent's city.", colour=COLOUR[effect.colour.value])
    if k == "build_from_discard":
        return _("Build one card of the discard pile for free.")
    if k == "progress_from_unused":
        return _("Draw %(n)s of the progress tokens left out of the game and keep one.", n=effect.draw)
    if k == "free_build_once_per_age":
        return _("Once per age, build a card for free.")
    if k == "play_seventh_card":
        return _("Play the last card of each age instead of discarding it.")
    if k == "copy_guild":
        return _("At the end, copy one guild built by a neighbour.")
    if k == "build_free_first_card_of_age":
        return _("Build the first card of each age for free.")
    if k == "build_free_last_card_of_age":
        return _("Build the last card of each age for free.")
    if k == "build_free_first_card_of_colour":
        return _("Build the first card of each colour for free.")
    if k == "points_if_wonder_complete":
        return _("%(n)s points if every stage of your wonder is built.", n=effect.amount)
    if k == "waive_resources":
        what = _("wonders") if effect.applies_to == "wonder" else _("blue cards")
        return _("Your %(what)s cost %(n)s fewer resources, of your choice.", what=what, n=effect.amount)
    if k == "trade_income":
        return _("The coins your opponent pays for trading go to you.")
    if k == "extra_shield_on_red":
        return _("Your red cards give %(n)s more shield.", n=effect.amount)
    if k == "wonders_play_again":
        return _("Every wonder you build lets you play again.")
    if k == "chain_bonus_coins":
        return _("Take %(n)s coins each time you build through a chain.", n=effect.amount)
    return (_leaders_effect_text(effect) or _seafaring_effect_text(effect) or _cities_effect_text(effect)
            or _divine_effect_text(effect) or _senate_effect_text(effect) or k)


def _seafaring_effect_text(effect: Effect) -> str | None:
    """The effects Armada, Edifice and Babel add (card_db/SCHEMA.md), in the reader's language."""
    k, n = effect.kind, effect.amount
    if k == "naval_shields":
        return _("%(n)s naval strength.", n=n)
    if k == "advance_fleets":
        return _("Move %(n)s different fleets one space each, for free.", n=n)
    if k == "science_most":
        return _("At the end: one more of the science symbol you hold most of.")
    if k == "points_per_colour_chosen":
        return _("At the end: %(n)s point for each card of the colour you choose.", n=n)
    if k == "points_per_colour_held":
        return _("At the end: %(n)s point for each colour of Age card in your city.", n=n)
    if k == "loses_coins":
        return _("Lose %(n)s coins.", n=n)
    if k == "discards_card":
        return _("Discard a %(colour)s card.", colour=COLOUR[effect.colour.value])
    if k == "loses_victory_tokens":
        return _("Discard %(n)s victory tokens of your choice.", n=n)
    return None


def _leaders_effect_text(effect: Effect) -> str | None:
    """The effects 7 Wonders Leaders adds (card_db/SCHEMA.md), in the reader's language."""
    k, n = effect.kind, effect.amount
    if k == "points_per_set":
        return _("At the end: %(n)s points for each set of one card of each of these colours: %(colours)s.",
                 n=n, colours=", ".join(str(COLOUR[c]) for c in effect.counts))
    if k == "science_set_bonus":
        return _("At the end: %(n)s more points for each set of the three science symbols.", n=n)
    if k == "discount_resources":
        return _("Your %(what)s cost %(n)s resource fewer.", what=DISCOUNTED[effect.applies_to], n=n)
    if k == "coins_when":
        return {"yellow": _("Take %(n)s coins each time you build a yellow card.", n=n),
                "chain": _("Take %(n)s coins each time you build through a chain.", n=n),
                "victory": _("Take %(n)s coins each time you take a victory token.", n=n),
                "purchase": _("Take %(n)s coin each time you buy a resource from a neighbour.", n=n),
                "black": _("Take %(n)s coins each time you build a black card.", n=n),
                "wonder": _("Take %(n)s coins each time you build a wonder stage.", n=n),
                }[effect.applies_to]
    if k == "buy_from_bank":
        return _("Once a turn, buy one resource from the bank for %(n)s coin.", n=effect.price)
    if k == "free_leaders":
        return _("Recruit your next leaders for free.")
    if k == "free_guilds":
        return _("Build guilds for free.")
    if k == "defeat_to_winner":
        return _("A defeat token you would take goes to the neighbour who won instead.")
    if k == "copy_neighbour_leader":
        return _("Copy the effect of a leader one of your neighbours recruited.")
    if k == "leader_discount":
        if tuple(effect.whose) == ("self",):
            return _("Your leaders cost you %(n)s coins less.", n=n)
        return _("Your neighbours' leaders cost them %(n)s coin less.", n=n)
    if k == "draw_leaders":
        return _("Draw %(n)s leaders from those left out of the game.", n=n)
    if k == "recruit_leader":
        if n:
            return _("Recruit one more leader at once, for %(n)s coins less.", n=n)
        return _("Recruit one more leader at once.")
    if k == "bury_leader":
        return _("Bury a leader you recruited under this stage, face down, its effect lost: at the end it scores "
                 "%(n)s times its cost.", n=n)
    if k == "points_per_colour_under":
        return _("At the end: %(n)s point for each card %(whose)s of the colour of the card put under this stage.",
                 n=n, whose=WHOSE[tuple(effect.whose)])
    if k == "copy_neighbour_stage":
        return {("left",): _("Copy stage %(n)s of your left neighbour's wonder.", n=effect.stage),
                ("right",): _("Copy stage %(n)s of your right neighbour's wonder.", n=effect.stage),
                }.get(tuple(effect.sides)) or _("Copy stage %(n)s of either neighbour's wonder.", n=effect.stage)
    return None


def _cities_effect_text(effect: Effect) -> str | None:
    """The effects Cities and the 2nd edition's leaders add (card_db/SCHEMA.md), in the reader's language."""
    k, n = effect.kind, effect.amount
    texts = {
        "diplomacy": lambda: _("Take a diplomacy token: sit out the next conflicts."),
        "coins_to_neighbours": lambda: _("Each neighbour takes %(n)s coins from the bank.", n=n),
        "others_gain_coins": lambda: _("Every other player takes %(n)s coins from the bank.", n=n),
        "others_lose_coins_age": lambda: _("Every other player loses as many coins as the current Age."),
        "neighbours_take_debt": lambda: _("Each neighbour takes a debt token."),
        "take_victory_token": lambda: _("Take a victory token of the current Age."),
        "produce_owned": lambda: _("Once a turn, one more of a resource your city produces."),
        "produce_missing": lambda: _("Once a turn, one resource your city does not produce."),
        "free_wonder_resources": lambda: _("Build your wonder stages without their resources."),
        "copy_neighbour_science": lambda: _("At the end: copy a science symbol of a neighbour's green card."),
        "points_unconfirmed": lambda: _("Points: our sources disagree (%(values)s).",
                                        values=" / ".join(map(str, effect.scale))),
        "points_uncounted": lambda: _("Points that depend on what the city page does not record: type them."),
        "costs_the_age": lambda: _("Costs as many coins as the current Age."),
        "bank_bonus_coin": lambda: _("Once a turn, %(n)s coin more when the bank pays you.", n=n),
        "discard_defeats": lambda: _("Discard your defeat tokens; every other player discards a victory token."),
        "science_swap": lambda: _("At the end: one of your science symbols may become another."),
        "points_if_no_defeats": lambda: _("At the end: %(n)s points if you hold no defeat token.", n=n),
        "points_if_only_leader": lambda: _("At the end: %(n)s points if this is your only leader.", n=n),
        "points_per_token_pair": lambda: _("At the end: for each pair of victory tokens of one value, that value."),
        "free_colour_once_per_age": lambda: _("Once an Age, build a %(colour)s card for free.",
                                              colour=COLOUR[effect.colour.value]),
    }
    if k == "others_lose_coins":
        if effect.counts:
            return _("Every other player loses %(n)s coin for each %(what)s they hold.", n=n,
                     what=_counted(effect.counts))
        return _("Every other player loses %(n)s coins.", n=n)
    if k == "trade_rebate":
        return _("Once a turn, a resource bought from %(side)s costs %(n)s coin less.",
                 side=SIDES[tuple(effect.sides)], n=n)
    if k == "points_if_most":
        return _("At the end: %(n)s points if you hold more of them than each neighbour: %(what)s.", n=n,
                 what=_counted(effect.counts))
    return texts[k]() if k in texts else None


def _colours(colours) -> str:
    return _list(COLOUR[c.value] for c in colours)


def _by_count(scale, first: int = 0) -> str:
    """A scale read by how many are counted from `first`, equal values merged: "0-1: 1 · 2-3: 2 · 4+: 3"."""
    parts, start = [], first
    for i, value in enumerate(scale, start=first):
        if i + 1 - first < len(scale) and scale[i + 1 - first] == value:
            continue
        last = first + len(scale) - 1
        label = f"{start}+" if i == last else (str(start) if start == i else f"{start}-{i}")
        parts.append(f"{label}: {value}")
        start = i + 1
    return " · ".join(parts)


def _divine_effect_text(effect: Effect) -> str | None:
    """The effects of the Duel's Pantheon box (divinities, its wonders, tokens and temples)."""
    k, n = effect.kind, effect.amount
    texts = {
        "build_wonder_from_discard": lambda: _("Build one of your wonders for free, with a card of the discard pile."),
        "chain_for_coins": lambda: _("A card that shows a chain symbol costs you %(n)s coin, even without the card "
                                     "it chains from.", n=n),
        "coins_on_card": lambda: _("%(n)s coins laid on this card: spend them as your own; nobody can make you lose "
                                   "them; each one left at the end is worth 1 point.", n=n),
        "copy_opponent_science": lambda: _("Lay the snake on one of your opponent's green cards: its science symbol "
                                           "counts for you too."),
        "discard_from_structure": lambda: _("Discard a card of the structure, face up or face down, with any token "
                                            "on it."),
        "discard_wonder_card": lambda: _("Discard the card under a built wonder, yours or your opponent's: what it "
                                         "gave at once stays, and the wonder may be built again."),
        "divinity_discount": lambda: _("Invoking a divinity costs %(n)s coins less.", n=n),
        "invoke_from_mythology_deck": lambda: _("Look through one mythology's divinities, invoke one of them for "
                                                "free and put the others back in any order."),
        "invoke_top_divinities": lambda: _("Reveal the top divinity of each mythology, invoke one of them for free "
                                           "and put the others back face down."),
        "military_token_swap": lambda: _("Discard a military token without its effect, then apply another one and "
                                         "discard it."),
        "minerva_pawn": lambda: _("Lay the Minerva pawn on a space of the military track: the conflict pawn stops "
                                  "there once, and the Minerva pawn leaves."),
        "opponent_loses_coins_per_step": lambda: _("Your opponent loses %(n)s coin for each space the conflict pawn "
                                                   "moves towards their capital.", n=n),
        "points_by_count": lambda: _("At the end, points by how many Grand Temples you built, once for your city, "
                                     "not for each temple: %(scale)s.", scale=_by_count(effect.scale, first=1)),
        "progress_set_aside": lambda: _("When revealed, %(n)s of the progress tokens left out of the game are laid "
                                        "on it; whoever invokes it keeps one.", n=effect.draw),
        "take_opponent_card": lambda: _("Take a %(colours)s card your opponent built into your city.",
                                        colours=_colours(effect.colours)),
        "take_opponent_wonder": lambda: _("Take one of your opponent's wonders not yet built."),
    }
    return texts[k]() if k in texts else None


def _senate_effect_text(effect: Effect) -> str | None:
    """The effects of the Duel's Agora box (senators, conspiracies, decrees, its wonders and tokens)."""
    k, n = effect.kind, effect.amount
    texts = {
        "conspire": lambda: _("Draw %(n)s conspiracies, keep one face down, and put the other on the top or the "
                              "bottom of their deck.", n=effect.draw),
        "conspire_keep_both": lambda: _("When you draw conspiracies, keep both."),
        "build_from_last_row": lambda: _("Build a card of the structure's last row for free (not a senator)."),
        "build_from_removed": lambda: _("Build for free one of the cards removed at set-up from this Age or an "
                                        "earlier one."),
        "coins_when_built_by_anyone": lambda: _("Take as many coins as the current Age each time either player "
                                                "builds a %(what)s.", what=_counted(effect.counts)),
        "bank_discount": lambda: _("Each %(what)s bought from the bank costs %(n)s coin less (never under 1).",
                                   what=_list(RESOURCE[r.value] for r in effect.options), n=n),
        "chain_from_opponent": lambda: _("Build through a chain from your opponent's cards as from your own."),
        "controlled_shield": lambda: _("%(n)s shield for whoever controls its chamber: the conflict pawn moves "
                                       "when control changes hands.", n=n),
        "destroy_wonder": lambda: _("Return a wonder your opponent built to the box: whatever it gave for the rest "
                                    "of the game is lost."),
        "discard_available": lambda: _("Discard an available card of the structure, up to %(n)s times.", n=n),
        "discard_bonus_coins": lambda: _("A card discarded for coins brings %(n)s coins more.", n=n),
        "extra_blue_for_senate": lambda: _("A senator's Senate actions count %(n)s more blue cards.", n=n),
        "free_senators": lambda: _("Recruit senators for free."),
        "ignore_cost_symbol": lambda: _("A %(colour)s card costs one symbol less (a resource or its coins).",
                                        colour=COLOUR[effect.colour.value]),
        "lock_progress": lambda: _("Lay a progress token (on the board, your opponent's or left out of the game) "
                                   "under this card: nobody uses it."),
        "move_decree": lambda: _("Move a decree of the Senate under the decree of another chamber."),
        "move_influence": lambda: _("Move %(n)s of your influence cubes to a neighbouring chamber.", n=n),
        "opponent_loses_coins_per": lambda: _("Your opponent loses %(n)s coin for each %(what)s they hold.", n=n,
                                              what=_counted(effect.counts)),
        "place_influence": lambda: _("Place %(n)s influence cube in a chamber of your choice.", n=n),
        "play_again_on_conspirator": lambda: _("Play again after recruiting a conspirator."),
        "progress_from_all_unused": lambda: _("Choose one of all the progress tokens left out of the game."),
        "remove_influence": lambda: _("Remove %(n)s of your opponent's influence cubes from the Senate.", n=n),
        "senate_actions": lambda: _("Senate actions by the blue cards in your city (%(scale)s): each places one "
                                    "of your cubes in a chamber of this senator's section, or moves one to a "
                                    "neighbouring chamber.", scale=_by_count(effect.scale)),
        "swap_opponent_card": lambda: _("Swap a %(colours)s card of your opponent's city for one of yours of the "
                                        "same colour.", colours=_colours(effect.colours)),
        "take_half_opponent_coins": lambda: _("Take half of your opponent's coins, rounded up."),
        "trigger_conspiracy": lambda: _("Trigger one of your conspiracies, even one not yet prepared."),
    }
    return texts[k]() if k in texts else None


def card_summary(entity: Entity) -> list[str]:
    effects = getattr(entity, "effects", ())
    return [_on_its_piece(entity, e) for e in effects] + architects_text(entity)


def price_text(entity: Entity) -> list[str]:
    """A price no cost row shows: a senator's grows with the senators its recruiter already has."""
    n = getattr(entity, "coins_per_held", 0)
    if not n:
        return []
    if n == 1:
        return [_("Recruited for as many coins as senators you already have (your first is free).")]
    return [_("Recruited for %(n)s coins for each senator you already have (your first is free).", n=n)]


def _on_its_piece(entity: Entity, effect: Effect) -> str:
    """An effect as its piece gives it: a divinity is invoked, not built; a decree's effect is its
    chamber holder's (its shield says so itself)."""
    piece = getattr(entity, "piece", None)
    if piece == "divinity" and effect.kind == "coins":
        return _("Take %(num)s coins when invoked.", num=effect.amount)     # Tanit's 12: no divinity gives one
    if piece == "decree" and effect.kind != "controlled_shield":
        return _("For whoever controls its chamber: %(effect)s", effect=effect_text(effect))
    return effect_text(effect)


# 7 Wonders Architects (catalog/architects.py): a wonder's power, a token's effect or score, a medal's need.
POWERS = {
    "take_top_any": _l("Each stage with this power: take the top card of any deck on the table."),
    "choose_progress": _l("Each stage with this power: choose one of the progress tokens on offer."),
    "take_central": _l("Each stage with this power: take the top card of the central deck."),
    "more_points": _l("No power: its stages are worth more points than the other wonders'."),
    "look_five_side": _l("Each stage with this power: look at the top five cards of the deck on your left or "
                         "right, keep one and shuffle the others back."),
    "take_left_right": _l("Each stage with this power: take the top card of the decks on your left and right."),
    "shield": _l("Each stage with this power: one more shield."),
    "tribute": _l("Each stage with this power: take a card in front of another player and use it; that player "
                  "takes the top card of the central deck in return."),
    "cat_and_card": _l("Each stage with this power: take the cat, and a card."),
}
TAKEN = {"wood": _l("wood"), "clay": _l("clay"), "stone": _l("stone"), "gold": _l("gold (yellow)"),
         "papyrus": _l("papyrus"), "glass": _l("glass"), "green": _l("green"), "red_horn": _l("red with horns")}


def architects_text(entity) -> list[str]:
    does = getattr(entity, "does", None)
    if does in POWERS:
        return [str(POWERS[does])] + _stage_points_text(entity)
    if does == "extra_card" and entity.on == ("stage",):
        return [_("When you build a stage of your wonder, also take one of the three cards on offer.")]
    if does == "extra_card":
        what = " / ".join(str(TAKEN[t]) for t in entity.on)
        return [_("When you take a card: %(what)s, also take one of the three cards on offer.", what=what)]
    if does == "gold_double":
        return [_("Each gold (yellow) card counts as two resources.")]
    if does == "any_resources":
        return [_("Build a stage with any resources, ignoring whether they must be identical or different.")]
    if does == "shields":
        return [_("Shields in your total: %(num)s more.", num=entity.amount)]
    if does == "cat_always":
        return [_("You have the cat's power at all times: look at the top card of the central deck at the "
                  "start of your turn.")]
    score = getattr(entity, "score", None)
    if score is not None:
        return [_score_text(score)]
    needs = getattr(entity, "needs", ())
    if needs:
        return [_("Won by the first of its two players to have: %(what)s.",
                  what=", ".join(_need_text(thing, n) for thing, n in needs))]
    return []


def _stage_points_text(wonder) -> list[str]:
    """Its stages' points level by level from the bottom ("3 · 2 + 5 · 5 · 7"), where the data has them."""
    if not wonder.stage_points:
        return []
    levels: dict[int, list[int]] = {}
    for level, points in zip(wonder.stage_levels, wonder.stage_points):
        levels.setdefault(level, []).append(points)
    text = [_("Stage points, level by level from the bottom: %(levels)s.",
              levels=" · ".join(" + ".join(str(p) for p in level) for level in levels.values()))]
    if any(len(level) > 1 for level in levels.values()):
        text.append(_("The stages of one level are built in either order."))
    return text


def _score_text(score) -> str:
    if score.per == "flat" and score.complete is not None:
        return _("At the end: %(n)s points, or %(m)s if your wonder is complete.", n=score.points, m=score.complete)
    if score.per == "flat":
        return _("At the end: %(n)s points.", n=score.points)
    if score.per == "set":
        return _("At the end: %(one)s points for one token of this kind, %(two)s for two.",
                 one=score.scale[0], two=score.scale[-1])
    each = {"cat_card": _l("each cat on your blue cards"), "military_token": _l("each military victory token"),
            "progress_token": _l("each progress token you hold, this one included")}[score.per]
    return _("At the end, %(what)s scores %(num)s.", what=each, num=score.points)


NEEDS = {"blue": _l("blue cards"), "green": _l("green cards"), "grey": _l("grey cards"), "red": _l("red cards"),
         "yellow": _l("yellow cards"), "cat_card": _l("blue cards showing the cat"),
         "horn_card": _l("red cards showing a horn"), "cards": _l("cards of any colour"),
         "stages": _l("stages of your wonder built"), "progress": _l("progress tokens"),
         "victories": _l("military victory tokens"),
         "victories_in_one_battle": _l("military victory tokens won in one battle")}


def _need_text(thing: str, n: int) -> str:
    if thing == "cat":
        return _("the cat")
    return _("%(what)s: %(num)s", what=NEEDS[thing], num=n)


def game_label(entity: Entity) -> str:
    """The box a card, wonder or token is printed for, as the play names it."""
    return _(play_for(entity.game, entity.edition).box)
