"""Tracked games at a real table, one interface for both games.

Each game's `table` module turns posted actions (the contract's "tables"
JSON) into engine moves; this module picks the module by game and starts a
game from the POST body. The store replays the log through `play`.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from .errors import BadInput
from .messages import M

ADAPTERS = {"7wonders": "companion.engine.seven_wonders.table", "duel": "companion.engine.duel.table"}


def adapter(game: str) -> ModuleType:
    if not isinstance(game, str) or game not in ADAPTERS:    # a list or object is not hashable
        raise BadInput(M("in.unknown_game", value=repr(game)), "game")
    return importlib.import_module(ADAPTERS[game])


def new_game(doc) -> tuple[str, object, tuple[str, ...]]:
    """(game, initial state, player names) from a POST /api/v1/games body."""
    if not isinstance(doc, dict):
        raise BadInput(M("in.body_object"), "(top)")
    game = doc.get("game")
    if game == "duel":
        state, names = _new_duel(doc)
    else:
        state, names = adapter(game).new_game(doc)
    return game, state, tuple(names)


def _new_duel(doc: dict):
    from .duel.setup import new_game as duel_game
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise BadInput(M("in.duel_two_names"), "players")
    names = []
    for i, p in enumerate(players):
        name = p.get("name") if isinstance(p, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise BadInput(M("in.needs_name"), f"players[{i}].name")
        if len(name.strip()) > 24:
            raise BadInput(M("in.name_length", num=24), f"players[{i}].name")
        names.append(" ".join(name.split()))
    if names[0].casefold() == names[1].casefold():
        raise BadInput(M("in.different_names"), "players[1].name")
    first = doc.get("first", 0)
    if first not in (0, 1):
        raise BadInput(M("in.first"), "first")
    return duel_game(first, first_game=bool(doc.get("first_game"))), names


def play(game: str, state, doc, names):
    return adapter(game).play(state, doc, names)


def to_json(game: str, state, names) -> dict:
    return adapter(game).to_json(state, names)
