"""What is ink in the straightened grid (locate._ink): each pixel against the paper around it, in
bright photos and in dim grainy ones, where a grain of bare paper must never be taken for a stroke."""
import dataclasses
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from companion.scan import read_photo
from companion.scan.cells import cut
from companion.scan.locate import _brightest_paper, _ink
from testkit.pad_photos import HARD, compare, make_photo


def _grid_photo(paper: float, grain: float, rows=4, columns=4, width=60, height=90, margin=20):
    """A straightened grid's grey picture: printed lines, a thin one written in row 1 of the first
    player's column, the rest bare; the paper's grain (a share of its light) a little blurred, as a
    phone's noise is after demosaicing and JPEG."""
    rng = np.random.default_rng(0)
    img = np.full((2 * margin + rows * height, 2 * margin + columns * width), paper, np.float32)
    ys = np.array([[margin + r * height] * (columns + 1) for r in range(rows + 1)], np.float64)
    xs = np.array([[margin + c * width] * rows for c in range(columns + 1)], np.float64)
    for y in ys[:, 0]:
        cv2.line(img, (margin, int(y)), (margin + columns * width, int(y)), 0.6 * paper, 2)
    for x in xs[:, 0]:
        cv2.line(img, (int(x), margin), (int(x), margin + rows * height), 0.6 * paper, 2)
    x, y = int(xs[1, 0]) + 28, int(ys[1, 0])
    cv2.line(img, (x, y + 25), (x, y + 65), 0.3 * paper, 2)          # a one, 2 px wide
    noise = cv2.GaussianBlur(rng.normal(0, 1, img.shape).astype(np.float32), (0, 0), 0.7)
    img += grain * paper * noise / noise.std()
    return np.clip(img, 0, 255).astype(np.uint8), ys, xs


@pytest.mark.parametrize("paper, grain", [(200, 0.01), (120, 0.03), (50, 0.06), (34, 0.10)])
def test_grain_of_a_dim_photos_bare_paper_is_no_writing(paper, grain):
    """Paper at 34 of 255 with a grain a tenth of its light (a hard photo in a third of the light):
    taken against the brightest grains around, every bare box held ink enough to be read (columns
    nobody wrote in were read as numbers, unmarked). Against the bare paper's mean where the grain is
    more than slight, smoothed as it needs, only the box written in holds writing, in bright photos
    as in dim ones, and its thin one is whole."""
    img, ys, xs = _grid_photo(paper, grain)
    s = SimpleNamespace(ink=_ink(img, _brightest_paper(img)), ys=ys, xs=xs)
    written = [(r, p) for r in range(4) for p in range(3) if not cut(s, r, p).blank]
    assert written == [(1, 0)]
    [one] = cut(s, 1, 0).glyphs
    assert one.box[3] >= 36                                           # 40 px drawn: nothing lost


def test_a_dim_photo_with_few_columns_written_reads_no_more(digit_model):
    """A 1st-edition box pad, hard photo (dim, grainy: its paper some 50 of 255), four of seven
    columns written in MNIST digits: the three bare ones were read as numbers (7 columns, 4 of 35
    cells right). Four columns are read, every cell read wrong is marked."""
    data, truth = make_photo(600, "7wonders", "mnist", dataclasses.replace(HARD, size=(2000, 1500)),
                             sheet="box", vary=0.12)
    scan = read_photo(data, "auto")
    assert len(scan.columns) == len(truth.names) == 4
    tally = compare(scan.as_json(), truth)
    assert tally.wrong == tally.wrong_flagged, tally.misses
    assert tally.right >= 0.9 * tally.cells, tally.misses
