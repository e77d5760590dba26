"""Agora's follow-ups: what each lets its player (or chance) choose, and each played.
HANDLERS maps (what waits, the move) to the function that plays it; `senate_changed`
settles what a change of the Senate brings (a decree turned up, the shield decree's
pawn, political supremacy); `triggered_steps` lays out a conspiracy's effects."""
from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Game
from ...errors import IllegalAction
from ...messages import M, Name
from .. import rules as duel
from ..state import CHANCE, Pending, Wait
from ..taken import wonder_taken
from ..actions import Reveal
from ..facts import tables
from .actions import (Coerce, Conspire, DiscardAvailable, DrawConspiracy, Extort, Foreclose, Fraud, KeepConspiracy,
                      LayDecree, Lock, MoveCube, MoveDecree, PlaceCube, RemoveCube, Sabotage, Skip, Spy, Treason,
                      Trigger)
from .facts import Step, facts, last_row
from .senate import Senate
from .state import AgoraGame, APending, AWait

POLITICAL = "political"
DRAWN_WHEN_CONSPIRING = 2


def name_of(ident: str) -> Name:
    return Name(ident, Game.DUEL)


# -- what may be chosen ------------------------------------------------------------------

def _chambers() -> range:
    return range(1, len(Senate.empty().cubes) + 1)


def _places(game: AgoraGame, player: int, section: str | None = None) -> list[PlaceCube]:
    senate = game.agora.senate
    if senate.reserve(player) < 1:
        return []
    allowed = Senate.section_chambers(section) if section else _chambers()
    return [PlaceCube(c) for c in allowed]


def _moves(game: AgoraGame, player: int) -> list[MoveCube]:
    senate = game.agora.senate
    return [MoveCube(c, to) for c in _chambers() if senate.in_chamber(c, player)
            for to in (c - 1, c + 1) if to in _chambers()]


def _removes(game: AgoraGame, player: int) -> list[RemoveCube]:
    senate = game.agora.senate
    return [RemoveCube(c) for c in _chambers() if senate.in_chamber(c, 1 - player)]


def _choices(game: AgoraGame, head: APending) -> list:
    """What `head` offers, Skip aside."""
    base, a, player = game.base, game.agora, head.player
    w = head.wait
    if w == AWait.LAY_DECREE:
        return [LayDecree(head.chamber, d) for d in a.decree_box]
    if w == AWait.SENATE:
        return _places(game, player, head.section) + _moves(game, player)
    if w == AWait.CONSPIRATOR:
        return _places(game, player) + ([Conspire()] if a.conspiracy_deck else [])
    if w == AWait.DRAW:
        drawn = next((x.options for x in a.pending if x.wait == AWait.KEEP), ())
        return [DrawConspiracy(c) for c in a.conspiracy_deck if c not in drawn]
    if w == AWait.KEEP:
        return [KeepConspiracy(c) for c in head.options]
    if w == AWait.PLACE:
        return _places(game, player)
    if w == AWait.REMOVE:
        return _removes(game, player)
    if w == AWait.MOVE:
        return _moves(game, player)
    if w == AWait.EXTORT:
        return [Extort(x) for x in base.cities[1 - player].wonders_left]
    if w == AWait.SABOTAGE:
        return [Sabotage(x) for x in base.cities[1 - player].wonders]
    if w == AWait.FORECLOSE:
        return [Foreclose(c) for c in _cards_of(base.cities[1 - player], head.options)]
    if w == AWait.SPY:
        return [Spy(t) for t in base.unused]
    if w == AWait.DISCARD:
        return [DiscardAvailable(s) for s in base.pyramid.open_slots] if base.pyramid is not None else []
    if w == AWait.COERCE:
        mine, theirs = base.cities[player], base.cities[1 - player]
        return [Coerce(t, m) for colour in head.options for t in _cards_of(theirs, (colour,))
                for m in _cards_of(mine, (colour,))]
    if w == AWait.LOCK:
        return [Lock(t) for t in base.board + base.cities[1 - player].progress + base.unused]
    if w == AWait.FRAUD:
        return [Fraud(s) for s in _fraud_slots(base)]
    if w == AWait.TREASON:
        return [Treason(c) for c in set_aside_candidates(game)]
    if w == AWait.MOVE_DECREE:
        return [MoveDecree(d, to) for c, stack in enumerate(a.decrees, 1) for d in stack
                for to in _chambers() if to != c]
    if w == AWait.REVEAL:
        from .rules import reveal_candidates
        return [Reveal(head.chamber, c) for c in reveal_candidates(game)]
    if w == AWait.TRIGGER_ANY:
        return [Trigger(c) for c in a.held[player] + a.prepared[player]]
    raise AssertionError(w)


