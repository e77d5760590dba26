"""A Duel with Pantheon: `new_game`, `legal_actions(game, player)` and `apply(game, action)`.

The Duel's rules play every base move unchanged. Around them (the English
Pantheon rulebook; the numbers and slots of card_db/duel/pantheon.toml, read
from Board Game Arena's implementation):

- set-up: mythology tokens laid on Age I's face-down cards, offering tokens on
  Age II's when it is dealt; each mythology's three divinities in a deck;
- a face-down card turned up under a token gives the token to the player who
  uncovered it: an offering token is kept; a mythology token draws the top two
  divinities of its deck, one goes face down on an empty space of the
  Pantheon, the other back on top of the deck;
- Age II: the Gate fills the space left empty;
- Ages II and III: on a turn, instead of taking a card, a player may invoke a
  divinity of the Pantheon, paying its space's cost for that player (the Gate
  twice), less the offering tokens spent, and gaining its power;
- Age III: three Grand Temples are shuffled in instead of three guilds, each
  free to a player holding a mythology token of its mythology.
"""
from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Game
from ...errors import IllegalAction
from ...messages import Coins, M, Name
from .. import rules as duel
from ..actions import Build, Rebuild, Reveal
from .. import military
from ..facts import tables
from ..setup import new_game as duel_new_game
from ..state import CHANCE, GameState
from .actions import (ApplyLoot, ChooseDeck, DiscardSlot, DrawDivinity, DropLoot, EnkiPick, GatePick, Invoke, IsisBuild,
                      LayMythology, LayOffering, LayOnEnki, PlaceDivinity, PlaceSnake, TakeCard, TakeWonder,
                      PlaceMinerva, TurnDiscarded, Unbuild, NO_OFFERING)
from .costs import invocation_cost, offering_choices
from . import messages  # noqa: F401  (the box's message texts join the engine's)
from .facts import facts
from .powers import grant_symbol, invoke_power, playable
from .state import Pantheon, PantheonGame, PPending, PWait

DRAWN_PER_TOKEN = 2


def _name(ident: str) -> Name:
    return Name(ident, Game.DUEL)


# -- set-up --------------------------------------------------------------------

def new_game(first: int = 0, *, first_game: bool = False) -> PantheonGame:
    """The Duel's set-up, the mythology tokens to lay first (chance), the decks shuffled."""
    f = facts()
    decks = tuple((m, tuple(sorted(ids))) for m, ids in sorted(f.by_mythology.items()))
    box = tuple(m for m in sorted(f.token_of) for _ in range(f.token_copies))
    lay = tuple(PPending(PWait.LAY_MYTHOLOGY, CHANCE, slot=s) for s in f.mythology_slots)
    pantheon = Pantheon(spaces=(None,) * f.spaces, decks=decks, mythology_box=box,
                        offering_box=tuple(sorted(f.offerings)), pending=lay)
    base = duel_new_game(first, first_game=first_game)
    # The box's two wonders and three progress tokens join the base ones before any is drawn.
    base = base.evolve(unused=tuple(sorted(base.unused + f.tokens)),
                       unseen_wonders=tuple(sorted(base.unseen_wonders + f.wonders)))
    return PantheonGame(base, pantheon)


# -- what can be done ---------------------------------------------------------------

def legal_actions(game: PantheonGame, player: int | None = None) -> list:
    mover = game.to_move()
    if mover is None or (player is not None and player != mover):
        return []
    if game.pantheon.pending:
        return _pending_actions(game, game.pantheon.pending[0])
    base = game.base
    if mover == CHANCE and not base.pending:
        candidates = reveal_candidates(game)
        return [Reveal(slot, card) for slot in base.pyramid.to_reveal() for card in candidates]
    moves = duel.legal_actions(base, mover)
    if mover != CHANCE and not base.pending:      # a turn: the temples a token builds, the Pantheon
        listed = set(moves)
        moves += [b for b in _temple_builds(game, mover) if b not in listed]
        moves += invocations(game, mover)
    return moves


def reveal_candidates(game: PantheonGame) -> list[str]:
    """The Duel's candidates, with Age III's Grand Temples (three at most) instead of its guilds."""
    pyr = game.base.pyramid
    t = tables()
    seen = set(pyr.known())
    out = [c for c in t.by_age[pyr.age] if c not in seen]
    temples = facts().temples
    if pyr.age == 3 and sum(1 for c in seen if c in temples) < facts().temples_used:
        out += [x for x in temples if x not in seen]
    return out


