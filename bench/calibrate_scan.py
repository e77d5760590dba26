"""Calibrate how the photo reader weighs its ways of cutting a cell, on digits it was never tested with.

`python -m bench.calibrate_scan [PHOTOS] [SEED]` (10 photos a pad and form, seed 20270101 by
default; CALIBRATE_MISSES=1 lists the cells read wrong, CALIBRATE_NOW_ONLY=1 scores only the weights
in use.)

The reader (companion/scan/reader.py, `_fuse`) weighs each way of cutting a
cell into digits: a way other than the first (OTHER_CUT), each digit more
than the first way has (SPLIT) or fewer (JOIN), sharpened (SHARP), and
Tesseract's share (TESS_WEIGHT). Those weights must not be chosen on the MNIST
digits the bench tests with. Here they are chosen on photos written with the
held-out half of digits.png (pad_photos font "digits-held"), read by a network that
learnt from the other half only (digits.train(half="learn")): digits that
network never saw, as MNIST's are to the real one.

Every cell's cuts and readings are captured once; each candidate set of weights
then fuses them again and runs the column checks, and is scored by cells read
right, with no wrong cell left unmarked where the total is filled in.
"""
from __future__ import annotations

import itertools
import os
import sys

import numpy as np

from companion.scan import digits
from companion.scan import reader as R
from companion.scan.checks import check_column
from testkit.pad_photos import PhotoSpec, make_photo

PADS = ("7wonders", "7wonders-2e", "duel")
SHEETS = ("box", "printable")
SEED = 20270101          # far from the bench's and the tests' seeds
WRITING = "digits-held"
GRID = {
    "OTHER_CUT": (0.6, 0.8, 1.0),
    "SPLIT": (0.25, 0.35, 0.5, 0.7, 1.0),
    "JOIN": (0.35, 0.5, 0.7),
    "SHARP": (1.0, 2.0, 3.0),
    "TESS_WEIGHT": (0.15, 0.25, 0.35),
}


def learn_half_network() -> digits.Network:
    """The network learnt from digits.png's first half only, kept beside the real one in the cache."""
    key = digits._cache_file().stem.replace("scan-digits-net-", "")
    path = digits._cache_file().with_name(f"scan-digits-net-learn-half-{key}.npz")
    try:
        with np.load(path) as cached:
            return digits.Network(cached["w1"], cached["b1"], cached["w2"], cached["b2"])
    except (OSError, KeyError, ValueError):
        pass
    net = digits.train(half="learn")
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2)
    return net


def capture(photos: int, seed: int) -> list[tuple]:
    """(pad, column's cells, its total, true scores, true total, where) for every column read; a cell read
    by the reader is kept as its (Tesseract word, cuts), an empty one as its Reading."""
    fused: dict[int, tuple] = {}
    columns: list[tuple] = []
    real_fuse, real_check = R._fuse, R.check_column

    def spy_fuse(word, cuts):
        reading = real_fuse(word, cuts)
        fused[id(reading)] = (word, cuts)
        return reading

    def spy_check(pad, cells, total):
        columns.append((pad, {k: fused.get(id(r), r) for k, r in cells.items()}, fused.get(id(total), total)))
        return real_check(pad, cells, total)

    out = []
    R._fuse, R.check_column = spy_fuse, spy_check
    try:
        spec = PhotoSpec(size=(4000, 3000))
        for pad_id in PADS:
            for sheet in SHEETS:
                for n in range(photos):
                    data, truth = make_photo(seed + n, pad_id, WRITING, spec, sheet=sheet)
                    columns.clear()
                    fused.clear()
                    try:
                        scan = R.read_photo(data, "auto")
                    except Exception:           # a pad not found: nothing to weigh
                        continue
                    if scan.pad != pad_id or len(columns) != len(truth.names):
                        continue
                    for p, (pad, cells, total) in enumerate(columns):
                        out.append((pad, cells, total, truth.scores[p], truth.totals[p], (pad_id, sheet, seed + n, p)))
                print(f"captured {pad_id} {sheet}: {len(out)} columns so far", flush=True)
    finally:
        R._fuse, R.check_column = real_fuse, real_check
    return out


def _again(x):
    """A captured cell's Reading: fused again (with the weights as they are now) if the reader read it."""
    return R._fuse(*x) if isinstance(x, tuple) else x


def _answers(column: tuple) -> list[tuple]:
    """(value decided, doubted, true value) of each cell of a captured column, its total last."""
    pad, raw_cells, raw_total, scores, true_total, _ = column
    decided, total = check_column(pad, {k: _again(v) for k, v in raw_cells.items()}, _again(raw_total))
    return ([(d.value, bool(d.doubt), scores[k]) for k, d in decided.items()]
            + [(total.value, bool(total.doubt), true_total)])


def score(columns: list[tuple], weights: dict[str, float]) -> tuple[int, int, int]:
    """(cells, right, wrong left unmarked where the total is filled) with these weights, counted as
    the bench counts them (pad_photos.compare)."""
    saved = {name: getattr(R, name) for name in weights}
    for name, value in weights.items():
        setattr(R, name, value)
    cells = right = unmarked = 0
    try:
        for column in columns:
            for value, doubt, truth in _answers(column):
                cells += 1
                right += value == truth
                unmarked += value != truth and not doubt and column[4] is not None
    finally:
        for name, value in saved.items():
            setattr(R, name, value)
    return cells, right, unmarked


def misses(columns: list[tuple]) -> list[tuple]:
    """(true value, value read, doubted) of each cell read wrong with the weights as they are."""
    return [(truth, value, doubt) for column in columns for value, doubt, truth in _answers(column)
            if value != truth]


def main() -> None:
    photos = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    shipped, half = digits.model, learn_half_network()
    digits.model = lambda: half             # the reader reads with the half-trained network
    columns = capture(photos, seed)
    current = {name: getattr(R, name) for name in GRID}
    base = score(columns, current)
    print(f"now {current}: {base[1] / base[0]:.2%} of {base[0]} cells right, {base[2]} wrong unmarked")
    if os.environ.get("CALIBRATE_MISSES"):
        for truth, read, doubted in misses(columns):
            print(f"  {truth} read {read}{' (doubted)' if doubted else ''}")
    if os.environ.get("CALIBRATE_NOW_ONLY"):
        return
    results = []
    for values in itertools.product(*GRID.values()):
        weights = dict(zip(GRID, values))
        cells, right, unmarked = score(columns, weights)
        results.append((unmarked == 0, right, weights, unmarked))
    results.sort(key=lambda r: (r[0], r[1]), reverse=True)
    for ok, right, weights, unmarked in results[:12]:
        print(f"{right / base[0]:.2%} right, {unmarked} unmarked: {weights}")
    digits.model = shipped


if __name__ == "__main__":
    main()