def _fraud_slots(base) -> list[int]:
    pyr = base.pyramid
    if pyr is None:
        return []
    senators = facts().senators
    return [s for s in last_row(pyr.age) if not pyr.is_taken(s) and pyr.cards[s] is not None
            and pyr.cards[s] not in senators]


SET_ASIDE_AN_AGE = 3        # each age's deck loses 3 cards at set-up (seed 000)


def set_aside_candidates(game: AgoraGame) -> list[str]:
    """The cards that may lie set aside at set-up, of this age and the earlier ones: those of
    their decks nobody has seen, 3 an age at most (Treason builds one; the engine cannot know
    which they are, as a person at the table does)."""
    base, a = game.base, game.agora
    if base.pyramid is None:
        return []
    t = tables()
    seen = set(base.pyramid.known()) | set(base.discard) | set(a.under) | set(a.from_box)
    seen |= {c for city in base.cities for c in city.cards + city.buried}
    out = []
    for age in range(1, base.pyramid.age + 1):
        if sum(1 for c in a.from_box if t.cards[c].age == age) >= SET_ASIDE_AN_AGE:
            continue
        out += [c for c in t.by_age[age] if c not in seen]
    return out


def _skippable(game: AgoraGame, head: APending, choices: list) -> bool:
    """Senate actions may be left (BGA lets a player skip the rest), an optional step too;
    any follow-up with nothing to choose is let go."""
    return head.optional or head.wait == AWait.SENATE or not choices


def pending_actions(game: AgoraGame, head: APending) -> list:
    choices = _choices(game, head)
    return choices + [Skip()] if head.player != CHANCE and _skippable(game, head, choices) else choices


def _cards_of(city, colours: tuple[str, ...]) -> list[str]:
    return [c for c, f in zip(city.cards, city.card_facts) if f.colour.value in colours]


# -- the Senate changed ------------------------------------------------------------------

def senate_changed(game: AgoraGame, player: int, senate: Senate, touched: tuple[int, ...]) -> AgoraGame:
    """`senate` in play after `player`'s cube changes in `touched`: a chamber's first cube turns
    its face-down decree up (chance); the shield decree's pawn follows its chamber's control;
    control of every chamber wins at once."""
    a = game.agora
    old = a.senate
    waiting = {x.chamber for x in a.pending if x.wait == AWait.LAY_DECREE}
    follow = tuple(APending(AWait.LAY_DECREE, CHANCE, chamber=c) for c in touched
                   if c in a.unrevealed and c not in waiting and sum(senate.cubes[c - 1]) and a.decree_box)
    game = game.but(senate=senate, pending=follow + a.pending)
    game = _shield_decree(game, old, senate)
    if game.base.over:
        return game
    winner = senate.supremacy()
    if winner is not None:
        return game.but(base=duel._finish(game.base, POLITICAL, winner), pending=())
    return game


def _shield_decree(game: AgoraGame, old: Senate, new: Senate) -> AgoraGame:
    """The shield decree: its controller's shield moves the pawn a space their way; losing the
    chamber moves it back (two spaces when the opponent takes it over)."""
    f = facts()
    base = game.base
    for chamber, stack in enumerate(game.agora.decrees, 1):
        for decree in stack:
            if f.decrees[decree].kind == "controlled_shield":
                base = shield_moves(base, old.controller(chamber), new.controller(chamber), f.decrees[decree].amount)
    return game.but(base=base)


