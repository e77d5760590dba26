"""A Duel with Pantheon and Agora: `new_game`, `legal_actions(game, player)`, `apply(game, action)`.

Each box's rules play their own moves and follow-ups (pantheon/, agora/); this module
joins them. Set-up as BGA does it with both boxes: Agora's structures, the mythology
tokens on Age I slots 4, 6, 12, 14 and 17 and the offering tokens on Age II slots 7, 9
and 12 (agora.toml [senate], read from BGA's Draftpool.php), both boxes' wonders and
progress tokens added. Agora's follow-ups are settled first, then the Pantheon's, then
the Duel's; a card turned face up may be any the structure may hold: an age card, a
senator, or in Age III a Grand Temple.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import IllegalAction
from ...messages import M
from .. import rules as duel
from ..actions import Build, BuildWonder, Discard, Rebuild, Reveal
from ..agora import rules as agora_rules
from ..agora.actions import Prepare, Trigger
from ..agora.facts import facts as agora_facts
from ..agora.followups import HANDLERS as AGORA_HANDLERS
from ..agora.followups import pending_actions as agora_pending
from ..agora.senate import BOX as AGORA
from ..agora.state import Agora, AgoraGame, AWait
from ..pantheon import rules as pantheon_rules
from ..pantheon.actions import Invoke, TurnDiscarded
from ..pantheon.choices import pending_actions as pantheon_pending
from ..pantheon.choices import reveal_candidates as pantheon_candidates
from ..pantheon.followups import HANDLERS as PANTHEON_HANDLERS
from ..pantheon.followups import _discard_from_structure
from ..pantheon.state import Pantheon, PantheonGame, PWait
from ..pyramid import Pyramid
from ..state import CHANCE, GameState, Wait, box_to_move


@dataclass(frozen=True)
class CombinedGame:
    base: GameState
    pantheon: Pantheon
    agora: Agora

    def to_move(self) -> int | None:
        """The player who acts next, CHANCE for an event to enter, None when over: Agora's follow-ups
        first, then the Pantheon's, then the Duel's."""
        return box_to_move(self.base, self.agora.pending, self.pantheon.pending)

    def as_pantheon(self) -> PantheonGame:
        return PantheonGame(self.base, self.pantheon)

    def as_agora(self) -> AgoraGame:
        return AgoraGame(self.base, self.agora)


def _from_agora(game: CombinedGame, a: AgoraGame) -> CombinedGame:
    return CombinedGame(a.base, game.pantheon, a.agora)


def _from_pantheon(game: CombinedGame, p: PantheonGame) -> CombinedGame:
    return CombinedGame(p.base, p.pantheon, game.agora)


# -- set-up ------------------------------------------------------------------------------

def new_game(first: int = 0, *, first_game: bool = False) -> CombinedGame:
    f = agora_facts()
    p = pantheon_rules.new_game(first, first_game=first_game, mythology_slots=f.pantheon_mythology_slots)
    a = agora_rules.new_game(first, first_game=first_game)
    base = p.base.evolve(loot_kept=True, unused=tuple(sorted(p.base.unused + f.tokens)),
                         unseen_wonders=tuple(sorted(p.base.unseen_wonders + f.wonders)))
    return CombinedGame(base, p.pantheon, a.agora)


# -- what can be done ----------------------------------------------------------------------

def reveal_candidates(game: CombinedGame) -> list[str]:
    """An age card (or in Age III a Grand Temple: the Pantheon's candidates), 20 an age, and the
    age's senators not seen yet (Agora's)."""
    f = agora_facts()
    pyr = game.base.pyramid
    senators = [c for c in agora_rules.reveal_candidates(game.as_agora()) if c in f.senators]
    seen = pyr.known()
    base_seen = len(seen) - sum(1 for c in seen if c in f.senators)
    cards = pantheon_candidates(game.as_pantheon()) if base_seen < duel.SLOTS else []
    return [c for c in cards if c not in game.agora.from_box] + senators


def legal_actions(game: CombinedGame, player: int | None = None) -> list:
    mover = game.to_move()
    if mover is None or (player is not None and player != mover):
        return []
    a, p, base = game.agora, game.pantheon, game.base
    if a.pending:
        head = a.pending[0]
        if head.wait == AWait.REVEAL:
            return [Reveal(head.chamber, c) for c in reveal_candidates(game)]
        return agora_pending(game.as_agora(), head)
    if p.pending:
        head = p.pending[0]
        if head.wait == PWait.DISCARDED_CARD:
            return [TurnDiscarded(c) for c in reveal_candidates(game)]
        return pantheon_pending(game.as_pantheon(), head)
    if base.pending:
        moves = duel.legal_actions(base, mover)
        if base.pending[0].wait == Wait.REBUILD:
            moves = [m for m in moves if m.card not in agora_facts().senators]
        return moves
    if mover == CHANCE:
        candidates = reveal_candidates(game)
        return [Reveal(slot, card) for slot in base.pyramid.to_reveal() for card in candidates]
    moves = agora_rules._turn_actions(game.as_agora(), mover)
    listed = set(moves)
    moves += [b for b in pantheon_rules._temple_builds(game.as_pantheon(), mover) if b not in listed]
    return moves + pantheon_rules.invocations(game.as_pantheon(), mover)


# -- doing it ---------------------------------------------------------------------------------

def apply(game: CombinedGame, action) -> CombinedGame:
    """The game after `action`; IllegalAction when the rules forbid it."""
    mover = game.to_move()
    if mover is None:
        raise IllegalAction(M("game_over"))
    before = game.base
    a, p = game.agora, game.pantheon
    turn = mover != CHANCE and not a.pending and not p.pending and not before.pending
    senators = agora_facts().senators
    if a.pending:
        head = a.pending[0]
        if head.wait == AWait.REVEAL and isinstance(action, Reveal):
            game = _turned(game, head.chamber, action, rest=a.pending[1:])
        else:
            handler = AGORA_HANDLERS.get((head.wait, type(action)))
            if handler is None:
                raise IllegalAction(M(f"agora.first.{head.wait}", n=head.player + 1, chamber=head.chamber))
            game = _from_agora(game, handler(game.as_agora().but(pending=a.pending[1:]), head, action))
    elif p.pending:
        head = p.pending[0]
        if head.wait == PWait.DISCARDED_CARD and isinstance(action, TurnDiscarded):
            game = _zeus_turned(game, head.slot, action)
        else:
            handler = PANTHEON_HANDLERS.get((head.wait, type(action)))
            if handler is None:
                raise IllegalAction(M(f"pantheon.first.{head.wait}", n=head.player + 1, slot=head.slot))
            game = _from_pantheon(game, handler(game.as_pantheon().but(pending=p.pending[1:]), head, action))
    elif isinstance(action, Invoke):
        if not turn:
            raise IllegalAction(M("duel.enter_reveal") if mover == CHANCE else M("duel.players_turn", n=mover + 1))
        game = _from_pantheon(game, pantheon_rules._invoke(game.as_pantheon(), mover, action))
    elif isinstance(action, (Trigger, Prepare)):
        if not turn:
            raise IllegalAction(M("duel.enter_reveal") if mover == CHANCE else M("duel.players_turn", n=mover + 1))
        run = agora_rules._trigger if isinstance(action, Trigger) else agora_rules._prepare
        game = _from_agora(game, run(game.as_agora(), mover, action))
    elif mover == CHANCE and not before.pending and isinstance(action, Reveal):
        if action.slot not in before.pyramid.to_reveal():
            raise IllegalAction(M("duel.slot_not_waiting", slot=action.slot))
        game = _turned(game, action.slot, action, rest=a.pending)
        game = CombinedGame(duel._advance(game.base), game.pantheon, game.agora)
    elif turn and isinstance(action, Build) and agora_rules._card_at(before, action.slot) in senators:
        game = _from_agora(game, agora_rules._recruit(game.as_agora(), mover, action.slot))
    elif turn and isinstance(action, Build) and action.slot in before.pyramid.open_slots \
            and pantheon_rules._free_temple(game.as_pantheon(), mover, before.pyramid.cards[action.slot]):
        game = CombinedGame(pantheon_rules._build_free_temple(before, mover, action.slot), p, a)
    elif isinstance(action, Rebuild) and action.card in senators:
        raise IllegalAction(M("agora.senator_not_rebuilt"))
    elif turn and isinstance(action, (Build, BuildWonder)) and agora_rules.price_decrees(game.as_agora(), mover):
        game = CombinedGame(agora_rules._priced_turn(game.as_agora(), mover, action), p, a)
    else:
        game = CombinedGame(duel.apply(before, action), p, a)
        if turn and isinstance(action, Discard):
            game = _from_agora(game, agora_rules._discard_bonus(game.as_agora(), mover))
    if turn and not isinstance(action, Trigger):
        game = CombinedGame(game.base, game.pantheon, game.as_agora().but(trigger_used=False).agora)
    return _settle(game, before, mover)


def _turned(game: CombinedGame, slot: int, action: Reveal, rest) -> CombinedGame:
    """A card turned face up on `slot`: one the structure may hold."""
    if action.slot != slot or action.card not in reveal_candidates(game):
        raise IllegalAction(M("duel.cannot_lie", card=duel._name(action.card), age=game.base.pyramid.age))
    base = game.base.evolve(pyramid=game.base.pyramid.reveal(slot, action.card))
    return CombinedGame(base, game.pantheon, game.as_agora().but(pending=rest).agora)


def _zeus_turned(game: CombinedGame, slot: int, action: TurnDiscarded) -> CombinedGame:
    """The face-down card Zeus discarded, turned over: any card the structure may hold."""
    if action.card not in reveal_candidates(game):
        raise IllegalAction(M("duel.cannot_lie", card=duel._name(action.card), age=game.base.pyramid.age))
    base = game.base.evolve(pyramid=game.base.pyramid.reveal(slot, action.card))
    return CombinedGame(_discard_from_structure(base, slot), game.as_pantheon().but(
        pending=game.pantheon.pending[1:]).pantheon, game.agora)


# -- between moves --------------------------------------------------------------------------

def _settle(game: CombinedGame, before: GameState, mover: int) -> CombinedGame:
    """Each box's own settling (the Pantheon's tokens, the Gate and offerings of Age II; Agora's
    decrees, wonders and military tokens), then the Duel's next step once both queues are empty."""
    # The Pantheon's settling first: Astarte's coins are settled even by a move that ends the game.
    p = pantheon_rules._settle(game.as_pantheon(), before, mover, agora_facts().pantheon_offering_slots,
                               advance=False)
    game = _from_pantheon(game, p)
    if not game.base.over:
        game = _from_agora(game, agora_rules._settle(game.as_agora(), before, advance=False))
    if game.base.over:          # a victory ends the game at once: nothing waits any more
        return CombinedGame(game.base, game.as_pantheon().but(pending=()).pantheon,
                            game.as_agora().but(pending=()).agora)
    if not game.agora.pending and not game.pantheon.pending:
        base = duel._advance(game.base)
        if base.pyramid is not None and base.pyramid.shape != AGORA:
            base = base.evolve(pyramid=Pyramid.deal(base.age, AGORA))
        game = CombinedGame(base, game.pantheon, game.agora)
    return game


__all__ = ["CombinedGame", "new_game", "legal_actions", "apply", "reveal_candidates"]
