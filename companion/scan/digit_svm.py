"""A second reader of handwritten digits, independent of the digit network (digits.py).

Tesseract reads nothing in a quarter to a half of the handwritten cells, and a reading the network
alone is sure of is wrong about once in 90: a cell read by one reader only stays doubtful. This
reader is a second voice for handwriting, made to err elsewhere than the network:

- what it looks at: the glyph is not deskewed, it is boxed by its ink (not centred by its mass) in
  24x24, and described by a HOG (signed gradients, 6x6-pixel cells, 12x12 blocks overlapping by
  half), brought down to PCA components; the network sees an unsigned 4x4-region histogram of a
  deskewed 28x28 glyph and its 14x14 picture;
- how it learns: a support-vector machine with an RBF kernel (scikit-learn's SVC, one against one),
  run here in NumPy from its support vectors; the network is a multi-layer perceptron;
- what it learns from: digits.png's digits (as the network) but widened by elastic distortion and
  pen width rather than turns and slants, the glyphs the cutter cut out of training photos (the same
  photos held out as the network's), and other writers: digits rendered in the handwriting fonts
  Debian ships (FONTS: each file's package and licence), distorted elastically, drawn thinner or
  bolder. Never MNIST nor the bench's drawn strokes: those are what it is measured with.

It reads the same glyphs the network reads (the cutter's), ten digits and "not one digit". Its
scores (each class's sum of one-against-one decision values) become probabilities through a
temperature fitted on glyphs of held-out photos. Weights: data/digit-svm.npz (float16 support
vectors in PCA space), built by scripts/build_digit_weights.py --svm-only, the recipe hashed as
digits.py's is (a test checks it).
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import os
from pathlib import Path

import cv2
import numpy as np

from . import digits

BOX = 24                  # the glyph's box
FIT = 20                  # its longer side in it
COMPONENTS = 64           # PCA components kept of the HOG
ELASTIC = 2               # elastically distorted copies of each digits.png digit
FONT_COPIES = 60          # renders of each digit in each font file
PAIRS = 5000              # not-one-digit pictures made of digits.png's digits
C = 8.0                   # the SVM's penalty (its kernel's width: scikit-learn's "scale")
SEED = 7
NOT_ONE = digits.NOT_ONE
FONT_ROOT = Path("/usr/share/fonts")
# Other writers: (file under FONT_ROOT, Debian package, licence of the font)
FONTS = (
    ("truetype/fifthhorseman/dkg.ttf", "fonts-dkg-handwriting", "OFL-1.1 / GPL-3+"),
    ("truetype/fifthhorseman/dkgBd.ttf", "fonts-dkg-handwriting", "OFL-1.1 / GPL-3+"),
    ("truetype/fifthhorseman/dkgIt.ttf", "fonts-dkg-handwriting", "OFL-1.1 / GPL-3+"),
    ("truetype/sjfonts/SteveHand.ttf", "fonts-sjfonts", "GPL-2 with font exception"),
    ("truetype/sjfonts/Delphine.ttf", "fonts-sjfonts", "GPL-2 with font exception"),
    ("truetype/breip/Breip.ttf", "fonts-breip", "OFL-1.0 / GPL-2+"),
    ("truetype/rufscript/Rufscript010.ttf", "fonts-rufscript", "GPL-3 with font exception"),
    ("opentype/comic-neue/ComicNeue-Regular.otf", "fonts-comic-neue", "OFL-1.1"),
    ("opentype/comic-neue/ComicNeue-Light.otf", "fonts-comic-neue", "OFL-1.1"),
    ("opentype/comic-neue/ComicNeue-BoldItalic.otf", "fonts-comic-neue", "OFL-1.1"),
    ("truetype/humor-sans/Humor-Sans.ttf", "fonts-humor-sans", "OFL-1.1"),
)
WEIGHTS = Path(__file__).parent / "data" / "digit-svm.npz"
_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
HOG_CELL = 6              # pixels a side of a histogram cell (4x4 cells), blocks of 2x2 cells overlapping by one
HOG_BINS = 9              # signed directions, 0 to 360 degrees
SHIFTS = digits.SHIFTS    # the sub-pixel shifts each glyph is read at (digits.combined)


class NoWeights(RuntimeError):
    pass


# -- what it looks at ---------------------------------------------------------------------

def boxed(glyph: np.ndarray) -> np.ndarray:
    """Ink (any scale) -> BOX x BOX uint8: cut to its ink, longer side FIT, centred by its box."""
    g = glyph.astype(np.float32)
    top = float(g.max())
    if top <= 0:
        return np.zeros((BOX, BOX), np.uint8)
    g = g / top
    ys, xs = np.nonzero(g > 0.3)
    g = g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = g.shape
    s = FIT / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    g = cv2.resize(g, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    out = np.zeros((BOX, BOX), np.float32)
    x0, y0 = (BOX - nw) // 2, (BOX - nh) // 2
    out[y0:y0 + nh, x0:x0 + nw] = g
    return (np.clip(out, 0, 1) * 255).astype(np.uint8)


def hog(glyph: np.ndarray) -> np.ndarray:
    """Dalal and Triggs' histogram of oriented gradients (OpenCV 5 moved its own to contrib): signed
    directions in HOG_CELL-pixel cells, each block of 2x2 cells normalised (L2, clipped at 0.2, again)."""
    g = boxed(glyph).astype(np.float32) / 255
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=1)
    magnitude = np.hypot(gx, gy)
    bins = np.minimum(((np.arctan2(gy, gx) % (2 * np.pi)) / (2 * np.pi) * HOG_BINS).astype(int), HOG_BINS - 1)
    n = BOX // HOG_CELL
    cell = np.arange(BOX) // HOG_CELL
    index = (cell[:, None] * n + cell[None, :]) * HOG_BINS + bins
    cells = np.bincount(index.ravel(), magnitude.ravel(), n * n * HOG_BINS).reshape(n, n, HOG_BINS)
    blocks = []
    for i in range(n - 1):
        for j in range(n - 1):
            b = cells[i:i + 2, j:j + 2].ravel()
            b = np.minimum(b / (np.linalg.norm(b) + 1e-6), 0.2)
            blocks.append(b / (np.linalg.norm(b) + 1e-6))
    return np.concatenate(blocks).astype(np.float32)


# -- what it learns from --------------------------------------------------------------------

def _pen(g: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    pen = int(rng.integers(-1, 3))
    if pen > 0:
        return cv2.dilate(g, _KERNEL, iterations=pen)
    if pen < 0:
        thinner = cv2.erode(g, _KERNEL)
        return thinner if thinner.max() > 0.5 else g
    return g


def elastic(glyph: np.ndarray, rng: np.random.Generator, alpha: float = 3.0, sigma: float = 4.0) -> np.ndarray:
    """A copy bent by a smooth random field (Simard et al.'s elastic distortion) at three times the
    glyph's scale, and drawn thinner or bolder."""
    g = cv2.resize(glyph.astype(np.float32) / max(float(glyph.max()), 1e-6), None, fx=3, fy=3,
                   interpolation=cv2.INTER_CUBIC)
    g = cv2.copyMakeBorder(g, 12, 12, 12, 12, cv2.BORDER_CONSTANT, value=0)
    h, w = g.shape
    dx = cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), sigma * 3) * alpha * 3 * sigma * 3
    dy = cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), sigma * 3) * alpha * 3 * sigma * 3
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    g = cv2.remap(g, xs + dx, ys + dy, cv2.INTER_LINEAR, borderValue=0)
    return np.clip(_pen(g, rng), 0, 1)


