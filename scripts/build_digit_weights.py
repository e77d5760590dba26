"""Build the photo reader's digit network and write its weights to companion/scan/data/digits-net.npz.

Run after changing the training or feature code of companion/scan/digits.py (a test says when):
    .venv/bin/python scripts/build_digit_weights.py [path]
It trains from Debian's opencv-doc digits, seeded, in a few minutes on 2 cores; the app only reads the file.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from companion.scan import digits


def main(argv: list[str]) -> None:
    path = Path(argv[0]) if argv else digits.WEIGHTS
    started = time.monotonic()
    digits.build(path)
    print(f"{path}: {path.stat().st_size:,} bytes, recipe {digits.recipe()[:12]}, "
          f"built in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
