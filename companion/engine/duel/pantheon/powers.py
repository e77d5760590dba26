"""What a divinity does once invoked (BGA's Material.php, in our words; the powers
are the effect kinds of card_db/duel/pantheon.toml, never a divinity's name).

POWERS lists the kinds played here; a divinity with another kind cannot be
invoked yet (rules.py leaves it out of the legal moves and refuses it).
"""
from __future__ import annotations

from .. import rules as duel
from ..state import GameState
from .facts import Divinity
from .state import PantheonGame, PPending, PWait

POWERS = frozenset({"coins", "shields", "points", "build_from_discard", "discard_from_structure",
                    "take_opponent_card", "take_opponent_wonder", "discard_wonder_card"})


def playable(divinity: Divinity) -> bool:
    return all(kind in POWERS for kind in divinity.powers)


def invoke_power(game: PantheonGame, player: int, divinity: Divinity) -> PantheonGame:
    """`divinity`'s powers for `player`, in order; the choices they ask wait first in line."""
    base: GameState = game.base
    follow: list[PPending] = []
    for kind in divinity.powers:
        if kind == "coins":                    # Tanit
            base = base.with_city(player, base.cities[player].with_coins(divinity.amount(kind)))
        elif kind == "shields":                # Mars: no red card, so no Strategy shield
            base = duel._push(base, player, divinity.amount(kind))
            if base.over:
                return game.but(base=base)
        elif kind == "points":                 # Aphrodite: counted at the end (scoring.py)
            pass
        elif kind == "build_from_discard":     # Hades: as The Mausoleum
            if base.discard:
                base = base.evolve(pending=(duel.Pending(duel.Wait.REBUILD, player),) + base.pending)
        elif kind == "discard_from_structure":  # Zeus
            if base.pyramid is not None and not base.pyramid.empty:
                follow.append(PPending(PWait.DISCARD_SLOT, player))
        elif kind == "take_opponent_card":     # Baal
            colours = divinity.colours
            if any(f.colour.value in colours for f in base.cities[1 - player].card_facts):
                follow.append(PPending(PWait.TAKE_CARD, player, options=colours))
        elif kind == "take_opponent_wonder":   # Ra
            if base.cities[1 - player].wonders_left:
                follow.append(PPending(PWait.TAKE_WONDER, player))
        elif kind == "discard_wonder_card":    # Anubis
            if base.cities[0].wonders or base.cities[1].wonders:
                follow.append(PPending(PWait.UNBUILD, player))
        else:
            raise AssertionError(kind)
    return game.but(base=base, pending=tuple(follow) + game.pantheon.pending)


def points(divinity: Divinity) -> int:
    """The points a divinity invoked is worth at the end."""
    return divinity.amount("points")