def font_digits(rng: np.random.Generator, copies: int = FONT_COPIES) -> tuple[list[np.ndarray], list[int]]:
    """Each digit rendered in each handwriting font, `copies` times: its size, a turn and shear, an
    elastic bend and its pen all drawn at random."""
    from PIL import Image, ImageDraw, ImageFont
    images, labels = [], []
    for file, _, _ in FONTS:
        path = FONT_ROOT / file
        if not path.is_file():
            raise NoWeights(f"{path} is missing: apt-get install the font packages of digit_svm.FONTS")
        for digit in range(10):
            for _ in range(copies):
                font = ImageFont.truetype(str(path), int(rng.integers(36, 60)))
                canvas = Image.new("L", (120, 120), 0)
                ImageDraw.Draw(canvas).text((30, 15), str(digit), fill=255, font=font)
                g = np.asarray(canvas, np.float32) / 255
                m = cv2.getRotationMatrix2D((60, 60), rng.uniform(-10, 10), 1.0)
                m[0, 1] += rng.uniform(-0.3, 0.3)
                g = cv2.warpAffine(g, m, (120, 120))
                if g.max() <= 0.3:
                    continue
                images.append(elastic(g, rng, alpha=rng.uniform(1, 4)))
                labels.append(digit)
    return images, labels


