"""legal_actions(state, seat) and apply(state, action) -> state: the game flow.

A turn (seeds 003/004, Age): every seat picks a card of its hand and what to
do with it (build it, build the next wonder stage with it face down, or sell
it for 3 coins); the picks are prepared one at a time and resolved together.
Payments are checked against the coins and the cities as they were at the
start of the turn; coins paid to neighbours, sales and card income all land
at the end of the turn, after every card is placed (so a Vineyard counts the
brown cards the neighbours build the same turn). Hands then pass left in
Ages I and III, right in Age II. In the 6th turn each seat keeps one of its
last two cards; the other is discarded without coins. An age ends with the
military conflicts; the game ends after Age III.

Wonder powers: Olympia A builds one card an age for free; Babylon B plays the
last card of each age; Halicarnassus builds a card of the discard for free
at the end of the turn its stage is built (that turn's discards included);
2nd-edition Olympia builds free the first card of each colour (day) or the
first and the last card of each age (night). Discounts, production, science
and copied guilds live in production.py and scoring.py.

A stage built this turn acts from the next turn, like any card: its
production, discounts and powers were not there when the turn's picks were
checked.
"""
from __future__ import annotations

from ...catalog.model import Game

from .actions import Action, Move
from .city import City
from ..messages import Coins, Listed, M, Name
from .pricing import (CHAIN, FREE_OF_COST, Price, dearer_splits, describe, free_reason, free_why, market,
                      price_stage, quote_need, why_not)
from .scoring import counted
from .setup import deal, draw_for_free_city
from ..errors import IllegalAction
from .state import AGES, BANK, DEFEAT, TURNS_PER_AGE, VICTORY, GameState, Phase, Transfer

SELL_COINS = 3

# Enum members read through their class cost a look-up in the metaclass each time
# (a tenth of a microsecond, thousands of times a game): the rules read these.
_BUILD, _STAGE, _SELL, _DISCARD_BUILD, _PASS = Move.BUILD, Move.STAGE, Move.SELL, Move.DISCARD_BUILD, Move.PASS
_PICK, _SEVENTH, _DISCARD, _OVER = Phase.PICK, Phase.SEVENTH, Phase.DISCARD, Phase.OVER


# ---------------------------------------------------------------- what a seat may play

def available_cards(state: GameState, seat: int) -> tuple[str, ...]:
    """The cards `seat` may play now ((): none, or not its move)."""
    if state.phase is _PICK:
        if state.pending[seat] is not None:
            return ()
        if seat == state.free_city:
            # The holder picks for its own city first, then for the Free City (seed 004).
            own = state.pending[state.fc_holder]
            if own is None:
                return ()
            hand = list(state.hands[state.fc_holder])
            hand.remove(own.card)
            return tuple(hand)
        return state.hands[seat]
    if state.phase is _SEVENTH and state.waiting and state.waiting[0] == seat:
        return state.fc_pile if seat == state.free_city else state.hands[seat]
    return ()


def _turn_for_powers(state: GameState) -> int | None:
    # Olympia night's first/last card of the age are the cards of turns 1 and 6.
    return state.turn if state.phase is _PICK else None


def _power_ready(state: GameState, city: City) -> bool:
    return "free_build_once_per_age" in city.powers and city.free_build_age != state.age


def _payments(city: City, left: City, right: City, need, bank: int, every: bool) -> list[tuple[int, int]]:
    """The (left, right) payments a city can make for a cost of `bank` coins and `need`."""
    q = quote_need(city, left, right, need)
    if q.total is None or bank + q.total > city.coins:
        return []
    if not every:
        return list(q.splits)
    room = city.coins - bank
    return sorted((s for s in dearer_splits(city, left, right, need) if s[0] + s[1] <= room), reverse=True)


def _unique(cards) -> list[str]:
    return list(dict.fromkeys(cards))


def _maker(move: Move):
    """A maker of `move`s that shares equal ones: moves are values, and a game offers
    tens of thousands, out of a few thousand different ones."""
    made: dict[tuple, Action] = {}

    def make(seat: int, card: str | None = None, left: int = 0, right: int = 0, power: bool = False) -> Action:
        key = (seat, card, left, right, power)
        action = made.get(key)
        if action is None:
            action = made[key] = Action(seat, move, card, left, right, power)
        return action
    return make


_build, _stage, _sell, _discard_build, _pass = (_maker(m) for m in (_BUILD, _STAGE, _SELL,
                                                                    _DISCARD_BUILD, _PASS))


