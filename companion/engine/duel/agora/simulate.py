"""Random whole games of a Duel with Agora, every invariant checked after every move.

Chance events and players' moves are drawn among the legal ones. The invariants
(`violations`): coins never below 0; no card in two places and as many cards in play
(cities, wonders, discard, senators recruited, cards under conspiracies, cards Treason built) as were taken
from the structures; each player's cubes between 0 and 12 and none below 0 in a
chamber; the decrees each in one place, at most six laid; every conspiracy in one place;
political supremacy ends the game at once, and a game over with all six chambers held
by one player was won so; the scores add up.
"""
from __future__ import annotations

import random
from collections import Counter

from .. import box_simulate
from ..box_simulate import BoxGames
from ..facts import tables
from .facts import facts
from .followups import POLITICAL
from .rules import apply, legal_actions, new_game
from .scoring import result
from .senate import facts as senate_facts
from .state import AgoraGame, AWait


def violations(game: AgoraGame) -> list[str]:
    out: list[str] = []
    base, a = game.base, game.agora
    f = facts()
    for player, city in enumerate(base.cities):
        if city.coins < 0:
            out.append(f"player {player} has {city.coins} coins")
        if not 0 <= a.senate.placed(player) <= senate_facts().cubes:
            out.append(f"player {player} has {a.senate.placed(player)} cubes in the Senate")
    if any(n < 0 for pair in a.senate.cubes for n in pair):
        out.append(f"a chamber holds fewer than no cubes: {a.senate.cubes}")
    placed = [c for city in base.cities for c in city.cards + city.buried] + list(base.discard)
    placed += list(a.recruited[0] + a.recruited[1] + a.under)
    if len(set(placed)) != len(placed):
        out.append(f"a card is in two places: {sorted(c for c, n in Counter(placed).items() if n > 1)}")
    if base.pyramid is not None:
        if set(base.pyramid.in_play()) & set(placed):
            out.append("a card is both in the structure and out of it")
        sizes = [20 + n for n in f.per_age]
        taken = sum(sizes[: base.age - 1]) + base.pyramid.taken.bit_count() + len(a.from_box)
        if len(placed) != taken:
            out.append(f"{len(placed)} cards in play, {taken} taken from the structures and the box")
    progress = list(base.board) + list(base.unused) + list(a.locked) + [t for c in base.cities for t in c.progress]
    progress += [t for x in base.pending for t in x.options]
    if sorted(progress) != sorted(tables().base_tokens + f.tokens):
        out.append(f"progress tokens not conserved: {sorted(progress)}")
    laid = [d for stack in a.decrees for d in stack]
    if sorted(laid + list(a.decree_box)) != sorted(f.decrees) or len(laid) + len(a.unrevealed) > 6:
        out.append(f"decrees not conserved: {laid} laid, {a.decree_box} in the box")
    kept = [c for x in a.pending if x.wait == AWait.KEEP for c in x.options]
    where = list(a.conspiracy_deck) + [c for side in a.held + a.prepared + a.triggered for c in side]
    if sorted(c for c in where if c not in kept) + sorted(kept) != sorted(f.conspiracies) \
            and sorted(where) != sorted(f.conspiracies):
        out.append(f"conspiracies not conserved: {sorted(where)}")
    supreme = a.senate.supremacy()
    if supreme is not None and not (base.over and base.victory == POLITICAL and base.winner == supreme):
        out.append(f"player {supreme} controls every chamber and the game goes on ({base.victory})")
    out += box_simulate.finished_checks(base, bool(a.pending or base.pending), lambda: result(game))
    return out


GAMES = BoxGames(("agora",), new_game, legal_actions, apply, violations,
                 {"senators_recruited": lambda game: len(game.agora.recruited[0]) + len(game.agora.recruited[1]),
                  "conspiracies_triggered": lambda game: len(game.agora.triggered[0]) + len(game.agora.triggered[1])})


def play_one(rng: random.Random) -> tuple[int, str, list[str], AgoraGame]:
    return box_simulate.play_one(GAMES, rng)


def run(*, games: int, seed: int) -> dict:
    return box_simulate.run(GAMES, games=games, seed=seed)
