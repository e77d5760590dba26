"""The random-games loop shared by the Duel's boxes (Pantheon, Agora, both): each box brings its rules,
its invariants and the figures it counts; the loop, the draws and the report are the same, so the same
seed plays the same games whichever box is added."""
from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass


def finished_checks(base, waiting: bool, result: Callable[[], object]) -> list[str]:
    """What every box checks of a finished game: no choice left waiting, a civilian victory only at the
    end of Age III, each player's total the sum of its rows (`result` is asked only then)."""
    from .scoring import Victory
    if not base.over:
        return []
    out = []
    if waiting:
        out.append("the game is over with a choice still waiting")
    if base.victory == Victory.CIVILIAN and (base.age != 3 or not base.pyramid.empty):
        out.append(f"civilian victory before the end of Age III (age {base.age})")
    out += totals_checked(result())
    return out


def totals_checked(r) -> list[str]:
    """Each player's total the sum of its categories."""
    return [f"player {player}: total is not the sum of its categories" for player in (0, 1)
            if r.totals[player] != sum(r.scores[player].values())]


@dataclass(frozen=True)
class BoxGames:
    expansions: tuple[str, ...]                  # as the report names them
    new_game: Callable
    legal_actions: Callable
    apply: Callable
    violations: Callable                         # game -> the invariants broken, in words
    counts: Mapping[str, Callable]               # report key -> game -> a number summed over the games


def play_one(box: BoxGames, rng: random.Random) -> tuple[int, str, list[str], object]:
    """One game of random legal moves, stopped at the first broken invariant: (moves, victory, found, game)."""
    game = box.new_game(rng.randrange(2), first_game=rng.random() < 0.1)
    found = box.violations(game)
    moves = 0
    while game.to_move() is not None and not found:
        options = box.legal_actions(game)
        if not options:
            found.append(f"no legal move for {game.to_move()} in age {game.base.age}")
            break
        game = box.apply(game, rng.choice(options))
        moves += 1
        found += box.violations(game)
    return moves, game.base.victory or "", found, game


def run(box: BoxGames, *, games: int, seed: int) -> dict:
    """`games` games from `seed`: the moves, the box's counts, the games with a violation, the victories."""
    rng = random.Random(seed)
    start = time.perf_counter()
    moves = bad = 0
    counted = dict.fromkeys(box.counts, 0)
    victories: Counter = Counter()
    first = None
    for _ in range(games):
        n, victory, found, game = play_one(box, rng)
        moves += n
        victories[victory] += 1
        for key, count in box.counts.items():
            counted[key] += count(game)
        if found:
            bad += 1
            first = first or found[0]
    seconds = time.perf_counter() - start
    out = {"games": games, "expansions": list(box.expansions), "seconds": round(seconds, 3),
           "games_per_second": round(games / seconds, 1) if seconds else None, "moves": moves,
           **counted, "violations": bad, "victories": dict(sorted(victories.items()))}
    if first:
        out["first_violation"] = first
    return out
