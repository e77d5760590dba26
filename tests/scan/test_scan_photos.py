"""The reader over 54 generated photos: print and handwriting-style fonts, any angle,
perspective, bending, shadows, blur, noise and JPEG artefacts (testkit/pad_photos.py).

The figures asserted are floors under what the benchmark measures on more and
larger photos (bench/scan_bench.py): a fall below them is a regression.
"""
import cv2
import numpy as np
import pytest

from companion.scan import read_photo
from testkit.pad_photos import HAND_FONTS, PRINT_FONTS, PhotoSpec, ReadingCounts, compare

PADS = ("7wonders", "7wonders-2e", "duel")
SEEDS = (11, 12, 13)
# 3 print fonts x 3 pads x 3 seeds = 27; 6 handwriting-style fonts x 3 pads x... = 27 more (one seed each,
# rotating pads so every font meets every pad type once): 54 photos.
PRINT_CASES = [(seed, pad, font) for font in PRINT_FONTS for pad in PADS for seed in SEEDS]
HAND_CASES = [(seed, pad, font) for font in HAND_FONTS for pad in PADS for seed in SEEDS[:1]] + \
             [(seed, PADS[(i + 1) % 3], font) for i, font in enumerate(HAND_FONTS) for seed in SEEDS[1:2]] + \
             [(seed, PADS[(i + 2) % 3], font) for i, font in enumerate(HAND_FONTS) for seed in SEEDS[2:]]


def _tally(photo, cases):
    total = ReadingCounts()
    for seed, pad_id, font in cases:
        data, truth = photo(seed, pad_id, font)
        answer = read_photo(data, pad_id).as_json()
        assert answer["pad"] == pad_id
        assert len(answer["players"]) == len(truth.names), (seed, pad_id, font)
        total.add(compare(answer, truth))
    return total


@pytest.fixture(scope="module")
def print_tally(photo, digit_model):
    return _tally(photo, PRINT_CASES)


@pytest.fixture(scope="module")
def hand_tally(photo, digit_model):
    return _tally(photo, HAND_CASES)


def test_there_are_at_least_50_photos():
    assert len(PRINT_CASES) + len(HAND_CASES) >= 50
    assert len(set(PRINT_CASES + HAND_CASES)) == len(PRINT_CASES) + len(HAND_CASES)


def test_print_digits_are_read_right(print_tally):
    figures = print_tally.figures()
    assert figures["read_right"] >= 0.97, (figures, print_tally.misses)


def test_print_digits_wrong_cells_are_all_flagged(print_tally):
    assert print_tally.wrong_with_total_flagged == print_tally.wrong_with_total, print_tally.misses


def test_print_digits_few_right_cells_are_flagged(print_tally):
    assert print_tally.figures()["right_but_flagged"] <= 0.1


def test_handwriting_style_digits_are_mostly_read_right(hand_tally):
    figures = hand_tally.figures()
    assert figures["read_right"] >= 0.93, (figures, hand_tally.misses[:20])


def test_handwriting_style_wrong_cells_are_all_flagged_where_the_total_is_filled(hand_tally):
    assert hand_tally.wrong_with_total > 0            # the photos are hard enough to test the flags
    assert hand_tally.wrong_with_total_flagged == hand_tally.wrong_with_total, \
        [m for m in hand_tally.misses if not m[-1]]


def test_names_in_print_are_read(print_tally):
    assert print_tally.figures()["names_right"] >= 0.85


@pytest.mark.parametrize("angle", [0, 90, 180, -90])
def test_any_way_up(photo, angle):
    """The photo turned a quarter, half (upside down) and three quarters: the markers say which way up."""
    data, truth = photo(40, "duel", "dejavu-sans", PhotoSpec(size=(2000, 1500), max_angle=0.0))
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    turns = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, -90: cv2.ROTATE_90_COUNTERCLOCKWISE}
    if angle in turns:
        image = cv2.rotate(image, turns[angle])
    turned = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    tally = compare(read_photo(turned, "duel").as_json(), truth)
    assert tally.right == tally.cells, tally.misses


def test_a_12_megapixel_photo_is_read(photo, digit_model):
    """Full size, seven players. How long it takes is the benchmark's to say (make bench scan)."""
    spec = PhotoSpec(size=(4000, 3000))
    data, truth = photo(7, "7wonders", "dejavu-sans", spec, players=7)
    scan = read_photo(data, "7wonders")
    tally = compare(scan.as_json(), truth)
    assert tally.figures()["read_right"] >= 0.97, tally.misses
