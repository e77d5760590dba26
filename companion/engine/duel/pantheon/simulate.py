"""Random whole games of a Duel with Pantheon, every invariant checked after every move.

Chance events are drawn among the legal ones (a shuffled deck deals the same
odds: every card, token or divinity not seen yet may come next); players'
moves are drawn among the legal moves. The invariants (`violations`) are the
box's and the Duel's: coins never below 0; no card in two places and as many
cards in play as were taken from the structures; the mythology and offering
tokens (laid, held, or gone: spent or discarded with their card) and the
divinities each in exactly one place; Astarte's coins among the
owner's; the conflict pawn never on Minerva's space; at most six spaces
filled and the Gate once; in Age I one divinity in the Pantheon a mythology
token taken (none invoked from it); a victory ends the
game at once; the progress tokens each in one place; the scores add up.
"""
from __future__ import annotations

import random
from collections import Counter

from .. import box_simulate
from ..box_simulate import BoxGames
from ..facts import tables
from .facts import facts
from .rules import apply, legal_actions, new_game
from .scoring import result
from .state import PantheonGame, PWait

CARDS_PER_AGE = 20


def violations(game: PantheonGame) -> list[str]:
    out: list[str] = []
    base, p = game.base, game.pantheon
    f = facts()
    for player, city in enumerate(base.cities):
        if city.coins < 0:
            out.append(f"player {player} has {city.coins} coins")
        if not 0 <= p.sheltered[player] <= max(city.coins, 0):
            out.append(f"player {player} has {p.sheltered[player]} coins on Astarte and {city.coins} in all")
    if base.stop is not None and base.stop == base.conflict:
        out.append("the conflict pawn stands on Minerva's space")
    placed = [c for city in base.cities for c in city.cards + city.buried] + list(base.discard)
    if len(set(placed)) != len(placed):
        out.append(f"a card is in two places: {sorted(c for c, n in Counter(placed).items() if n > 1)}")
    if base.pyramid is not None:
        in_structure = [c for c in base.pyramid.in_play()]
        if set(in_structure) & set(placed):
            out.append("a card is both in the structure and out of it")
        taken = CARDS_PER_AGE * (base.age - 1) + base.pyramid.taken.bit_count()
        if len(placed) != taken:
            out.append(f"{len(placed)} cards in play, {taken} taken from the structures")
    where = [d for _, deck in p.decks for d in deck] + [d for d in p.spaces if d] + [d for side in p.invoked
                                                                                      for d in side]
    where += [d for x in p.pending if x.wait in (PWait.PLACE, PWait.GATE_PICK) for d in x.options]
    every = Counter(d for d in f.divinities if d != f.gate)
    counted = Counter(d for d in where if d != f.gate)
    if counted != every:
        out.append(f"divinities not conserved: {dict(counted - every)} extra, {dict(every - counted)} lost")
    if where.count(f.gate) > 1 or (base.age >= 2 and where.count(f.gate) != 1):
        out.append("the Gate is not once in the game from Age II")
    tokens = len(p.mythology_box) + len(p.mythology_on) + len(p.mythologies[0]) + len(p.mythologies[1])
    tokens += sum(1 for x in p.gone if x in f.token_of)
    if tokens != f.token_copies * len(f.token_of):
        out.append(f"{tokens} mythology tokens")
    progress = list(base.board) + list(base.unused) + list(p.enki) + [t for c in base.cities for t in c.progress]
    progress += [t for x in base.pending for t in x.options]
    if sorted(progress) != sorted(tables().base_tokens + f.tokens):
        out.append(f"progress tokens not conserved: {sorted(progress)}")
    offerings = len(p.offering_box) + len(p.offering_on) + len(p.offerings[0]) + len(p.offerings[1])
    offerings += sum(1 for x in p.gone if x in f.offerings)
    if offerings != len(f.offerings):
        out.append(f"{offerings} offering tokens")
    if base.age == 1:         # nothing leaves the Pantheon in Age I: a divinity a token taken
        placing = sum(1 for x in p.pending if x.wait == PWait.PLACE)
        taken = len(p.mythologies[0]) + len(p.mythologies[1])
        if sum(1 for d in p.spaces if d) != taken - placing:
            out.append(f"Age I: {sum(1 for d in p.spaces if d)} divinities in the Pantheon for {taken} tokens taken")
    out += box_simulate.finished_checks(base, bool(p.pending or base.pending), lambda: result(game))
    return out


GAMES = BoxGames(("pantheon",), new_game, legal_actions, apply, violations,
                 {"divinities_invoked": lambda game: len(game.pantheon.invoked[0]) + len(game.pantheon.invoked[1])})


def play_one(rng: random.Random) -> tuple[int, str, list[str], PantheonGame]:
    return box_simulate.play_one(GAMES, rng)


def run(*, games: int, seed: int) -> dict:
    return box_simulate.run(GAMES, games=games, seed=seed)
