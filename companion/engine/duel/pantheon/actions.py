"""The moves Pantheon adds to the Duel's (duel/actions.py), with the same text form.

Chance: a mythology token laid on an Age I slot, an offering token on an Age II
slot, a divinity drawn from its deck, the face-down card Zeus discarded.
Players: keep a drawn divinity on a space, invoke a divinity (with the offering
tokens spent on it), and the choices its power asks.
"""
from __future__ import annotations

from typing import ClassVar

from .. import actions as duel_actions
from ..actions import _move

NO_OFFERING = "-"


@_move
class LayMythology:
    slot: int
    mythology: str
    verb: ClassVar[str] = "lay-mythology"


@_move
class LayOffering:
    slot: int
    token: str
    verb: ClassVar[str] = "lay-offering"


@_move
class DrawDivinity:
    divinity: str
    verb: ClassVar[str] = "draw-divinity"


@_move
class TurnDiscarded:
    card: str          # the face-down card Zeus sent to the discard pile
    verb: ClassVar[str] = "turn-discarded"


@_move
class PlaceDivinity:
    divinity: str
    space: int
    verb: ClassVar[str] = "place"


@_move
class Invoke:
    divinity: str
    offerings: str = NO_OFFERING   # the offering tokens spent, joined by "+", or "-"
    verb: ClassVar[str] = "invoke"

    @property
    def spent(self) -> tuple[str, ...]:
        return () if self.offerings == NO_OFFERING else tuple(self.offerings.split("+"))


@_move
class DiscardSlot:
    slot: int          # Zeus: the structure's card sent to the discard pile
    verb: ClassVar[str] = "discard-slot"


@_move
class TakeCard:
    card: str          # Baal: the opponent's card taken
    verb: ClassVar[str] = "take-card"


@_move
class TakeWonder:
    wonder: str        # Ra: the opponent's wonder taken
    verb: ClassVar[str] = "take-wonder"


@_move
class Unbuild:
    wonder: str        # Anubis: the wonder whose card goes to the discard pile
    verb: ClassVar[str] = "unbuild"


@_move
class PlaceSnake:
    card: str          # Nisaba: the opponent's green card whose symbol she copies
    verb: ClassVar[str] = "snake"


@_move
class LayOnEnki:
    token: str         # chance: a progress token left out of the game, laid on Enki
    verb: ClassVar[str] = "lay-on-enki"


@_move
class EnkiPick:
    token: str
    verb: ClassVar[str] = "enki"


@_move
class DropLoot:
    side: int          # Neptune: the player whose side of the track holds the token
    at: int            # its distance from the centre
    verb: ClassVar[str] = "drop-loot"


@_move
class ApplyLoot:
    side: int
    at: int
    verb: ClassVar[str] = "apply-loot"


@_move
class GatePick:
    divinity: str      # the Gate: the revealed divinity invoked free
    verb: ClassVar[str] = "gate"


@_move
class IsisBuild:
    card: str          # Isis: the discarded card tucked under
    wonder: str
    verb: ClassVar[str] = "isis"


@_move
class PlaceMinerva:
    space: int         # a space of the conflict track, as the contract's `conflict` counts them
    verb: ClassVar[str] = "minerva"


@_move
class ChooseDeck:
    mythology: str     # The Divine Theater: the deck looked through
    verb: ClassVar[str] = "deck"


PANTHEON_ACTIONS = (LayMythology, LayOffering, DrawDivinity, TurnDiscarded, PlaceDivinity, Invoke, DiscardSlot,
                    TakeCard, TakeWonder, Unbuild, PlaceSnake, LayOnEnki, EnkiPick, DropLoot, ApplyLoot, GatePick,
                    IsisBuild, PlaceMinerva, ChooseDeck)
CHANCE_ACTIONS = duel_actions.CHANCE_ACTIONS + (LayMythology, LayOffering, DrawDivinity, TurnDiscarded, LayOnEnki)
BY_VERB = {**duel_actions.BY_VERB, **{cls.verb: cls for cls in PANTHEON_ACTIONS}}


def parse(text: str):
    """A Duel move or a Pantheon move from its text ("invoke zeus offering-2+offering-3")."""
    return duel_actions.parse_among(text, BY_VERB)
