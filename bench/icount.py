"""Games for counting instructions: on a shared, noisy machine, valgrind's count is the
figure to compare before and after a change, not the wall time.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -m bench.icount duel 20
    valgrind ... -m bench.icount 7w-1-7 5       # 7 Wonders, 1st edition, 7 players

prints "Collected : N"; the same with 0 games gives the start-up and warm-up
game, and (N(games) - N(0)) / games is the instructions a game. Every check
`simulate` makes is on, and the cyclic collector off, as `simulate` has it.
Not a benchmark of `make bench` (no run()).
"""
from __future__ import annotations

import gc
import random
import sys


def main() -> int:
    what, games = sys.argv[1], int(sys.argv[2])
    rng = random.Random(7)
    gc.disable()            # as both simulators play (their games make no reference cycles)
    if what == "duel":
        from companion.engine.duel.simulate import play_one
        for _ in range(games + 1):          # one warm-up game fills the caches of a first game
            play_one(rng)
    else:
        _, edition, players = what.split("-")
        from companion.engine.seven_wonders.simulate import play
        for _ in range(games + 1):
            play(rng, int(players), int(edition))
    return 0


if __name__ == "__main__":
    sys.exit(main())
