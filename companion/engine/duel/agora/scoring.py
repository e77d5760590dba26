"""The end of a Duel with Agora: the Duel's categories and the Senate's own row ("senate":
each chamber controlled is worth its points); political supremacy wins at once."""
from __future__ import annotations

from ...ranking import standings
from ..scoring import Result, Victory, categories
from .followups import POLITICAL
from .state import AgoraGame

CATEGORIES = ("civil", "science", "commercial", "guilds", "wonders", "progress", "senate", "treasury", "military")


def player_scores(game: AgoraGame, player: int) -> dict[str, int]:
    base = game.base
    found = categories(base.cities[player], base.cities[1 - player], base.conflict, player)
    found["senate"] = game.agora.senate.points(player)
    return {key: found[key] for key in CATEGORIES}


def result(game: AgoraGame) -> Result:
    return result_of(game.base, (player_scores(game, 0), player_scores(game, 1)))


def result_of(base, scores: tuple[dict[str, int], dict[str, int]]) -> Result:
    """The result of a game with Agora from its scores: a supremacy's winner (political too), else by
    points, the civilian buildings breaking a tie."""
    totals = (sum(scores[0].values()), sum(scores[1].values()))
    if base.over and base.victory in (Victory.MILITARY, Victory.SCIENTIFIC, POLITICAL):
        return Result(scores, totals, base.victory, (base.winner,))
    ranked = standings("civil", scores)
    return Result(scores, totals, Victory.CIVILIAN, tuple(p for p, s in enumerate(ranked) if s.rank == 1))