def _temple_builds(game: PantheonGame, player: int) -> list[Build]:
    pyr = game.base.pyramid
    return [Build(s) for s in pyr.open_slots if _free_temple(game, player, pyr.cards[s])]


def _free_temple(game: PantheonGame, player: int, card: str | None) -> bool:
    """Whether `card` is a Grand Temple `player` builds free with a mythology token."""
    mythology = facts().temple_mythology.get(card or "")
    return mythology is not None and mythology in game.pantheon.mythologies[player]


def invocations(game: PantheonGame, player: int) -> list[Invoke]:
    """Every divinity `player` may invoke now, with every set of offering tokens that may pay for it."""
    f = facts()
    if game.base.age not in f.invoke_ages:
        return []
    coins = game.base.cities[player].coins
    choices = offering_choices(game.pantheon.offerings[player])
    out = []
    for space, divinity in enumerate(game.pantheon.spaces):
        if divinity is None or not playable(f.divinities[divinity]):
            continue
        for spent in choices:
            if invocation_cost(game, space, player, spent) <= coins:
                out.append(Invoke(divinity, "+".join(spent) or NO_OFFERING))
    return out


def _pending_actions(game: PantheonGame, head: PPending) -> list:
    p, base = game.pantheon, game.base
    w = head.wait
    if w == PWait.LAY_MYTHOLOGY:
        return [LayMythology(head.slot, m) for m in dict.fromkeys(p.mythology_box)]
    if w == PWait.LAY_OFFERING:
        return [LayOffering(head.slot, o) for o in p.offering_box]
    if w == PWait.DRAW:
        return [DrawDivinity(d) for d in _drawable(p, head.mythology)]
    if w == PWait.PLACE:
        return [PlaceDivinity(d, s) for d in head.options for s, x in enumerate(p.spaces) if x is None]
    if w == PWait.DISCARD_SLOT:
        return [DiscardSlot(s) for s in _in_structure(base)]
    if w == PWait.DISCARDED_CARD:
        return [TurnDiscarded(c) for c in reveal_candidates(game)]
    if w == PWait.TAKE_CARD:
        return [TakeCard(c) for c in _takeable(base.cities[1 - head.player], head.options)]
    if w == PWait.TAKE_WONDER:
        return [TakeWonder(x) for x in base.cities[1 - head.player].wonders_left]
    if w == PWait.UNBUILD:
        return [Unbuild(x) for c in base.cities for x in c.wonders]
    if w == PWait.SNAKE:
        return [PlaceSnake(c) for c, f in zip(base.cities[1 - head.player].cards,
                                              base.cities[1 - head.player].card_facts) if f.symbol]
    if w == PWait.ENKI_DRAW:
        return [LayOnEnki(t) for t in base.unused]
    if w == PWait.ENKI_PICK:
        return [EnkiPick(t) for t in p.enki]
    if w in (PWait.LOOT_DROP, PWait.LOOT_APPLY):
        move = DropLoot if w == PWait.LOOT_DROP else ApplyLoot
        return [move(t.victim, t.at) for t in sorted(base.loot, key=lambda t: (t.victim, t.at))]
    if w == PWait.GATE_DRAW:
        return [DrawDivinity(d) for d in _drawable(p, head.mythology)]
    if w == PWait.GATE_PICK:
        playable_ones = [d for d in head.options if playable(facts().divinities[d])]
        return [GatePick(d) for d in playable_ones]
    if w == PWait.CHOOSE_DECK:
        return [ChooseDeck(m) for m, deck in p.decks if deck]
    if w == PWait.MINERVA:
        cap = military.capital()
        return [PlaceMinerva(x) for x in range(-cap, cap + 1) if x != base.conflict]
    if w == PWait.ISIS:
        city = base.cities[head.player]
        return [IsisBuild(c, x) for c in dict.fromkeys(base.discard) for x in city.wonders_left]
    raise AssertionError(w)


def _drawable(p: Pantheon, mythology: str) -> tuple[str, ...]:
    """The divinity that may be drawn next: the one put back on top, else any left in the deck."""
    top = p.top(mythology)
    return (top,) if top else p.deck(mythology)


