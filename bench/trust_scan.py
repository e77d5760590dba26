"""The calibrated probability that a cell's reading is right (companion/scan/trust.py): fitted, and
measured, on the scan bench's captured columns (bench.doubt_scan's cache).

`python -m bench.trust_scan fit SEED...`: fits the model (scikit-learn's logistic regression) on the
captured cells of those seeds (development seeds only: never the bench's 2045xxxx-2064xxxx) and writes
companion/scan/data/trust.json. `python -m bench.trust_scan table SEED...`: on each seed's captured cells,
how many right and wrong readings reach each probability, and of the right cells the checks mark, how
many would; TRUST_LIST=1 names the wrong readings at 0.99 or more. The captures are bench.doubt_scan's
(`python -m bench.doubt_scan SEED 3` makes them), the newest of each seed unless DOUBT_SCAN_READER names one.
"""
from __future__ import annotations

import collections
import json
import os
import pickle
import sys

import numpy as np

from companion.scan import trust
from companion.scan.checks import check_column

from .doubt_scan import _cache

THRESHOLDS = (0.9, 0.99, 0.995, 0.999, 0.9995)
PHOTOS = 3


def columns(seed: int) -> list[tuple]:
    """The seed's captured columns: DOUBT_SCAN_READER's, else the newest capture of the seed."""
    if os.environ.get("DOUBT_SCAN_READER"):
        path = _cache(seed, PHOTOS)
    else:
        found = sorted(_cache(seed, PHOTOS).parent.glob(f"doubt-scan-{seed}-{PHOTOS}-*.pickle"),
                       key=lambda p: p.stat().st_mtime)
        if not found:
            raise SystemExit(f"no capture of seed {seed}: run python -m bench.doubt_scan {seed} {PHOTOS}")
        path = found[-1]
    return pickle.loads(path.read_bytes())


def cells(seed: int):
    """Every read cell of the seed's captures: (reading, its truth, the checks' Decided, where)."""
    for pad, column, total, scores, true_total, where in columns(seed):
        decided, total_decided = check_column(pad, column, total)
        for key, reading in column.items():
            yield reading, scores[key], decided[key], (*where, key)
        yield total, true_total, total_decided, (*where, "total")


def dataset(seeds: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Every value each read cell's readers read (trust.values), and whether it is what was written."""
    X, y = [], []
    for seed in seeds:
        for reading, truth, _, _ in cells(seed):
            for value in trust.values(reading):
                X.append(trust.features(reading, value))
                y.append(value == truth)
    return np.array(X), np.array(y)


def fit(seeds: list[int]) -> None:
    from sklearn.linear_model import LogisticRegression
    X, y = dataset(seeds)
    model = LogisticRegression(C=1.0, max_iter=5000).fit(X, y)
    data = {"features": list(trust.FEATURES), "coef": [round(float(c), 6) for c in model.coef_[0]],
            "intercept": round(float(model.intercept_[0]), 6), "seeds": seeds, "cells": int(len(y)),
            "wrong": int((~y).sum())}
    trust.WEIGHTS.write_text(json.dumps(data, indent=1) + "\n")
    trust._weights.cache_clear()
    print(f"fitted on {len(y)} cells ({int((~y).sum())} wrong) of seeds {seeds}: {trust.WEIGHTS}")
    for name, c in zip(trust.FEATURES, model.coef_[0]):
        print(f"  {name:18s} {c:+.3f}")


def table(seeds: list[int]) -> None:
    listing = bool(os.environ.get("TRUST_LIST"))
    print(f"{'seed':>9s} {'cells':>5s} {'wrong':>5s} {'marked':>6s} " +
          " ".join(f"{'>=' + str(t):>17s}" for t in THRESHOLDS))
    print(f"{'':>9s} {'':>5s} {'':>5s} {'right':>6s} " + " ".join(f"{'right/wrong/mkd':>17s}" for _ in THRESHOLDS))
    bins = collections.defaultdict(lambda: [0, 0.0, 0])
    picks = {}
    for seed in seeds:
        n = collections.Counter()
        for reading, truth, decided, where in cells(seed):
            if trust.features(reading) is None:
                continue
            value, p = trust.p_right(reading)
            right = value == truth
            marked = right and decided.value == truth and decided.doubt is not None
            n["cells"] += 1
            n["wrong"] += not right
            n["model's pick right"] += trust.best(reading)[0] == truth
            n["pick right, likeliest wrong"] += trust.best(reading)[0] == truth and not right
            n["pick wrong, likeliest right"] += trust.best(reading)[0] != truth and right
            n["marked"] += marked
            b = bins[min(int(p * 20), 19) if p < 0.99 else 20 if p < 0.999 else 21]
            b[0] += 1
            b[1] += p
            b[2] += right
            for t in THRESHOLDS:
                if p >= t:
                    n[t, "right"] += right
                    n[t, "wrong"] += not right
                    n[t, "marked"] += marked
            if listing and not right and p >= 0.99:
                print(f"  wrong at {p:.4f}: {where} read {value}, written {truth}; {reading.readers} second "
                      f"{reading.second} {reading.second_sure:.3f} tess {reading.tess_sure:.2f}")
        print(f"{seed:9d} {n['cells']:5d} {n['wrong']:5d} {n['marked']:6d} " + " ".join(
            f"{n[t, 'right']:6d}/{n[t, 'wrong']:3d}/{n[t, 'marked']:5d}" for t in THRESHOLDS))
        picks[seed] = (n["cells"] - n["wrong"], n["model's pick right"], n["pick right, likeliest wrong"],
                       n["pick wrong, likeliest right"])
    print("the likeliest right -> the model's pick right (won, lost):")
    for seed, (likeliest, pick, won, lost) in picks.items():
        print(f"  {seed}: {likeliest} -> {pick} (+{won} -{lost})")
    print("calibration (predicted -> seen right, cells):")
    for k in sorted(bins):
        count, total_p, right = bins[k]
        print(f"  {total_p / count:.4f} -> {right / count:.4f}  {count:5d}")


def main() -> None:
    what, seeds = sys.argv[1], [int(s) for s in sys.argv[2:]]
    if what == "fit":
        if any(20450000 <= s < 20650000 for s in seeds):
            raise SystemExit("fit on development seeds only, never the bench's")
        fit(seeds)
    else:
        table(seeds)


if __name__ == "__main__":
    main()
