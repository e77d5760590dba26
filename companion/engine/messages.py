"""What the engine tells a player, as data: a key and its parameters, never a finished sentence.

A refusal or an answer is a `Msg`: a key of TEXTS and its parameters (card
ids as `Name`, resources as `Res`, counts as numbers). `render` turns it into
a sentence with any gettext catalogue (the web's, the CLI's `--lang`), naming
cards as the reader's box prints them; `str(msg)` is the English sentence.
TEXTS' templates are the gettext msgids (marked N_/Np_ for `make messages`).
A plural template takes its count as `num`.
"""
from __future__ import annotations

import gettext as _gettext
import json
from dataclasses import dataclass, field
from typing import Any

from ..catalog.model import Game


def N_(text: str) -> str:
    """Marks a template for extraction; translated when rendered."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural template (its count is the parameter `num`)."""
    return singular, plural


@dataclass(frozen=True)
class Name:
    """A card, wonder or progress token: named as the reader's box prints it."""
    id: str
    game: Game = Game.SEVEN_WONDERS
    edition: int | None = None


@dataclass(frozen=True)
class Category:
    """A scoring category (a pad's row), by its contract key ("civil")."""
    key: str


@dataclass(frozen=True)
class Res:
    """A resource, by its value ("glass")."""
    value: str


@dataclass(frozen=True)
class Amount:
    """A number of one resource: "2 wood"."""
    num: int
    resource: str


@dataclass(frozen=True)
class Coins:
    """A number of coins: "1 coin", "3 coins"."""
    num: int


@dataclass(frozen=True)
class Listed:
    """Several parameters joined by "and", "or", or "," (a plain comma list)."""
    items: tuple
    joiner: str = "and"


@dataclass(frozen=True)
class Msg:
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key not in TEXTS:
            raise KeyError(f"no message {self.key!r}")

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict:
        return {"key": self.key, "params": {k: _json(v) for k, v in self.params.items()}}


def M(key: str, /, **params) -> Msg:
    return Msg(key, params)


RESOURCES = {"wood": N_("wood"), "stone": N_("stone"), "clay": N_("clay"), "ore": N_("ore"),
             "glass": N_("glass"), "textile": N_("textile"), "papyrus": N_("papyrus")}
# A count of a resource in the reader's plural forms ("2 vidros", "20 de sticle"): "%(num)s %(resource)s"
# gave "precisa de 2 vidro". The catalogue's entries the web's costs use too (web/describe.py).
AMOUNTS = {"wood": Np_("%(num)s wood", "%(num)s wood"), "stone": Np_("%(num)s stone", "%(num)s stone"),
           "clay": Np_("%(num)s clay", "%(num)s clay"), "ore": Np_("%(num)s ore", "%(num)s ore"),
           "glass": Np_("%(num)s glass", "%(num)s glass"),
           "textile": Np_("%(num)s textile", "%(num)s textiles"),
           "papyrus": Np_("%(num)s papyrus", "%(num)s papyrus")}
# The scoring categories, by their contract key: a pad's rows, history's columns.
CATEGORY_WORDS = {"military": N_("Military"), "treasury": N_("Treasury"), "wonder": N_("Wonder"),
                  "wonders": N_("Wonders"), "civil": N_("Civil"), "commercial": N_("Commercial"),
                  "guilds": N_("Guilds"), "science": N_("Science"), "progress": N_("Progress"),
                  # rows the expansion boxes' pads add (card_db/boxes.toml)
                  "leaders": N_("Leaders"), "debt": N_("Debt"), "cities": N_("Cities"),
                  "naval": N_("Naval conflicts"), "islands": N_("Islands"), "shipyard": N_("Shipyard"),
                  "edifice": N_("Edifices"), "tower": N_("Tower of Babel"), "projects": N_("Great projects"),
                  "divinities": N_("Divinities"), "senate": N_("Senate"),
                  # 7 Wonders Architects' pad (card_db/pads/architects.toml) and the Medals row
                  "blue": N_("Blue cards"), "cat": N_("Cat"), "medals": N_("Medals")}
JOINERS = {"and": N_("%(first)s and %(last)s"), "or": N_("%(first)s or %(last)s")}