def shield_moves(base, was: int | None, now: int | None, amount: int):
    """The shield decree passing from `was` to `now` (None: nobody): a step back for the one who
    lost it, a step forward for the one who gained it."""
    if was == now:
        return base
    if was is not None:
        base = duel._push(base, 1 - was, amount)
    if now is not None and not base.over:
        base = duel._push(base, now, amount)
    return base


# -- each follow-up played ---------------------------------------------------------------

def _on_lay_decree(game: AgoraGame, head: APending, a: LayDecree) -> AgoraGame:
    agora = game.agora
    if a.chamber != head.chamber:
        raise IllegalAction(M("agora.decree_chamber", chamber=head.chamber))
    if a.decree not in agora.decree_box:
        raise IllegalAction(M("agora.decree_not_in_box", decree=name_of(a.decree)))
    decrees = tuple(stack + (a.decree,) if c == a.chamber else stack for c, stack in enumerate(agora.decrees, 1))
    game = game.but(decrees=decrees, decree_box=tuple(d for d in agora.decree_box if d != a.decree),
                    unrevealed=tuple(c for c in agora.unrevealed if c != a.chamber))
    # A shield decree turned up in a chamber already controlled moves the pawn at once.
    return _shield_decree(game, Senate.empty(), game.agora.senate) if game.base.age else game


def _on_place(game: AgoraGame, head: APending, a: PlaceCube) -> AgoraGame:
    senate = game.agora.senate.place(head.player, a.chamber, head.section)
    return _after_action(senate_changed(game, head.player, senate, (a.chamber,)), head)


def _on_move(game: AgoraGame, head: APending, a: MoveCube) -> AgoraGame:
    senate = game.agora.senate.move(head.player, a.origin, a.to)
    return _after_action(senate_changed(game, head.player, senate, (a.origin, a.to)), head)


def _on_remove(game: AgoraGame, head: APending, a: RemoveCube) -> AgoraGame:
    senate = game.agora.senate.remove(1 - head.player, a.chamber)
    return senate_changed(game, head.player, senate, (a.chamber,))


def _after_action(game: AgoraGame, head: APending) -> AgoraGame:
    """A politician's next Senate action waits while any is left."""
    if head.wait == AWait.SENATE and head.left > 1 and not game.base.over:
        # A decree turned up by this action is entered first, then the next action.
        pending = game.agora.pending
        lays = next((i for i, x in enumerate(pending) if x.wait != AWait.LAY_DECREE), len(pending))
        return game.but(pending=pending[:lays] + (replace(head, left=head.left - 1),) + pending[lays:])
    return game


def _on_skip(game: AgoraGame, head: APending, a: Skip) -> AgoraGame:
    if not _skippable(game, head, _choices(game, head)):
        raise IllegalAction(M("agora.cannot_skip"))
    return game


def _on_conspire(game: AgoraGame, head: APending, a: Conspire) -> AgoraGame:
    if not game.agora.conspiracy_deck:
        raise IllegalAction(M("agora.no_conspiracy_left"))
    return game.but(pending=conspiring(game, head.player) + game.agora.pending)


def conspiring(game: AgoraGame, player: int) -> tuple[APending, ...]:
    """Conspiring: two conspiracies drawn (chance), then one kept (both with Organized Crime)."""
    draws = min(DRAWN_WHEN_CONSPIRING, len(game.agora.conspiracy_deck))
    return (APending(AWait.DRAW, CHANCE),) * draws + (APending(AWait.KEEP, player),) if draws else ()


def _on_draw(game: AgoraGame, head: APending, a: DrawConspiracy) -> AgoraGame:
    if DrawConspiracy(a.conspiracy) not in _choices(game, head):
        raise IllegalAction(M("agora.conspiracy_not_in_deck", conspiracy=name_of(a.conspiracy)))
    pending = list(game.agora.pending)
    i = next(i for i, x in enumerate(pending) if x.wait == AWait.KEEP)
    pending[i] = replace(pending[i], options=pending[i].options + (a.conspiracy,))
    return game.but(pending=tuple(pending))


