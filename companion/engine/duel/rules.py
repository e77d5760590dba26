"""The turn rules: `legal_actions(state, player)` and `apply(state, action)`.

`apply` is pure: it returns a new state or raises IllegalAction with one
sentence a player understands, and changes nothing. Seed 000 (DESFASURAREA
JOCULUI, CONSTRUIREA, PUTEREA MILITARA, STIINTA SI PROGRESUL, SFARSITUL
UNEI ERE) and the card and wonder texts are the sources.
"""
from __future__ import annotations

from ...catalog.model import Game

from dataclasses import replace
from functools import lru_cache

from ...catalog import Colour
from ..errors import IllegalAction
from ..messages import Coins, M, Msg, Name
from . import military, science
from .actions import (Action, Build, BuildWonder, ChooseStarter, Destroy, Discard, DrawToken, LibraryPick,
                      PickWonder, Rebuild, Reveal, ShowProgress, ShowWonder, TakeProgress)
from .city import City
from .facts import tables
from .pricing import Price, affordable, price, unit_prices
from .pyramid import Pyramid
from .scoring import Victory, per_value
from .state import CHANCE, GameState, Pending, Wait

MAX_WONDERS = 7
GUILDS_PER_GAME = 3
DISCARD_BASE = 2          # discarding gives 2 coins + 1 per yellow card


# -- what can be done ---------------------------------------------------------

def legal_actions(state: GameState, player: int | None = None) -> list[Action]:
    """Every move the player (or CHANCE) may make now; [] when it is not theirs."""
    mover = state.to_move()
    if mover is None or (player is not None and player != mover):
        return []
    if state.pending:
        return _pending_actions(state, state.pending[0])
    if mover == CHANCE:
        return [Reveal(slot, card) for slot in state.pyramid.to_reveal() for card in reveal_candidates(state)]
    return _turn_actions(state, mover)


def _turn_actions(state: GameState, player: int) -> list[Action]:
    city, opp = state.cities[player], state.cities[1 - player]
    t = tables()
    out: list[Action] = []
    prices = unit_prices(city, opp)
    wonder_ok: tuple[str, ...] = ()
    if city.wonders_left:
        wonder_ok = tuple([w for w in wonders_open(state, city) if affordable(city, opp, t.wonders[w], prices)])
    cards = state.pyramid.cards
    facts = t.cards
    append = out.append
    for slot in state.pyramid.open_slots:
        if affordable(city, opp, facts[cards[slot]], prices):
            append(BUILDS[slot])
        append(DISCARDS[slot])
        if wonder_ok:
            out += _wonder_moves(slot, wonder_ok)
    return out


def wonders_open(state: GameState, city: City) -> tuple[str, ...]:
    """The wonders `city` may still build, price aside: none once seven are built."""
    return city.wonders_left if state.wonders_built < MAX_WONDERS else ()


# Moves are frozen values: one of each, made once, serves every turn that offers it.
SLOTS = 20                 # the largest structure's slots (each age deals 20 cards)
BUILDS = tuple(Build(s) for s in range(SLOTS))
DISCARDS = tuple(Discard(s) for s in range(SLOTS))


@lru_cache(maxsize=1 << 12)
def move(kind: type, arg) -> Action:
    """`kind(arg)`, made once: a frozen dataclass's __init__ costs more than the lookup."""
    return kind(arg)


@lru_cache(maxsize=1 << 12)
def wonder_move(slot: int, wonder: str) -> BuildWonder:
    """BuildWonder(slot, wonder), made once."""
    return BuildWonder(slot, wonder)


@lru_cache(maxsize=1 << 14)
def _wonder_moves(slot: int, wonders: tuple[str, ...]) -> tuple[BuildWonder, ...]:
    """Every wonder of `wonders` built with the card of `slot`: one lookup a slot, not one a wonder."""
    return tuple(BuildWonder(slot, w) for w in wonders)


