"""Reading photos of the paper pad: cells read right, wrong cells flagged, seconds a photo.

Photos are generated (companion/scan/synth.py): each pad type written in
each font family (print and handwriting-style), at 12 megapixels, turned by
any angle, tilted, bent, shadowed, blurred, noised and JPEG-compressed, with
the values written on it known. For each pad type and font family:

- read_right: the share of cells (every row and the total) read right;
- wrong_flagged: the share of wrong cells that were reported doubtful, and
  wrong_with_total_flagged the same where the column's total box is filled in
  (the target: every one);
- right_but_flagged: the share of right cells reported doubtful anyway (the
  price of flagging);
- seconds a photo: the reading alone (decode to checks), one photo at a
  time, on this machine (2 cores; Tesseract runs beside the classifier).

Targets (issue 8): 97% of cells right with print digits, 90% with
handwriting-style digits, no wrong cell unflagged where the total is filled,
under 3 s a 12-megapixel photo on 2 cores.

SCAN_BENCH_PHOTOS (default 8) photos a pad type and font; SCAN_BENCH_SIZE
(default 4000x3000).
"""
from __future__ import annotations

import os
import statistics
import time

from companion.scan import digits, read_photo
from companion.scan.synth import FONTS, PhotoSpec, Tally, compare, make_photo

PADS = ("7wonders", "7wonders-2e", "duel")
SEED = 20261121
TARGETS = {"print": 0.97, "handwriting": 0.90}


def run() -> dict:
    photos = int(os.environ.get("SCAN_BENCH_PHOTOS", "8"))
    width, height = (int(v) for v in os.environ.get("SCAN_BENCH_SIZE", "4000x3000").split("x"))
    spec = PhotoSpec(size=(width, height))
    started = time.perf_counter()
    digits.model()
    model_seconds = time.perf_counter() - started

    by_case: dict[str, dict] = {}
    kinds = {kind: Tally() for kind in TARGETS}
    pads = {pad: Tally() for pad in PADS}
    seconds: list[float] = []
    unflagged = []
    print(f"{'pad':12s} {'font':16s} {'cells':>5s} {'right':>7s} {'wrong':>5s} {'flagged':>8s} "
          f"{'w/total':>8s} {'false+':>7s} {'s/photo':>7s}")
    for pad_id in PADS:
        for font, (kind, _, _) in FONTS.items():
            tally, times = Tally(), []
            for n in range(photos):
                data, truth = make_photo(SEED + n, pad_id, font, spec)
                scan = read_photo(data, pad_id)
                times.append(scan.seconds)
                tally.add(compare(scan.as_json(), truth))
            figures = tally.figures() | {"kind": kind, "photos": photos,
                                         "seconds_per_photo": round(statistics.mean(times), 3)}
            by_case[f"{pad_id}/{font}"] = figures
            kinds[kind].add(tally)
            pads[pad_id].add(tally)
            seconds += times
            unflagged += [m for m in tally.misses if not m[-1]]
            print(f"{pad_id:12s} {font:16s} {figures['cells']:5d} {_pct(figures['read_right'])} "
                  f"{figures['wrong']:5d} {_pct(figures['wrong_flagged'], 8)} "
                  f"{_pct(figures['wrong_with_total_flagged'], 8)} {_pct(figures['right_but_flagged'])} "
                  f"{figures['seconds_per_photo']:7.2f}", flush=True)
    summary = {kind: t.figures() | {"target_read_right": TARGETS[kind],
                                    "meets_target": (t.figures()["read_right"] or 0) >= TARGETS[kind]}
               for kind, t in kinds.items()}
    ordered = sorted(seconds)
    timing = {"photo_size": f"{width}x{height}", "photos": len(seconds),
              "mean": round(statistics.mean(seconds), 3), "median": round(statistics.median(seconds), 3),
              "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 3), "max": round(ordered[-1], 3),
              "cores": os.cpu_count(), "digit_model_first_use_seconds": round(model_seconds, 2),
              "meets_target": ordered[-1] < 3.0}
    for kind, figures in summary.items():
        print(f"{kind:12s}: {_pct(figures['read_right'])} right (target {TARGETS[kind]:.0%}), "
              f"{_pct(figures['wrong_with_total_flagged'])} of wrong cells flagged where the total is filled, "
              f"{_pct(figures['right_but_flagged'])} of right cells flagged")
    print(f"seconds a {width}x{height} photo: mean {timing['mean']}, median {timing['median']}, "
          f"p95 {timing['p95']}, max {timing['max']} (target < 3 s)")
    return {"by_pad_and_font": by_case, "by_kind": summary,
            "by_pad": {pad: t.figures() for pad, t in pads.items()}, "seconds": timing,
            "unflagged_wrong_cells": [list(m) for m in unflagged[:40]]}


def _pct(value, width: int = 7) -> str:
    return ("-" if value is None else f"{value:.1%}").rjust(width)


if __name__ == "__main__":
    run()
