"""The second reader: a classifier trained on scikit-learn's bundled handwritten digits and on
handwriting-style fonts from Debian's packages, offline."""
import cv2
import numpy as np

from companion.scan import digits
from companion.scan.synth import FONTS


def test_every_training_font_is_installed_and_none_is_a_test_photo_font():
    found = digits.training_fonts()
    assert sorted(f.name for f in found) == sorted(digits.TRAINING_FONTS)
    # The benchmark must measure digits the classifier has never seen.
    photo_fonts = {file for _, file, _ in FONTS.values()}
    assert not photo_fonts & set(digits.TRAINING_FONTS)
    packages = (digits.Path(__file__).parents[2] / "scripts" / "system-packages.txt").read_text().split()
    assert set(digits.TRAINING_FONTS.values()) <= set(packages)


def test_the_training_set_is_built_offline_and_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    X, y = digits.training_set()
    assert X.shape[1] == 64 and set(np.unique(y)) == set(range(10))
    fonts = len(digits.TRAINING_FONTS) * 10 * digits.FONT_VARIANTS
    assert len(X) == len(y) > 1797 * (digits.VARIANTS + 1) * 0.95 + fonts * 0.95   # every digit, widened
    [cached] = (tmp_path / "companion").glob("scan-digits-*.npz")
    X2, y2 = digits.training_set()                                        # read back, not rebuilt
    assert np.array_equal(X, X2) and np.array_equal(y, y2) and cached.exists()


def test_it_reads_the_datasets_own_digits_back(digit_model):
    from sklearn.datasets import load_digits
    data = load_digits()
    pick = np.arange(0, len(data.images), 9)
    glyphs = [cv2.resize((data.images[i] / 16).astype(np.float32), (24, 32), interpolation=cv2.INTER_CUBIC)
              for i in pick]
    guess = digits.read(glyphs)
    assert np.mean(np.array(guess.digits) == data.target[pick]) >= 0.95
    assert np.allclose(guess.probabilities.sum(axis=1), 1.0)


def test_a_bare_stroke_is_a_one(digit_model):
    stroke = np.zeros((40, 8), np.float32)
    stroke[:, 3:6] = 1.0
    assert digits.read([stroke]).digits == [1]
