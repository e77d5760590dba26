"""The end of a Duel with Pantheon: the Duel's categories, the Grand Temples in the guilds'
row they replace, and the divinities' own row ("divinities", the contract's key).

Coins left on Astarte's card score a point each in that row, not in the treasury.
A Grand Temple's points count the city's temples: 5, 12 or 21 for 1, 2 or 3
(points_by_count's scale), once a city however many temples carry it.
"""
from __future__ import annotations

from ...ranking import standings
from ..city import City
from ..facts import tables
from ..scoring import Result, Victory, categories
from ..boxes_score import held_points
from .facts import facts
from .powers import points
from .state import PantheonGame

CATEGORIES = ("civil", "science", "commercial", "guilds", "wonders", "progress", "divinities", "treasury",
              "military")


def temple_points(city: City) -> int:
    cards = tables().cards
    scales = {cards[c].points_scale for c in city.cards if cards[c].points_scale}
    count = sum(1 for c in city.cards if cards[c].scale_counts == ("temples",))
    return sum(scale[min(count, len(scale)) - 1] for scale in scales) if count else 0


def player_scores(game: PantheonGame, player: int) -> dict[str, int]:
    base = game.base
    own, other = base.cities[player], base.cities[1 - player]
    found = categories(own, other, base.conflict, player)
    found["guilds"] += temple_points(own)
    # Mysticism: points for the mythology and offering tokens still held (the Duel counts none).
    held = {"mythology_tokens": len(game.pantheon.mythologies[player]),
            "offering_tokens": len(game.pantheon.offerings[player])}
    found["progress"] += held_points(own, held)
    divinities = facts().divinities
    found["divinities"] = sum(points(divinities[d]) for d in game.pantheon.invoked[player])
    # Coins left on Astarte's card: a point each, and out of the treasury's count.
    sheltered = game.pantheon.sheltered[player]
    found["divinities"] += sheltered
    found["treasury"] = (own.coins - sheltered) // 3
    return {key: found[key] for key in CATEGORIES}


def result(game: PantheonGame) -> Result:
    scores = (player_scores(game, 0), player_scores(game, 1))
    totals = (sum(scores[0].values()), sum(scores[1].values()))
    base = game.base
    if base.over and base.victory in (Victory.MILITARY, Victory.SCIENTIFIC):
        return Result(scores, totals, base.victory, (base.winner,))
    ranked = standings("civil", scores)
    return Result(scores, totals, Victory.CIVILIAN, tuple(p for p, s in enumerate(ranked) if s.rank == 1))