def legal_actions(state: GameState, seat: int, *, every_payment: bool = False) -> list[Action]:
    """Every legal move of `seat` now, with the cheapest payments (every_payment: dearer ones too).

    Olympia A's free build is offered only for a card that would cost
    something: spending it on a free card is refused as a waste.
    """
    if state.phase is _DISCARD:
        if not state.waiting or state.waiting[0] != seat:
            return []
        city = state.cities[seat]
        t = city.tables.cards
        return [_discard_build(seat, c) for c in _unique(state.discard)
                if t[c].name not in city.names] + [_pass(seat)]
    cards = available_cards(state, seat)
    if not cards:
        return []
    city = state.cities[seat]
    left, right = state.neighbours(seat)
    t = city.tables.cards
    names = city.names
    turn = _turn_for_powers(state)
    ids, coins, powers = city.ids, city.coins, city.powers
    mkt = market(city, left, right)
    quotes = mkt.quotes
    stage_pays: list[tuple[int, int]] | tuple = ()
    if city.stages < len(city.board.stages):
        need = city.board.stages[city.stages].need
        if every_payment:
            stage_pays = _payments(city, left, right, need, 0, True)
        else:
            q = quotes.get(need) or mkt.quote(need)
            stage_pays = q.splits if q.total is not None and q.total <= coins else ()
    power = _power_ready(state, city)
    fc = seat == state.free_city
    out: list[Action] = []
    plays = False
    for card in _unique(cards):
        info = t[card]
        mark = len(out)
        if info.name not in names:
            # free_reason, its usual answers first: a chain, or no wonder power to ask.
            if not info.chains_from.isdisjoint(ids):
                why = CHAIN
            elif powers:
                why = free_reason(city, info, turn)
            else:
                why = FREE_OF_COST if info.is_free else None
            if why:
                out.append(_build(seat, card))
            else:
                if every_payment:
                    pays = _payments(city, left, right, info.need, info.coins, True)
                else:
                    q = quotes.get(info.need) or mkt.quote(info.need)
                    pays = q.splits if q.total is not None and info.coins + q.total <= coins else ()
                for l, r in pays:
                    out.append(_build(seat, card, l, r))
                if power:
                    out.append(_build(seat, card, power=True))
            if fc and why == CHAIN:    # the Free City must take a free chain build (seeds 003/004)
                plays = True
                continue
        for l, r in stage_pays:
            out.append(_stage(seat, card, l, r))
        plays = plays or len(out) > mark
        out.append(_sell(seat, card))
    if fc and plays:                   # ... and may sell only when it can play nothing
        out = [a for a in out if a.move is not _SELL]
    return out


# ---------------------------------------------------------------- checking a move

def _fc_can_play(state: GameState, seat: int) -> bool:
    return any(a.move is not _SELL for a in legal_actions(state, seat))


