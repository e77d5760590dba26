"""Pantheon's follow-ups played: a token laid, a divinity drawn or placed, and each power's
choice (Zeus's card, Baal's, Ra's wonder, Anubis's, Nisaba's snake, Enki's token,
Neptune's military tokens, the Gate's and The Divine Theater's pick, Isis's wonder,
Minerva's space). HANDLERS maps (what waits, the move) to the function that plays it."""
from __future__ import annotations

from dataclasses import replace

from ...errors import IllegalAction
from ...messages import M
from .. import military
from .. import rules as duel
from ..state import CHANCE, GameState
from ..taken import wonder_taken
from .actions import (ApplyLoot, ChooseDeck, DiscardSlot, DrawDivinity, DropLoot, EnkiPick, GatePick, IsisBuild,
                      LayMythology, LayOffering, LayOnEnki, PlaceDivinity, PlaceMinerva, PlaceSnake, TakeCard,
                      TakeWonder, TurnDiscarded, Unbuild)
from .choices import drawable, in_structure, mythology_of, name_of, reveal_candidates, takeable
from .facts import facts
from .powers import grant_symbol, invoke_power, playable
from .state import PantheonGame, PPending, PWait


def _on_lay_mythology(game: PantheonGame, head: PPending, a: LayMythology) -> PantheonGame:
    p = game.pantheon
    if a.slot != head.slot:
        raise IllegalAction(M("pantheon.token_slot", slot=head.slot))
    if a.mythology not in p.mythology_box:
        token = facts().token_of.get(a.mythology)
        raise IllegalAction(M("pantheon.token_not_in_box", token=name_of(token) if token else a.mythology))
    box = list(p.mythology_box)
    box.remove(a.mythology)
    return game.but(mythology_box=tuple(box), mythology_on=p.mythology_on + ((a.slot, a.mythology),))


def _on_lay_offering(game: PantheonGame, head: PPending, a: LayOffering) -> PantheonGame:
    p = game.pantheon
    if a.slot != head.slot:
        raise IllegalAction(M("pantheon.token_slot", slot=head.slot))
    if a.token not in p.offering_box:
        raise IllegalAction(M("pantheon.token_not_in_box", token=name_of(a.token)))
    return game.but(offering_box=tuple(x for x in p.offering_box if x != a.token),
                    offering_on=p.offering_on + ((a.slot, a.token),))


def _drawn_into(wait: PWait):
    """A divinity drawn from its deck joins the choice that waits after the draws (`wait`): the
    Pantheon's space to fill, or the Gate's or The Divine Theater's pick."""
    def on_draw(game: PantheonGame, head: PPending, a: DrawDivinity) -> PantheonGame:
        p = game.pantheon
        if a.divinity not in drawable(p, head.mythology):
            raise IllegalAction(M("pantheon.not_in_deck", divinity=name_of(a.divinity)))
        p = p.with_deck(head.mythology, tuple(x for x in p.deck(head.mythology) if x != a.divinity))
        p = replace(p, on_top=tuple(t for t in p.on_top if t[1] != a.divinity))
        pending = list(p.pending)
        i = next(i for i, x in enumerate(pending) if x.wait == wait)
        pending[i] = replace(pending[i], options=pending[i].options + (a.divinity,))
        return PantheonGame(game.base, replace(p, pending=tuple(pending)))
    return on_draw


def _on_place(game: PantheonGame, head: PPending, a: PlaceDivinity) -> PantheonGame:
    p = game.pantheon
    if a.divinity not in head.options:
        raise IllegalAction(M("pantheon.not_drawn", divinity=name_of(a.divinity)))
    if not 0 <= a.space < len(p.spaces) or p.spaces[a.space] is not None:
        raise IllegalAction(M("pantheon.space_taken", space=a.space + 1))
    spaces = tuple(a.divinity if s == a.space else x for s, x in enumerate(p.spaces))
    p = replace(p, spaces=spaces)
    others = tuple(x for x in head.options if x != a.divinity)     # back on top of its deck, seen
    return PantheonGame(game.base, p.put_back(others, mythology_of))


def _on_discard_slot(game: PantheonGame, head: PPending, a: DiscardSlot) -> PantheonGame:
    base = game.base
    if a.slot not in in_structure(base):
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
        raise IllegalAction(M("duel.cannot_lie", card=name_of(a.card), age=game.base.pyramid.age))
    base = game.base.evolve(pyramid=game.base.pyramid.reveal(head.slot, a.card))
    return game.but(base=_discard_from_structure(base, head.slot))