# key -> the English template (a gettext msgid), or (singular, plural) counted by `num`.
TEXTS: dict[str, str | tuple[str, str]] = {
    # -- parts other messages are built of
    "coins": Np_("%(num)s coin", "%(num)s coins"),
    "amount": N_("%(num)s %(resource)s"),
    "game_over": N_("The game is over."),

    # -- 7 Wonders: paying for a build (the rules, the trade answer, the calculator)
    "sw.this_build": N_("This build"),
    "sw.stage_of_wonder": N_("stage %(n)s of your wonder"),
    "sw.short.none": N_("%(what)s needs %(amount)s; you produce none and neither neighbour sells any"),
    "sw.short.some": N_("%(what)s needs %(amount)s; %(sold)s, %(tail)s"),
    "sw.short.you_produce": N_("you produce %(num)s"),
    "sw.short.left_sells": N_("your left neighbour sells %(num)s"),
    "sw.short.right_sells": N_("your right neighbour sells %(num)s"),
    "sw.short.nth.1": N_("nobody sells the first"),
    "sw.short.nth.2": N_("nobody sells the second"),
    "sw.short.nth.3": N_("nobody sells the third"),
    "sw.short.nth.4": N_("nobody sells the fourth"),
    "sw.short.nth.5": N_("nobody sells the fifth"),
    "sw.short.nth.6": N_("nobody sells the sixth"),
    "sw.short.nth.7": N_("nobody sells the seventh"),
    "sw.short.others": Np_("nobody sells the other %(num)s", "nobody sells the other %(num)s"),
    "sw.short.at_once.it": N_("%(what)s needs %(amounts)s more than you surely make; you and your neighbours "
                              "cannot supply it at once (a card offering a choice gives one resource a turn)"),
    "sw.short.at_once.both": N_("%(what)s needs %(amounts)s more than you surely make; you and your neighbours "
                                "cannot supply both at once (a card offering a choice gives one resource a turn)"),
    "sw.short.at_once.all": N_("%(what)s needs %(amounts)s more than you surely make; you and your neighbours "
                               "cannot supply them all at once (a card offering a choice gives one resource a "
                               "turn)"),
    "sw.costs_you_have": N_("%(what)s costs %(cost)s; you have %(coins)s"),
    "sw.pay.bank": N_("%(coins)s to the bank"),
    "sw.pay.left": N_("%(coins)s to the left neighbour"),
    "sw.pay.right": N_("%(coins)s to the right neighbour"),
    "sw.pay.parts": N_("%(total)s (%(parts)s)"),
    "sw.free.chain": N_("chain"),
    "sw.free.first_of_colour": N_("first of its colour"),
    "sw.free.first_of_age": N_("first card of the age"),
    "sw.free.last_of_age": N_("last card of the age"),
    "sw.free.no_cost": N_("no cost"),

    # -- 7 Wonders: the rules refusing a move
    "sw.no_player": N_("there is no player %(seat)s"),
    "sw.over": N_("the game is over"),
    "sw.not_your_move_discard": N_("it is not your move: a player is building from the discard"),
    "sw.pass_plain": N_("passing names no card and pays nothing"),
    "sw.discard_or_pass": N_("build a card from the discard, or pass"),
    "sw.not_in_discard": N_("%(card)s is not in the discard"),
    "sw.already_has": N_("your city already has a %(card)s"),
    "sw.discard_free": N_("a card built from the discard is free: pay nothing"),
    "sw.cannot_now": N_("you cannot do that now: build a card, a wonder stage, or sell"),
    "sw.not_your_move_seventh": N_("it is not your move: a player is playing the last card of the age"),
    "sw.already_chosen": N_("you have already chosen your card this turn"),
    "sw.free_city_after": N_("the Free City's card is chosen after its holder chooses a card for their own city"),
    "sw.not_in_hand": N_("%(card)s is not in your hand"),
    "sw.negative": N_("a payment cannot be negative"),
    "sw.free_city_chain": N_("the Free City must build %(card)s, free by its chain"),
    "sw.sell_plain": N_("selling a card pays nothing"),
    "sw.free_city_sell": N_("the Free City may sell a card only when it can play none"),
    "sw.all_stages": N_("every stage of your wonder is built"),
    "sw.free_build_not_stage": N_("Olympia's free build is for a card, not a wonder stage"),
    "sw.same_name": N_("your city already has a %(card)s; no two buildings may share a name"),
    "sw.no_free_build": N_("your wonder gives no free build"),
    "sw.free_build_used": N_("you have already used this age's free build"),
    "sw.free_already": N_("%(card)s costs you nothing already (%(why)s); keep the free build"),
    "sw.free_build_plain": N_("a free build pays nothing"),
    "sw.free_pay_nothing": N_("%(card)s costs you nothing (%(why)s): pay nothing"),
    "sw.needs_nothing": N_("%(what)s needs nothing from your neighbours: pay them nothing"),
    "sw.wrong_split": N_("paying %(left)s to the left and %(right)s to the right does not buy what %(what)s "
                         "needs; the cheapest is %(options)s"),
    "sw.payment_costs": N_("that payment costs %(cost)s; you have %(coins)s"),

    # -- 7 Wonders: a tracked table
    "swt.wrong_age": N_("%(card)s is an Age %(age)s card; this is Age %(now)s."),
    "swt.guild_in_play": N_("The %(card)s is already in play."),
    "swt.guilds_all_in_play": Np_("The Age III deck holds %(num)s guild and it is already in play.",
                                  "The Age III deck holds %(num)s guilds and all %(num)s are already in play."),
    "swt.not_in_deck": Np_("There is no %(card)s in the Age %(age)s deck at %(num)s player.",
                           "There is no %(card)s in the Age %(age)s deck at %(num)s players."),
    "swt.not_in_deck_until": Np_("There is no %(card)s in the Age %(age)s deck at %(num)s player: its first "
                                 "copy is for %(first)s players or more.",
                                 "There is no %(card)s in the Age %(age)s deck at %(num)s players: its first "
                                 "copy is for %(first)s players or more."),
    "swt.only_copy_in_play": N_("The only %(card)s of this age is already in play."),
    "swt.every_copy_in_play": Np_("Every %(card)s of this age is already in play (%(num)s copy).",
                                  "Every %(card)s of this age is already in play (%(num)s copies)."),
    "swt.waiting_seventh": N_("Waiting for %(name)s to play the last card of Age %(age)s."),
    "swt.waiting_discard": N_("Waiting for %(name)s to build a card from the discard (or pass)."),
    "swt.only_halicarnassus": N_("Only Halicarnassus builds from the discard, at the end of the turn its stage "
                                 "is built."),
    "swt.already_played": N_("%(name)s has already played this turn."),
    "swt.seventh_choices": N_("%(name)s plays the last card of the age: build it, build a stage with it, "
                              "or sell it."),
    "swt.discard_now": N_("%(name)s builds a card from the discard now, or passes."),
    "swt.free_build_card_only": N_("Olympia's free build is for a card, not a wonder stage or a sale."),
    "swt.stage_range": Np_("%(wonder)s side %(side)s has stage 1 only, not %(stage)s.",
                           "%(wonder)s side %(side)s has stages 1 to %(num)s, not %(stage)s."),
    "swt.stage_built": N_("Stage %(stage)s of %(name)s's wonder is already built."),
    "swt.stage_order": N_("Stage %(stage)s must wait for stage %(first)s: stages are built in order."),
    "swt.free_city_chain": N_("The Free City must build %(card)s, free by its chain."),
    "swt.free_city_sell": N_("The Free City may sell a card only when it can play none; it can play %(card)s."),
    "swt.not_in_discard": N_("No %(card)s is in the discard."),

    # -- 7 Wonders: the trade answer
    "swc.already_built": N_("already built: your city has a %(card)s"),
    "swc.stage_built": N_("stage %(n)s is already built"),
    "swc.stage_order": N_("stage %(n)s must wait for stage %(first)s: stages are built in order"),
    "swc.stage": N_("stage %(n)s"),

    # -- the calculators
    "calc.costs_you_have": N_("costs %(cost)s and you have %(coins)s"),

    # -- Duel: the rules refusing a move
    "duel.enter_reveal": N_("A card was turned face up: enter it first."),
    "duel.players_turn": N_("It is player %(n)s's turn to play a card."),
    "duel.first.show_progress": N_("Enter the progress tokens placed on the board first."),
    "duel.first.show_wonder": N_("Enter the wonders shown for the draft first."),
    "duel.first.pick_wonder": N_("Player %(n)s picks a wonder first."),
    "duel.first.progress": N_("Player %(n)s takes a progress token first."),
    "duel.first.destroy": N_("Player %(n)s chooses the card to destroy first."),
    "duel.first.rebuild": N_("Player %(n)s chooses a card of the discard pile first."),
    "duel.first.library_draw": N_("Enter the progress tokens drawn for The Great Library first."),
    "duel.first.library_pick": N_("Player %(n)s keeps one of the drawn tokens first."),
    "duel.first.starter": N_("Player %(n)s chooses who begins the next age first."),
    "duel.slot_not_waiting": N_("Slot %(slot)s holds no face-up card waiting to be entered."),
    "duel.cannot_lie": N_("%(card)s cannot lie in the Age %(age)s structure: it belongs to another age or was "
                          "seen already."),
    "duel.slot_not_accessible": N_("The card in slot %(slot)s is not accessible."),
    "duel.costs_you_have": N_("%(what)s costs %(cost)s and you have %(coins)s."),
    "duel.not_your_wonder": N_("%(wonder)s is not one of your wonders still to build."),
    "duel.seven_built": N_("Seven wonders are built already: no more can be."),
    "duel.token_not_on_board": N_("%(token)s is not on the board."),
    "duel.not_destroyable.brown": N_("%(card)s is not a brown card of your opponent's city."),
    "duel.not_destroyable.grey": N_("%(card)s is not a grey card of your opponent's city."),
    "duel.not_in_discard": N_("%(card)s is not in the discard pile."),
    "duel.token_not_unused": N_("%(token)s is not among the tokens left out of the game."),
    "duel.token_not_drawn": N_("%(token)s is not one of the drawn tokens."),
    "duel.starter_choice": N_("The next age begins with player 1 or player 2."),
    "duel.token_shown": N_("%(token)s is already on the board or not a progress token."),
    "duel.wonder_shown": N_("%(wonder)s was shown already or is not a wonder."),
    "duel.wonder_not_shown": N_("%(wonder)s is not among the wonders shown."),

    # -- Duel: a tracked table
    "duel.not_in_structure": N_("%(card)s is not in the card structure."),
    "duel.covered": N_("%(card)s is covered by other cards or already played."),
    "duel.nothing_to_reveal": N_("Nothing to reveal now: it is %(name)s's move."),
    "duel.enter_turned": N_("A card or token was turned over: enter it first."),
    "duelt.players_turn": N_("It is %(name)s's turn to play a card."),
    "duelt.first.pick_wonder": N_("%(name)s picks a wonder first."),
    "duelt.first.progress": N_("%(name)s takes a progress token first."),
    "duelt.first.destroy": N_("%(name)s chooses the card to destroy first."),
    "duelt.first.rebuild": N_("%(name)s chooses a card of the discard pile first."),
    "duelt.first.library_pick": N_("%(name)s keeps one of the drawn tokens first."),
    "duelt.first.starter": N_("%(name)s chooses who begins the next age first."),
    "duel.whose_move": N_("It is %(name)s's move, not %(other)s's."),

    # -- Duel: the trade answer
    "duelc.card_built": N_("%(card)s is already built in this city."),
    "duelc.card_opponent": N_("The opponent has built %(card)s, and every card exists once."),
    "duelc.wonder_built": N_("%(wonder)s is already built."),
    "duelc.wonder_opponent": N_("The opponent has built %(wonder)s."),
    "duelc.wonders_each": Np_("A player builds at most %(num)s wonder.", "A player builds at most %(num)s wonders."),
    "duelc.wonders_all": Np_("%(num)s wonder is built already; the last one left the game.",
                             "%(num)s wonders are built already; the last one left the game."),
    "duelc.coins": N_("Not enough coins: %(what)s costs %(cost)s and the city has %(coins)s."),

    # -- input that describes no city or game (HTTP 400, exit 2): what is wrong, after a JSON path
    "type.object": N_("an object"),
    "type.list": N_("a list"),
    "type.string": N_("a string"),
    "type.bool": N_("true/false"),
    "type.null": N_("null"),
    "type.number": N_("a number"),
    "lookup.ambiguous": N_('"%(text)s" is ambiguous: it may be %(options)s; use the id'),
    "lookup.option": N_("%(name)s (%(id)s)"),
    "lookup.card": N_('unknown card "%(text)s"'),
    "lookup.card.hint": N_('unknown card "%(text)s" (did you mean "%(hint)s"?)'),
    "lookup.wonder": N_('unknown wonder "%(text)s"'),
    "lookup.wonder.hint": N_('unknown wonder "%(text)s" (did you mean "%(hint)s"?)'),
    "lookup.progress": N_('unknown progress token "%(text)s"'),
    "lookup.progress.hint": N_('unknown progress token "%(text)s" (did you mean "%(hint)s"?)'),
    "in.edition": N_("edition must be 1 or 2, not %(value)s"),
    "in.card_string": N_("a card is named by a string, not %(kind)s"),
    "in.other_edition.1": N_('"%(card)s" is not a card of the 1st edition (it is in the 2nd)'),
    "in.other_edition.2": N_('"%(card)s" is not a card of the 2nd edition (it is in the 1st)'),
    "in.wonder_string": N_("a wonder is named by a string, not %(kind)s"),
    "in.city_object": N_("a city is a JSON object, not %(kind)s"),
    "in.name_string": N_("name must be a string, not %(kind)s"),
    "in.needs_wonder": N_("a city needs its wonder"),
    "in.unknown_side.1": N_("unknown side %(side)s: the 1st edition's boards have the sides A and B"),
    "in.unknown_side.2": N_("unknown side %(side)s: the 2nd edition's boards have the sides day and night"),
    "in.stages_number": N_("stages must be a whole number, not %(value)s"),
    "in.stages_count": Np_("%(wonder)s side %(side)s has %(num)s stage, not %(stages)s",
                           "%(wonder)s side %(side)s has %(num)s stages, not %(stages)s"),
    "in.cards_list": N_("cards must be a list, not %(kind)s"),
    "in.two_cards": N_('a city cannot hold two cards named "%(card)s" (also at %(at)s)'),
    "in.coins_number": N_("coins must be a whole number of at least 0, not %(value)s"),
    "in.military_list": N_("military must be a list of conflict tokens, not %(kind)s"),
    "in.token_value": N_("a conflict token is -1, 1, 3 or 5, not %(value)s"),
    "in.free_city_bool": N_("free_city must be true or false, not %(value)s"),
    "in.wonder_taken": N_("%(wonder)s is already the wonder of %(at)s"),
    "in.players_list": N_("players must be a list of cities, not %(kind)s"),
    "in.free_city_edition": N_("the Free City is a variant of the 1st edition"),
    "in.free_city_count": N_("the Free City variant has two players and one Free City"),
    "in.player_count.1": N_("7 Wonders is played by %(low)s to %(high)s players (or 2 and a Free City in the 1st "
                            "edition), not %(num)s"),
    "in.player_count.2": N_("7 Wonders is played by %(low)s to %(high)s players, not %(num)s"),
    "in.needs_name": N_("each player needs a name"),
    "in.name_length": N_("a name has at most %(num)s letters"),
    "in.new_city_empty": N_("a new game starts with empty cities and %(num)s coins each: leave out %(key)s"),
    "in.body_object": N_("the body must be a JSON object"),
    "in.input_object": N_("the input must be a JSON object"),
    "in.game_is": N_('game must be "%(game)s", not %(value)s'),
    "in.unknown_game": N_("unknown game %(value)s (expected %(games)s)"),
    "in.same_name": N_('two players are named "%(name)s"'),
    "in.different_names": N_("the two players need different names"),
    "in.no_player": N_("no player %(who)s at this table (players: %(names)s)"),
    "in.player_missing": N_("the player is missing: name one of %(names)s"),    # not "no player None"
    "in.coins_field": N_("%(key)s must be a whole number of coins, not %(value)s"),
    "in.action_object": N_("an action must be a JSON object"),
    "in.unknown_action": N_("unknown action %(verb)s (expected one of %(verbs)s)"),
    "in.needs_card": N_("%(verb)s needs the card"),
    "in.needs_field": N_("%(verb)s needs %(key)s"),
    "in.free_bool": N_("free must be true or false, not %(kind)s"),
    "in.stage_number": N_("stage must be a number, not %(kind)s"),
    "in.slot_number": N_("slot must be a number, not %(value)s"),
    "in.pay_object": N_('pay must be {"left": n, "right": m}, not %(kind)s'),
    "in.build_stage": N_('build must be {"card": NAME} or {"stage": N}'),
    "in.build_wonder": N_('build must be {"card": NAME} or {"wonder": NAME}'),
    "in.turn": N_("turn must be 1 to 6, not %(value)s"),
    "in.stage_range": N_("%(wonder)s side %(side)s has stages 1 to %(num)s, not %(stage)s"),
    "in.box.unknown": N_('unknown expansion "%(box)s"'),
    "in.box.other_game": N_('the expansion "%(box)s" is not a box of this game and edition'),
    "in.box.not_ready": N_('the expansion "%(box)s" is not scored yet'),
    "in.box.twice": N_('the expansion "%(box)s" is named twice'),
    "in.box.apart": N_('the expansions "%(box)s" and "%(other)s" are not played together'),
    "in.box.list": N_("expansions must be a list of box names"),
    "in.box.not_tracked": N_("expansions are scored on a score sheet but not yet followed move by move: "
                             "start the game without them"),
    "in.needs_box": N_('%(key)s needs the expansion "%(box)s" in "expansions"'),
    "in.wonder_needs_box": N_('%(wonder)s comes with the expansion "%(box)s": add it to the game\'s expansions'),
    "in.stages_which": N_("%(wonder)s side %(side)s is built in any order: say which of its %(num)s stages "
                          "are built, not how many"),
    "in.stages_any_order": N_("%(wonder)s side %(side)s is built in any order: name each stage built once, "
                              "a number from 1 to %(num)s, not %(value)s"),
    "in.leader_string": N_("a leader is named by a string, not %(kind)s"),
    "in.unknown_leader": N_('unknown leader "%(value)s"'),
    "in.unknown_leader.hint": N_('unknown leader "%(value)s" (did you mean "%(hint)s"?)'),
    "in.leaders_list": N_("leaders must be a list of leaders, not %(kind)s"),
    "in.two_leaders": N_("a city cannot recruit %(leader)s twice (also at %(at)s)"),
    "in.buried_list": N_("buried must be a list of the leaders buried under the wonder, not %(kind)s"),
    "in.buried_too_many": N_("no more leaders can be buried than the wonder stages built that bury one "
                             "(%(num)s here)"),
    "in.buried_twice": N_("%(leader)s is buried once, and then no longer among the leaders in play"),
    "in.colour_under_value": N_("colour_under is the colour of the card under the stage, %(colours)s, not "
                                "%(value)s"),
    "in.colour_under_no_stage": N_("colour_under is for a wonder stage built that scores the colour of the card "
                                   "under it"),
    "in.debt_number": N_("debt must be a whole number of at least 0, not %(value)s"),
    "in.points_unconfirmed": N_("our sources disagree on the points of %(card)s (%(options)s): "
                                "type its row on the sheet yourself"),
    "in.points_uncounted": N_("the points of %(card)s depend on what a city here does not record (the Age "
                              "of each victory token, or an effect not confirmed): type its row on the sheet "
                              "yourself"),
    "in.expected_name.card": N_("expected the name of a card, not %(value)s"),
    "in.expected_name.wonder": N_("expected the name of a wonder, not %(value)s"),
    "in.expected_name.progress": N_("expected the name of a progress token, not %(value)s"),
    "in.names_list": N_("%(key)s must be a list of names"),
    "in.duel_city_object": N_("a city must be a JSON object"),
    "in.name_text": N_("name must be text"),
    "in.duel_coins": N_("coins must be a whole number, not %(value)s"),
    "in.coins_negative": N_("coins cannot be negative (%(value)s)"),
    "in.listed_twice": N_('"%(name)s" is listed twice (also at %(at)s)'),
    "in.wonders_each": N_("a player builds at most %(num)s wonders, not %(count)s"),
    "in.both_cities.card": N_('"%(name)s" cannot be in both cities: every card exists once'),
    "in.both_cities.wonder": N_('"%(name)s" cannot be in both cities: every wonder exists once'),
    "in.both_cities.progress": N_('"%(name)s" cannot be in both cities: every progress token exists once'),
    "in.wonders_all": N_("only %(num)s wonders are built in a game, not %(count)s"),
    "in.duel_players_list": N_("players must be a list of the two cities"),
    "in.duel_players": N_("Duel is played by 2 players, not %(num)s"),
    "in.duel_two_names": N_('Duel is played by 2 players: send two {"name": ...}'),
    "in.conflict_number": N_("conflict must be a whole number from -9 to 9, not %(value)s"),
    "in.conflict_range": N_("conflict must lie between -%(cap)s and %(cap)s (a capital), not %(value)s"),
    "in.two_supremacies": N_("both players cannot hold a supremacy: the first one ends the game"),
    "in.missing.player": N_("the player's city is missing"),
    "in.missing.opponent": N_("the opponent's city is missing"),
    "in.first": N_("first is 0 or 1 (the player who starts)"),

    # -- a score sheet's tally (engine/sheet_tally.py)
    "sheet.duel_guilds_short": N_("Guilds count the city with most of a thing: enter both cities for exact guild "
                                  "points."),
    "sheet.neighbours_short": N_("Guilds and Olympia count neighbours' cards: players entered by numbers count as "
                                 "empty cities there, so check those rows."),
    "sheet.cannot_score": N_("These cities cannot be scored together: %(why)s"),
    "sheet.stage_typed": N_("%(name)s: a stage of %(wonder)s scores what the city page does not record: "
                            "type the wonder row."),
    "in.where": N_("%(at)s: %(why)s"),
    "sheet.row_bounds": N_("%(row)s is between %(low)s and %(high)s in a real game."),
    "sheet.row_either": N_("%(row)s is %(low)s or %(high)s in a real game."),
    "sheet.row_step": N_("%(row)s is a multiple of %(step)s between %(low)s and %(high)s in a real game."),
    "sheet.coins_bounds": N_("Coins are a whole number from 0 to %(high)s."),
    "sheet.board": N_("Choose a wonder board of this edition and its side."),
    "sheet.tie.civil": N_("Equal totals: the most civil (blue) points wins; still equal, both win."),
    "in.not_tracked": N_("this game is scored on a sheet, not followed move by move"),
    # -- random wonders for a table (engine/dealing.py)
    "deal.players": N_("This game is played by %(low)s to %(high)s players, not %(num)s."),
    "deal.too_few": N_("There are only %(num)s wonders to deal."),
    "sheet.tie.stages": N_("Equal totals: the most wonder stages built wins (enter stages built); still equal, "
                           "the victory is shared."),
    "sheet.stages_bounds": N_("Stages built are a whole number from 0 to %(high)s."),
    "sheet.architects_short": N_("Players entered by numbers count no points from a city: enter every player's "
                                 "city, or type their rows."),
    # -- 7 Wonders Architects: a city that cannot be scored (engine/architects/contract.py)
    "in.arch.player_count": N_("7 Wonders Architects is played by %(low)s to %(high)s players, not %(num)s"),
    "in.arch.count": N_("%(key)s must be a whole number from 0 to %(high)s, not %(value)s"),
    "in.arch.unknown_field": N_("unknown field %(key)s in a city"),
    "in.arch.unknown.wonder": N_("unknown wonder %(value)s"),
    "in.arch.unknown.progress": N_("unknown progress token %(value)s"),
    "in.arch.progress_list": N_("progress must be a list of progress tokens, not %(kind)s"),
    "in.arch.copies": N_("the box holds only %(num)s of the progress token %(token)s"),
    "in.arch.two_cats": N_("only one player holds the cat (also %(at)s)"),
    "in.arch.cat_bool": N_("cat must be true or false, not %(kind)s"),
    "in.arch.points_no_stage": N_("wonder points need at least one stage built"),
    "in.arch.stage_points_which": N_("%(wonder)s, stages built: %(num)s, shows %(choices)s points depending on "
                                     "which stages were built: type the points printed on them"),
    "in.arch.stage_points_not": N_("%(wonder)s, stages built: %(num)s, shows %(choices)s points, not %(value)s"),
    "in.arch.medals_box": N_("medals are counted with the Medals expansion only"),
    "in.arch.set_unknown": N_("what %(num)s %(token)s tokens score is not confirmed by our sources: type the "
                           "progress points on the sheet instead"),
    "in.arch.boxes": N_("the only expansion of 7 Wonders Architects is medals"),
    "in.arch.not_offered": N_("7 Wonders Architects is scored only: %(what)s is not offered for it"),
    "sheet.tie.coins": N_("Equal totals: the most coins wins (enter coins left); still equal, the rank is shared."),

    # -- a tracked game's store
    "store.not_over": N_("The game is not over yet."),
    "store.nothing_to_undo": N_("There is nothing to undo."),

    # -- a tracked game's moves in words, by the contract's verb (engine/tracked.py)
    "move.hidden": N_("%(name)s chose a card."),
    "move.build": N_("%(name)s built %(card)s."),
    "move.stage": N_("%(name)s built a wonder stage with %(card)s."),
    "move.sell": N_("%(name)s sold %(card)s."),
    "move.discard": N_("%(name)s discarded %(card)s for coins."),
    "move.discard-build": N_("%(name)s built %(card)s from the discard."),
    "move.rebuild": N_("%(name)s built %(card)s from the discard."),
    "move.pass": N_("%(name)s passed."),
    "move.wonder": N_("%(name)s built %(wonder)s with %(card)s."),
    "move.progress": N_("%(name)s took %(token)s."),
    "move.library": N_("%(name)s took %(token)s."),
    "move.draw": N_("%(token)s was drawn for the Great Library."),
    "move.show-progress": N_("%(token)s is on the board."),
    "move.show-wonder": N_("%(wonder)s is offered in the draft."),
    "move.pick": N_("%(name)s chose %(wonder)s."),
    "move.destroy": N_("%(name)s destroyed %(card)s."),
    "move.start": N_("%(name)s starts the next age."),
    "move.reveal": N_("%(card)s turned face up on slot %(n)s."),
}