def check(state: GameState, action: Action) -> None:
    """Raise IllegalAction, with a reason a player understands, unless `action` is legal now."""
    seat = action.player
    if not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise IllegalAction(M("sw.no_player", seat=seat))
    if state.phase is _OVER:
        raise IllegalAction(M("sw.over"))
    city = state.cities[seat]
    t = city.tables.cards
    if state.phase is _DISCARD:
        if not state.waiting or state.waiting[0] != seat:
            raise IllegalAction(M("sw.not_your_move_discard"))
        if action.move is _PASS:
            if action.card is not None or action.left or action.right or action.power:
                raise IllegalAction(M("sw.pass_plain"))
            return
        if action.move is not _DISCARD_BUILD:
            raise IllegalAction(M("sw.discard_or_pass"))
        if action.card not in state.discard:
            raise IllegalAction(M("sw.not_in_discard", card=_name(city, action.card)))
        if t[action.card].name in city.names:
            raise IllegalAction(M("sw.already_has", card=_name(city, action.card)))
        if action.left or action.right or action.power:
            raise IllegalAction(M("sw.discard_free"))
        return
    if action.move not in (_BUILD, _STAGE, _SELL):
        raise IllegalAction(M("sw.cannot_now"))
    if state.phase is _SEVENTH:
        if not state.waiting or state.waiting[0] != seat:
            raise IllegalAction(M("sw.not_your_move_seventh"))
    elif state.pending[seat] is not None:
        raise IllegalAction(M("sw.already_chosen"))
    elif seat == state.free_city and state.pending[state.fc_holder] is None:
        raise IllegalAction(M("sw.free_city_after"))
    if action.card not in available_cards(state, seat):
        raise IllegalAction(M("sw.not_in_hand", card=_name(city, action.card)))
    if action.left < 0 or action.right < 0:
        raise IllegalAction(M("sw.negative"))
    left, right = state.neighbours(seat)
    info = t[action.card]
    fc = seat == state.free_city
    if fc and action.move is not _BUILD and info.name not in city.names \
            and free_reason(city, info, _turn_for_powers(state)) == CHAIN:
        raise IllegalAction(M("sw.free_city_chain", card=_name(city, info.id)))
    if action.move is _SELL:
        if action.left or action.right or action.power:
            raise IllegalAction(M("sw.sell_plain"))
        if fc and _fc_can_play(state, seat):
            raise IllegalAction(M("sw.free_city_sell"))
        return
    if action.move is _STAGE:
        if city.stages >= len(city.board.stages):
            raise IllegalAction(M("sw.all_stages"))
        if action.power:
            raise IllegalAction(M("sw.free_build_not_stage"))
        price = price_stage(city, left, right)
        if not _paid(city, price, action):
            _check_payment(city, left, right, price, action, M("sw.stage_of_wonder", n=city.stages + 1))
        return
    if info.name in city.names:
        raise IllegalAction(M("sw.same_name", card=_name(city, info.id)))
    free = free_reason(city, info, _turn_for_powers(state))
    if action.power:
        if "free_build_once_per_age" not in city.powers:
            raise IllegalAction(M("sw.no_free_build"))
        if city.free_build_age == state.age:
            raise IllegalAction(M("sw.free_build_used"))
        if free:
            raise IllegalAction(M("sw.free_already", card=_name(city, info.id), why=free_why(free)))
        if action.left or action.right:
            raise IllegalAction(M("sw.free_build_plain"))
        return
    if free:
        if action.left or action.right:
            raise IllegalAction(M("sw.free_pay_nothing", card=_name(city, info.id), why=free_why(free)))
        return
    price = Price(info.need, info.coins, quote_need(city, left, right, info.need))
    if not _paid(city, price, action):
        _check_payment(city, left, right, price, action, _name(city, info.id))


def _paid(city: City, price: Price, action: Action) -> bool:
    """Whether the move pays one of the cheapest ways, which the city can afford
    (the usual case, told without building the messages of the others)."""
    total = price.quote.total
    return total is not None and price.bank + total <= city.coins \
        and (action.left, action.right) in price.quote.splits


def _check_payment(city: City, left: City, right: City, price: Price, action: Action, what) -> None:
    reason = why_not(city, left, right, price, what)
    if reason:
        raise IllegalAction(reason)
    split = (action.left, action.right)
    if split in price.splits():
        return
    if split not in dearer_splits(city, left, right, price.need):
        if price.quote.total == 0:
            raise IllegalAction(M("sw.needs_nothing", what=what))
        options = Listed(tuple(describe(price.bank, l, r) for l, r in price.splits()), "or")
        raise IllegalAction(M("sw.wrong_split", left=action.left, right=action.right, what=what, options=options))
    total = price.bank + action.left + action.right
    if total > city.coins:
        raise IllegalAction(M("sw.payment_costs", cost=describe(price.bank, *split), coins=Coins(city.coins)))


def _name(city: City, card: str) -> Name:
    return Name(card, Game.SEVEN_WONDERS, city.edition)


# ---------------------------------------------------------------- applying a move

