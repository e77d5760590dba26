"""Every move of a Duel game as a small hashable value with a text form.

Player moves: build a card, discard it for coins, build a wonder with it,
and the follow-up choices (a progress token, a card to destroy, a card to
build from the discard, a token from the Great Library's draw, who starts
the next age, a wonder in the draft). Chance events, entered by a person at
a real table or dealt in a simulation: a card turned face up, a progress
token placed on the board, a wonder shown in the draft, a token drawn for
the Great Library. `str(action)` and `parse(text)` go both ways.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields as dataclass_fields
from typing import ClassVar

from ..errors import BadInput


def _move(cls):
    """A frozen dataclass whose text is its verb, then its fields in order: what `parse` reads back."""
    cls = dataclass(frozen=True)(cls)
    cls.__str__ = lambda self: " ".join([self.verb, *(str(getattr(self, f.name)) for f in dataclass_fields(self))])
    return cls


@_move
class Build:
    slot: int
    verb: ClassVar[str] = "build"


@_move
class Discard:
    slot: int
    verb: ClassVar[str] = "discard"


@_move
class BuildWonder:
    slot: int          # the age card tucked under the wonder
    wonder: str
    verb: ClassVar[str] = "wonder"


@_move
class TakeProgress:
    token: str
    verb: ClassVar[str] = "progress"


@_move
class Destroy:
    card: str          # a card of the opponent's city (Circus Maximus, The Statue of Zeus)
    verb: ClassVar[str] = "destroy"


@_move
class Rebuild:
    card: str          # a card of the discard pile (The Mausoleum)
    verb: ClassVar[str] = "rebuild"


@_move
class LibraryPick:
    token: str         # one of the tokens drawn for The Great Library
    verb: ClassVar[str] = "library"


@_move
class ChooseStarter:
    player: int        # who begins the next age
    verb: ClassVar[str] = "start"


@_move
class PickWonder:
    wonder: str
    verb: ClassVar[str] = "pick"


# -- chance ------------------------------------------------------------------

@_move
class Reveal:
    slot: int
    card: str
    verb: ClassVar[str] = "reveal"


@_move
class ShowProgress:
    token: str
    verb: ClassVar[str] = "show-progress"


@_move
class ShowWonder:
    wonder: str
    verb: ClassVar[str] = "show-wonder"


@_move
class DrawToken:
    token: str
    verb: ClassVar[str] = "draw-token"


Action = (Build | Discard | BuildWonder | TakeProgress | Destroy | Rebuild | LibraryPick | ChooseStarter
          | PickWonder | Reveal | ShowProgress | ShowWonder | DrawToken)

CHANCE_ACTIONS = (Reveal, ShowProgress, ShowWonder, DrawToken)

BY_VERB = {cls.verb: cls for cls in (Build, Discard, BuildWonder, TakeProgress, Destroy, Rebuild, LibraryPick,
                                      ChooseStarter, PickWonder, Reveal, ShowProgress, ShowWonder, DrawToken)}


def parse(text: str) -> Action:
    """The action whose `str` is `text` ("wonder 14 the-pyramids")."""
    return parse_among(text, BY_VERB)


def parse_among(text: str, by_verb: dict[str, type]):
    """The move of `by_verb` (a verb's class) whose `str` is `text`; a box passes its own verbs with the
    Duel's. A field typed int reads a number; a trailing field with a default may be left out."""
    words = text.split()
    if not words or words[0] not in by_verb:
        raise BadInput(f"unknown action {text!r} (expected one of {', '.join(sorted(by_verb))})", "action")
    cls = by_verb[words[0]]
    fields = dataclass_fields(cls)
    required = sum(1 for f in fields if f.default is MISSING)
    if not required <= len(words) - 1 <= len(fields):
        raise BadInput(f"{words[0]} takes {' '.join(f.name for f in fields)}", "action")
    values = []
    for f, word in zip(fields, words[1:]):
        if f.type in ("int", int):
            try:
                values.append(int(word))
            except ValueError:
                raise BadInput(f"{f.name} must be a number, not {word!r}", "action") from None
        else:
            values.append(word)
    return cls(*values)
