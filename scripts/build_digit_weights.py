"""Build the photo reader's digit networks and write their weights to companion/scan/data/: the digit
network (digits-net.npz), the one that reads two digits written into one another (digit-pairs-net.npz)
and the second handwriting reader, a support-vector machine (digit-svm.npz).

Run after changing the training or feature code of companion/scan/digits.py, digit_pairs.py or
testkit/cut_glyphs.py (a test says when):
    .venv/bin/python scripts/build_digit_weights.py [--pairs-only | --svm-only] [path [pairs-path [svm-path]]]
They learn from Debian's opencv-doc digits and from the glyphs the reader cuts out of photos written
with them (testkit/cut_glyphs.py: 270 photos, about 8 minutes on one core, kept in the user's cache
for the next build), seeded; each network then trains in a minute or two (one BLAS thread is
quickest on a busy machine: OPENBLAS_NUM_THREADS=1). The app only reads the files.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))     # testkit, beside companion

from companion.scan import digit_pairs, digit_svm, digits  # noqa: E402


def cut_glyphs() -> digits.CutGlyphs:
    """The glyphs cut out of training photos, from the cache when this code made them before."""
    from testkit import cut_glyphs as harvest
    key = hashlib.sha256(digits.CUT_CODE.read_bytes()
                         + f"{digits.CUT_PHOTOS}:{digits.CUT_SEED}".encode()).hexdigest()[:12]
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "companion"
    path = root / f"scan-cut-glyphs-{key}.pickle"
    if path.is_file():
        with open(path, "rb") as kept:
            return pickle.load(kept)
    found = digits.CutGlyphs(*harvest.harvest(digits.CUT_PHOTOS, digits.CUT_SEED, digits.NOT_ONE))
    root.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".tmp"), "wb") as out:
        pickle.dump(found, out)
    path.with_suffix(".tmp").replace(path)
    return found


def main(argv: list[str]) -> None:
    pairs_only, svm_only = "--pairs-only" in argv, "--svm-only" in argv
    argv = [a for a in argv if a not in ("--pairs-only", "--svm-only")]
    path = Path(argv[0]) if argv else digits.WEIGHTS
    pairs_path = Path(argv[1]) if len(argv) > 1 else digit_pairs.WEIGHTS
    svm_path = Path(argv[2]) if len(argv) > 2 else digit_svm.WEIGHTS
    started = time.monotonic()
    cuts = cut_glyphs()
    print(f"{len(cuts.images):,} cut glyphs ({sum(1 for v in cuts.labels if v != digits.NOT_ONE):,} digits) "
          f"in {time.monotonic() - started:.0f} s", flush=True)
    if not pairs_only:
        svm = digit_svm.build(svm_path, cuts)
        print(f"{svm_path}: {svm_path.stat().st_size:,} bytes, recipe {digit_svm.recipe()[:12]}, "
              f"{int(svm.counts.sum()):,} support vectors, temperature {svm.temperature}, "
              f"built in {time.monotonic() - started:.0f} s", flush=True)
        if svm_only:
            return
    if not pairs_only:
        net = digits.build(path, cuts)
        print(f"{path}: {path.stat().st_size:,} bytes, recipe {digits.recipe()[:12]}, temperature "
              f"{net.temperature}, built in {time.monotonic() - started:.0f} s", flush=True)
    pairs = digit_pairs.build(pairs_path, cuts)
    print(f"{pairs_path}: {pairs_path.stat().st_size:,} bytes, recipe {digit_pairs.recipe()[:12]}, temperature "
          f"{pairs.temperature}, built in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
