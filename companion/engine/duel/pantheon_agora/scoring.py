"""The points of a Duel with Pantheon and Agora: the Pantheon's rows (Grand Temples, divinities) and
Agora's senate row, each box's own count; the result (and political supremacy) as Agora's."""
from __future__ import annotations

from ..agora.scoring import player_scores as agora_scores
from ..agora.scoring import result_of
from ..pantheon.scoring import CATEGORIES as PANTHEON_CATEGORIES
from ..pantheon.scoring import player_scores as pantheon_scores
from ..scoring import Result
from .rules import CombinedGame

CATEGORIES = PANTHEON_CATEGORIES[:-2] + ("senate",) + PANTHEON_CATEGORIES[-2:]


def player_scores(game: CombinedGame, player: int) -> dict[str, int]:
    found = pantheon_scores(game.as_pantheon(), player)
    found["senate"] = agora_scores(game.as_agora(), player)["senate"]
    return {key: found[key] for key in CATEGORIES}


def result(game: CombinedGame) -> Result:
    return result_of(game.base, (player_scores(game, 0), player_scores(game, 1)))
