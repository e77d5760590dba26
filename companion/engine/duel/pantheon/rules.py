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

from ...errors import IllegalAction
from ...messages import Coins, M
from .. import rules as duel
from ..actions import Build, Reveal
from ..facts import tables
from ..setup import new_game as duel_new_game
from ..state import CHANCE, GameState
from . import messages  # noqa: F401  (the box's message texts join the engine's)
from .actions import NO_OFFERING, Invoke
from .choices import name_of, pending_actions, reveal_candidates
from .costs import invocation_cost, offering_choices
from .facts import facts
from .followups import HANDLERS
from .powers import invoke_power, playable
from .state import Pantheon, PantheonGame, PPending, PWait

DRAWN_PER_TOKEN = 2


# -- set-up --------------------------------------------------------------------

def new_game(first: int = 0, *, first_game: bool = False, mythology_slots=None) -> PantheonGame:
    """The Duel's set-up, the mythology tokens to lay first (chance), the decks shuffled.
    `mythology_slots`: Age I's slots for the tokens when another box's structure is played (Agora's)."""
    f = facts()
    decks = tuple((m, tuple(sorted(ids))) for m, ids in sorted(f.by_mythology.items()))
    box = tuple(m for m in sorted(f.token_of) for _ in range(f.token_copies))
    lay = tuple(PPending(PWait.LAY_MYTHOLOGY, CHANCE, slot=s) for s in mythology_slots or f.mythology_slots)
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
        return pending_actions(game, game.pantheon.pending[0])
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
        handler = HANDLERS.get((head.wait, type(action)))
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
        raise IllegalAction(M("duel.cannot_lie", card=name_of(a.card), age=pyr.age))
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
        raise IllegalAction(M("pantheon.not_in_pantheon", divinity=name_of(a.divinity)))
    divinity = f.divinities[a.divinity]
    if not playable(divinity):
        raise IllegalAction(M("pantheon.power_not_played", divinity=name_of(a.divinity)))
    held = list(p.offerings[player])
    for token in a.spent:
        if token not in held:
            raise IllegalAction(M("pantheon.not_your_offering", token=name_of(token)))
        held.remove(token)
    space = p.spaces.index(a.divinity)
    cost = invocation_cost(game, space, player, a.spent)
    city = base.cities[player]
    if cost > city.coins:
        raise IllegalAction(M("duel.costs_you_have", what=name_of(a.divinity), cost=Coins(cost),
                              coins=Coins(city.coins)))
    base = base.with_city(player, city.with_coins(-cost)).evolve(current=1 - player)
    spaces = tuple(None if s == space else x for s, x in enumerate(p.spaces))
    invoked = p.invoked[player] + (a.divinity,)
    p = replace(p, spaces=spaces, gone=p.gone + a.spent)
    p = p.holding(player, "offerings", tuple(held)).holding(player, "invoked", invoked)
    return invoke_power(PantheonGame(base, p), player, divinity)


# -- between moves -------------------------------------------------------------------

def _settle(game: PantheonGame, before: GameState, mover: int, offering_slots=None,
            advance: bool = True) -> PantheonGame:
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
        game = _age_two(game, offering_slots)
    if advance and not game.pantheon.pending:
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


def _age_two(game: PantheonGame, offering_slots=None) -> PantheonGame:
    """Age II dealt: the Gate fills the empty space; the offering tokens are laid (chance) on
    `offering_slots` (another box's structure), else the box's own."""
    f = facts()
    p = game.pantheon
    spaces = list(p.spaces)
    if None in spaces:
        spaces[spaces.index(None)] = f.gate
    lay = tuple(PPending(PWait.LAY_OFFERING, CHANCE, slot=s) for s in offering_slots or f.offering_slots)
    # A divinity that sets progress tokens aside when revealed (Enki) gets them now.
    for d in spaces:
        if d and "progress_set_aside" in f.divinities[d].powers:
            draws = min(f.divinities[d].amount("progress_set_aside"), len(game.base.unused))
            lay += (PPending(PWait.ENKI_DRAW, CHANCE),) * draws
    return game.but(spaces=tuple(spaces), pending=lay + p.pending)




__all__ = ["new_game", "legal_actions", "apply", "reveal_candidates", "invocations"]
