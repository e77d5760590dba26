"""Why right cells are marked doubtful, on the scan bench's own box-pad photos, read once and checked again.

`python -m bench.doubt_scan SEED [PHOTOS]` (2 photos a pad, difficulty and writing by default): the
box-pad photos the scan bench reads (12 MP, sizes 12% off card_db's, normal and hard, MNIST and
strokes) are read once, each column's readings captured (the readers' candidates as
`checks.check_column` gets them) and kept in the user's cache; then the checks run again on them as
they are now, and every cell is counted: right or wrong, marked or not, and for a right cell marked,
why (the doubt's kind, and what the column was: its total empty, adding up as read, fixed).
DOUBT_SCAN_LIST=1 lists the wrong cells and the marked right ones; DOUBT_SCAN_READER=<version> checks the
columns captured by that version of the reader (the cache file's last part), whatever the tree's reader is now.

Tune on one seed, confirm on another never looked at (bench/RESULTS.md, issue 30).
"""
from __future__ import annotations

import collections
import dataclasses
import hashlib
import os
import pickle
import sys
from pathlib import Path

from companion.scan import reader as R
from companion.scan.checks import check_column
from testkit.pad_photos import HARD, REAL_HANDS, PhotoSpec, make_photo

from .scan_bench import PADS, VARY

DIFFICULTIES = ("normal", "hard")


def _cache(seed: int, photos: int) -> Path:
    """Kept per seed and count, and per version of the reader (every file of companion/scan but the checks
    and the calibrated trust (trust.py, data/trust.json), which read no photo; its weights, and testkit's
    photos): a new reader or network reads the photos again."""
    digest = hashlib.sha256()
    scan = Path(R.__file__).parent
    for path in sorted([*scan.glob("*.py"), *scan.glob("data/*"), *Path(make_photo.__code__.co_filename).parent.glob("*.py")]):
        if path.name not in ("checks.py", "trust.py", "trust.json"):
            digest.update(path.name.encode() + path.read_bytes())
    version = os.environ.get("DOUBT_SCAN_READER") or digest.hexdigest()[:12]   # checks against another tree's captures
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "companion" / \
        f"doubt-scan-{seed}-{photos}-{version}.pickle"


def capture(seed: int, photos: int) -> list[tuple]:
    """(pad, cells, total, true scores, true total, where) of every column of every photo found as its pad."""
    path = _cache(seed, photos)
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.PickleError, EOFError):
        pass
    columns: list[tuple] = []
    real_check = R.check_column

    def spy_check(pad, cells, total):
        columns.append((pad, dict(cells), total))
        return real_check(pad, cells, total)

    out = []
    R.check_column = spy_check
    try:
        for (pad_id, difficulty), group in bench_photos(seed, photos):
            for where, data, truth in group:
                columns.clear()
                if read_as_drawn(data, where, truth, columns):
                    for p, (pad, cells, total) in enumerate(columns):
                        out.append((pad, cells, total, truth.scores[p], truth.totals[p], (*where, p)))
            print(f"captured {pad_id} {difficulty}: {len(out)} columns so far", flush=True)
    finally:
        R.check_column = real_check
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(out))
    return out


def bench_photos(seed: int, photos: int):
    """The photos this scan reads (12 MP box pads VARY off card_db's, normal and hard, each of REAL_HANDS,
    `photos` a pad, difficulty and writing), by (pad, difficulty): each group's (where, data, truth),
    `where` = (pad, difficulty, writing, seed), drawn as the group is read."""
    for pad_id in PADS:
        for difficulty in DIFFICULTIES:
            spec = dataclasses.replace(HARD if difficulty == "hard" else PhotoSpec(), size=(4000, 3000))
            yield (pad_id, difficulty), (((pad_id, difficulty, writing, seed + n),
                                          *make_photo(seed + n, pad_id, writing, spec, sheet="box", vary=VARY))
                                         for writing in REAL_HANDS for n in range(photos))


def read_as_drawn(data: bytes, where: tuple, truth, columns: list) -> bool:
    """Whether the photo was read as its pad with a column a player (`columns`: what the caller's spy on
    check_column kept); a photo refused or read otherwise is said, not counted."""
    try:
        scan = R.read_photo(data, "auto")
    except Exception as exc:          # not found: nothing to check
        print(f"  {' '.join(map(str, where))}: {exc}", flush=True)
        return False
    if scan.pad != where[0] or len(columns) != len(truth.names):
        print(f"  {' '.join(map(str, where))}: read as {scan.pad}", flush=True)
        return False
    return True


def column_kind(cells, total) -> str:
    """What a column was before the checks: its total empty, unreadable, adding up as read, or not."""
    if total.blank:
        return "total empty"
    if not total.candidates:
        return "total unreadable"
    tops = [0 if r.blank else r.best()[0] for r in cells.values()]
    if None in tops:
        return "cell unreadable"
    return "adds up" if sum(tops) == total.best()[0] else "does not add up"


REASONS = ("empty total", "its cells", "total unread", "adds up", "guessed fix", "fixed: unsure",
           "fixed: recheck", "other")