MINUS = "\u2212"


def minus(n) -> str:
    """A number as a player reads it: a negative one with the true minus sign ("−6", as the military
    tokens print it), never the ASCII hyphen ("-6"). The one place a sign is written (pages, refusals)."""
    text = str(n)
    return MINUS + text[1:] if text.startswith("-") else text


def signed(n) -> str:
    """A number with its sign always written: "+3", "−1", "0" (a military token as printed)."""
    return f"+{n}" if n > 0 else minus(n)


class Words:
    """Renders messages with a gettext catalogue (any object with gettext/ngettext) in `lang`."""

    def __init__(self, translations=None, lang: str = "en"):
        self.t = translations if translations is not None else _gettext.NullTranslations()
        self.lang = lang

    def say(self, msg: Msg) -> str:
        text = TEXTS[msg.key]
        values = {k: self.value(v) for k, v in msg.params.items()}
        if isinstance(text, tuple):
            return self.placed(self.t.ngettext(text[0], text[1], msg.params["num"]), values) % values
        return self.placed(self.t.gettext(text), values) % values if values else self.t.gettext(text)

    def placed(self, said: str, values: dict) -> str:
        """The translated text as its values will be put in it: the web's words elide French "de" before
        a name beginning with a vowel (web/i18n.py elided); here, as it is."""
        return said

    def value(self, v) -> str:
        if isinstance(v, Msg):
            return self.say(v)
        if isinstance(v, Name):
            return self.name(v)
        if isinstance(v, Res):
            return self.t.gettext(RESOURCES.get(v.value, v.value))
        if isinstance(v, Category):
            return self.t.gettext(CATEGORY_WORDS.get(v.key, v.key))
        if isinstance(v, Amount):
            if v.resource in AMOUNTS:
                return self.t.ngettext(*AMOUNTS[v.resource], v.num) % {"num": v.num}
            return self.say(M("amount", num=v.num, resource=Res(v.resource)))
        if isinstance(v, Coins):
            return self.say(M("coins", num=v.num))
        if isinstance(v, Listed):
            items = [self.value(i) for i in v.items]
            if len(items) < 2 or v.joiner == ",":
                return ", ".join(items)
            return self.t.gettext(JOINERS[v.joiner]) % {"first": ", ".join(items[:-1]), "last": items[-1]}
        if type(v) is int:
            return minus(v)
        return str(v)

    def name(self, ref: Name) -> str:
        from ..catalog import LookupFailed, catalog
        game = ref.game if isinstance(ref.game, Game) else Game.from_contract(ref.game) or Game.parse(ref.game)
        try:
            return catalog().get(game, ref.edition, ref.id).name_in(self.lang)
        except LookupFailed:           # an id the catalog does not hold: show it as it is
            return ref.id