def _on_keep(game: AgoraGame, head: APending, a: KeepConspiracy) -> AgoraGame:
    """One kept face down; the other back in the deck (BGA asks top or bottom: the engine's deck
    has no order, so a later draw may give it again). Organized Crime keeps both."""
    if a.conspiracy not in head.options:
        raise IllegalAction(M("agora.conspiracy_not_drawn", conspiracy=name_of(a.conspiracy)))
    agora = game.agora
    keep_both = set(facts().keep_both) & set(game.base.cities[head.player].progress)
    kept = (a.conspiracy,) + (tuple(c for c in head.options if c != a.conspiracy) if keep_both else ())
    deck = tuple(c for c in agora.conspiracy_deck if c not in kept)
    agora = agora.holding(head.player, "held", agora.held[head.player] + kept)
    return AgoraGame(game.base, replace(agora, conspiracy_deck=deck))


def _on_extort(game: AgoraGame, head: APending, a: Extort) -> AgoraGame:
    refused = M("agora.not_takeable", thing=name_of(a.wonder))
    return game.but(base=wonder_taken(game.base, head.player, a.wonder, refused))


def _on_sabotage(game: AgoraGame, head: APending, a: Sabotage) -> AgoraGame:
    """An opponent's built wonder back to the box, its card to the discard pile (BGA); what it
    gives for good (points, production) goes with it."""
    base = game.base
    victim = base.cities[1 - head.player]
    if a.wonder not in victim.wonders:
        raise IllegalAction(M("agora.not_takeable", thing=name_of(a.wonder)))
    at = victim.wonders.index(a.wonder)
    card = victim.buried[at]
    victim = replace(victim, wonders=victim.wonders[:at] + victim.wonders[at + 1:],
                     buried=victim.buried[:at] + victim.buried[at + 1:])
    base = base.with_city(1 - head.player, victim)
    return game.but(base=base.evolve(discard=base.discard + (card,),
                                     retired_wonders=base.retired_wonders + (a.wonder,)))


def _on_foreclose(game: AgoraGame, head: APending, a: Foreclose) -> AgoraGame:
    base = game.base
    victim = base.cities[1 - head.player]
    if a.card not in _cards_of(victim, head.options):
        raise IllegalAction(M("agora.not_takeable", thing=name_of(a.card)))
    base = base.with_city(1 - head.player, replace(victim, cards=tuple(c for c in victim.cards if c != a.card)))
    return game.but(base=base.with_city(head.player, base.cities[head.player].with_card(a.card)))


def _on_spy(game: AgoraGame, head: APending, a: Spy) -> AgoraGame:
    base = game.base
    if a.token not in base.unused:
        raise IllegalAction(M("duel.token_not_unused", token=name_of(a.token)))
    base = base.evolve(unused=tuple(t for t in base.unused if t != a.token))
    return game.but(base=duel._take_token(base, head.player, a.token))


def _on_coerce(game: AgoraGame, head: APending, a: Coerce) -> AgoraGame:
    """Coercion: an opponent's card and one of yours of the same colour (blue or green) change hands."""
    if a not in _choices(game, head):
        raise IllegalAction(M("agora.not_takeable", thing=name_of(a.theirs)))
    base, player = game.base, head.player
    mine, theirs = base.cities[player], base.cities[1 - player]
    mine = replace(mine, cards=tuple(c for c in mine.cards if c != a.mine)).with_card(a.theirs)
    theirs = replace(theirs, cards=tuple(c for c in theirs.cards if c != a.theirs)).with_card(a.mine)
    return game.but(base=base.with_city(player, mine).with_city(1 - player, theirs))


def _on_lock(game: AgoraGame, head: APending, a: Lock) -> AgoraGame:
    """Obscurantism: the token leaves the board, the opponent's city or the box, locked: no one uses it."""
    base = game.base
    victim = base.cities[1 - head.player]
    if a.token in base.board:
        base = base.evolve(board=tuple(t for t in base.board if t != a.token))
    elif a.token in victim.progress:
        base = base.with_city(1 - head.player, replace(victim, progress=tuple(t for t in victim.progress
                                                                               if t != a.token)))
    elif a.token in base.unused:
        base = base.evolve(unused=tuple(t for t in base.unused if t != a.token))
    else:
        raise IllegalAction(M("agora.not_takeable", thing=name_of(a.token)))
    return game.but(base=base, locked=game.agora.locked + (a.token,))


