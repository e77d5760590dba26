"""The handwriting readers tried again on the box-pad photos of a seed, without reading the photos again.

`python -m bench.reader_replay capture SEED [PHOTOS] FILE`: the photos bench.doubt_scan reads (12 MP,
box pads 12% off card_db's, normal and hard, MNIST and strokes, 3 a pad, difficulty and writing by
default) are read once, and what the readers were given is kept in FILE: each photo's cut cells
(cells.py, every way of cutting them), Tesseract's words, and which reading went into which column
(4 to 6 minutes a seed). `python -m bench.reader_replay replay FILE... [--half-pixel] [--mean-p]`:
the network and the second reader read those cells again as the tree's code reads them (--half-pixel:
each glyph read at digits.HALF_PIXEL, --mean-p: those readings' probabilities averaged, not
their logs), fused and checked as reader.py and checks.py do, and counted as bench.doubt_scan
counts (seconds, not minutes: a variant of the readers a run).
Also how often the readers agree: cells the network and the second reader read alike, and of those
wrong; all three alike, and of those wrong. What the replay does not redo: the grid's search, which
way up the pad is (reader._upright asks the network) and the nameless columns left out (_speck):
those stay as at the capture.
"""
from __future__ import annotations

import collections
import contextlib
import io
import pickle
import sys
from pathlib import Path

from companion.scan import digit_svm, digits
from companion.scan import reader as R

from .doubt_scan import bench_photos, count, read_as_drawn, report


def capture(seed: int, photos: int, out: Path) -> None:
    """Read each photo once, keeping its cut cells, Tesseract's words and its columns' readings by index."""
    kept: dict = {}
    real_fuse, real_check, real_digits = R._fuse, R.check_column, R._read_digits

    def spy_digits(cells):
        kept["cells"] = cells
        return real_digits(cells)

    def spy_fuse(word, cuts, second=(None, 0.0)):
        reading = real_fuse(word, cuts, second)
        kept["at"][id(reading)] = len(kept["words"])
        kept["words"].append(word)
        kept["readings"].append(reading)        # alive, so that no other reading takes its id
        return reading

    def spy_check(pad, cells, total):
        def ref(r):
            return ("at", kept["at"][id(r)]) if id(r) in kept["at"] else ("reading", r)
        kept["columns"].append((pad, {k: ref(v) for k, v in cells.items()}, ref(total)))
        return real_check(pad, cells, total)

    photos_kept = []
    R._fuse, R.check_column, R._read_digits = spy_fuse, spy_check, spy_digits
    try:
        for (pad_id, difficulty), group in bench_photos(seed, photos):
            for where, data, truth in group:
                kept.update(cells=None, words=[], at={}, readings=[], columns=[])
                if read_as_drawn(data, where, truth, kept["columns"]):
                    photos_kept.append(dict(where=where, cells=kept["cells"], words=kept["words"],
                                            columns=kept["columns"], scores=truth.scores, totals=truth.totals))
            print(f"captured {pad_id} {difficulty}: {len(photos_kept)} photos", flush=True)
    finally:
        R._fuse, R.check_column, R._read_digits = real_fuse, real_check, real_digits
    out.write_bytes(pickle.dumps(photos_kept))


def replay(paths: list[Path]) -> list[tuple]:
    """bench.doubt_scan's columns, the cells read again by the tree's readers."""
    columns = []
    for path in paths:
        for photo in pickle.loads(path.read_bytes()):
            guesses, seconds = R._read_digits(photo["cells"]), R._read_second(photo["cells"])
            readings = [R._fuse(w, g, s) for w, g, s in zip(photo["words"], guesses, seconds)]
            for p, (pad, cells, total) in enumerate(photo["columns"]):
                columns.append((pad, {k: _reading(v, readings) for k, v in cells.items()}, _reading(total, readings),
                                photo["scores"][p], photo["totals"][p], (*photo["where"], p)))
    return columns


def _reading(ref: tuple, readings: list):
    """A column's reading: one read again (by its index), or one no reader read (an empty cell's), as kept."""
    return readings[ref[1]] if ref[0] == "at" else ref[1]


def agreement(columns: list[tuple]) -> collections.Counter:
    """Read cells; right as each reader read them; read alike by the two handwriting readers, by all
    three; and of those, wrong."""
    tally = collections.Counter()
    for _pad, cells, total, scores, true_total, _where in columns:
        for r, truth in [(cells[k], scores[k]) for k in cells] + [(total, true_total)]:
            if r.blank:
                continue
            net, second, tess = r.readers.get("digits"), r.second, r.readers.get("tesseract")
            tally["read"] += 1
            tally["network right"] += net == truth
            tally["second right"] += second == truth
            if net is not None and net == second:
                tally["two alike"] += 1
                tally["two alike, wrong"] += net != truth
                if tess == net:
                    tally["three alike"] += 1
                    tally["three alike, wrong"] += net != truth
    return tally


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "capture":
        seed, photos = int(args[1]), int(args[2]) if len(args) > 3 else 3
        capture(seed, photos, Path(args[-1]))
        return
    paths = [Path(a) for a in args[1:] if not a.startswith("--")]
    if "--half-pixel" in args:
        digits.SHIFTS = digit_svm.SHIFTS = digits.HALF_PIXEL
    if "--mean-p" in args:
        digits.MEAN = "p"
    columns = replay(paths)
    with contextlib.redirect_stdout(io.StringIO()) as listing:
        figures = count(columns)
    print("".join(line + "\n" for line in listing.getvalue().splitlines() if "WRONG" in line), end="")
    report(figures)
    print(", ".join(f"{k} {v}" for k, v in agreement(columns).items()))


if __name__ == "__main__":
    main()
