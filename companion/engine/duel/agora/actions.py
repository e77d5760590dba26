"""The moves Agora adds to the Duel's (duel/actions.py), with the same text form.

Chance: a decree laid in a chamber (face up at set-up, or turned up when a chamber gets
its first cube), a conspiracy drawn. Players: a Senate action (a cube placed, moved or
removed, or the rest skipped), a conspirator's choice, a conspiracy kept, prepared under
a card of the structure, or triggered, and the choices a conspiracy asks.
"""
from __future__ import annotations

from typing import ClassVar

from .. import actions as duel_actions
from ..actions import _move


@_move
class LayDecree:
    chamber: int
    decree: str
    verb: ClassVar[str] = "lay-decree"


@_move
class PlaceCube:
    chamber: int
    verb: ClassVar[str] = "senate-place"


@_move
class MoveCube:
    origin: int
    to: int
    verb: ClassVar[str] = "senate-move"


@_move
class RemoveCube:
    chamber: int       # a chamber holding an opponent's cube
    verb: ClassVar[str] = "senate-remove"


@_move
class Skip:
    """What is left of an optional follow-up let go: Senate actions, a cube's move, a second discard."""
    verb: ClassVar[str] = "skip"


@_move
class Conspire:
    """A conspirator recruited: draw conspiracies (instead of placing a cube)."""
    verb: ClassVar[str] = "conspire"


@_move
class DrawConspiracy:
    conspiracy: str
    verb: ClassVar[str] = "draw-conspiracy"


@_move
class KeepConspiracy:
    conspiracy: str
    verb: ClassVar[str] = "keep-conspiracy"


@_move
class Prepare:
    slot: int          # the structure's card tucked under the conspiracy
    conspiracy: str
    verb: ClassVar[str] = "prepare"


@_move
class Trigger:
    conspiracy: str
    verb: ClassVar[str] = "trigger"


@_move
class Extort:
    wonder: str        # Extortion: an opponent's wonder not built yet
    verb: ClassVar[str] = "extort"


@_move
class Sabotage:
    wonder: str        # Sabotage: an opponent's built wonder back to the box
    verb: ClassVar[str] = "sabotage"


@_move
class Foreclose:
    card: str          # Foreclosure: an opponent's brown or grey card taken
    verb: ClassVar[str] = "foreclose"


@_move
class Spy:
    token: str         # Espionage: a progress token left out at set-up
    verb: ClassVar[str] = "spy"


@_move
class DiscardAvailable:
    slot: int          # Turn of Events: an accessible card of the structure to the discard pile
    verb: ClassVar[str] = "discard-available"


@_move
class Coerce:
    theirs: str        # Coercion: the opponent's blue or green card taken
    mine: str          # and one of yours of the same colour given
    verb: ClassVar[str] = "coerce"


@_move
class Lock:
    token: str         # Obscurantism: a progress token of the board, the opponent or left out
    verb: ClassVar[str] = "lock"


@_move
class Fraud:
    slot: int          # Property Fraud: a card of the structure's last row built free
    verb: ClassVar[str] = "fraud"


@_move
class Treason:
    card: str          # Treason: a card set aside at set-up (this Age or an earlier one) built free
    verb: ClassVar[str] = "treason"


@_move
class MoveDecree:
    decree: str        # Insider Influence: a decree of the Senate
    to: int            # moved under the decree of this chamber
    verb: ClassVar[str] = "move-decree"


AGORA_ACTIONS = (LayDecree, PlaceCube, MoveCube, RemoveCube, Skip, Conspire, DrawConspiracy, KeepConspiracy,
                 Prepare, Trigger, Extort, Sabotage, Foreclose, Spy, DiscardAvailable, Coerce, Lock, Fraud, Treason,
                 MoveDecree)
CHANCE_ACTIONS = duel_actions.CHANCE_ACTIONS + (LayDecree, DrawConspiracy)
BY_VERB = {**duel_actions.BY_VERB, **{cls.verb: cls for cls in AGORA_ACTIONS}}


def parse(text: str):
    """A Duel move or an Agora move from its text ("senate-move 2 3")."""
    return duel_actions.parse_among(text, BY_VERB)