def _on_take_card(game: PantheonGame, head: PPending, a: TakeCard) -> PantheonGame:
    base = game.base
    victim = base.cities[1 - head.player]
    if a.card not in takeable(victim, head.options):
        raise IllegalAction(M("pantheon.not_takeable", card=name_of(a.card)))
    victim = replace(victim, cards=tuple(c for c in victim.cards if c != a.card))
    base = base.with_city(1 - head.player, victim)
    return game.but(base=base.with_city(head.player, base.cities[head.player].with_card(a.card)))


def _on_take_wonder(game: PantheonGame, head: PPending, a: TakeWonder) -> PantheonGame:
    refused = M("pantheon.not_takeable", card=name_of(a.wonder))
    return game.but(base=wonder_taken(game.base, head.player, a.wonder, refused))


def _on_unbuild(game: PantheonGame, head: PPending, a: Unbuild) -> PantheonGame:
    """The wonder's card goes to the discard pile; the wonder may be built again, and what it
    gave when built stays (BGA, Anubis)."""
    base = game.base
    owner = next((i for i, c in enumerate(base.cities) if a.wonder in c.wonders), None)
    if owner is None:
        raise IllegalAction(M("pantheon.not_takeable", card=name_of(a.wonder)))
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
        raise IllegalAction(M("pantheon.not_takeable", card=name_of(a.card)))
    return game.but(base=grant_symbol(game.base, head.player, symbol))


def _on_lay_on_enki(game: PantheonGame, head: PPending, a: LayOnEnki) -> PantheonGame:
    base = game.base
    if a.token not in base.unused:
        raise IllegalAction(M("duel.token_not_unused", token=name_of(a.token)))
    base = base.evolve(unused=tuple(t for t in base.unused if t != a.token))
    return game.but(base=base, enki=game.pantheon.enki + (a.token,))


def _on_enki_pick(game: PantheonGame, head: PPending, a: EnkiPick) -> PantheonGame:
    if a.token not in game.pantheon.enki:
        raise IllegalAction(M("duel.token_not_drawn", token=name_of(a.token)))
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
    """Neptune: the token's coins are lost by the invoker's opponent, whichever side it lay on (BGA)."""
    base = game.base
    token = _loot(base, a.side, a.at)
    victim = 1 - head.player
    base = base.evolve(loot=base.loot - {token})
    return game.but(base=base.with_city(victim, base.cities[victim].losing(token.coins)))


def _on_gate_pick(game: PantheonGame, head: PPending, a: GatePick) -> PantheonGame:
    f = facts()
    if a.divinity not in head.options or not playable(f.divinities[a.divinity]):
        raise IllegalAction(M("pantheon.not_drawn", divinity=name_of(a.divinity)))
    # The others back on top of their decks, seen (in the order revealed: the player's order
    # for The Divine Theater is not asked).
    p = game.pantheon.put_back(tuple(x for x in head.options if x != a.divinity), mythology_of)
    p = p.holding(head.player, "invoked", p.invoked[head.player] + (a.divinity,))
    return invoke_power(PantheonGame(game.base, p), head.player, f.divinities[a.divinity])


def _on_isis(game: PantheonGame, head: PPending, a: IsisBuild) -> PantheonGame:
    """A wonder built free with a discarded card, with every effect of its building (BGA)."""
    base, player = game.base, head.player
    if a.card not in base.discard or a.wonder not in base.cities[player].wonders_left:
        raise IllegalAction(M("pantheon.not_takeable", card=name_of(a.card if a.card not in base.discard
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


HANDLERS = {
    (PWait.LAY_MYTHOLOGY, LayMythology): _on_lay_mythology,
    (PWait.LAY_OFFERING, LayOffering): _on_lay_offering,
    (PWait.DRAW, DrawDivinity): _drawn_into(PWait.PLACE),
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
    (PWait.GATE_DRAW, DrawDivinity): _drawn_into(PWait.GATE_PICK),
    (PWait.GATE_PICK, GatePick): _on_gate_pick,
    (PWait.ISIS, IsisBuild): _on_isis,
    (PWait.MINERVA, PlaceMinerva): _on_minerva,
    (PWait.CHOOSE_DECK, ChooseDeck): _on_choose_deck,
}