def _pending_actions(state: GameState, head: Pending) -> list[Action]:
    player = head.player
    w = head.wait
    if w == Wait.SHOW_PROGRESS:
        return [move(ShowProgress, tok) for tok in state.unused]
    if w == Wait.SHOW_WONDER:
        return [move(ShowWonder, x) for x in state.unseen_wonders]
    if w == Wait.PICK_WONDER:
        return [move(PickWonder, x) for x in state.shown]
    if w == Wait.PROGRESS:
        return [move(TakeProgress, tok) for tok in state.board]
    if w == Wait.DESTROY:
        return [Destroy(c) for c in _destroyable(state.cities[1 - player], head.colour)]
    if w == Wait.REBUILD:
        return [Rebuild(c) for c in dict.fromkeys(state.discard)]
    if w == Wait.LIBRARY_DRAW:
        return [move(DrawToken, tok) for tok in state.unused]
    if w == Wait.LIBRARY_PICK:
        return [move(LibraryPick, tok) for tok in head.options]
    if w == Wait.STARTER:
        return [ChooseStarter(0), ChooseStarter(1)]
    raise AssertionError(w)


def reveal_candidates(state: GameState) -> list[str]:
    """Cards that may lie face down in this age's structure: the age's deck not yet seen.

    Age III holds three guilds at most (seed 000: three of the seven are shuffled in).
    """
    t = tables()
    pyr = state.pyramid
    seen = set(pyr.known())
    out = [c for c in t.by_age[pyr.age] if c not in seen]
    if pyr.age == 3 and sum(1 for c in seen if c in t.guilds) < GUILDS_PER_GAME:
        out += [g for g in t.guilds if g not in seen]
    return out


def _destroyable(city: City, colour: str) -> list[str]:
    return [c for c, f in zip(city.cards, city.card_facts) if f.colour.value == colour]


# -- doing it -----------------------------------------------------------------

def apply(state: GameState, action: Action) -> GameState:
    """The state after `action`; IllegalAction when the rules forbid it."""
    mover = state.to_move()
    if mover is None:
        raise IllegalAction(M("game_over"))
    if state.pending:
        head = state.pending[0]
        handler = _PENDING.get((head.wait, type(action)))
        if handler is None:
            raise IllegalAction(_waiting_for(head))
        return _advance(handler(state.evolve(pending=state.pending[1:]), head, action))
    if mover == CHANCE:
        if not isinstance(action, Reveal):
            raise IllegalAction(M("duel.enter_reveal"))
        return _advance(_reveal(state, action))
    if isinstance(action, (Build, Discard, BuildWonder)):
        return _advance(_turn(state, mover, action))
    raise IllegalAction(M("duel.players_turn", n=mover + 1))


def _waiting_for(head: Pending) -> Msg:
    key = {
        Wait.SHOW_PROGRESS: "duel.first.show_progress", Wait.SHOW_WONDER: "duel.first.show_wonder",
        Wait.PICK_WONDER: "duel.first.pick_wonder", Wait.PROGRESS: "duel.first.progress",
        Wait.DESTROY: "duel.first.destroy", Wait.REBUILD: "duel.first.rebuild",
        Wait.LIBRARY_DRAW: "duel.first.library_draw", Wait.LIBRARY_PICK: "duel.first.library_pick",
        Wait.STARTER: "duel.first.starter",
    }[head.wait]
    return M(key, n=head.player + 1)


def _reveal(state: GameState, a: Reveal) -> GameState:
    pyr = state.pyramid
    if a.slot not in pyr.to_reveal():
        raise IllegalAction(M("duel.slot_not_waiting", slot=a.slot))
    if a.card not in reveal_candidates(state):
        raise IllegalAction(M("duel.cannot_lie", card=_name(a.card), age=pyr.age))
    return state.evolve(pyramid=pyr.reveal(a.slot, a.card))


def _name(ident: str) -> Name:
    return Name(ident, Game.DUEL)


def _take_card(state: GameState, slot: int) -> tuple[Pyramid, str]:
    """The structure once the card of `slot` is taken, and the card."""
    pyr = state.pyramid
    if slot not in pyr.open_slots:        # is_accessible, from the slots a turn lists anyway
        raise IllegalAction(M("duel.slot_not_accessible", slot=slot))
    return pyr.take(slot), pyr.cards[slot]


def _paid(state: GameState, player: int, cost: Price, what: str) -> tuple[City, City]:
    """`player`'s city and the opponent's once `player` has paid `cost` for `what`."""
    city, opp = state.cities[player], state.cities[1 - player]
    if cost.total > city.coins:
        raise IllegalAction(M("duel.costs_you_have", what=_name(what), cost=Coins(cost.total),
                              coins=Coins(city.coins)))
    city = city.with_coins(-cost.total)
    if cost.opponent_gains:     # Economy: the trade coins go to the opponent
        opp = opp.with_coins(cost.opponent_gains)
    return city, opp