class Turns:
    """The turn machine: a checked move, then what follows it (the turn resolves when every
    pick is in; Babylon's last card, the 7th cards discarded, Halicarnassus' build, the
    conflicts, the next age or the end).

    The steps that touch the hands are methods a table that knows no hands overrides
    (seven_wonders/table.py): whether a seat still holds a card to play, the
    leftovers of an age, the discard Halicarnassus may build from, passing and
    dealing. The sequence of phases is this one for every game.
    """

    # -- the steps that know the hands

    def resolve(self, state, actions):
        return resolve(state, actions)

    def holds_a_card(self, state, seat: int) -> bool:
        return bool(state.fc_pile if seat == state.free_city else state.hands[seat])

    def discard_leftovers(self, state):
        """The cards nobody plays are discarded without coins (seed 004, the sixth turn)."""
        leftovers = tuple(c for hand in state.hands for c in hand) + state.fc_pile
        return state.but(discard=state.discard + leftovers, hands=((),) * state.seats, fc_pile=())

    def possible_discard(self, state) -> tuple[str, ...]:
        return state.discard

    def build_from_discard(self, state, action: Action):
        return build_from_discard(state, action)

    def next_turn(self, state):
        """The hands pass; the Free City's holder draws (the turn and phase are already set)."""
        return draw_for_free_city(_pass_hands(state))

    def next_age(self, state, age: int):
        return deal(state, age)

    # -- the sequence

    def advance(self, state, action: Action):
        """The state after a move already checked: it is recorded, and the turn moves on."""
        if state.phase is _PICK:
            pending = list(state.pending)
            pending[action.player] = action
            state = state.but(moves=state.moves + 1, ledger=(), pending=tuple(pending))
            if all(p is not None for p in pending):
                state = self.resolve(state, pending)
                state = self.after_picks(state.but(pending=(None,) * state.seats))
            return state
        state = state.but(moves=state.moves + 1, ledger=())
        if state.phase is _SEVENTH:
            state = self.resolve(state, [action]).but(waiting=state.waiting[1:])
            cities = list(state.cities)
            cities[action.player] = cities[action.player].but(seventh=cities[action.player].seventh + 1)
            state = state.but(cities=tuple(cities))
            return state if state.waiting else self.after_seventh(state)
        # DISCARD
        if action.move is _DISCARD_BUILD:
            state = self.build_from_discard(state, action)
        state = state.but(waiting=state.waiting[1:])
        return state if state.waiting else self.end_turn(state.but(phase=_PICK))

    def after_picks(self, state):
        if state.turn == TURNS_PER_AGE:
            seventh = tuple(s for s in range(state.seats) if "play_seventh_card" in state.cities[s].powers
                            and self.holds_a_card(state, s))
            if seventh:
                return state.but(phase=_SEVENTH, waiting=seventh)
        return self.after_seventh(state)

    def after_seventh(self, state):
        if state.turn == TURNS_PER_AGE:
            state = self.discard_leftovers(state)
        possible = self.possible_discard(state)
        builders = tuple(s for s in state.discard_builders
                         if any(state.cities[s].tables.cards[c].name not in state.cities[s].names
                                for c in possible))
        if builders:
            return state.but(phase=_DISCARD, waiting=builders, discard_builders=())
        return self.end_turn(state.but(phase=_PICK, discard_builders=()))

    def end_turn(self, state):
        if state.turn < TURNS_PER_AGE:
            return self.next_turn(state.but(turn=state.turn + 1, phase=_PICK, waiting=(),
                                            pending=(None,) * state.seats))
        state = military(state)
        if state.age == AGES:
            return state.but(phase=_OVER)
        return self.next_age(state.but(phase=_PICK, waiting=()), state.age + 1)


TURNS = Turns()


def apply(state: GameState, action: Action) -> GameState:
    """The state after `action`; IllegalAction (and nothing changes) when the rules forbid it."""
    check(state, action)
    return TURNS.advance(state, action)


def _card_source(state: GameState, seat: int) -> tuple[str, int | None]:
    """Where a seat's played card comes from: ("hand", seat) or ("pile", None)."""
    if seat == state.free_city:
        if state.phase is _SEVENTH:
            return "pile", None
        return "hand", state.fc_holder
    return "hand", seat