def _on_fraud(game: AgoraGame, head: APending, a: Fraud) -> AgoraGame:
    """Property Fraud: a card of the last row built free (no chain: Urbanism pays nothing)."""
    if a.slot not in _fraud_slots(game.base):
        raise IllegalAction(M("agora.not_in_last_row", slot=a.slot))
    pyramid, card = duel._take_card(game.base, a.slot)
    return game.but(base=duel._gain_card(game.base.evolve(pyramid=pyramid), head.player, card, False))


def _on_treason(game: AgoraGame, head: APending, a: Treason) -> AgoraGame:
    if a.card not in set_aside_candidates(game):
        raise IllegalAction(M("agora.not_takeable", thing=name_of(a.card)))
    game = game.but(from_box=game.agora.from_box + (a.card,))
    return game.but(base=duel._gain_card(game.base, head.player, a.card, False))


def _on_move_decree(game: AgoraGame, head: APending, a: MoveDecree) -> AgoraGame:
    """Insider Influence: a decree moved under another chamber's; its control follows that chamber."""
    agora = game.agora
    origin = next((c for c, stack in enumerate(agora.decrees, 1) if a.decree in stack), None)
    if origin is None or a.to == origin or a.to not in _chambers():
        raise IllegalAction(M("agora.decree_move"))
    decrees = tuple(tuple(d for d in stack if d != a.decree) + ((a.decree,) if c == a.to else ())
                    for c, stack in enumerate(agora.decrees, 1))
    step = facts().decrees[a.decree]
    base = game.base
    if step.kind == "controlled_shield":
        base = shield_moves(base, agora.senate.controller(origin), agora.senate.controller(a.to), step.amount)
    return game.but(base=base, decrees=decrees)


def _on_trigger_any(game: AgoraGame, head: APending, a: Trigger) -> AgoraGame:
    """Curia Julia: a conspiracy held triggered, prepared or not."""
    agora, player = game.agora, head.player
    if a.conspiracy not in agora.held[player] + agora.prepared[player]:
        raise IllegalAction(M("agora.not_held", conspiracy=name_of(a.conspiracy)))
    agora = agora.holding(player, "held", tuple(c for c in agora.held[player] if c != a.conspiracy))
    agora = agora.holding(player, "prepared", tuple(c for c in agora.prepared[player] if c != a.conspiracy))
    agora = agora.holding(player, "triggered", agora.triggered[player] + (a.conspiracy,))
    return triggered_steps(AgoraGame(game.base, agora), player, facts().conspiracies[a.conspiracy])


def _on_discard_available(game: AgoraGame, head: APending, a: DiscardAvailable) -> AgoraGame:
    base = game.base
    pyramid, card = duel._take_card(base, a.slot)
    base = base.evolve(pyramid=pyramid, discard=base.discard + (card,))
    game = game.but(base=base)
    if head.left > 1 and pyramid.open_slots:
        # A card it uncovered is turned up (chance) before the second choice.
        turned = tuple(APending(AWait.REVEAL, CHANCE, chamber=s) for s in pyramid.to_reveal())
        return game.but(pending=turned + (replace(head, left=head.left - 1, optional=True),) + game.agora.pending)
    return game


def _on_reveal(game: AgoraGame, head: APending, a: Reveal) -> AgoraGame:
    if a.slot != head.chamber or Reveal(a.slot, a.card) not in _choices(game, head):
        raise IllegalAction(M("duel.cannot_lie", card=name_of(a.card), age=game.base.pyramid.age))
    return game.but(base=game.base.evolve(pyramid=game.base.pyramid.reveal(a.slot, a.card)))