def _in_structure(base: GameState) -> list[int]:
    pyr = base.pyramid
    return [s for s in range(len(pyr.cards)) if not pyr.is_taken(s)]


def _takeable(city, colours: tuple[str, ...]) -> list[str]:
    return [c for c, f in zip(city.cards, city.card_facts) if f.colour.value in colours]


# -- doing it ------------------------------------------------------------------------

def apply(game: PantheonGame, action) -> PantheonGame:
    """The game after `action`; IllegalAction when the rules forbid it."""
    mover = game.to_move()
    if mover is None:
        raise IllegalAction(M("game_over"))
    before = game.base
    p = game.pantheon
    if p.pending:
        head = p.pending[0]
        handler = _PENDING.get((head.wait, type(action)))
        if handler is None:
            raise IllegalAction(M(f"pantheon.first.{head.wait}", n=head.player + 1, slot=head.slot))
        game = handler(game.but(pending=p.pending[1:]), head, action)
    elif isinstance(action, Invoke):
        if mover == CHANCE or before.pending:
            raise IllegalAction(M("duel.players_turn", n=before.to_move() + 1) if before.to_move() != CHANCE
                                else M("duel.enter_reveal"))
        game = _invoke(game, mover, action)
    elif mover == CHANCE and not before.pending and isinstance(action, Reveal):
        game = game.but(base=_reveal(game, action))
    elif (isinstance(action, Build) and mover != CHANCE and not before.pending and before.pyramid is not None
          and action.slot in before.pyramid.open_slots
          and _free_temple(game, mover, before.pyramid.cards[action.slot])):
        game = game.but(base=_build_free_temple(before, mover, action.slot))
    else:
        game = game.but(base=duel.apply(before, action))
    return _settle(game, before, mover)


def _reveal(game: PantheonGame, a: Reveal) -> GameState:
    pyr = game.base.pyramid
    if a.slot not in pyr.to_reveal():
        raise IllegalAction(M("duel.slot_not_waiting", slot=a.slot))
    if a.card not in reveal_candidates(game):
        raise IllegalAction(M("duel.cannot_lie", card=_name(a.card), age=pyr.age))
    return duel._advance(game.base.evolve(pyramid=pyr.reveal(a.slot, a.card)))


def _build_free_temple(base: GameState, player: int, slot: int) -> GameState:
    """A Grand Temple built free with its mythology's token: as a chained card (Urbanism pays)."""
    pyramid, card = duel._take_card(base, slot)
    base = duel._gain_card(base, player, card, True, changes={"pyramid": pyramid})
    if base.over:
        return base
    return duel._advance(base.evolve(current=1 - player, last=player))


def _invoke(game: PantheonGame, player: int, a: Invoke) -> PantheonGame:
    f = facts()
    base, p = game.base, game.pantheon
    if base.age not in f.invoke_ages:
        raise IllegalAction(M("pantheon.invoke_ages"))
    if a.divinity not in p.spaces:
        raise IllegalAction(M("pantheon.not_in_pantheon", divinity=_name(a.divinity)))
    divinity = f.divinities[a.divinity]
    if not playable(divinity):
        raise IllegalAction(M("pantheon.power_not_played", divinity=_name(a.divinity)))
    held = list(p.offerings[player])
    for token in a.spent:
        if token not in held:
            raise IllegalAction(M("pantheon.not_your_offering", token=_name(token)))
        held.remove(token)
    space = p.spaces.index(a.divinity)
    cost = invocation_cost(game, space, player, a.spent)
    city = base.cities[player]
    if cost > city.coins:
        raise IllegalAction(M("duel.costs_you_have", what=_name(a.divinity), cost=Coins(cost),
                              coins=Coins(city.coins)))
    base = base.with_city(player, city.with_coins(-cost)).evolve(current=1 - player)
    spaces = tuple(None if s == space else x for s, x in enumerate(p.spaces))
    invoked = p.invoked[player] + (a.divinity,)
    p = replace(p, spaces=spaces, gone=p.gone + a.spent)
    p = p.holding(player, "offerings", tuple(held)).holding(player, "invoked", invoked)
    return invoke_power(PantheonGame(base, p), player, divinity)


# -- follow-ups ------------------------------------------------------------------------

