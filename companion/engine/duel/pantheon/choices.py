"""What a Pantheon follow-up lets its player (or a chance event) choose, and the small
look-ups the rules and the follow-ups share: the cards a structure may still reveal,
the divinity a deck may give next, the cards and slots a power may reach."""
from __future__ import annotations

from ....catalog.model import Game
from ...messages import Name
from .. import military
from ..facts import tables
from ..state import GameState
from .actions import (ApplyLoot, ChooseDeck, DiscardSlot, DrawDivinity, DropLoot, EnkiPick, GatePick, IsisBuild,
                      LayMythology, LayOffering, LayOnEnki, PlaceDivinity, PlaceMinerva, PlaceSnake, TakeCard,
                      TakeWonder, TurnDiscarded, Unbuild)
from .facts import facts
from .powers import playable
from .state import Pantheon, PantheonGame, PPending, PWait


def name_of(ident: str) -> Name:
    return Name(ident, Game.DUEL)


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


def pending_actions(game: PantheonGame, head: PPending) -> list:
    p, base = game.pantheon, game.base
    w = head.wait
    if w == PWait.LAY_MYTHOLOGY:
        return [LayMythology(head.slot, m) for m in dict.fromkeys(p.mythology_box)]
    if w == PWait.LAY_OFFERING:
        return [LayOffering(head.slot, o) for o in p.offering_box]
    if w == PWait.DRAW:
        return [DrawDivinity(d) for d in drawable(p, head.mythology)]
    if w == PWait.PLACE:
        return [PlaceDivinity(d, s) for d in head.options for s, x in enumerate(p.spaces) if x is None]
    if w == PWait.DISCARD_SLOT:
        return [DiscardSlot(s) for s in in_structure(base)]
    if w == PWait.DISCARDED_CARD:
        return [TurnDiscarded(c) for c in reveal_candidates(game)]
    if w == PWait.TAKE_CARD:
        return [TakeCard(c) for c in takeable(base.cities[1 - head.player], head.options)]
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
        return [DrawDivinity(d) for d in drawable(p, head.mythology)]
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


def drawable(p: Pantheon, mythology: str) -> tuple[str, ...]:
    """The divinity that may be drawn next: the one put back on top, else any left in the deck."""
    top = p.top(mythology)
    return (top,) if top else p.deck(mythology)


def in_structure(base: GameState) -> list[int]:
    pyr = base.pyramid
    return [s for s in range(len(pyr.cards)) if not pyr.is_taken(s)]


def takeable(city, colours: tuple[str, ...]) -> list[str]:
    return [c for c, f in zip(city.cards, city.card_facts) if f.colour.value in colours]


def mythology_of(divinity: str) -> str:
    return facts().divinities[divinity].mythology
