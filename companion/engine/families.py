"""Where each game of the family keeps its rules: one registry, so no other module spells a game.

Every game's package offers the same modules (`contract`: score, trade and
simulate; `sheet`: a score sheet's cities as a score document; `table`: a
tracked game); a new game of the family is a new package and a line here.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from ..catalog.model import Game

PACKAGES = {Game.SEVEN_WONDERS: "companion.engine.seven_wonders", Game.DUEL: "companion.engine.duel",
            Game.ARCHITECTS: "companion.engine.architects"}


def rules(game: Game, part: str) -> ModuleType:
    """The module `part` of `game`'s rules (e.g. rules(Game.DUEL, "contract"))."""
    return importlib.import_module(f"{PACKAGES[game]}.{part}")
