"""Random games of dfomin/7wd-engine (a public Python Duel engine), run by bench/peers_bench.py
with the peer's interpreter: `python duel_7wd_engine.py FOLDER GAMES SEED` prints JSON.

Its own loop: every move drawn uniformly from Game.get_available_actions, applied in place,
after one untimed game.
"""
import json
import random
import sys
import time

folder, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, folder)
from swd.game import Game  # noqa: E402

random.seed(seed)


def play() -> int:
    state = Game.create()
    played = 0
    while not Game.is_finished(state):
        Game.apply_action(state, random.choice(Game.get_available_actions(state)))
        played += 1
    return played


# One game untimed first: the peer reads its card files in its first game, as ours loads its
# catalogue once (before the timed rounds the bench keeps).
play()
moves = 0
start = time.perf_counter()
for _ in range(games):
    moves += play()
seconds = time.perf_counter() - start
print(json.dumps({"games": games, "seconds": seconds, "moves": moves}))
