"""The long run: `companion simulate` for many games per game, edition and player count.

Not part of `make bench` (it takes about an hour on a shared machine). Each
configuration is played in chunks of seeds (seed 1, 2, ... with `--chunk`
games each), one `companion simulate` process at a time, so no single command
runs long; every chunk's answer is appended to a JSON-lines log as it ends,
and `--summary` adds the chunks up per configuration. SOAK_CODE, when set,
is recorded with each chunk (say, the commit the engine was taken from):

    python -m bench.soak --games 10000 --chunk 1000 --log /tmp/soak.jsonl
    python -m bench.soak --summary --log /tmp/soak.jsonl --out bench/soak-10000.json
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

# Every game, edition and player count the simulators play: the Duel; the 1st
# edition from 2 players (the Free City) to 7; the 2nd edition from 3 to 7.
CONFIGS = ([("duel", None, None)]
           + [("7wonders", 1, n) for n in range(2, 8)]
           + [("7wonders", 2, n) for n in range(3, 8)])


def label(game: str, edition: int | None, players: int | None) -> str:
    return "duel" if game == "duel" else f"7wonders-e{edition}-p{players}"


def command(game: str, edition: int | None, players: int | None, games: int, seed: int) -> list[str]:
    cmd = [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
           "simulate", "--game", game, "--games", str(games), "--seed", str(seed)]
    if game != "duel":
        cmd += ["--edition", str(edition), "--players", str(players)]
    return cmd


def done_chunks(log: Path) -> set[tuple[str, int]]:
    if not log.exists():
        return set()
    return {(r["config"], r["seed"]) for r in map(json.loads, log.read_text().splitlines())}


def soak(games: int, chunk: int, log: Path, only: set[str], *, by_chunk: bool = False) -> None:
    """Plays every chunk not yet in `log` (a run stopped halfway picks up where it was).

    `by_chunk`: seed 1 of every configuration, then seed 2 of every one, and so
    on, so that a run cut short has played every configuration about as much."""
    done = done_chunks(log)
    configs = [c for c in CONFIGS if not only or label(*c) in only]
    seeds = range(1, games // chunk + 1)
    order = ([(c, s) for s in seeds for c in configs] if by_chunk
             else [(c, s) for c in configs for s in seeds])
    for (game, edition, players), seed in order:
        name = label(game, edition, players)
        if (name, seed) in done:
            continue
        start = time.time()
        out = subprocess.run(command(game, edition, players, chunk, seed),
                             capture_output=True, text=True, env=os.environ)
        answer = json.loads(out.stdout) if out.stdout.strip() else {"error": out.stderr[-2000:]}
        record = {"config": name, "seed": seed, "code": os.environ.get("SOAK_CODE"), "exit": out.returncode,
                  "wall": round(time.time() - start, 1), "load": os.getloadavg()[0], **answer}
        with log.open("a") as f:
            f.write(json.dumps(record) + "\n")


def summary(log: Path) -> dict:
    """Per configuration: games, games with a violation (Duel) or violations (7 Wonders), seconds."""
    out: dict[str, dict] = {}
    for r in map(json.loads, log.read_text().splitlines()):
        s = out.setdefault(r["config"], {"games": 0, "violations": 0, "seconds": 0.0, "moves": 0,
                                         "seeds": [], "errors": 0, "games_by_code": {}, "examples": []})
        if "error" in r:
            s["errors"] += 1
            continue
        s["games"] += r["games"]
        code = r.get("code") or "unrecorded"
        s["games_by_code"][code] = s["games_by_code"].get(code, 0) + r["games"]
        s["violations"] += r["violations"]
        s["seconds"] = round(s["seconds"] + r["seconds"], 1)
        s["moves"] += r["moves"]
        s["seeds"].append(r["seed"])
        s["examples"] += r.get("examples", []) + ([r["first_violation"]] if "first_violation" in r else [])
    for s in out.values():
        s["games_per_second"] = round(s["games"] / s["seconds"], 1) if s["seconds"] else None
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--chunk", type=int, default=1_000)
    p.add_argument("--log", type=Path, required=True)
    p.add_argument("--only", nargs="*", default=[])
    p.add_argument("--by-chunk", action="store_true", help="every configuration's seed 1, then seed 2 ...")
    p.add_argument("--summary", action="store_true")
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    if args.summary:
        text = json.dumps(summary(args.log), indent=1)
        if args.out:
            args.out.write_text(text + "\n")
        print(text)
        return 0
    soak(args.games, args.chunk, args.log, set(args.only), by_chunk=args.by_chunk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
