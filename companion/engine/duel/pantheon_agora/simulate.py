"""Random whole games of a Duel with Pantheon and Agora, both boxes' invariants after every move.

The Pantheon's checks (its divinities, mythology and offering tokens, Astarte's coins,
Minerva's space, the Gate) and Agora's (cubes, decrees, conspiracies, the structures'
cards with the senators, political supremacy), each on its own view of the game; the
checks each box makes of what the other changes (the cards a structure holds, the progress
tokens, the scores) are made here on the whole game instead.
"""
from __future__ import annotations

import random

from ..agora.simulate import violations as agora_violations
from .. import box_simulate
from ..box_simulate import BoxGames
from ..facts import tables
from ..pantheon.facts import facts as pantheon_facts
from ..pantheon.simulate import violations as pantheon_violations
from ..agora.facts import facts as agora_facts
from .rules import CombinedGame, apply, legal_actions, new_game
from .scoring import result

# Each box's own checks of what the other box changes too: made on the whole game below.
_PANTHEON_ONLY_SEES_ITS_OWN = ("a card is", "progress tokens not conserved", "player 0: total", "player 1: total")
_AGORA_ONLY_SEES_ITS_OWN = ("progress tokens not conserved", "player 0: total", "player 1: total")


def violations(game: CombinedGame) -> list[str]:
    out = [v for v in pantheon_violations(game.as_pantheon()) if not v.startswith(_PANTHEON_ONLY_SEES_ITS_OWN)
           and "cards in play" not in v]
    out += [v for v in agora_violations(game.as_agora()) if not v.startswith(_AGORA_ONLY_SEES_ITS_OWN)]
    base, p, a = game.base, game.pantheon, game.agora
    progress = list(base.board) + list(base.unused) + list(a.locked) + list(p.enki)
    progress += [t for c in base.cities for t in c.progress] + [t for x in base.pending for t in x.options]
    if sorted(progress) != sorted(tables().base_tokens + pantheon_facts().tokens + agora_facts().tokens):
        out.append(f"progress tokens not conserved: {sorted(progress)}")
    if base.over:
        out += box_simulate.totals_checked(result(game))
    return out


GAMES = BoxGames(("agora", "pantheon"), new_game, legal_actions, apply, violations,
                 {"divinities_invoked": lambda game: len(game.pantheon.invoked[0]) + len(game.pantheon.invoked[1]),
                  "conspiracies_triggered": lambda game: len(game.agora.triggered[0]) + len(game.agora.triggered[1])})


def play_one(rng: random.Random) -> tuple[int, str, list[str], CombinedGame]:
    return box_simulate.play_one(GAMES, rng)


def run(*, games: int, seed: int) -> dict:
    return box_simulate.run(GAMES, games=games, seed=seed)