def resolve(state: GameState, actions) -> GameState:
    """Resolve picks together: cards placed and costs paid first, then every income.

    Each played card leaves the hand (or the Free City's pile) it is in: a
    tracked table, which knows no hands, gives each seat a hand of its card.
    """
    t = state.cities[0].tables.cards
    start = state.cities
    n = len(start)
    hands = [list(h) for h in state.hands]
    pile = list(state.fc_pile)
    discard = list(state.discard)
    ledger: list[Transfer] = []
    builders = list(state.discard_builders)
    turn = _turn_for_powers(state)
    changes: list[dict | None] = [None] * n
    gained = []                 # (seat, what its card or stage gives; None: it sold)

    for a in actions:
        seat = a.player
        where, holder = _card_source(state, seat)
        (pile if where == "pile" else hands[holder]).remove(a.card)
        city = start[seat]
        if a.move is _BUILD:
            info = t[a.card]
            bank = 0 if a.power or free_reason(city, info, turn) else info.coins
            if bank:
                ledger.append(Transfer(seat, BANK, bank, f"builds {info.name}"))
            changes[seat] = {"cards": city.cards + (a.card,)}
            if a.power:
                changes[seat]["free_build_age"] = state.age
            gained.append((seat, info.gains))
        elif a.move is _STAGE:
            changes[seat] = {"stages": city.stages + 1, "stage_cards": city.stage_cards + (a.card,)}
            gains = city.board.stages[city.stages].gains
            if "build_from_discard" in gains.powers:
                builders.append(seat)
            gained.append((seat, gains))
        else:
            discard.append(a.card)
            changes[seat] = {"sold": city.sold + 1}
            gained.append((seat, None))
        if a.left:
            ledger.append(Transfer(seat, (seat + 1) % n, a.left, "buys from the left neighbour"))
        if a.right:
            ledger.append(Transfer(seat, (seat - 1) % n, a.right, "buys from the right neighbour"))

    # Income after every card is placed: counts include the neighbours' cards of this turn,
    # so the cities as placed are made first when a card counts something.
    placed = start
    if any(g is not None and g.coins_per for _, g in gained):
        placed = [c.but(**ch) if ch else c for c, ch in zip(start, changes)]
        changes = [None] * n
    for seat, gains in gained:
        if gains is None:
            ledger.append(Transfer(BANK, seat, SELL_COINS, "sells a card"))
            continue
        income = gains.coins
        if gains.coins_per:
            me, left, right = placed[seat], placed[(seat + 1) % n], placed[(seat - 1) % n]
            income += sum(counted(e, me, left, right) for e in gains.coins_per)
        if income:
            ledger.append(Transfer(BANK, seat, income, "income"))

    delta = _deltas(n, ledger)
    cities = []
    for city, ch, d in zip(placed, changes, delta):
        if d:
            ch = {**ch, "coins": city.coins + d} if ch else {"coins": city.coins + d}
        cities.append(city.but(**ch) if ch else city)
    return state.but(cities=tuple(cities), hands=tuple(tuple(h) for h in hands), fc_pile=tuple(pile),
                     discard=tuple(discard), ledger=tuple(ledger), discard_builders=tuple(builders))


def _deltas(n: int, ledger: list[Transfer]) -> list[int]:
    delta = [0] * n
    for tr in ledger:
        if tr.payer != BANK:
            delta[tr.payer] -= tr.amount
        if tr.payee != BANK:
            delta[tr.payee] += tr.amount
    return delta


def _settle(cities: list[City], ledger: list[Transfer]) -> list[City]:
    delta = _deltas(len(cities), ledger)
    return [c.but(coins=c.coins + d) if d else c for c, d in zip(cities, delta)]


def build_from_discard(state: GameState, action: Action) -> GameState:
    """Halicarnassus: the card leaves `state.discard` for the city, free; its income is paid at once."""
    t = state.cities[0].tables.cards
    seat = action.player
    discard = list(state.discard)
    discard.remove(action.card)
    cities = list(state.cities)
    cities[seat] = cities[seat].but(cards=cities[seat].cards + (action.card,),
                                    from_discard=cities[seat].from_discard + 1)
    gains = t[action.card].gains
    me, left, right = cities[seat], cities[state.left_of(seat)], cities[state.right_of(seat)]
    income = gains.coins + sum(counted(e, me, left, right) for e in gains.coins_per)
    ledger = (Transfer(BANK, seat, income, "income"),) if income else ()
    cities = _settle(cities, list(ledger))
    return state.but(cities=tuple(cities), discard=tuple(discard), ledger=ledger)


# ---------------------------------------------------------------- what comes next

def _pass_hands(state: GameState) -> GameState:
    n = state.seats
    hands = [()] * n
    if state.free_city is not None:
        # Two players: the hands change sides of the Border card, and so does the Free City card.
        a, b = (s for s in range(n) if s != state.free_city)
        hands[a], hands[b] = state.hands[b], state.hands[a]
        holder = b if state.fc_holder == a else a
        return state.but(hands=tuple(hands), fc_holder=holder)
    for seat, hand in enumerate(state.hands):
        to = state.left_of(seat) if state.age != 2 else state.right_of(seat)
        hands[to] = hand
    return state.but(hands=tuple(hands))


def military(state: GameState) -> GameState:
    """Each city against each neighbour: more shields wins the age's token, fewer takes -1, a tie nothing."""
    win = VICTORY[state.age]
    cities = []
    for seat, city in enumerate(state.cities):
        tokens = list(city.military)
        for other in state.neighbours(seat):
            if city.shields > other.shields:
                tokens.append(win)
            elif city.shields < other.shields:
                tokens.append(DEFEAT)
        cities.append(city.but(military=tuple(tokens)))
    return state.but(cities=tuple(cities))