def _on_lay_mythology(game: PantheonGame, head: PPending, a: LayMythology) -> PantheonGame:
    p = game.pantheon
    if a.slot != head.slot:
        raise IllegalAction(M("pantheon.token_slot", slot=head.slot))
    if a.mythology not in p.mythology_box:
        token = facts().token_of.get(a.mythology)
        raise IllegalAction(M("pantheon.token_not_in_box", token=_name(token) if token else a.mythology))
    box = list(p.mythology_box)
    box.remove(a.mythology)
    return game.but(mythology_box=tuple(box), mythology_on=p.mythology_on + ((a.slot, a.mythology),))


def _on_lay_offering(game: PantheonGame, head: PPending, a: LayOffering) -> PantheonGame:
    p = game.pantheon
    if a.slot != head.slot:
        raise IllegalAction(M("pantheon.token_slot", slot=head.slot))
    if a.token not in p.offering_box:
        raise IllegalAction(M("pantheon.token_not_in_box", token=_name(a.token)))
    return game.but(offering_box=tuple(x for x in p.offering_box if x != a.token),
                    offering_on=p.offering_on + ((a.slot, a.token),))


def _on_draw(game: PantheonGame, head: PPending, a: DrawDivinity) -> PantheonGame:
    p = game.pantheon
    if a.divinity not in _drawable(p, head.mythology):
        raise IllegalAction(M("pantheon.not_in_deck", divinity=_name(a.divinity)))
    p = p.with_deck(head.mythology, tuple(x for x in p.deck(head.mythology) if x != a.divinity))
    p = replace(p, on_top=tuple(t for t in p.on_top if t[1] != a.divinity))
    # The drawn card joins the choice that waits after the draws.
    pending = list(p.pending)
    i = next(i for i, x in enumerate(pending) if x.wait == PWait.PLACE)
    pending[i] = replace(pending[i], options=pending[i].options + (a.divinity,))
    return PantheonGame(game.base, replace(p, pending=tuple(pending)))


def _on_place(game: PantheonGame, head: PPending, a: PlaceDivinity) -> PantheonGame:
    p = game.pantheon
    if a.divinity not in head.options:
        raise IllegalAction(M("pantheon.not_drawn", divinity=_name(a.divinity)))
    if not 0 <= a.space < len(p.spaces) or p.spaces[a.space] is not None:
        raise IllegalAction(M("pantheon.space_taken", space=a.space + 1))
    spaces = tuple(a.divinity if s == a.space else x for s, x in enumerate(p.spaces))
    p = replace(p, spaces=spaces)
    others = tuple(x for x in head.options if x != a.divinity)     # back on top of its deck, seen
    return PantheonGame(game.base, p.put_back(others, _mythology_of))


def _mythology_of(divinity: str) -> str:
    return facts().divinities[divinity].mythology


def _on_discard_slot(game: PantheonGame, head: PPending, a: DiscardSlot) -> PantheonGame:
    base = game.base
    if a.slot not in _in_structure(base):
        raise IllegalAction(M("pantheon.slot_gone", slot=a.slot))
    card = base.pyramid.cards[a.slot]
    # The tokens on that card leave the game with it.
    p = game.pantheon
    gone = tuple(x for slot, x in p.mythology_on + p.offering_on if slot == a.slot)
    game = game.but(mythology_on=tuple(t for t in p.mythology_on if t[0] != a.slot),
                    offering_on=tuple(t for t in p.offering_on if t[0] != a.slot), gone=p.gone + gone)
    if card is None:       # face down: turned over as it goes (a chance event says which)
        return game.but(pending=(PPending(PWait.DISCARDED_CARD, CHANCE, slot=a.slot),) + game.pantheon.pending)
    return game.but(base=_discard_from_structure(base, a.slot))


def _discard_from_structure(base: GameState, slot: int) -> GameState:
    pyramid = base.pyramid
    card = pyramid.cards[slot]
    return base.evolve(pyramid=pyramid.take(slot), discard=base.discard + (card,))


def _on_turn_discarded(game: PantheonGame, head: PPending, a: TurnDiscarded) -> PantheonGame:
    if a.card not in reveal_candidates(game):
        raise IllegalAction(M("duel.cannot_lie", card=_name(a.card), age=game.base.pyramid.age))
    base = game.base.evolve(pyramid=game.base.pyramid.reveal(head.slot, a.card))
    return game.but(base=_discard_from_structure(base, head.slot))