def _seated(player: int, city: City, opp: City) -> tuple[City, City]:
    """GameState.cities with `player`'s city and the opponent's."""
    return (city, opp) if player == 0 else (opp, city)


def _turn(state: GameState, player: int, a: Build | Discard | BuildWonder) -> GameState:
    # The structure and the cities change in one copy of the state, not one a step.
    again = False
    if isinstance(a, Build):
        pyramid, card = _take_card(state, a.slot)
        f = tables().cards[card]
        cost = price(state.cities[player], state.cities[1 - player], f)
        city, opp = _paid(state, player, cost, card)
        # A card that can end nothing (no shield, no symbol): the turn passes in the same copy.
        ends_nothing = not (f.shields or f.symbol)
        changes = {"pyramid": pyramid, "current": 1 - player, "last": player} if ends_nothing else {"pyramid": pyramid}
        state = _gain_card(state, player, card, cost.free_by_chain, _seated(player, city, opp), changes)
        if ends_nothing:
            return state
    elif isinstance(a, Discard):
        pyramid, card = _take_card(state, a.slot)
        city = state.cities[player]
        city = city.with_coins(DISCARD_BASE + city.count(Colour.YELLOW))
        # A discard ends nothing: the turn passes in the same copy.
        return state.evolve(pyramid=pyramid, cities=_seated(player, city, state.cities[1 - player]),
                            discard=state.discard + (card,), current=1 - player, last=player)
    else:
        state, again = _build_wonder(state, player, a)
    if state.over:
        return state
    return state.evolve(current=player if again else 1 - player, last=player)


def _gain_card(state: GameState, player: int, card: str, chained: bool,
               cities: tuple[City, City] | None = None, changes: dict | None = None) -> GameState:
    """`card` joins `player`'s city (already paid for) and does what it does.

    `cities` (the cities as paid, else the state's) and `changes` (other fields) go into
    the state's copy that takes the card."""
    f = tables().cards[card]
    cities = cities or state.cities
    city = cities[player].with_card(card)
    opp = cities[1 - player]
    # Coins counted when built, the card itself included (Lighthouse counts itself).
    gain = f.coins
    if f.coins_per:
        gain += sum(per_value(e, city, opp) for e in f.coins_per)
    if chained:
        gain += city.chain_bonus      # Urbanism
    changes = {} if changes is None else changes
    changes["cities"] = _seated(player, city.with_coins(gain), opp)
    state = state.evolve_by(changes)
    if f.shields:
        extra = city.extra_shield_on_red if f.colour is Colour.RED else 0   # Strategy
        state = _push(state, player, f.shields + extra)
        if state.over:
            return state
    if f.symbol:
        state = _science(state, player, f.symbol)
    return state


def _push(state: GameState, player: int, shields: int) -> GameState:
    moved = military.push(state.conflict, state.loot, player, shields, state.stop)
    victim = state.cities[1 - player]
    if not state.loot_kept:            # Agora: a token passed costs no coins (its box settles it)
        for token in moved.looted:
            victim = victim.losing(token.coins)
    siege = state.cities[player].siege_coins       # Poliorcetics: a coin a space moved
    if siege and moved.position != state.conflict:
        victim = victim.losing(siege * abs(moved.position - state.conflict))
    state = state.evolve(cities=_seated(1 - player, victim, state.cities[player]), conflict=moved.position,
                         loot=moved.loot_left)
    if moved.stopped:
        state = state.evolve(stop=None)
    if moved.supremacy:
        return _finish(state, Victory.MILITARY, player)
    return state


def _science(state: GameState, player: int, symbol: str) -> GameState:
    symbols = state.cities[player].symbols
    if science.supremacy(symbols):
        return _finish(state, Victory.SCIENTIFIC, player)
    if science.completes_pair(symbols, symbol) and state.board:
        state = state.evolve(pending=(Pending(Wait.PROGRESS, player),) + state.pending)
    return state


def _finish(state: GameState, victory: str, winner: int | None) -> GameState:
    return state.evolve(over=True, victory=victory, winner=winner, pending=())


