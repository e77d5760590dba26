"""A box pad printed with other proportions than card_db/pads/box says is read the same (issue 30).

Nobody here has measured a real pad, and a player's may be a reprint, a photocopy or a language
edition: the reader finds the grid from the printed lines, and the layout only says the rows'
order, how many there are and their kinds. Each pad is drawn with its rows, its columns and its
margins up to 12% off the layout (testkit.pad_photos.drawn_box_pad, varied_box_pad), with other
line weights and paper; the rows must be read as the rows they are, never one off.
"""
import pytest

from companion.scan import read_photo
from testkit.pad_photos import PhotoSpec, ReadingCounts, compare, drawn_box_pad, make_photo

PADS = ("7wonders", "7wonders-2e", "duel")
SMALL = PhotoSpec(size=(2000, 1500))
# The extremes: every row 12% taller and every column 12% narrower, and the other way; the names
# and total rows and the label column against the rows (the sizes that tell which row is which).
EXTREMES = {
    "taller-narrower": dict(label=0.88, column=0.88, name=1.12, row=1.12, total=1.12,
                            margins=(0.88, 1.12, 0.88, 1.12)),
    "shorter-wider": dict(label=1.12, column=1.12, name=0.88, row=0.88, total=0.88,
                          margins=(1.12, 0.88, 1.12, 0.88)),
    "names-and-total-unlike-the-rows": dict(label=0.88, column=1.12, name=1.12, row=0.88, total=1.12,
                                            margins=(1.12, 1.12, 0.88, 0.88)),
    "label-column-like-a-player-column": dict(label=0.88, column=1.12, name=0.88, row=1.12, total=0.88,
                                              margins=(0.88, 0.88, 1.12, 1.12)),
}


@pytest.mark.parametrize("shape", sorted(EXTREMES))
@pytest.mark.parametrize("pad_id", PADS)
def test_a_pad_printed_twelve_percent_otherwise_is_read_row_for_row(pad_id, shape, digit_model):
    """Printed numbers, so that every miss is the grid's: the right pad, every cell in its row.

    The two 7 Wonders pads have the same rows and columns and differ in shape: one 12% shorter and
    wider all over is as near the other's shape as its own, so there the edition is given (a player
    picks it); the Duel's is recognised."""
    box = drawn_box_pad(pad_id, **EXTREMES[shape])
    data, truth = make_photo(7, pad_id, "dejavu-sans", SMALL, sheet="box", box=box)
    scan = read_photo(data, "auto" if pad_id == "duel" else pad_id)
    assert (scan.pad, scan.sheet) == (pad_id, "box")
    assert len(scan.columns) == len(truth.names)
    tally = compare(scan.as_json(), truth)
    assert tally.right >= tally.cells - 1, tally.misses
    assert tally.wrong == tally.wrong_flagged, tally.misses


@pytest.mark.parametrize("pad_id", PADS)
def test_handwriting_on_pads_of_random_proportions_lines_and_paper(pad_id, digit_model):
    """Each size up to 12% off, line weights and paper drawn at random, real handwriting (MNIST's test
    digits, which the network never learnt from, and drawn strokes): the pad found, its cells read,
    and no wrong number unmarked where the total is filled in."""
    tally, found = ReadingCounts(), 0
    cases = [(seed, hand) for seed in (21, 22) for hand in ("mnist", "strokes")]
    for seed, hand in cases:
        data, truth = make_photo(seed, pad_id, hand, SMALL, sheet="box", vary=0.12)
        scan = read_photo(data, pad_id)
        found += (scan.pad, scan.sheet) == (pad_id, "box")
        tally.add(compare(scan.as_json(), truth))
    assert found == len(cases)
    assert tally.figures()["read_right"] >= 0.85, (tally.figures(), tally.misses)
    assert tally.wrong_with_total == tally.wrong_with_total_flagged, [m for m in tally.misses if not m[-1]]
