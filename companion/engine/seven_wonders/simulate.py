"""Random games through the same rules that check a tracked game.

Every move is drawn at random among `legal_actions`, applied with `apply`
(which checks it again), and followed by the invariants of invariants.py
once it changed something beyond the picks waiting (once a turn, and after
each Babylon or Halicarnassus move).
The seeded RNG is the only chance in the engine, and it lives here.
`simulate` runs with the cyclic garbage collector off (see there).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..collector import without_cyclic_collector
from ..errors import BadInput
from .actions import Move
from .invariants import check_move, check_state
from .rules import apply, legal_actions
from .setup import MAX_PLAYERS, MIN_PLAYERS, random_game
from .state import GameState, Phase

MAX_EXAMPLES = 5


@dataclass
class SimulationCounts:
    """Random games played, their moves, the invariant violations found and the first few of them."""
    games: int = 0
    moves: int = 0
    violations: int = 0
    examples: list[str] = field(default_factory=list)

    def note(self, problems: list[str], where: str) -> None:
        if problems:
            self.violations += len(problems)
            room = MAX_EXAMPLES - len(self.examples)
            self.examples += [f"{where}: {p}" for p in problems[:max(room, 0)]]


_PICK = Phase.PICK


def next_mover(state: GameState) -> int | None:
    """The lowest seat with a move to make, and its moves."""
    picking = state.phase is _PICK
    for seat, pending in enumerate(state.pending):
        if picking and pending is not None:
            continue                   # picked already this turn: nothing to offer it
        actions = legal_actions(state, seat)
        if actions:
            return seat, actions
    return None


BUILD_BIAS = 0.75
_SELL = Move.SELL        # an Enum member read through its class costs a metaclass look-up


def pick_from(rng: random.Random, actions: list) -> list:
    """Mostly the moves that build: uniform picks sell half the cards and leave thin cities."""
    builds = [a for a in actions if a.move is not _SELL]
    return builds if builds and rng.random() < BUILD_BIAS else actions


def play(rng: random.Random, players: int, edition: int, tally: SimulationCounts | None = None,
         check: bool = True) -> GameState:
    """One random game to its end; problems go to `tally`."""
    tally = tally if tally is not None else SimulationCounts()
    state = random_game(rng, players, edition)
    if check:
        tally.note(check_state(state), f"game {tally.games} setup")
    while not state.over:
        found = next_mover(state)
        if found is None:
            tally.note([f"nobody can move in phase {state.phase.value}"], f"game {tally.games}")
            break
        seat, actions = found
        action = rng.choice(pick_from(rng, actions))
        before, state = state, apply(state, action)
        tally.moves += 1
        # A pick only waits for the others: the move that resolves the turn (or a
        # Babylon or Halicarnassus move) changes the cities, hands or phase, and is checked.
        if check and (state.cities is not before.cities or state.hands is not before.hands
                      or state.phase is not before.phase):
            problems = check_move(before, state)
            if problems:
                tally.note(problems, f"game {tally.games} move {state.moves} ({action})")
    tally.games += 1
    return state


def check_arguments(players: int | None, edition: int | None) -> tuple[int | None, int]:
    edition = 1 if edition is None else edition
    if edition not in (1, 2):
        raise BadInput(f"edition must be 1 or 2, not {edition}", "edition")
    if players is not None:
        lowest = 2 if edition == 1 else MIN_PLAYERS      # 2 players: the 1st edition's Free City
        if not lowest <= players <= MAX_PLAYERS:
            raise BadInput(f"the edition {edition} is played by {lowest} to {MAX_PLAYERS} players, "
                           f"not {players}", "players")
    return players, edition


def simulate(*, games: int, seed: int, players: int | None = None, edition: int | None = None) -> dict:
    """`games` random games; without `players`, each game draws 3 to 7 players."""
    players, edition = check_arguments(players, edition)
    if not isinstance(games, int) or games < 0:
        raise BadInput(f"games must be a whole number, not {games!r}", "games")
    rng = random.Random(seed)
    tally = SimulationCounts()
    start = time.perf_counter()
    # tests/engine/seven_wonders/test_lean_engine.py: games make no cycles (the collector cost 15%).
    with without_cyclic_collector():
        for _ in range(games):
            play(rng, players if players is not None else rng.randint(MIN_PLAYERS, MAX_PLAYERS), edition, tally)
    seconds = time.perf_counter() - start
    return {"games": games, "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 1) if seconds else None,
            "moves": tally.moves, "violations": tally.violations,
            "players": players, "edition": edition, "seed": seed, "examples": tally.examples}
