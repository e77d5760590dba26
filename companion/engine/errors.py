"""Errors the engine raises, each with a message a player understands."""
from __future__ import annotations


class BadInput(ValueError):
    """Input that does not describe a possible city or game (exit 2, HTTP 400).

    `where` is a JSON path into the input ("players[2].cards[4]").
    """

    def __init__(self, message: str, where: str = ""):
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class IllegalAction(Exception):
    """A move the rules forbid; `reason` is one sentence for the player (HTTP 409)."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)
