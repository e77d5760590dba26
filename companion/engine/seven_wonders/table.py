"""A tracked 7 Wonders game at a real table, in the JSON of the contract's "tables".

The cards are real and the hands are in the players' hands: the app never
knows them. It keeps the books: the cities, the coins, the conflicts and the
score, and it refuses what the rules forbid. A player names the card they
play; any card of the age's deck (this edition, this player count) is
accepted while a copy of it may still be in a hand, i.e. while fewer copies
than the deck holds were built, put under a stage or sold this age.

The turn is simultaneous: each player posts one action a turn, in any order,
judged against the cities and coins as they stood when the turn began; when
every seat has acted the turn resolves at once with the engine's own
resolution (rules.resolve): cards placed, neighbours and bank paid, then
every income. What follows is the rules' own turn machine (rules.Turns):
after the 6th turn Babylon B's last card of the age, the 7th cards discarded
face down, Halicarnassus' build from the discard, the conflicts, the next age
(or the end); `TableTurns` only says what a table that knows no hands holds.

What the app cannot see is modelled as "possible": the 7th cards discarded
at the end of an age are the age's copies nobody played (exactly so in Ages
I and II; in Age III the guilds left out of the deck cannot be told apart
from those discarded); Halicarnassus may name a card of the known discard or
one of those. The 2-player Free City variant (1st edition) is played as a
third seat named like any player; the holder of its card posts for it.

Actions (posted JSON; names are printed names or ids, any language the
catalog knows; "player" is a name or a seat number):
    {"player": "Ana", "action": "build", "card": "Baths"}
        optional "pay": {"left": n, "right": m} (default: the cheapest, the first of equals)
        optional "free": true (Olympia A's free build of the age)
    {"player": "Ana", "action": "stage", "card": "Baths"}   the card goes face down under the stage
        optional "pay", optional "stage": N (refused unless N is the next stage)
    {"player": "Ana", "action": "sell", "card": "Baths"}    ("discard" is the same) 3 coins
    {"player": "Ana", "action": "discard-build", "card": "Baths"}   Halicarnassus, when asked
    {"player": "Ana", "action": "pass"}                             Halicarnassus builds nothing

Everything is a pure function over frozen values: an illegal action raises
IllegalAction (one sentence) and the state passed in is untouched, so undo
is a replay of the log without its last action.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ...catalog import Game
from ...catalog.plays import Play, play_for, tidy_name
from ..errors import BadInput, IllegalAction
from ..tracked import EVERY_SEAT, LegalMove, Pick, describe, player_name
from ..messages import M, Msg, Name, kind_of, shown
from .actions import Action, Move
from .city import City
from .contract import score_of
from .parse import edition_of, find_card, is_int, parse_players
from .pricing import FREE_OF_COST, free_reason, price_card, price_stage
from .quick import quick_replace
from .rules import CHAIN, SELL_COINS, Turns, build_from_discard, check, legal_actions, resolve
from .setup import START_COINS, guild_count
from .state import AGES, GameState, Phase, Transfer
from .facts import CardInfo, tables

GAME = Game.SEVEN_WONDERS.contract_name
VERBS = {"build": Move.BUILD, "stage": Move.STAGE, "sell": Move.SELL, "discard": Move.SELL,
         "discard-build": Move.DISCARD_BUILD, "pass": Move.PASS}


@dataclass(frozen=True)
class TableState:
    """A tracked game: the cities and where the turn stands; hands are not known.

    Seats are clockwise: seat i + 1 (wrapping) sits on the left of seat i.
    """
    edition: int
    cities: tuple[City, ...]
    age: int = 1
    turn: int = 1
    phase: Phase = Phase.PICK
    pending: tuple[Action | None, ...] = ()    # this turn's chosen actions, applied when all are in
    out: tuple[str, ...] = ()                  # cards of this age out of the hands (built, staged, sold)
    discard: tuple[str, ...] = ()              # the discard as seen: sold cards, in order
    unseen: tuple[str, ...] = ()               # cards possibly discarded face down at a finished age's end
    waiting: tuple[int, ...] = ()              # seats owing a move in SEVENTH or DISCARD, in order
    discard_builders: tuple[int, ...] = ()     # Halicarnassus seats to build from the discard this turn
    free_city: int | None = None               # the Free City's seat (2-player variant)
    ledger: tuple[Transfer, ...] = ()          # the coins moved by the last resolution
    moves: int = 0

    @property
    def seats(self) -> int:
        return len(self.cities)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.seats

    def neighbours(self, seat: int) -> tuple[City, City]:
        """(left, right) cities of a seat."""
        return self.cities[self.left_of(seat)], self.cities[self.right_of(seat)]

    def but(self, **changes) -> "TableState":
        return quick_replace(self, changes)


# ---------------------------------------------------------------- a new game

def _check_new_players(players) -> None:
    if not isinstance(players, list):
        return                                  # parse_players says what is wrong
    for i, raw in enumerate(players):
        if not isinstance(raw, dict):
            continue
        player_name(raw, i)
        for key in ("stages", "cards", "coins", "military"):
            if key in raw:
                raise BadInput(M("in.new_city_empty", num=START_COINS, key=key), f"players[{i}].{key}")


def new_game(doc) -> tuple[TableState, tuple[str, ...]]:
    """(the state at Age I turn 1, the players' names) from the POST /api/v1/games body."""
    if not isinstance(doc, dict):
        raise BadInput(M("in.body_object"), "(top)")
    if doc.get("game", GAME) != GAME:
        raise BadInput(M("in.game_is", game=GAME, value=shown(doc.get("game"))), "game")
    edition = edition_of(doc)
    _check_new_players(doc.get("players"))
    cities = parse_players(doc, edition)        # 3 to 7 (or 2 and a Free City), sides, distinct wonders
    names: list[str] = []
    for i, c in enumerate(cities):
        name = tidy_name(c.name)
        if name.casefold() in (n.casefold() for n in names):
            raise BadInput(M("in.same_name", name=name), f"players[{i}].name")
        names.append(name)
    # a box's board may add coins of its own at the start (the Wonder Pack's Manneken Pis)
    cities = tuple(c.but(name=n, coins=START_COINS + c.tables.wonder(c.wonder).start_coins)
                   for c, n in zip(cities, names))
    fc = next((i for i, c in enumerate(cities) if c.free_city), None)
    state = TableState(edition, cities, pending=(None,) * len(cities), free_city=fc)
    return state, tuple(names)


# ---------------------------------------------------------------- the deck of an age

@lru_cache(maxsize=64)
def _deck(edition: int, age: int, seats: int) -> tuple[Counter, frozenset[str]]:
    """(copies of each non-guild card in the age's deck, the guilds that may be in it)."""
    t = tables(edition)
    guilds = frozenset(t.guilds()) if age == AGES else frozenset()
    return Counter(t.deck(age, seats)), guilds


@lru_cache(maxsize=8)
def _by_name(edition: int) -> dict[tuple[str, int], str]:
    """(card name, age) -> id: the 1st edition's Loom is one name in two ages."""
    return {(c.name, c.age): c.id for c in tables(edition).cards.values()}


def _guild_cap(state: TableState) -> int:
    return guild_count(state.seats)


def _in_play(state: TableState, hidden: bool = True) -> Counter:
    """The cards of this age out of the hands, this turn's choices included unless `hidden` is False
    (they are face down on the table until the turn resolves)."""
    out = Counter(state.out)
    return out + Counter(a.card for a in state.pending if a is not None and a.card) if hidden else out


def _copies_in_play(state: TableState, card: str) -> int:
    """`_in_play(state)[card]`, without building the two Counters each price and move asked it for."""
    return state.out.count(card) + sum(1 for a in state.pending if a is not None and a.card == card)


def _left_in_hands(state: TableState, hidden: bool = True) -> Counter:
    """The copies of this age nobody has played (after the 6th turn: the 7th cards, discarded)."""
    return _left_of(state.edition, state.age, state.seats, _in_play(state, hidden))


def _left_of(edition: int, age: int, seats: int, played: Counter) -> Counter:
    copies, guilds = _deck(edition, age, seats)
    left = copies - played
    if sum(1 for g in guilds if played[g]) < guild_count(seats):
        left += Counter({g: 1 for g in guilds if not played[g]})
    return left


@lru_cache(maxsize=8192)
def _shown_left(edition: int, age: int, seats: int, out: tuple[str, ...]) -> tuple[str, ...]:
    """The cards that may be in a hand as every seat may know them (this turn's choices face down not
    counted): the same for every seat and every version of a turn, asked by each seat's pick at each
    version (issue 29: the Counters built again each time were a tenth of a pushed board)."""
    return tuple(set(_left_of(edition, age, seats, Counter(out))))


def cards_left(state: TableState) -> list[str]:
    """The ids of this age's cards that may still be in a hand (one entry a copy), for a card picker."""
    return sorted(_left_in_hands(state).elements())


def _card_of_this_age(state: TableState, info: CardInfo) -> CardInfo:
    """The card named, as a card still possibly in a hand this age; IllegalAction otherwise."""
    t = tables(state.edition)
    if info.age != state.age:
        same = _by_name(state.edition).get((info.name, state.age))
        if same is None:
            raise IllegalAction(M("swt.wrong_age", card=_card(state, info), age=_roman(info.age),
                                  now=_roman(state.age)))
        info = t.cards[same]
    copies, guilds = _deck(state.edition, state.age, state.seats)
    if info.id in guilds:
        played = _in_play(state)
        if played[info.id]:
            raise IllegalAction(M("swt.guild_in_play", card=_card(state, info)))
        cap = _guild_cap(state)
        if sum(1 for g in guilds if played[g]) >= cap:
            raise IllegalAction(M("swt.guilds_all_in_play", num=cap))
        return info
    n = copies[info.id]
    if n == 0:
        first = min(info.card.counts) if info.card.counts else None
        if first:
            raise IllegalAction(M("swt.not_in_deck_until", card=_card(state, info), age=_roman(state.age),
                                  num=state.seats, first=first))
        raise IllegalAction(M("swt.not_in_deck", card=_card(state, info), age=_roman(state.age), num=state.seats))
    if _copies_in_play(state, info.id) >= n:
        if n == 1:
            raise IllegalAction(M("swt.only_copy_in_play", card=_card(state, info)))
        raise IllegalAction(M("swt.every_copy_in_play", card=_card(state, info), num=n))
    return info


def _card(state: TableState, info: CardInfo) -> Name:
    return Name(info.id, Game.SEVEN_WONDERS, state.edition)


def _roman(age: int) -> str:
    return {1: "I", 2: "II", 3: "III"}[age]


# ---------------------------------------------------------------- reading a posted action

def _player_index(state: TableState, names, who) -> int:
    if is_int(who) and 0 <= who < state.seats:
        return who
    if isinstance(who, str):
        wanted = tidy_name(who).casefold()
        for i, name in enumerate(names):
            if wanted == name.casefold():
                return i
    if who is None:
        raise BadInput(M("in.player_missing", names=", ".join(names)), "player")
    raise BadInput(M("in.no_player", who=shown(who), names=", ".join(names)), "player")


def _count(doc: dict, key: str, where: str) -> int:
    value = doc.get(key, 0)
    if not is_int(value) or value < 0:
        raise BadInput(M("in.coins_field", key=key, value=shown(value)), f"{where}.{key}")
    return value


def _engine(state: TableState, *, hands=None, discard=None, waiting=(), discard_builders=()) -> GameState:
    """The engine's GameState for one check or resolution: the cities, and the one card each seat plays.

    The engine keeps known hands; a tracked game gives each seat a hand of
    exactly the card it names. The Free City's own rules are checked here, in
    `_check_free_city`, so the engine sees every seat as a player's.
    """
    n = state.seats
    return GameState(state.edition, state.cities, ((), (), ()), hands or ((),) * n, (None,) * n,
                     age=state.age, turn=state.turn, phase=state.phase,
                     discard=state.discard if discard is None else discard, waiting=waiting,
                     discard_builders=discard_builders)


def _waiting_text(state: TableState, names) -> Msg:
    who = names[state.waiting[0]]
    if state.phase is Phase.SEVENTH:
        return M("swt.waiting_seventh", name=who, age=_roman(state.age))
    return M("swt.waiting_discard", name=who)


def _prepare(state: TableState, doc, names) -> tuple[int, Action, dict, list[dict]]:
    """(seat, engine action, paid, cheapest payments) for a posted action; raises when it is refused."""
    if not isinstance(doc, dict):
        raise BadInput(M("in.action_object"), "(top)")
    verb = doc.get("action")
    if not isinstance(verb, str) or verb not in VERBS:
        raise BadInput(M("in.unknown_action", verb=shown(verb), verbs=", ".join(VERBS)), "action")
    move = VERBS[verb]
    seat = _player_index(state, names, doc.get("player"))
    who = names[seat]
    if state.over:
        raise IllegalAction(M("game_over"))
    if state.phase is Phase.PICK:
        if move in (Move.DISCARD_BUILD, Move.PASS):
            raise IllegalAction(M("swt.only_halicarnassus"))
        if state.pending[seat] is not None:
            raise IllegalAction(M("swt.already_played", name=who))
    elif state.waiting[0] != seat:
        raise IllegalAction(_waiting_text(state, names))
    elif state.phase is Phase.SEVENTH and move in (Move.DISCARD_BUILD, Move.PASS):
        raise IllegalAction(M("swt.seventh_choices", name=who))
    elif state.phase is Phase.DISCARD and move not in (Move.DISCARD_BUILD, Move.PASS):
        raise IllegalAction(M("swt.discard_now", name=who))

    if move is Move.PASS:
        return seat, Action(seat, Move.PASS), {"total": 0}, []
    if "card" not in doc:
        raise BadInput(M("in.needs_card", verb=verb), "card")
    info = find_card(doc["card"], state.edition, "card")
    if move is Move.DISCARD_BUILD:
        return seat, *_prepare_discard_build(state, seat, info)
    info = _card_of_this_age(state, info)

    city = state.cities[seat]
    left, right = state.cities[state.left_of(seat)], state.cities[state.right_of(seat)]
    turn = state.turn if state.phase is Phase.PICK else None
    power = doc.get("free", False)
    if not isinstance(power, bool):
        raise BadInput(M("in.free_bool", kind=kind_of(power)), "free")
    if move is not Move.BUILD and power:
        raise IllegalAction(M("swt.free_build_card_only"))
    price = free = None
    if move is Move.STAGE:
        stage = doc.get("stage")
        if stage is not None:
            if not is_int(stage):
                raise BadInput(M("in.stage_number", kind=kind_of(stage)), "stage")
            if not 1 <= stage <= len(city.board.stages):
                raise IllegalAction(M("swt.stage_range", wonder=Name(city.wonder, Game.SEVEN_WONDERS, state.edition),
                                      side=city.board.side, num=len(city.board.stages), stage=stage))
            if stage <= city.stages:
                raise IllegalAction(M("swt.stage_built", stage=stage, name=who))
            if stage > city.stages + 1:
                raise IllegalAction(M("swt.stage_order", stage=stage, first=city.stages + 1))
        if city.stages < len(city.board.stages):
            price = price_stage(city, left, right)
    elif move is Move.BUILD and info.name not in city.names and not power:
        price = price_card(city, left, right, info, turn)
        free = price.free
    pay = doc.get("pay")
    if pay is not None:
        if not isinstance(pay, dict):
            raise BadInput(M("in.pay_object", kind=kind_of(pay)), "pay")
        split = (_count(pay, "left", "pay"), _count(pay, "right", "pay"))
    elif price is not None and price.possible and not free:
        split = price.splits()[0]
    else:
        split = (0, 0)
    action = Action(seat, move, info.id, split[0], split[1], power)

    if seat == state.free_city:
        _check_free_city(state, action, info, turn)
    check(_engine(state, hands=_hand(state, seat, info.id), waiting=state.waiting), action)

    if move is Move.SELL:
        return seat, action, {"total": 0, "gained": SELL_COINS}, []
    bank = 0 if (power or free or move is Move.STAGE) else info.coins
    paid = {"bank": bank, "left": split[0], "right": split[1], "total": bank + split[0] + split[1]}
    if power:
        paid["free_by"] = "Olympia"
    elif free and free != FREE_OF_COST:
        paid["free_by"] = free
    options = [] if price is None or not price.possible or free else \
        [{"bank": price.bank, "left": l, "right": r, "total": price.bank + l + r} for l, r in price.splits()]
    return seat, action, paid, options


def _hand(state: TableState, seat: int, card: str) -> tuple[tuple[str, ...], ...]:
    return tuple((card,) if i == seat else () for i in range(state.seats))


def _check_free_city(state: TableState, action: Action, info: CardInfo, turn: int | None) -> None:
    """The Free City builds a card its chain makes free, and sells only a card it cannot play (seed 004).

    Its hand is not known: a sale is refused when the card named could be built or staged.
    """
    city = state.cities[action.player]
    if action.move is not Move.BUILD and info.name not in city.names and free_reason(city, info, turn) == CHAIN:
        raise IllegalAction(M("swt.free_city_chain", card=_card(state, info)))
    if action.move is Move.SELL:
        engine = _engine(state, hands=_hand(state, action.player, info.id), waiting=state.waiting)
        if any(a.move is not Move.SELL for a in legal_actions(engine, action.player)):
            raise IllegalAction(M("swt.free_city_sell", card=_card(state, info)))


def _possible_discard(state: TableState) -> tuple[str, ...]:
    return state.discard + state.unseen


def _prepare_discard_build(state: TableState, seat: int, info: CardInfo) -> tuple[Action, dict, list]:
    action = Action(seat, Move.DISCARD_BUILD, info.id)
    possible = _possible_discard(state)
    if info.id not in possible:
        # The Loom printed in two ages: the name may stand for either copy.
        same = [c for c in possible if tables(state.edition).cards[c].name == info.name]
        if not same:
            raise IllegalAction(M("swt.not_in_discard", card=_card(state, info)))
        action = Action(seat, Move.DISCARD_BUILD, same[0])
    check(_engine(state, discard=possible, waiting=state.waiting), action)
    return action, {"bank": 0, "left": 0, "right": 0, "total": 0, "free_by": "discard"}, []


# ---------------------------------------------------------------- playing it

def play(state: TableState, doc, names) -> tuple[TableState, dict]:
    """Apply a posted action: (new state, paid). IllegalAction or BadInput leave `state` as it was.

    `paid` is what the action moves when its turn resolves: {"bank", "left",
    "right", "total"} (and "free_by" when the build is free), {"total": 0,
    "gained": 3} for a sale.
    """
    _seat, action, paid, _ = _prepare(state, doc, names)
    return TURNS.advance(state, action), paid


def quote(state: TableState, doc, names) -> dict:
    """What an action would do, without doing it: {"legal", "reason", "paid", "options"}.

    `options` lists every cheapest payment (the player chooses whom to pay);
    BadInput still raises (the action does not describe a move at all).
    """
    try:
        _, _, paid, options = _prepare(state, doc, names)
    except IllegalAction as refused:
        return {"legal": False, "reason": refused.reason, "message": refused.msg, "paid": None, "options": []}
    return {"legal": True, "reason": None, "paid": paid, "options": options}


def _but(state: TableState, **changes) -> TableState:
    return quick_replace(state, changes)


class TableTurns(Turns):
    """The rules' turn machine at a table whose hands nobody but the players knows.

    Each seat's hand is the card it names; a seat of Babylon B always holds its
    last card; the cards nobody played at an age's end are known only as
    possible (`unseen`), and Halicarnassus may name one of those; hands are
    neither passed nor dealt.
    """

    def resolve(self, state: TableState, actions) -> TableState:
        hands = [()] * state.seats
        for a in actions:
            hands[a.player] += (a.card,)
        engine = resolve(_engine(state, hands=tuple(hands), discard_builders=state.discard_builders), actions)
        return _but(state, cities=engine.cities, discard=engine.discard, ledger=engine.ledger,
                    discard_builders=engine.discard_builders, out=state.out + tuple(a.card for a in actions))

    def holds_a_card(self, state: TableState, seat: int) -> bool:
        return True

    def discard_leftovers(self, state: TableState) -> TableState:
        # The cards nobody played are discarded face down: the app knows them only as possible.
        return _but(state, unseen=state.unseen + tuple(sorted(_left_in_hands(state).elements())))

    def possible_discard(self, state: TableState) -> tuple[str, ...]:
        return _possible_discard(state)

    def build_from_discard(self, state: TableState, action: Action) -> TableState:
        engine = build_from_discard(_engine(state, discard=_possible_discard(state)), action)
        discard, unseen = list(state.discard), list(state.unseen)
        (discard if action.card in discard else unseen).remove(action.card)
        return _but(state, cities=engine.cities, ledger=engine.ledger, discard=tuple(discard), unseen=tuple(unseen))

    def next_turn(self, state: TableState) -> TableState:
        return state

    def next_age(self, state: TableState, age: int) -> TableState:
        return _but(state, age=age, turn=1, out=())


TURNS = TableTurns()


# ---------------------------------------------------------------- the public state

def _city_json(state: TableState, seat: int, name: str) -> dict:
    c = state.cities[seat]
    out = {"name": name, "wonder": c.wonder, "side": c.side, "stages": c.stages, "cards": list(c.cards),
           "coins": c.coins, "military": list(c.military)}
    if c.free_city:
        out["free_city"] = True
    if "free_build_once_per_age" in c.powers and c.free_build_age != state.age:
        out["free_build"] = True              # Olympia's free build of this age is still to use
    return out


def waiting_for(state: TableState) -> tuple[int, ...]:
    """The seats still to act: this turn's missing choices, or Babylon's / Halicarnassus' extra move."""
    if state.over:
        return ()
    if state.phase is Phase.PICK:
        return tuple(i for i, a in enumerate(state.pending) if a is None)
    return state.waiting[:1]


def to_json(state: TableState, names) -> dict:
    """The public state: the contract's game answer without `version` (the store adds it).

    Cards and wonders are ids (as in the Duel's answer); this turn's choices
    stay hidden until the turn resolves, as the cards do at the table.
    `discard_unseen` (added) are the cards possibly discarded face down at the
    end of a finished age, which Halicarnassus may also name.
    """
    cities = [c if c.name == names[i] else c.but(name=names[i]) for i, c in enumerate(state.cities)]
    return {
        "game": GAME,
        "edition": state.edition,
        "age": state.age,
        "turn": state.turn,
        "phase": state.phase.value,
        "players": [{**_city_json(state, i, names[i]),
                 "left": names[state.left_of(i)], "right": names[state.right_of(i)]}    # added: whom to pay
                for i in range(state.seats)],
        "waiting_for": [names[i] for i in waiting_for(state)],
        "discard": list(state.discard),
        "discard_unseen": list(state.unseen),
        "over": state.over,
        "score": _score(cities),
    }


def _score(cities: list[City]) -> dict:
    """score_of(cities), kept on the first city while the cities are the same objects: a choice kept
    hidden until its turn resolves changes no city, and the state is shown again at each version
    (issue 29: the score was 46 of a mid-game state's 52 us, three versions in four). Kept with the
    first city's id: a copy of it (City.but copies its dict) is another object, its entry not its own.
    The answer is shared, as every state shown is: read only."""
    first, rest = cities[0], tuple(cities[1:])
    kept = first.__dict__.get(_SCORED)
    if kept is not None and kept[0] == id(first) and len(kept[1]) == len(rest) and all(
            a is b for a, b in zip(kept[1], rest)):
        return kept[2]
    scored = score_of(cities)
    first.__dict__[_SCORED] = (id(first), rest, scored)
    return scored


_SCORED = "_scored"          # not a field: neither compared, nor pickled (City.__getstate__)


SELL = "sell"                # a card may always be sold for coins, whatever it costs
PHASE_VERBS = {Phase.PICK: ("build", "stage", SELL), Phase.SEVENTH: ("build", "stage", SELL),
               Phase.DISCARD: ("discard-build", "pass")}


class SevenWondersTable:
    """7 Wonders as a tracked game (engine/tracked.py): players choose at once, from hands nobody lists."""

    def new_game(self, doc: dict):
        return new_game(doc)

    def play_of(self, state: TableState) -> Play:
        return play_for(Game.SEVEN_WONDERS, state.edition)

    def apply(self, state: TableState, doc, names):
        return play(state, doc, names)

    def quote(self, state: TableState, doc, names) -> dict:
        return quote(state, doc, names)

    def legal_moves(self, state: TableState, names, seat: str | None) -> list[LegalMove]:
        return []                      # the hands are not known: each seat picks (see `picks`)

    def picks(self, state: TableState, names, seat: str | None) -> list[Pick]:
        """A pick for each seat this phone acts for that still has to play: the cards that may be in
        its hand (or, for Halicarnassus, in the discard), and what it may do with one."""
        if state.over or seat is None:
            return []
        if state.phase is Phase.DISCARD:
            cards = tuple(set(_possible_discard(state)))
        else:
            # Not counting the choices face down this turn: a card vanishing from the list would tell
            # the other seats what was chosen before the turn resolves.
            cards = _shown_left(state.edition, state.age, state.seats, state.out)
        out = []
        for i in waiting_for(state):
            if seat not in (EVERY_SEAT, names[i]):
                continue
            city = state.cities[i]
            free = "free_build_once_per_age" in city.powers and city.free_build_age != state.age
            verbs = PHASE_VERBS.get(state.phase, ())
            out.append(Pick(names[i], verbs, cards, free and state.phase is not Phase.DISCARD,
                            SELL if SELL in verbs else None))
        return out

    def to_json(self, state: TableState, names) -> dict:
        return to_json(state, names)

    def hidden_choices(self, state: TableState) -> int:
        """This turn's choices already in: they stay hidden until the turn resolves."""
        if state.phase is not Phase.PICK or state.over:
            return 0
        return state.seats - len(waiting_for(state))

    def final_cities(self, state: TableState, names) -> list[dict]:
        return [{"wonder": c.wonder, "side": c.side, "stages": c.stages, "cards": list(c.cards),
                 "coins": c.coins, "military": list(c.military)} for c in state.cities]

    def describe(self, state: TableState, entry: dict, hidden: bool = False, names: tuple[str, ...] = ()):
        return describe(self.play_of(state), entry, hidden)


TABLE = SevenWondersTable()
