"""Errors the engine raises, each with a message a player understands.

The message is a `Msg` (a key and its parameters, rendered in the reader's
language by the web and the CLI) or, for checks not yet keyed, plain English.
`message`/`reason` stay the English sentence.
"""
from __future__ import annotations

from ..catalog.model import Game
from .messages import Listed, M, Msg, render, shown


class BadInput(ValueError):
    """Input that does not describe a possible city or game (exit 2, HTTP 400).

    `where` is a JSON path into the input ("players[2].cards[4]").
    """

    def __init__(self, message: str | Msg, where: str = ""):
        self.msg = message
        self.message = render(message)
        self.where = where
        super().__init__(f"{where}: {self.message}" if where else self.message)


class IllegalAction(Exception):
    """A move the rules forbid; `reason` is one sentence for the player (HTTP 409)."""

    def __init__(self, reason: str | Msg):
        self.msg = reason
        self.reason = render(reason)
        super().__init__(self.reason)


def unknown_game(value) -> BadInput:
    """A document naming no game of the family: which ones there are, as the contract names them."""
    games = Listed(tuple(f'"{g.contract_name}"' for g in Game), "or")
    return BadInput(M("in.unknown_game", value=shown(value), games=games), "game")
