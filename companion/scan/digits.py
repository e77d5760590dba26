"""The second reader: handwritten digits, one glyph at a time, offline.

Tesseract reads printed digits well and handwritten ones badly (see the
benchmark), so a glyph is also shown to a small classifier trained on the
handwritten digits that scikit-learn ships (load_digits: 1,797 digits by 43
people as 8x8 blocks of 4x4 pixels; no download). The set is widened on
first use with copies of each digit turned, slanted, squeezed, drawn thinner
or bolder, and with ones given the foot many people write; and with the
digits of handwriting-style fonts from Debian's font packages, turned and
slanted a little less (43 people write fewer kinds of 3, 4 and 7 than a table
of friends does: on 3,800 digits cut from photos in the test fonts, the
dataset alone read 93% right, with the fonts too 98%). None of those fonts is
one the test photos are written in, so the benchmark measures digits the
classifier has never seen. The widened set is kept in the user's cache folder, so later runs
start at once.

A glyph is brought to the dataset's form: its slant straightened (from its
second moments), scaled to the 32-pixel box's height, its pen width brought to
the dataset's, and counted in 4x4 blocks. The classifier is k nearest
neighbours (k=5, by distance); a glyph is shown to it as read, bolder,
thinner and turned a little either way, and the votes averaged are the
probability of each digit.
"""
from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

SIDE = 32                 # the dataset's bitmaps, before their 4x4 blocks
STROKE = 4.5              # the dataset's pen width at that size, in pixels
WIDTH = 23                # the dataset's digits are about this wide in the 32-pixel box
ONE_WIDE = 0.2            # narrower than this a part of its height, a glyph is a bare stroke;
STROKES_WIDE = 2.4        # so is one less wide than this many widths of its own pen
VARIANTS = 4              # widened copies of each digit
FONT_VARIANTS = 30        # copies of each digit of each training font
VERSION = "5"             # change when the features or the widening change
# Training fonts (file: Debian package, in scripts/system-packages.txt); kept
# apart from the photo generator's fonts (companion/scan/synth.py FONTS).
TRAINING_FONTS = {
    "BecauseWeBuild-Regular.otf": "fonts-bwht",
    "BecauseWeConnect-Regular.otf": "fonts-bwht",
    "BecauseWeCreate-Regular.otf": "fonts-bwht",
    "BecauseWeLearn-Regular.otf": "fonts-bwht",
    "BecauseWeMentor-Regular.otf": "fonts-bwht",
    "BecauseWeOrganize-Regular.otf": "fonts-bwht",
    "KleeOne-Regular.ttf": "fonts-klee",
    "KleeOne-SemiBold.ttf": "fonts-klee",
    "Kristi.ttf": "fonts-kristi",
    "KaushanScript-Regular.otf": "fonts-kaushanscript",
    "DancingScript-Regular.otf": "fonts-dancingscript",
    "DancingScript-Bold.otf": "fonts-dancingscript",
    "setofont.ttf": "fonts-seto",
}
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
_lock = threading.Lock()
_model = None
_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))


@dataclass
class Guess:
    digits: list[int]
    probabilities: np.ndarray      # one row a glyph, one column a digit 0..9


# -- a glyph in the dataset's form ---------------------------------------------

def _deskew(image: np.ndarray) -> np.ndarray:
    m = cv2.moments(image.astype(np.float32))
    if m["m00"] <= 0 or abs(m["mu02"]) < 1e-2:
        return image
    skew = m["mu11"] / m["mu02"]
    skew = max(-0.6, min(0.6, skew))
    h = image.shape[0]
    pad = int(abs(skew) * h / 2) + 2
    image = cv2.copyMakeBorder(image, 0, 0, pad, pad, cv2.BORDER_CONSTANT, value=0)
    cy = m["m01"] / m["m00"]
    shear = np.float32([[1, skew, -skew * cy], [0, 1, 0]])
    return cv2.warpAffine(image, shear, (image.shape[1], h), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR)


def _stroke_width(mask: np.ndarray) -> float:
    area = float(mask.sum())
    if area == 0:
        return 0.0
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    perimeter = sum(cv2.arcLength(c, True) for c in contours)
    return 2 * area / max(perimeter, 1.0)


def _restroke(mask: np.ndarray, target: float) -> np.ndarray:
    width = _stroke_width(mask)
    if width <= 0:
        return mask
    steps = int(round((target - width) / 2))
    if steps > 0:
        return cv2.dilate(mask, _KERNEL, iterations=min(steps, 3))
    if steps < 0:
        thinner = cv2.erode(mask, _KERNEL, iterations=min(-steps, 2))
        return thinner if thinner.sum() > 0.3 * mask.sum() else mask
    return mask