def _on_take_card(game: PantheonGame, head: PPending, a: TakeCard) -> PantheonGame:
    base = game.base
    victim = base.cities[1 - head.player]
    if a.card not in _takeable(victim, head.options):
        raise IllegalAction(M("pantheon.not_takeable", card=_name(a.card)))
    victim = replace(victim, cards=tuple(c for c in victim.cards if c != a.card))
    base = base.with_city(1 - head.player, victim)
    return game.but(base=base.with_city(head.player, base.cities[head.player].with_card(a.card)))


def _on_take_wonder(game: PantheonGame, head: PPending, a: TakeWonder) -> PantheonGame:
    base = game.base
    victim, city = base.cities[1 - head.player], base.cities[head.player]
    if a.wonder not in victim.wonders_left:
        raise IllegalAction(M("pantheon.not_takeable", card=_name(a.wonder)))
    base = base.with_city(1 - head.player, victim.but(wonders_left=tuple(w for w in victim.wonders_left
                                                                          if w != a.wonder)))
    return game.but(base=base.with_city(head.player, city.but(wonders_left=city.wonders_left + (a.wonder,))))


def _on_unbuild(game: PantheonGame, head: PPending, a: Unbuild) -> PantheonGame:
    """The wonder's card goes to the discard pile; the wonder may be built again, and what it
    gave when built stays (BGA, Anubis)."""
    base = game.base
    owner = next((i for i, c in enumerate(base.cities) if a.wonder in c.wonders), None)
    if owner is None:
        raise IllegalAction(M("pantheon.not_takeable", card=_name(a.wonder)))
    city = base.cities[owner]
    at = city.wonders.index(a.wonder)
    card = city.buried[at]
    city = replace(city, wonders=city.wonders[:at] + city.wonders[at + 1:],
                   buried=city.buried[:at] + city.buried[at + 1:], wonders_left=city.wonders_left + (a.wonder,))
    return game.but(base=base.with_city(owner, city).evolve(discard=base.discard + (card,)))


def _on_snake(game: PantheonGame, head: PPending, a: PlaceSnake) -> PantheonGame:
    victim = game.base.cities[1 - head.player]
    symbol = next((f.symbol for c, f in zip(victim.cards, victim.card_facts) if c == a.card and f.symbol), None)
    if symbol is None:
        raise IllegalAction(M("pantheon.not_takeable", card=_name(a.card)))
    return game.but(base=grant_symbol(game.base, head.player, symbol))


def _on_lay_on_enki(game: PantheonGame, head: PPending, a: LayOnEnki) -> PantheonGame:
    base = game.base
    if a.token not in base.unused:
        raise IllegalAction(M("duel.token_not_unused", token=_name(a.token)))
    base = base.evolve(unused=tuple(t for t in base.unused if t != a.token))
    return game.but(base=base, enki=game.pantheon.enki + (a.token,))


def _on_enki_pick(game: PantheonGame, head: PPending, a: EnkiPick) -> PantheonGame:
    if a.token not in game.pantheon.enki:
        raise IllegalAction(M("duel.token_not_drawn", token=_name(a.token)))
    base = game.base
    base = base.evolve(unused=base.unused + tuple(t for t in game.pantheon.enki if t != a.token))
    return game.but(base=duel._take_token(base, head.player, a.token), enki=())


def _loot(base: GameState, side: int, at: int):
    token = next((t for t in base.loot if t.victim == side and t.at == at), None)
    if token is None:
        raise IllegalAction(M("pantheon.no_loot"))
    return token


def _on_drop_loot(game: PantheonGame, head: PPending, a: DropLoot) -> PantheonGame:
    token = _loot(game.base, a.side, a.at)
    return game.but(base=game.base.evolve(loot=game.base.loot - {token}))


def _on_apply_loot(game: PantheonGame, head: PPending, a: ApplyLoot) -> PantheonGame:
    base = game.base
    token = _loot(base, a.side, a.at)
    base = base.evolve(loot=base.loot - {token})
    return game.but(base=base.with_city(token.victim, base.cities[token.victim].losing(token.coins)))