def _build_wonder(state: GameState, player: int, a: BuildWonder) -> tuple[GameState, bool]:
    t = tables()
    city = state.cities[player]
    if a.wonder not in city.wonders_left:
        raise IllegalAction(M("duel.not_your_wonder", wonder=_name(a.wonder)))
    if state.wonders_built >= MAX_WONDERS:
        raise IllegalAction(M("duel.seven_built"))
    w = t.wonders[a.wonder]
    pyramid, card = _take_card(state, a.slot)
    city, opp = _paid(state, player, price(state.cities[player], state.cities[1 - player], w), w.id)
    return _wonder_built(state, player, w.id, card, city, opp, {"pyramid": pyramid})


def _wonder_built(state: GameState, player: int, wonder: str, card: str, city: City | None = None,
                  opp: City | None = None, changes: dict | None = None) -> tuple[GameState, bool]:
    """`wonder` built by `player` with `card` tucked under (paid for: the cities as paid, else the
    state's), and what it does; also a wonder built free (Pantheon's Isis). `changes`: other fields."""
    w = tables().wonders[wonder]
    city = (city or state.cities[player]).with_wonder(w.id, card).with_coins(w.coins)
    changes = {} if changes is None else changes
    changes["cities"] = _seated(player, city, opp or state.cities[1 - player])
    state = state.evolve_by(changes)
    if w.opponent_loses:
        state = state.with_city(1 - player, state.cities[1 - player].losing(w.opponent_loses))
    if state.wonders_built == MAX_WONDERS:
        state = _retire_last_wonders(state)
    if w.shields:    # Strategy does not apply to wonders
        state = _push(state, player, w.shields)
        if state.over:
            return state, False
    follow: list[Pending] = []
    if w.destroy is not None and _destroyable(state.cities[1 - player], w.destroy.value):
        follow.append(Pending(Wait.DESTROY, player, colour=w.destroy.value))
    if w.from_discard and state.discard:
        follow.append(Pending(Wait.REBUILD, player))
    if w.library_draw and state.unused:
        draws = min(w.library_draw, len(state.unused))
        follow += [Pending(Wait.LIBRARY_DRAW, CHANCE)] * draws + [Pending(Wait.LIBRARY_PICK, player)]
    state = state.evolve(pending=tuple(follow) + state.pending)
    # Theology gives every later wonder "play again"; one wonder never gets it twice.
    return state, w.play_again or city.wonders_play_again


def _retire_last_wonders(state: GameState) -> GameState:
    """Seed 000 (7 Minuni, niciuna in plus!): the eighth wonder goes back in the box."""
    left = state.cities[0].wonders_left + state.cities[1].wonders_left
    cities = tuple(c.but(wonders_left=()) for c in state.cities)
    return state.evolve(cities=cities, retired_wonders=state.retired_wonders + left)


# -- follow-up choices ----------------------------------------------------------

def _take_token(state: GameState, player: int, token: str) -> GameState:
    f = tables().tokens[token]
    city = state.cities[player]
    city = city.with_token(token).with_coins(f.coins)
    state = state.with_city(player, city)
    if f.symbol:      # Law
        state = _science(state, player, f.symbol)
    return state


def _on_progress(state: GameState, head: Pending, a: TakeProgress) -> GameState:
    if a.token not in state.board:
        raise IllegalAction(M("duel.token_not_on_board", token=_name(a.token)))
    state = state.evolve(board=tuple(x for x in state.board if x != a.token))
    return _take_token(state, head.player, a.token)


def _on_destroy(state: GameState, head: Pending, a: Destroy) -> GameState:
    victim = 1 - head.player
    if a.card not in _destroyable(state.cities[victim], head.colour):
        raise IllegalAction(M(f"duel.not_destroyable.{head.colour}", card=_name(a.card)))
    city = state.cities[victim]
    city = replace(city, cards=tuple(c for c in city.cards if c != a.card))
    return state.with_city(victim, city).evolve(discard=state.discard + (a.card,))


def _on_rebuild(state: GameState, head: Pending, a: Rebuild) -> GameState:
    if a.card not in state.discard:
        raise IllegalAction(M("duel.not_in_discard", card=_name(a.card)))
    discard = list(state.discard)
    discard.remove(a.card)
    state = state.evolve(discard=tuple(discard))
    # Built for free: no cost, and no chain either (Urbanism pays for chains only).
    return _gain_card(state, head.player, a.card, chained=False)


