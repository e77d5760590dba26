"""`make bench`: every benchmark, figures printed and saved to bench/results/."""
from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

from . import catalog_bench

BENCHES = [("catalog", catalog_bench.run)]


def main() -> int:
    results = {"machine": {"python": sys.version.split()[0], "platform": platform.platform()},
               "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    for name, run in BENCHES:
        print(f"== {name}", flush=True)
        results[name] = run()
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(results, indent=1))
    print(f"\nsaved to {out / 'latest.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
