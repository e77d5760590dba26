"""Our simulators beside two public Python engines, in the same run: games a second and the ratio.

- Duel: `companion simulate --game duel` (every invariant check on) against
  dfomin/7wd-engine's random games. It is public (MIT) and kept outside the
  repository: set PEER_7WD_ENGINE to the folder of a checkout.
- 7 Wonders: our simulator at 3, 5 and 7 players (1st edition, as the peer
  plays it) against the engine of the PyPI package 7wonder-rl-lib.

The peers run in a subprocess of PEER_PYTHON (default: this interpreter),
which needs PyYAML for 7wd-engine and 7wonder-rl-lib installed for the other;
a peer not found is "peer not found, skipped". The machine is shared and
noisy, so ours and the peer's take turns for ROUNDS rounds (5: with 3, a
noisy spell could take every round of one side, and a Duel run in four came
out 10-15% under the others) and the best round of each is kept.
7wonder-rl-lib's random games often stop on its own errors, so its games a
second (every game started) flatter it: the ratio is taken to its moves a
second over a whole game's 18 moves a player.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.engine.duel.simulate import run as duel_simulate
from companion.engine.seven_wonders.simulate import simulate as seven_wonders_simulate

HERE = Path(__file__).parent / "peers"
SEED = 20261121
ROUNDS = int(os.environ.get("PEER_ROUNDS", "5"))
DUEL_GAMES = int(os.environ.get("PEER_DUEL_GAMES", "400"))
SEVEN_GAMES = int(os.environ.get("PEER_SEVEN_GAMES", "100"))


def _python() -> str:
    return os.environ.get("PEER_PYTHON", sys.executable)


def _peer(args: list[str]) -> dict:
    out = subprocess.run([_python(), *args], capture_output=True, text=True, timeout=600)
    if out.returncode:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _has_module(name: str) -> bool:
    probe = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({name!r}) is None)"
    return subprocess.run([_python(), "-c", probe], capture_output=True).returncode == 0


def _best(rates: list[float]) -> float:
    return round(max(rates), 1)


def duel() -> dict:
    folder = os.environ.get("PEER_7WD_ENGINE")
    ours, theirs = [], []
    found = bool(folder) and (Path(folder) / "swd" / "game.py").exists()
    duel_simulate(games=1, seed=SEED - 1)      # the catalogue loaded untimed, as the peer's first game is
    for r in range(ROUNDS):
        mine = duel_simulate(games=DUEL_GAMES, seed=SEED + r)
        assert mine["violations"] == 0, mine.get("first_violation")
        ours.append(mine["games"] / mine["seconds"])
        if found:
            try:
                peer = _peer([str(HERE / "duel_7wd_engine.py"), folder, str(DUEL_GAMES), str(SEED + r)])
            except RuntimeError as exc:
                print(f"duel: peer 7wd-engine could not run ({exc}), skipped")
                found = False
                continue
            theirs.append(peer["games"] / peer["seconds"])
    out = {"ours_games_per_second": _best(ours), "games": DUEL_GAMES, "rounds": ROUNDS}
    if not found:
        print(f"duel: ours {out['ours_games_per_second']} games/s; 7wd-engine: peer not found, skipped "
              "(set PEER_7WD_ENGINE to its folder)")
        return out
    out["peer_games_per_second"] = _best(theirs)
    out["ratio"] = round(out["ours_games_per_second"] / out["peer_games_per_second"], 2)
    print(f"duel: ours {out['ours_games_per_second']} games/s (every check on), 7wd-engine "
          f"{out['peer_games_per_second']} games/s: ratio {out['ratio']}")
    return out


def seven_wonders() -> dict:
    found = _has_module("SevenWondersEnv")
    if not found:
        print("7 Wonders: 7wonder-rl-lib: peer not found, skipped (PEER_PYTHON with 7wonder-rl-lib installed)")
    out = {}
    for players in (3, 5, 7):
        ours, theirs, moves_rates, crashed = [], [], [], 0
        for r in range(ROUNDS):
            mine = seven_wonders_simulate(games=SEVEN_GAMES, seed=SEED + r, players=players, edition=1)
            assert mine["violations"] == 0, mine["examples"]
            ours.append(mine["games"] / mine["seconds"])
            if found:
                peer = _peer([str(HERE / "rl_7wonders.py"), str(players), str(SEVEN_GAMES), str(SEED + r)])
                theirs.append(peer["games"] / peer["seconds"])
                moves_rates.append(peer["moves"] / peer["seconds"] / (18 * players))
                crashed += peer["crashed"]
        row = {"ours_games_per_second": _best(ours)}
        if found:
            row.update(peer_games_per_second=_best(theirs), peer_whole_games_per_second=_best(moves_rates),
                       peer_crashed=f"{crashed}/{SEVEN_GAMES * ROUNDS}",
                       ratio=round(_best(ours) / _best(moves_rates), 2))
            print(f"7 Wonders {players}p (1st ed.): ours {row['ours_games_per_second']} games/s (every check on), "
                  f"7wonder-rl-lib {row['peer_games_per_second']} games/s ({row['peer_crashed']} stopped on its "
                  f"own errors; {row['peer_whole_games_per_second']} whole games' worth of moves a second): "
                  f"ratio {row['ratio']} (to the whole games' worth)")
        else:
            print(f"7 Wonders {players}p (1st ed.): ours {row['ours_games_per_second']} games/s")
        out[f"{players}p"] = row
    return out


def run() -> dict:
    return {"duel": duel(), "seven_wonders": seven_wonders()}