def _on_draw(state: GameState, head: Pending, a: DrawToken) -> GameState:
    if a.token not in state.unused:
        raise IllegalAction(M("duel.token_not_unused", token=_name(a.token)))
    pending = list(state.pending)
    i = next(i for i, p in enumerate(pending) if p.wait == Wait.LIBRARY_PICK)
    pending[i] = replace(pending[i], options=pending[i].options + (a.token,))
    return state.evolve(unused=tuple(x for x in state.unused if x != a.token), pending=tuple(pending))


def _on_library_pick(state: GameState, head: Pending, a: LibraryPick) -> GameState:
    if a.token not in head.options:
        raise IllegalAction(M("duel.token_not_drawn", token=_name(a.token)))
    # The other tokens go back in the box.
    state = state.evolve(unused=state.unused + tuple(x for x in head.options if x != a.token))
    return _take_token(state, head.player, a.token)


def _on_starter(state: GameState, head: Pending, a: ChooseStarter) -> GameState:
    if a.player not in (0, 1):
        raise IllegalAction(M("duel.starter_choice"))
    return state.evolve(age=state.age + 1, pyramid=Pyramid.deal(state.age + 1), current=a.player)


def _on_show_progress(state: GameState, head: Pending, a: ShowProgress) -> GameState:
    if a.token not in state.unused:
        raise IllegalAction(M("duel.token_shown", token=_name(a.token)))
    return state.evolve(board=state.board + (a.token,), unused=tuple(x for x in state.unused if x != a.token))


def _on_show_wonder(state: GameState, head: Pending, a: ShowWonder) -> GameState:
    if a.wonder not in state.unseen_wonders:
        raise IllegalAction(M("duel.wonder_shown", wonder=_name(a.wonder)))
    return state.evolve(shown=state.shown + (a.wonder,),
                   unseen_wonders=tuple(x for x in state.unseen_wonders if x != a.wonder))


def _on_pick_wonder(state: GameState, head: Pending, a: PickWonder) -> GameState:
    if a.wonder not in state.shown:
        raise IllegalAction(M("duel.wonder_not_shown", wonder=_name(a.wonder)))
    city = state.cities[head.player]
    state = state.with_city(head.player, city.but(wonders_left=city.wonders_left + (a.wonder,)))
    return state.evolve(shown=tuple(x for x in state.shown if x != a.wonder))


_PENDING = {
    (Wait.PROGRESS, TakeProgress): _on_progress,
    (Wait.DESTROY, Destroy): _on_destroy,
    (Wait.REBUILD, Rebuild): _on_rebuild,
    (Wait.LIBRARY_DRAW, DrawToken): _on_draw,
    (Wait.LIBRARY_PICK, LibraryPick): _on_library_pick,
    (Wait.STARTER, ChooseStarter): _on_starter,
    (Wait.SHOW_PROGRESS, ShowProgress): _on_show_progress,
    (Wait.SHOW_WONDER, ShowWonder): _on_show_wonder,
    (Wait.PICK_WONDER, PickWonder): _on_pick_wonder,
}


# -- between moves ----------------------------------------------------------------

def _advance(state: GameState) -> GameState:
    """Settle what follows by itself: the last wonder of a draft, a new age, the end."""
    while not state.over:
        if state.pending:
            head = state.pending[0]
            if head.wait == Wait.PICK_WONDER and len(state.shown) == 1:
                # The last wonder shown has one possible taker: no choice to make.
                state = _on_pick_wonder(state.evolve(pending=state.pending[1:]), head,
                                        move(PickWonder, state.shown[0]))
                continue
            return state
        if state.age == 0:
            return state.evolve(age=1, pyramid=Pyramid.deal(1), current=state.first)
        if state.pyramid.waiting or not state.pyramid.empty:
            return state
        if state.age == 3:
            return _finish(state, Victory.CIVILIAN, None)
        return state.evolve(pending=(Pending(Wait.STARTER, chooser(state)),))
    return state


def chooser(state: GameState) -> int:
    """Who chooses the next age's first player: the weaker side, or at a centred
    pawn the player who played the last card (seed 000, SFARSITUL UNEI ERE)."""
    leader = military.leader(state.conflict)
    return state.last if leader is None else 1 - leader