def _on_gate_draw(game: PantheonGame, head: PPending, a: DrawDivinity) -> PantheonGame:
    p = game.pantheon
    if a.divinity not in _drawable(p, head.mythology):
        raise IllegalAction(M("pantheon.not_in_deck", divinity=_name(a.divinity)))
    p = p.with_deck(head.mythology, tuple(x for x in p.deck(head.mythology) if x != a.divinity))
    p = replace(p, on_top=tuple(t for t in p.on_top if t[1] != a.divinity))
    pending = list(p.pending)
    i = next(i for i, x in enumerate(pending) if x.wait == PWait.GATE_PICK)
    pending[i] = replace(pending[i], options=pending[i].options + (a.divinity,))
    return PantheonGame(game.base, replace(p, pending=tuple(pending)))


def _on_gate_pick(game: PantheonGame, head: PPending, a: GatePick) -> PantheonGame:
    f = facts()
    if a.divinity not in head.options or not playable(f.divinities[a.divinity]):
        raise IllegalAction(M("pantheon.not_drawn", divinity=_name(a.divinity)))
    # The others back on top of their decks, seen (in the order revealed: the player's order
    # for The Divine Theater is not asked).
    p = game.pantheon.put_back(tuple(x for x in head.options if x != a.divinity), _mythology_of)
    p = p.holding(head.player, "invoked", p.invoked[head.player] + (a.divinity,))
    return invoke_power(PantheonGame(game.base, p), head.player, f.divinities[a.divinity])


def _on_isis(game: PantheonGame, head: PPending, a: IsisBuild) -> PantheonGame:
    """A wonder built free with a discarded card, with every effect of its building (BGA)."""
    base, player = game.base, head.player
    if a.card not in base.discard or a.wonder not in base.cities[player].wonders_left:
        raise IllegalAction(M("pantheon.not_takeable", card=_name(a.card if a.card not in base.discard
                                                                   else a.wonder)))
    discard = list(base.discard)
    discard.remove(a.card)
    base, again = duel._wonder_built(base.evolve(discard=tuple(discard)), player, a.wonder, a.card)
    if again and not base.over:
        base = base.evolve(current=player)
    return game.but(base=base)


def _on_choose_deck(game: PantheonGame, head: PPending, a: ChooseDeck) -> PantheonGame:
    """The Divine Theater: every divinity of one deck revealed (chance), one invoked free."""
    deck = game.pantheon.deck(a.mythology)
    if not deck:
        raise IllegalAction(M("pantheon.empty_deck"))
    follow = (PPending(PWait.GATE_DRAW, CHANCE, mythology=a.mythology),) * len(deck)
    return game.but(pending=follow + (PPending(PWait.GATE_PICK, head.player),) + game.pantheon.pending)


def _on_minerva(game: PantheonGame, head: PPending, a: PlaceMinerva) -> PantheonGame:
    cap = military.capital()
    if not -cap <= a.space <= cap or a.space == game.base.conflict:
        raise IllegalAction(M("pantheon.minerva_space"))
    return game.but(base=game.base.evolve(stop=a.space))


_PENDING = {
    (PWait.LAY_MYTHOLOGY, LayMythology): _on_lay_mythology,
    (PWait.LAY_OFFERING, LayOffering): _on_lay_offering,
    (PWait.DRAW, DrawDivinity): _on_draw,
    (PWait.PLACE, PlaceDivinity): _on_place,
    (PWait.DISCARD_SLOT, DiscardSlot): _on_discard_slot,
    (PWait.DISCARDED_CARD, TurnDiscarded): _on_turn_discarded,
    (PWait.TAKE_CARD, TakeCard): _on_take_card,
    (PWait.TAKE_WONDER, TakeWonder): _on_take_wonder,
    (PWait.UNBUILD, Unbuild): _on_unbuild,
    (PWait.SNAKE, PlaceSnake): _on_snake,
    (PWait.ENKI_DRAW, LayOnEnki): _on_lay_on_enki,
    (PWait.ENKI_PICK, EnkiPick): _on_enki_pick,
    (PWait.LOOT_DROP, DropLoot): _on_drop_loot,
    (PWait.LOOT_APPLY, ApplyLoot): _on_apply_loot,
    (PWait.GATE_DRAW, DrawDivinity): _on_gate_draw,
    (PWait.GATE_PICK, GatePick): _on_gate_pick,
    (PWait.ISIS, IsisBuild): _on_isis,
    (PWait.MINERVA, PlaceMinerva): _on_minerva,
    (PWait.CHOOSE_DECK, ChooseDeck): _on_choose_deck,
}