ENGLISH = Words()

_KINDS = {dict: "type.object", list: "type.list", str: "type.string", bool: "type.bool", type(None): "type.null",
          int: "type.number", float: "type.number"}


def kind_of(value) -> Msg | str:
    """What a JSON value is, in words ("a list"), for input errors."""
    key = _KINDS.get(type(value))
    return M(key) if key else type(value).__name__


def shown(value) -> str:
    """A value the input held, as its writer wrote it, for input errors: a text quoted ('fly'), any other
    JSON value as JSON (null, true, ["Ana"], {}); Python's repr said None, True and ['Ana'] to clients
    that had sent JSON."""
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):       # not a JSON value (a caller's own object): as Python shows it
        return repr(value)


def unknown_name(game, edition: int | None, text: str, kinds: tuple[str, ...], failure=None) -> Msg:
    """A name the catalog does not know (with the closest printed name), or one it knows twice."""
    from ..catalog import catalog
    cat = catalog()
    ids = cat.ids(game)
    if failure is not None and failure.suggestions and all(i in ids for i in failure.suggestions):
        # ambiguous: the catalog names the ids to choose from
        found = sorted((cat.get(game, edition, i) for i in failure.suggestions), key=lambda e: e.name)
        options = tuple(M("lookup.option", name=Name(e.id, game, e.edition), id=e.id) for e in found)
        return M("lookup.ambiguous", text=text, options=Listed(options, "or"))
    hint = cat.suggest(game, edition, text, kinds, limit=1)
    if not hint:
        return M(f"lookup.{kinds[0]}", text=text)
    found = cat.find(game, edition, hint[0], kinds=kinds)
    return M(f"lookup.{kinds[0]}.hint", text=text, hint=Name(found.id, game, found.edition))