def training_set(cuts: digits.CutGlyphs | None, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    glyphs, labels = digits.training_digits()
    X, y = [], []
    for glyph, label in zip(glyphs, labels):
        X.append(hog(glyph))
        y.append(label)
        for _ in range(ELASTIC):
            X.append(hog(elastic(glyph, rng)))
            y.append(label)
    for _ in range(PAIRS):
        X.append(hog(elastic(digits._not_one(glyphs, rng), rng, alpha=1.0)))
        y.append(NOT_ONE)
    images, font_labels = font_digits(rng)
    X += [hog(g) for g in images]
    y += font_labels
    if cuts is not None:
        X += [hog(g) for g in cuts.images]
        y += list(cuts.labels)
    return np.array(X, np.float32), np.array(y, np.int8)


# -- the model --------------------------------------------------------------------------------

class Model:
    """PCA, then one-against-one RBF SVMs: each class scored by the sum of its pairwise decision values."""

    def __init__(self, mean, components, vectors, coef, intercept, counts, gamma, temperature=1.0):
        self.mean, self.components = mean.astype(np.float32), components.astype(np.float32)
        self.vectors = vectors.astype(np.float32)
        self.coef, self.intercept = coef.astype(np.float32), intercept.astype(np.float32)
        self.counts, self.gamma, self.temperature = counts.astype(np.int64), float(gamma), float(temperature)
        self.starts = np.concatenate([[0], np.cumsum(self.counts)])
        self._sq = (self.vectors ** 2).sum(axis=1)

    def pairwise(self, H: np.ndarray) -> np.ndarray:
        """Each pair of classes' decision value (i < j, in order; over 0 for i), one row a glyph."""
        Z = (H - self.mean) @ self.components
        d2 = (Z ** 2).sum(axis=1)[:, None] + self._sq[None, :] - 2 * Z @ self.vectors.T
        K = np.exp(-self.gamma * np.maximum(d2, 0))
        n, s = len(self.counts), self.starts
        out = []
        for i in range(n):
            for j in range(i + 1, n):
                # libsvm's layout: the coefficients of class i's vectors in row j-1, of class j's in row i
                out.append(K[:, s[i]:s[i + 1]] @ self.coef[j - 1, s[i]:s[i + 1]]
                           + K[:, s[j]:s[j + 1]] @ self.coef[i, s[j]:s[j + 1]] + self.intercept[len(out)])
        return np.stack(out, axis=1)

    def scores(self, H: np.ndarray) -> np.ndarray:
        """Each class's sum of its pairwise decision values (a finer vote than counting wins)."""
        f = self.pairwise(H)
        n = len(self.counts)
        out = np.zeros((len(H), n), np.float32)
        k = 0
        for i in range(n):
            for j in range(i + 1, n):
                out[:, i] += f[:, k]
                out[:, j] -= f[:, k]
                k += 1
        return out

    def probabilities(self, H: np.ndarray) -> np.ndarray:
        z = self.scores(H) / self.temperature
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=1, keepdims=True)


