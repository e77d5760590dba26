"""Two digits written into one another, read as one glyph: 00 to 99.

A number's digits often touch, a one leaning into its neighbour or two digits
overlapping (the cutter finds no thin joint to part them, and any straight cut
leaves each piece with a slice of the other). The digit network (digits.py)
says such a glyph is not one digit; this second network reads it whole, as one
of the hundred pairs, or as not a pair at all (one wide digit, three digits, a
digit and a slice of its neighbour). The reader offers its reading as one more
way of cutting the cell (reader.py), weighed against the others.

It learns only from digits.png (digits.py's training digits, never MNIST or the
drawn strokes the tests and the bench write with): two of them, each widened as
the digit network's copies are, set side by side at heights alike, overlapping
by up to a third of the narrower one's width or a little apart. Its temperature
is fitted on pairs of glyphs cut out of held-out photos (digits.CutGlyphs, one
photo in digits.HELD_EVERY), so its "sure" is the digit network's. Its weights
ship in data/digit-pairs-net.npz (float16), built with the digit network's by
scripts/build_digit_weights.py, with a hash of what they were built from
(recipe(); a test checks it).
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import os
import warnings
from pathlib import Path

import cv2
import numpy as np

from . import digits

HEIGHT, WIDTH = 28, 48          # the pair's box
FIT = 20                        # its height in that box (its width as it comes, up to the box's)
REGION_W = 8                    # gradient histogram regions: 4 rows of digits.CELL, 6 columns of this
PER_PAIR = 300                  # training pictures of each of the hundred pairs
OTHERS = 8000                   # and of glyphs that are not a pair
CUT_PAIRS = 20000               # pairs of the digits cut out of training photos
HIDDEN = 256
EPOCHS = 40
NOT_PAIR = 100                  # the hundred-and-first class
OVERLAP = (-0.35, 0.1)          # the second digit's start, of the narrower's width, from the first's end
SEED = 2
WEIGHTS = Path(__file__).parent / "data" / "digit-pairs-net.npz"


def normalise(glyph: np.ndarray) -> np.ndarray:
    """Ink (any scale) -> HEIGHT x WIDTH, 0..1: deskewed, FIT pixels tall (narrower when it would not
    fit the box's width), centred."""
    g = glyph.astype(np.float32)
    top = float(g.max())
    if top <= 0:
        return np.zeros((HEIGHT, WIDTH), np.float32)
    g = digits._deskew(g / top)
    ys, xs = np.nonzero(g > 0.3)
    if ys.size == 0:
        return np.zeros((HEIGHT, WIDTH), np.float32)
    g = g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = g.shape
    s = min(FIT / h, (WIDTH - 4) / w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    g = cv2.resize(g, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    out = np.zeros((HEIGHT, WIDTH), np.float32)
    x0, y0 = (WIDTH - nw) // 2, (HEIGHT - nh) // 2
    out[y0:y0 + nh, x0:x0 + nw] = g
    return out


def _gradients(n: np.ndarray) -> np.ndarray:
    gx = cv2.Sobel(n, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(n, cv2.CV_32F, 0, 1, ksize=3)
    magnitude = np.hypot(gx, gy)
    bins = np.minimum(((np.arctan2(gy, gx) % np.pi) / np.pi * digits.BINS).astype(int), digits.BINS - 1)
    rows, cols = HEIGHT // digits.CELL, WIDTH // REGION_W
    region_y = np.arange(HEIGHT) // digits.CELL
    region_x = np.minimum(np.arange(WIDTH) // REGION_W, cols - 1)
    index = (region_y[:, None] * cols + region_x[None, :]) * digits.BINS + bins
    hist = np.sqrt(np.bincount(index.ravel(), magnitude.ravel(), rows * cols * digits.BINS).astype(np.float32))
    return hist / (np.linalg.norm(hist) + 1e-6)


def features(glyph: np.ndarray) -> np.ndarray:
    n = normalise(glyph)
    small = cv2.resize(n, (WIDTH // 2, HEIGHT // 2), interpolation=cv2.INTER_AREA).ravel()
    return np.concatenate([_gradients(n), small]).astype(np.float32)


# -- the training set --------------------------------------------------------------

def _inked(glyph: np.ndarray) -> np.ndarray:
    """The glyph's ink box (ink on any scale), 0..1."""
    top = float(glyph.max())
    if top <= 0:
        return glyph
    ys, xs = np.nonzero(glyph > 0.25 * top)
    return glyph[ys.min():ys.max() + 1, xs.min():xs.max() + 1] / top


def side_by_side(a: np.ndarray, b: np.ndarray, rng: np.random.Generator, overlap=OVERLAP) -> np.ndarray:
    """Two glyphs (ink, any scale) written one after the other at heights alike, touching or
    overlapping as `overlap` draws it (of the narrower's width), each a little higher or lower."""
    a, b = (_inked(g.astype(np.float32)) for g in (a, b))
    tall = max(a.shape[0], b.shape[0])

    def alike(g: np.ndarray) -> np.ndarray:
        s = tall * rng.uniform(0.85, 1.0) / g.shape[0]
        return cv2.resize(g, (max(1, round(g.shape[1] * s)), max(1, round(g.shape[0] * s))))
    a, b = alike(a), alike(b)
    h = max(a.shape[0], b.shape[0])
    gap = int(round(rng.uniform(*overlap) * min(a.shape[1], b.shape[1])))
    width = max(a.shape[1] + gap + b.shape[1], a.shape[1], b.shape[1])
    canvas = np.zeros((h + 4, width + 4), np.float32)
    ya, yb = (int(rng.integers(0, h - g.shape[0] + 1)) + 2 for g in (a, b))
    canvas[ya:ya + a.shape[0], 2:2 + a.shape[1]] = a
    xb = max(2, 2 + a.shape[1] + gap)
    region = canvas[yb:yb + b.shape[0], xb:xb + b.shape[1]]
    np.maximum(region, b[:, :region.shape[1]], out=region)
    return canvas


def _not_a_pair(glyphs: np.ndarray, rng: np.random.Generator, kind: int) -> np.ndarray:
    """One digit drawn wide, three digits run together, or a digit with a slice of its neighbour."""
    def one() -> np.ndarray:
        return digits._widened(glyphs[rng.integers(len(glyphs))], rng)
    if kind == 0:
        g = one()
        return cv2.resize(g, None, fx=rng.uniform(1.0, 1.8), fy=1.0)
    if kind == 1:
        return side_by_side(side_by_side(one(), one(), rng), one(), rng)
    two = side_by_side(one(), one(), rng)
    keep = int(two.shape[1] * rng.uniform(0.55, 0.8))
    return two[:, :keep] if rng.random() < 0.5 else two[:, two.shape[1] - keep:]


def training_set(seed: int = SEED, cuts: digits.CutGlyphs | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of digits.png's digits, widened, and glyphs that are not a pair; and pairs of the digits
    cut out of photos (`cuts`: blurred, binarised, a slice of a line left on), as they come."""
    glyphs, labels = digits.training_digits()
    rng = np.random.default_rng(seed)
    by_digit = [np.flatnonzero(labels == d) for d in range(10)]
    X, y = [], []
    for first in range(10):
        for second in range(10):
            for _ in range(PER_PAIR):
                a = digits._widened(glyphs[rng.choice(by_digit[first])], rng)
                b = digits._widened(glyphs[rng.choice(by_digit[second])], rng)
                if first == 1 and rng.random() < 0.3:
                    a = digits._flagged(a * 255, rng) / 255
                X.append(features(side_by_side(a, b, rng)))
                y.append(first * 10 + second)
    for n in range(OTHERS):
        X.append(features(_not_a_pair(glyphs, rng, n % 3)))
        y.append(NOT_PAIR)
    if cuts is not None and cuts.images:
        cx, cy = _cut_pairs(cuts, CUT_PAIRS, rng, OVERLAP)
        return np.vstack([np.array(X, np.float32), cx]), np.concatenate([np.array(y, np.int16), cy])
    return np.array(X, np.float32), np.array(y, np.int16)


def _cut_pairs(cuts: digits.CutGlyphs, count: int, rng: np.random.Generator, overlap) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of the digits cut out of photos (their pieces and pairs left out)."""
    ones = [(g, v) for g, v in zip(cuts.images, cuts.labels) if v != digits.NOT_ONE]
    X, y = [], []
    for _ in range(count if ones else 0):
        (a, va), (b, vb) = (ones[i] for i in rng.integers(0, len(ones), 2))
        X.append(features(side_by_side(a, b, rng, overlap)))
        y.append(va * 10 + vb)
    return np.array(X, np.float32).reshape(len(y), -1), np.array(y, np.int16)


def held_pairs(held: digits.CutGlyphs, count: int = 4000, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of digits cut out of held-out photos, touching: what the temperature is fitted on."""
    return _cut_pairs(held, count, np.random.default_rng(seed), (-0.3, 0.0))


# -- the network -------------------------------------------------------------------

def train(seed: int = 0, cuts: digits.CutGlyphs | None = None) -> digits.Network:
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier
    X, y = training_set(cuts=cuts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        clf = MLPClassifier((HIDDEN,), max_iter=EPOCHS, alpha=1e-4, random_state=seed).fit(X, y)
    assert list(clf.classes_) == list(range(NOT_PAIR + 1))
    return digits.Network(clf.coefs_[0].astype(np.float32), clf.intercepts_[0].astype(np.float32),
                          clf.coefs_[1].astype(np.float32), clf.intercepts_[1].astype(np.float32))


def fit_temperature(net: digits.Network, X: np.ndarray, y: np.ndarray) -> float:
    if not len(y):
        return 1.0
    logits = net.logits(X)

    def nll(t: float) -> float:
        z = logits / t
        z = z - z.max(axis=1, keepdims=True)
        return float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]))
    return float(min(np.round(np.arange(0.5, 4.001, 0.05), 2), key=nll))


_RECIPE_CODE = ("normalise", "_gradients", "features", "_inked", "side_by_side", "_not_a_pair", "training_set",
                "_cut_pairs", "held_pairs", "train", "fit_temperature", "build")
_RECIPE_CONSTANTS = ("HEIGHT", "WIDTH", "FIT", "REGION_W", "PER_PAIR", "OTHERS", "CUT_PAIRS", "HIDDEN", "EPOCHS", "NOT_PAIR",
                     "OVERLAP", "SEED")


def recipe() -> str:
    """A hash of what the pair network is built from: its code and constants, and the digit network's
    recipe (its training digits, their widening, the glyph cutter)."""
    h = hashlib.sha256(digits.recipe().encode())
    for name in _RECIPE_CODE:
        h.update(inspect.getsource(globals()[name]).encode())
    for name in _RECIPE_CONSTANTS:
        h.update(f"{name}={globals()[name]!r};".encode())
    return h.hexdigest()


def build(path: Path = WEIGHTS, cuts: digits.CutGlyphs | None = None) -> digits.Network:
    """Train the pair network (minutes), fit its temperature on the held-out photos' glyphs, and
    write its weights (float16: they read the same to a thousandth)."""
    import sklearn
    made = recipe()
    learn, held = cuts.split(digits.HELD_EVERY) if cuts is not None else (None, None)
    net = train(cuts=learn)
    if held is not None:
        net.temperature = fit_temperature(net, *held_pairs(held))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.tmp.npz")
    np.savez_compressed(tmp, w1=net.w1.astype(np.float16), b1=net.b1, w2=net.w2.astype(np.float16), b2=net.b2,
                        temperature=np.float32(net.temperature), recipe=np.array(made),
                        built_with=np.array(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}, "
                                            f"opencv {cv2.__version__}"))
    tmp.replace(path)
    return load(path)[0]


def load(path: Path = WEIGHTS) -> tuple[digits.Network, str]:
    try:
        with np.load(path) as kept:
            net = digits.Network(kept["w1"].astype(np.float32), kept["b1"], kept["w2"].astype(np.float32),
                                 kept["b2"], float(kept["temperature"]))
            return net, str(kept["recipe"])
    except (OSError, KeyError, ValueError) as e:
        raise digits.NoWeights(f"the digit-pair network's weights cannot be read from {path} ({e}): "
                               "python scripts/build_digit_weights.py builds them") from e


@functools.cache
def model() -> digits.Network:
    """Read once a process from the shipped weights (functools.cache: tests clear it with model.cache_clear())."""
    return load()[0]


def read(glyphs: list[np.ndarray]) -> np.ndarray:
    """Each glyph as a pair: one row a glyph, its first 100 columns the pairs 00..99 (first digit * 10 +
    second), the last how likely it is no pair at all."""
    if not glyphs:
        return np.zeros((0, NOT_PAIR + 1))
    return model().probabilities(np.array([features(g.astype(np.float32)) for g in glyphs]))