def reason(kind: str, doubt: str, row: str) -> str:
    """Which check marked a right cell: the empty total itself (doubtful by rule) or a cell of its column
    (nothing checks it: it needs all readers alike and sure), a total written but unread, a doubted cell
    of a column that adds up, a column not adding up whose fix took a value nobody read (every cell shown
    as read, marked), or whose fix doubts the changed and unconfirmed cells ('unsure') and the confirmed
    ones the fix overruled or could not vouch for ('recheck')."""
    if kind == "total empty":
        return "empty total" if row == "total" else "its cells"
    if doubt == "unchecked" or kind == "total unreadable":
        return "total unread"
    if kind == "adds up":
        return "adds up"
    return {"sum": "guessed fix", "unsure": "fixed: unsure", "recheck": "fixed: recheck"}.get(doubt, "other")


def reading_kind(reading) -> str:
    """What the readers said of a cell: all three alike; the network and Tesseract alike with the second
    reader reading another number (or unsure of theirs); the network and the second reader alike with
    Tesseract silent (sure or not); the network alone; the network and Tesseract at odds; nothing."""
    if reading.blank:
        return "blank"
    net, tess, second = reading.readers.get("digits"), reading.readers.get("tesseract"), reading.second
    if net is None:
        return "network read nothing"
    if tess == net:
        return "three alike" if reading.alike is not None else "net = tess, second vetoes"
    if tess is None:
        if second == net:
            return "net = second, tess silent: " + ("confirmed" if reading.confirmed is not None else "unsure")
        return "net alone, second silent" if second is None else "net alone, second other"
    return "net vs tess, second = net" if second == net else "net vs tess"


def count(columns: list[tuple], listing: bool = False) -> dict:
    """Per pad and difficulty: cells, right, wrong unmarked, right marked; and why right cells are marked."""
    by = collections.defaultdict(collections.Counter)
    why = collections.Counter()
    reasons = collections.defaultdict(collections.Counter)
    readings = collections.Counter()
    for pad, cells, total, scores, true_total, where in columns:
        decided, total_decided = check_column(pad, cells, total)
        kind = column_kind(cells, total)
        key = f"{where[0]}/{where[1]}"
        answers = [(k, decided[k], scores[k], cells[k]) for k in cells] + [("total", total_decided, true_total, total)]
        for row, d, truth, reading in answers:
            tally = by[key]
            tally["cells"] += 1
            if d.value == truth:
                tally["right"] += 1
                if d.doubt:
                    tally["right marked"] += 1
                    doubt = d.doubt.kind if hasattr(d.doubt, "kind") else "bounds"
                    why[kind, doubt] += 1
                    reasons[key][reason(kind, doubt, row)] += 1
                    readings[reading_kind(reading)] += 1
                    if listing:
                        print("  marked", where, row, truth, d.doubt.kind if hasattr(d.doubt, "kind") else d.doubt,
                              kind, reading.readers, _top(reading))
            else:
                tally["wrong"] += 1
                tally["wrong unmarked"] += not d.doubt
                if listing or not d.doubt:
                    print("  WRONG" if not d.doubt else "  wrong", where, row, truth, "read", d.value, kind,
                          reading.readers, _top(reading))
    return {"by": by, "why": why, "reasons": reasons, "readings": readings}


def _top(reading) -> str:
    if reading.blank:
        return "blank"
    return " ".join(f"{v}:{p:.3f}" for v, p in sorted(reading.candidates.items(), key=lambda kv: -kv[1])[:3])


def report(figures: dict) -> None:
    every = collections.Counter()
    print(f"{'pad/difficulty':22s} {'cells':>5s} {'right':>7s} {'unmarked':>8s} {'r.marked':>8s}")
    for key, t in sorted(figures["by"].items()):
        every.update(t)
        print(f"{key:22s} {t['cells']:5d} {t['right'] / t['cells']:7.1%} {t['wrong unmarked']:8d} "
              f"{t['right marked'] / t['right']:8.1%}")
    print(f"{'all':22s} {every['cells']:5d} {every['right'] / every['cells']:7.1%} {every['wrong unmarked']:8d} "
          f"{every['right marked'] / every['right']:8.1%}")
    print("right cells marked, by the check that marked them:")
    print(f"{'pad/difficulty':22s} " + " ".join(f"{r:>14s}" for r in REASONS))
    for key, t in sorted(figures["reasons"].items()):
        print(f"{key:22s} " + " ".join(f"{t[r]:14d}" for r in REASONS))
    print("right cells marked, by what the readers said:")
    for kind, n in figures["readings"].most_common():
        print(f"  {n:4d}  {kind}")
    print("right cells marked, by the column's kind and the doubt:")
    for (kind, doubt), n in figures["why"].most_common():
        print(f"  {n:4d}  {kind:18s} {doubt}")


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 20261123
    photos = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    columns = capture(seed, photos)
    report(count(columns, bool(os.environ.get("DOUBT_SCAN_LIST"))))


if __name__ == "__main__":
    main()