def train(X: np.ndarray, y: np.ndarray) -> Model:
    from sklearn.decomposition import PCA
    from sklearn.svm import SVC
    pca = PCA(COMPONENTS, random_state=SEED).fit(X)
    Z = pca.transform(X)
    svm = SVC(C=C, kernel="rbf", gamma="scale", cache_size=1000).fit(Z, y)
    assert list(svm.classes_) == list(range(NOT_ONE + 1))
    return Model(pca.mean_, pca.components_.T, svm.support_vectors_, svm.dual_coef_, svm.intercept_,
                 svm.n_support_, svm._gamma)


def fit_temperature(model: Model, X: np.ndarray, y: np.ndarray) -> float:
    s = model.scores(X)

    def nll(t: float) -> float:
        z = s / t
        z = z - z.max(axis=1, keepdims=True)
        return float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]))
    return float(min(np.round(np.arange(0.1, 3.001, 0.05), 2), key=nll))


_RECIPE_CODE = ("boxed", "hog", "_pen", "elastic", "font_digits", "training_set", "train")
_RECIPE_CONSTANTS = ("BOX", "FIT", "HOG_CELL", "HOG_BINS", "COMPONENTS", "ELASTIC", "FONT_COPIES", "PAIRS", "C", "SEED", "NOT_ONE",
                     "FONTS")


def recipe() -> str:
    """A hash of what the shipped weights are built from: this module's training and feature code and
    constants, the digit network's recipe (its digits, the not-one pictures and the cut glyphs' code)."""
    h = hashlib.sha256(digits.recipe().encode())
    h.update(inspect.getsource(digits._not_one).encode())
    for name in _RECIPE_CODE:
        h.update(inspect.getsource(globals()[name]).encode())
    for name in _RECIPE_CONSTANTS:
        h.update(f"{name}={globals()[name]!r};".encode())
    return h.hexdigest()


def build(path: Path = WEIGHTS, cuts: digits.CutGlyphs | None = None) -> Model:
    """Train (minutes) on all photos' glyphs but one in digits.HELD_EVERY, fit the temperature on
    those held out, and write the weights."""
    import sklearn
    learn, held = cuts.split(digits.HELD_EVERY) if cuts is not None else (None, None)
    X, y = training_set(learn)
    model = train(X, y)
    if held is not None and held.images:
        model.temperature = fit_temperature(model, np.array([hog(g) for g in held.images]),
                                            np.array(held.labels))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.tmp.npz")
    np.savez_compressed(tmp, mean=model.mean, components=model.components.astype(np.float16),
                        vectors=model.vectors.astype(np.float16), coef=model.coef.astype(np.float16),
                        intercept=model.intercept, counts=model.counts, gamma=np.float32(model.gamma),
                        temperature=np.float32(model.temperature), recipe=np.array(recipe()),
                        built_with=np.array(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}, "
                                            f"opencv {cv2.__version__}"))
    tmp.replace(path)
    return load(path)[0]


def load(path: Path = WEIGHTS) -> tuple[Model, str]:
    try:
        with np.load(path) as k:
            return (Model(k["mean"], k["components"], k["vectors"], k["coef"], k["intercept"], k["counts"],
                          float(k["gamma"]), float(k["temperature"])), str(k["recipe"]))
    except (OSError, KeyError, ValueError) as e:
        raise NoWeights(f"the second digit reader's weights cannot be read from {path} ({e}): "
                        "python scripts/build_digit_weights.py --svm-only builds them") from e


@functools.cache
def model() -> Model:
    """Read once a process from the shipped weights (functools.cache: tests clear it with model.cache_clear())."""
    return load()[0]


def read(glyphs: list[np.ndarray]) -> np.ndarray:
    """Each glyph's probabilities: one row a glyph, columns the digits 0..9 and NOT_ONE (read at each of
    SHIFTS, combined as digits.read's)."""
    if not glyphs:
        return np.zeros((0, NOT_ONE + 1), np.float32)
    return digits.combined(lambda gs: model().probabilities(np.array([hog(g) for g in gs], np.float32)), glyphs,
                           SHIFTS, digits.MEAN)