# -- between moves -------------------------------------------------------------------

def _settle(game: PantheonGame, before: GameState, mover: int) -> PantheonGame:
    """What follows by itself: tokens on cards just turned up, the Gate and the offering tokens
    of Age II, and the Duel's own next step once Pantheon's queue is empty."""
    if any(game.pantheon.sheltered):
        game = _shelter(game, before, mover)
    base = game.base
    if base.over:
        return game
    game = _wonders_built(game, before)
    if base.age == before.age and base.pyramid is not None and before.pyramid is not None and mover != CHANCE:
        turned = base.pyramid.up & ~before.pyramid.up
        if turned:
            game = _take_tokens(game, mover, turned)
    if base.age == 2 and before.age == 1:
        game = _age_two(game)
    if not game.pantheon.pending:
        game = game.but(base=duel._advance(game.base))
    return game


def _shelter(game: PantheonGame, before: GameState, mover: int) -> PantheonGame:
    """Coins on Astarte's card: a loss (loot, a coin-taking wonder) never takes them, and a
    player spends them last. A player who did not act lost what went; the mover spent it."""
    base, sheltered = game.base, list(game.pantheon.sheltered)
    for player in (0, 1):
        if not sheltered[player]:
            continue
        coins = base.cities[player].coins
        kept = min(sheltered[player], before.cities[player].coins)
        if player != mover and coins < kept:
            base = base.with_city(player, base.cities[player].with_coins(kept - coins))
            coins = kept
        sheltered[player] = min(sheltered[player], coins)
    return PantheonGame(base, replace(game.pantheon, sheltered=tuple(sheltered)))


def _wonders_built(game: PantheonGame, before: GameState) -> PantheonGame:
    """A wonder just built that looks through a mythology's deck (The Divine Theater) asks which."""
    wonders = tables().wonders
    follow = []
    for player in (0, 1):
        built = game.base.cities[player].wonders
        if len(built) > len(before.cities[player].wonders):
            new = [w for w in built if w not in before.cities[player].wonders]
            if any(wonders[w].invoke_from_deck for w in new) and any(d for _, d in game.pantheon.decks):
                follow.append(PPending(PWait.CHOOSE_DECK, player))
    return game.but(pending=tuple(follow) + game.pantheon.pending) if follow else game


def _take_tokens(game: PantheonGame, player: int, turned: int) -> PantheonGame:
    p = game.pantheon
    follow: list[PPending] = []
    on = dict(p.mythology_on) if game.base.age == 1 else {}
    offers = dict(p.offering_on) if game.base.age == 2 else {}
    for slot in range(turned.bit_length()):
        if not turned >> slot & 1:
            continue
        if slot in on:
            mythology = on.pop(slot)
            p = p.holding(player, "mythologies", p.mythologies[player] + (mythology,))
            draws = min(DRAWN_PER_TOKEN, len(p.deck(mythology)))
            follow += [PPending(PWait.DRAW, CHANCE, mythology=mythology)] * draws
            follow.append(PPending(PWait.PLACE, player))
        if slot in offers:
            p = p.holding(player, "offerings", p.offerings[player] + (offers.pop(slot),))
    if game.base.age == 1:
        p = replace(p, mythology_on=tuple(on.items()))
    else:
        p = replace(p, offering_on=tuple(offers.items()))
    return PantheonGame(game.base, replace(p, pending=tuple(follow) + p.pending))


def _age_two(game: PantheonGame) -> PantheonGame:
    """Age II dealt: the Gate fills the empty space; the offering tokens are laid (chance)."""
    f = facts()
    p = game.pantheon
    spaces = list(p.spaces)
    if None in spaces:
        spaces[spaces.index(None)] = f.gate
    lay = tuple(PPending(PWait.LAY_OFFERING, CHANCE, slot=s) for s in f.offering_slots)
    # A divinity that sets progress tokens aside when revealed (Enki) gets them now.
    for d in spaces:
        if d and "progress_set_aside" in f.divinities[d].powers:
            draws = min(f.divinities[d].amount("progress_set_aside"), len(game.base.unused))
            lay += (PPending(PWait.ENKI_DRAW, CHANCE),) * draws
    return game.but(spaces=tuple(spaces), pending=lay + p.pending)


__all__ = ["new_game", "legal_actions", "apply", "reveal_candidates", "invocations", "Rebuild"]