def features(glyph: np.ndarray) -> np.ndarray:
    """A glyph's ink (0..1) as the dataset's 64 block counts (0..16)."""
    g = _deskew(glyph.astype(np.float32))
    ys, xs = np.nonzero(g > 0.3)
    if ys.size == 0:
        return np.zeros(64, np.float32)
    g = g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = g.shape
    if w < ONE_WIDE * h or w < STROKES_WIDE * _stroke_width((g > 0.3).astype(np.uint8)):
        # A bare stroke (a one): keep it thin.
        nh, nw = SIDE, min(SIDE, max(1, round(w * SIDE / h)))
    else:                           # any other digit to the dataset's usual width
        nh, nw = SIDE, WIDTH
    small = cv2.resize(g, (nw, nh), interpolation=cv2.INTER_AREA)
    mask = _restroke((small > 0.35).astype(np.uint8), STROKE)
    canvas = np.zeros((SIDE, SIDE), np.float32)
    y, x = (SIDE - nh) // 2, (SIDE - nw) // 2
    canvas[y:y + nh, x:x + nw] = mask[:SIDE - y, :SIDE - x]
    return canvas.reshape(8, 4, 8, 4).sum(axis=(1, 3)).reshape(-1)


# -- the training set --------------------------------------------------------------

def _foot(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A one with the foot many people (and most print) give it."""
    ys, xs = np.nonzero(mask)
    tall = ys.max() - ys.min()
    low = ys > ys.min() + 0.8 * tall
    cx, bottom = int(xs[low].mean()), ys.max()
    half = int(rng.uniform(0.2, 0.35) * tall)
    thick = max(2, int(rng.uniform(0.08, 0.14) * tall))
    out = mask.copy()
    out[bottom - thick + 1:bottom + 1, max(0, cx - half):cx + half] = 1
    return out


def _distorted(ink: np.ndarray, rng: np.random.Generator, pen_steps: int = 2, turn_by: float = 12,
               widths: tuple[float, float] = (0.65, 1.25), shear: float = 0.35) -> np.ndarray:
    """A copy turned, slanted, squeezed or stretched, and drawn thinner or bolder."""
    centre = np.array([ink.shape[1] / 2, ink.shape[0] / 2])
    turn = np.vstack([cv2.getRotationMatrix2D(tuple(centre), rng.uniform(-turn_by, turn_by), 1.0), [0, 0, 1]])
    slant = np.array([[rng.uniform(*widths), rng.uniform(-shear, shear), 0], [0, 1, 0], [0, 0, 1]])
    m = turn @ slant
    m[:2, 2] += centre - m[:2, :2] @ centre
    v = cv2.warpAffine(ink, m[:2], (ink.shape[1], ink.shape[0]))
    pen = rng.integers(-1, 2)
    if pen > 0:
        v = cv2.dilate(v, _KERNEL, iterations=pen_steps)
    elif pen < 0:
        thinner = cv2.erode(v, _KERNEL, iterations=pen_steps)
        v = thinner if thinner.sum() > 0.3 * v.sum() else v
    return v


def _widened(images: np.ndarray, labels: np.ndarray, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """scikit-learn's digits, each with VARIANTS distorted copies."""
    rng = np.random.default_rng(seed)
    X, y = [], []
    for image, label in zip(images, labels):
        big = cv2.resize((image / 16).astype(np.float32), (2 * SIDE, 2 * SIDE), interpolation=cv2.INTER_CUBIC)
        mask = cv2.copyMakeBorder((big > 0.45).astype(np.uint8), SIDE, SIDE, SIDE, SIDE,
                                  cv2.BORDER_CONSTANT, value=0)
        variants = [mask]
        for _ in range(VARIANTS):
            v = _distorted(mask, rng)
            if label == 1 and v.any() and rng.random() < 0.8:
                v = _foot(v, rng)
            variants.append(v)
        for v in variants:
            if v.any():
                X.append(features(v.astype(np.float32)))
                y.append(int(label))
    return np.array(X, np.float32), np.array(y, np.int8)


def training_fonts() -> list[Path]:
    """The training fonts installed here (the setup installs them all)."""
    found = []
    for file in TRAINING_FONTS:
        for root in FONT_DIRS:
            hit = next(root.rglob(file), None) if root.is_dir() else None
            if hit:
                found.append(hit)
                break
    return found


def _rendered(font_file: Path, digit: int, size: int = 64) -> np.ndarray:
    """One digit of a font as ink (0..1), with a margin for turning it."""
    from PIL import Image, ImageDraw, ImageFont
    font = ImageFont.truetype(str(font_file), size)
    image = Image.new("L", (2 * size, 2 * size), 0)
    ImageDraw.Draw(image).text((size // 2, size // 4), str(digit), font=font, fill=255)
    ink = np.asarray(image, np.float32) / 255
    ys, xs = np.nonzero(ink > 0.3)
    ink = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return cv2.copyMakeBorder(ink, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=0)


def _font_digits(fonts: list[Path], seed: int = 11) -> tuple[np.ndarray, np.ndarray]:
    """Each training font's digits, FONT_VARIANTS distorted copies each, at sizes a cell shows them."""
    rng = np.random.default_rng(seed)
    X, y = [], []
    for font_file in fonts:
        for digit in range(10):
            ink = _rendered(font_file, digit)
            for _ in range(FONT_VARIANTS):
                # Milder than for the dataset's digits: a font's 3 turned too far reads as a 5.
                v = _distorted(ink, rng, pen_steps=int(rng.integers(1, 3)), turn_by=10, widths=(0.75, 1.2),
                               shear=0.3)
                scale = rng.uniform(0.5, 1.0)
                v = cv2.resize(v, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
                if v.max() > 0.3:
                    X.append(features(v))
                    y.append(digit)
    return np.array(X, np.float32).reshape(-1, 64), np.array(y, np.int8)


def _cache_file(fonts: list[Path]) -> Path:
    import sklearn
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "companion"
    names = ",".join(sorted(f.name for f in fonts))
    key = hashlib.sha1(f"{VERSION}:{SIDE}:{STROKE}:{VARIANTS}:{FONT_VARIANTS}:{names}:{sklearn.__version__}:"
                       f"{cv2.__version__}".encode()).hexdigest()[:12]
    return root / f"scan-digits-{key}.npz"


def training_set() -> tuple[np.ndarray, np.ndarray]:
    """The widened digits (features, labels): built once, then read from the cache."""
    fonts = training_fonts()
    try:
        path: Path | None = _cache_file(fonts)
    except RuntimeError:              # no home folder to keep it in
        path = None
    try:
        if path is not None:
            with np.load(path) as cached:
                return cached["X"], cached["y"]
    except (OSError, KeyError, ValueError):
        pass
    from sklearn.datasets import load_digits
    digits = load_digits()
    X, y = _widened(digits.images, digits.target)
    if fonts:
        Xf, yf = _font_digits(fonts)
        X, y = np.vstack([X, Xf]), np.concatenate([y, yf])
    if path is None:
        return X, y
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez_compressed(tmp, X=X, y=y)
        tmp.replace(path)
    except OSError:
        pass                      # a read-only home: build it each time, it still works
    return X, y


def model():
    """The classifier, ready once a process."""
    global _model
    with _lock:
        if _model is None:
            from sklearn.neighbors import KNeighborsClassifier
            X, y = training_set()
            _model = KNeighborsClassifier(n_neighbors=5, weights="distance").fit(X / 16, y)
    return _model


def _variants(glyph: np.ndarray) -> list[np.ndarray]:
    """The glyph as read, bolder, thinner and turned a little: their votes are averaged."""
    out = [glyph, cv2.dilate(glyph, _KERNEL)]
    thinner = cv2.erode(glyph, _KERNEL)
    if thinner.max() > 0.35:
        out.append(thinner)
    padded = cv2.copyMakeBorder(glyph, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=0)
    centre = (padded.shape[1] / 2, padded.shape[0] / 2)
    for angle in (-6, 6):
        turn = cv2.getRotationMatrix2D(centre, angle, 1.0)
        out.append(cv2.warpAffine(padded, turn, (padded.shape[1], padded.shape[0])))
    return out


def read(glyphs: list[np.ndarray]) -> Guess:
    if not glyphs:
        return Guess([], np.zeros((0, 10)))
    clf = model()
    variants = [_variants(g.astype(np.float32)) for g in glyphs]
    X = np.array([features(v) for vs in variants for v in vs]) / 16
    votes = clf.predict_proba(X)
    probabilities = np.zeros((len(glyphs), 10))
    at = 0
    for i, vs in enumerate(variants):
        probabilities[i, clf.classes_] = votes[at:at + len(vs)].mean(axis=0)
        at += len(vs)
    return Guess([int(i) for i in probabilities.argmax(axis=1)], probabilities)