HANDLERS = {
    (AWait.LAY_DECREE, LayDecree): _on_lay_decree,
    (AWait.SENATE, PlaceCube): _on_place,
    (AWait.SENATE, MoveCube): _on_move,
    (AWait.CONSPIRATOR, PlaceCube): _on_place,
    (AWait.CONSPIRATOR, Conspire): _on_conspire,
    (AWait.DRAW, DrawConspiracy): _on_draw,
    (AWait.KEEP, KeepConspiracy): _on_keep,
    (AWait.PLACE, PlaceCube): _on_place,
    (AWait.REMOVE, RemoveCube): _on_remove,
    (AWait.MOVE, MoveCube): _on_move,
    (AWait.EXTORT, Extort): _on_extort,
    (AWait.SABOTAGE, Sabotage): _on_sabotage,
    (AWait.FORECLOSE, Foreclose): _on_foreclose,
    (AWait.SPY, Spy): _on_spy,
    (AWait.DISCARD, DiscardAvailable): _on_discard_available,
    (AWait.COERCE, Coerce): _on_coerce,
    (AWait.LOCK, Lock): _on_lock,
    (AWait.FRAUD, Fraud): _on_fraud,
    (AWait.TREASON, Treason): _on_treason,
    (AWait.MOVE_DECREE, MoveDecree): _on_move_decree,
    (AWait.TRIGGER_ANY, Trigger): _on_trigger_any,
    (AWait.REVEAL, Reveal): _on_reveal,
}
HANDLERS.update({(w, Skip): _on_skip for w in (AWait.SENATE, AWait.CONSPIRATOR, AWait.KEEP, AWait.PLACE,
                                               AWait.REMOVE, AWait.MOVE, AWait.EXTORT, AWait.SABOTAGE,
                                               AWait.FORECLOSE, AWait.SPY, AWait.DISCARD, AWait.COERCE, AWait.LOCK,
                                               AWait.FRAUD, AWait.TREASON, AWait.MOVE_DECREE, AWait.TRIGGER_ANY)})


# -- a conspiracy triggered ---------------------------------------------------------------

def triggered_steps(game: AgoraGame, player: int, steps: tuple[Step, ...]) -> AgoraGame:
    """A conspiracy's effects, in its order: those that ask a choice wait in line."""
    follow: list[APending] = []
    base = game.base
    for step in steps:
        k = step.kind
        opp = base.cities[1 - player]
        if k == "take_half_opponent_coins":
            half = (opp.coins + 1) // 2
            base = base.with_city(1 - player, opp.with_coins(-half))
            base = base.with_city(player, base.cities[player].with_coins(half))
        elif k == "coins_per":
            base = base.with_city(player, base.cities[player].with_coins(game.agora.senate.placed(player)))
        elif k == "opponent_loses_coins_per":
            base = base.with_city(1 - player, opp.losing(game.agora.senate.placed(1 - player)))
        elif k == "shields":
            base = duel._push(base, player, step.amount)
            if base.over:
                return game.but(base=base, pending=())
        elif k == "destroy_card":
            if duel._destroyable(opp, step.colours[0]):
                base = base.evolve(pending=(Pending(Wait.DESTROY, player, colour=step.colours[0]),) + base.pending)
        else:
            follow.append(follow_up(step, player))
    return game.but(base=base, pending=tuple(follow) + game.agora.pending)


_FOLLOW = {"take_opponent_wonder": AWait.EXTORT, "destroy_wonder": AWait.SABOTAGE, "place_influence": AWait.PLACE,
           "remove_influence": AWait.REMOVE, "move_influence": AWait.MOVE, "progress_from_all_unused": AWait.SPY,
           "discard_available": AWait.DISCARD, "take_opponent_card": AWait.FORECLOSE,
           "swap_opponent_card": AWait.COERCE, "lock_progress": AWait.LOCK, "build_from_last_row": AWait.FRAUD,
           "build_from_removed": AWait.TREASON, "move_decree": AWait.MOVE_DECREE,
           "trigger_conspiracy": AWait.TRIGGER_ANY}


def follow_up(step: Step, player: int) -> APending:
    wait = _FOLLOW[step.kind]
    return APending(wait, player, options=step.colours, left=max(step.amount, 1),
                    optional=wait == AWait.MOVE)