_CLOSERS = ")]\"'»”’"
_STOPS = ".!?…"


def full_stop(text: str | None) -> str | None:
    """A refusal shown on its own is a sentence: the engine's refusals are also pieces of other sentences
    ("...: there is no player 3"), so their templates start in lower case where the language does ("l'étape
    2 de votre merveille demande ...") and end without a stop. Its first letter is made a capital and a
    stop is added unless the text (a translation, a joined sentence) already ends with one, inside any
    closing bracket or quote."""
    if not text:
        return text
    text = capital(text.rstrip())
    return text if text.rstrip(_CLOSERS).endswith(tuple(_STOPS)) else text + "."


def capital(text: str) -> str:
    """`text` with its first letter a capital and nothing else changed ("l'étape 2" -> "L'étape 2", "«ana»
    ..." -> "«Ana» ..."): str.capitalize would lower the rest (a card's name, "PV"). A text that starts
    with a number ("3 coins") keeps it."""
    for i, char in enumerate(text):
        if char.isalnum():
            return text[:i] + char.title() + text[i + 1:] if char.isalpha() else text
    return text


def render(msg, words: Words | None = None) -> str | None:
    """The sentence in `words`' language (English by default); plain strings and None pass through."""
    if msg is None or isinstance(msg, str):
        return msg
    return (words or ENGLISH).say(msg)


def _json(v):
    if isinstance(v, Msg):
        return v.to_json()
    if isinstance(v, Name):
        return v.id
    if isinstance(v, Res):
        return v.value
    if isinstance(v, Category):
        return v.key
    if isinstance(v, Amount):
        return {"num": v.num, "resource": v.resource}
    if isinstance(v, Coins):
        return v.num
    if isinstance(v, Listed):
        return [_json(i) for i in v.items]
    return v
