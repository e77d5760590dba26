"""`make bench`: every benchmark, figures printed and saved to bench/results/."""
from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

import importlib
import pkgutil

# Every module bench/<name>_bench.py with a run() -> dict is a benchmark.
BENCHES = [(m.name.removesuffix("_bench"), importlib.import_module(f"bench.{m.name}").run)
           for m in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name)
           if m.name.endswith("_bench")]


def main() -> int:
    only = set(sys.argv[1:])      # `python -m bench catalog` runs one
    results = {"machine": {"python": sys.version.split()[0], "platform": platform.platform()},
               "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    for name, run in BENCHES:
        if only and name not in only:
            continue
        print(f"== {name}", flush=True)
        results[name] = run()
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    latest = out / "latest.json"
    if only and latest.exists():      # running some benches keeps the others' last figures
        results = {**json.loads(latest.read_text()), **results}
    latest.write_text(json.dumps(results, indent=1))
    print(f"\nsaved to {out / 'latest.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
