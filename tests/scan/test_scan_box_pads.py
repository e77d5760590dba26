"""The pads from the game boxes, read without markers, written in real handwriting: MNIST digits
(the test-only set) composed into numbers, and drawn strokes; and in print.

A few photos only (3 megapixels): the benchmark (bench/scan_bench.py) reads many more at 12. The
floors asserted sit under what it measures; the one promise that has no floor is that no wrong
number goes unmarked in a column whose total is filled in.
"""
import dataclasses

import cv2
import numpy as np
import pytest

from companion.engine.errors import BadInput
from companion.scan import read_photo
from companion.scan.boxpads import box_pad, box_pads
from companion.scan.cells import Cell, Glyph
from companion.scan.checks import WHY_NAME, Reading
from companion.scan.reader import _name, _speck
from testkit.pad_photos import HARD, REAL_HANDS, PhotoSpec, ReadingCounts, compare, make_photo
from companion.scan.tess import Word

PADS = ("7wonders", "7wonders-2e", "duel")
CASES = [(seed, pad, hand) for pad in PADS for hand in REAL_HANDS for seed in (1,)]
SMALL = PhotoSpec(size=(2000, 1500))


@pytest.fixture(scope="module")
def box_photos():
    return {case: make_photo(case[0], case[1], case[2], SMALL, sheet="box") for case in CASES}


@pytest.fixture(scope="module")
def readings(box_photos, digit_model):
    return {case: read_photo(data, "auto") for case, (data, _) in box_photos.items()}


def test_every_box_layout_names_its_sources_and_doubts_and_the_pads_rows():
    for box in box_pads():
        assert box.source and box.doubt
        assert sorted(box.grid.rows[1:-1]) == sorted(r.key for r in box.grid.pad.rows)
        assert box.grid.xs[-1] <= box.page[0] and box.grid.ys[-1] <= box.page[1]
    # The three sheets differ in shape or columns, so a photo says which it is.
    assert len({(round(b.aspect, 2), b.grid.players) for b in box_pads()}) == 3


def test_each_box_pad_is_found_and_recognised(box_photos, readings):
    for case, scan in readings.items():
        assert (scan.pad, scan.sheet) == (case[1], "box"), case
        assert len(scan.columns) == len(box_photos[case][1].names), case


def test_handwritten_cells_are_read(box_photos, readings):
    tally = ReadingCounts()
    for case, scan in readings.items():
        tally.add(compare(scan.as_json(), box_photos[case][1]))
    assert tally.figures()["read_right"] >= 0.85, (tally.figures(), tally.misses[:20])


def test_no_wrong_number_is_unmarked_where_the_total_is_filled(box_photos, readings):
    tally = ReadingCounts()
    for case, scan in readings.items():
        tally.add(compare(scan.as_json(), box_photos[case][1]))
    assert tally.wrong_with_total > 0              # hard enough to test the marks
    assert tally.wrong_with_total_flagged == tally.wrong_with_total, [m for m in tally.misses if not m[-1]]


def test_the_chosen_pad_is_read_and_the_printable_pad_still_works(photo, digit_model):
    data, truth = make_photo(2, "duel", "dejavu-sans", SMALL, sheet="box")
    scan = read_photo(data, "duel")
    assert (scan.pad, scan.sheet) == ("duel", "box")
    assert compare(scan.as_json(), truth).figures()["read_right"] >= 0.95
    data, truth = photo(11, "duel", "dejavu-sans")
    scan = read_photo(data, "auto")
    assert (scan.pad, scan.sheet) == ("duel", "printable")


@pytest.mark.parametrize("turn", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180])
def test_any_way_up(turn, digit_model):
    data, truth = make_photo(3, "7wonders-2e", "dejavu-sans", PhotoSpec(size=(2000, 1500), max_angle=8.0),
                             sheet="box")
    image = cv2.rotate(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), turn)
    turned = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    scan = read_photo(turned, "auto")
    assert scan.pad == "7wonders-2e"
    assert compare(scan.as_json(), truth).figures()["read_right"] >= 0.95


def test_a_photo_of_the_table_alone_finds_no_pad():
    rng = np.random.default_rng(0)
    table = cv2.GaussianBlur((rng.random((1200, 1600)) * 60 + 80).astype(np.uint8), (0, 0), 9)
    data = cv2.imencode(".jpg", table)[1].tobytes()
    with pytest.raises(BadInput) as caught:
        read_photo(data, "auto")
    assert caught.value.code == "no_pad" and "no score pad found" in str(caught.value)


def test_a_name_close_to_a_known_player_is_taken_as_that_player():
    known = ["Ioana", "Mihai", "Sofia"]
    assert _name(Word("loana", 0.5), False, known) == ("Ioana", WHY_NAME)       # close: named, still checked
    assert _name(Word("Mihai", 0.95), False, known) == ("Mihai", None)
    assert _name(Word("Bogdan", 0.95), False, known) == ("Bogdan", None)        # nobody close: as read
    assert box_pad("duel").grid.players == 2


def test_a_printed_line_that_drifts_farther_than_one_search_reaches_is_followed():
    """A bent sheet (or a box pad a few mm off its estimated sizes): each vertical line drifts 4.5 mm
    from top to bottom, more than one stretch's search reaches (2.5 mm), but little from one row to
    the next. Each stretch is found where the line is, not where the layout puts it."""
    from companion.scan.locate import MARGIN_MM, PX_PER_MM, Straight, _grid_lines
    g = box_pad("7wonders").grid
    origin = (g.xs[0] - MARGIN_MM, g.ys[0] - MARGIN_MM)
    width = round((g.xs[-1] - g.xs[0] + 2 * MARGIN_MM) * PX_PER_MM)
    height = round((g.ys[-1] - g.ys[0] + 2 * MARGIN_MM) * PX_PER_MM)
    ink = np.zeros((height, width), np.float32)
    top, bottom = (g.ys[0] - origin[1]) * PX_PER_MM, (g.ys[-1] - origin[1]) * PX_PER_MM

    def drift(y):                     # px: none at the top, 4.5 mm at the bottom
        return 4.5 * PX_PER_MM * (y - top) / (bottom - top)
    for x_mm in g.xs:
        x = (x_mm - origin[0]) * PX_PER_MM
        cv2.line(ink, (int(round(x + drift(top))), int(top)), (int(round(x + drift(bottom))), int(bottom)), 1.0, 2)
    for y_mm in g.ys:
        y = int(round((y_mm - origin[1]) * PX_PER_MM))
        cv2.line(ink, (0, y), (width - 1, y), 1.0, 2)
    straight = Straight(grid=g, image=np.zeros_like(ink, np.uint8), ink=ink, ys=np.zeros(0), xs=np.zeros(0),
                        origin=origin)
    _, xs = _grid_lines(straight)
    for c, x_mm in enumerate(g.xs):
        for r in range(len(g.ys) - 1):
            middle = ((g.ys[r] + g.ys[r + 1]) / 2 - origin[1]) * PX_PER_MM
            assert abs(xs[c, r] - ((x_mm - origin[0]) * PX_PER_MM + drift(middle))) <= 2.5, (c, r)


def test_a_sheet_whose_outline_is_lost_is_found_by_its_printed_frame(digit_model):
    """A 1st-edition pad turned 30 degrees, a shadow across its middle, its paper's edge lost
    against a pale table: no outline of the sheet fits the pad (it was taken for the Duel's pad and
    read as nonsense). The pad's printed frame is still a closed line, and the grid is found
    from it: the right pad, every number read."""
    data, truth = make_photo(537, "7wonders", "strokes", SMALL, sheet="box")
    scan = read_photo(data, "auto")
    assert (scan.pad, scan.sheet) == ("7wonders", "box")
    tally = compare(scan.as_json(), truth)
    assert tally.right == tally.cells


def test_a_shadow_across_the_sheet_is_not_taken_for_the_frame(digit_model):
    """A 2nd-edition pad lying askew, a hard shadow across one corner: the paper's
    outline is cut by the shadow, and a local mean threshold took the shadow's dark side for ink
    joined to the printed frame, so no outline fitted the pad (it was taken for the Duel's). Thin dark
    strokes alone give the frame: the right pad, every number read."""
    data, truth = make_photo(513, "7wonders-2e", "strokes", SMALL, sheet="box")
    scan = read_photo(data, "auto")
    assert (scan.pad, scan.sheet) == ("7wonders-2e", "box")
    tally = compare(scan.as_json(), truth)
    assert tally.right == tally.cells


def test_a_bare_columns_lone_speck_is_no_player(digit_model):
    """A 1st-edition box pad, hard photo, three columns written: a narrow stroke in the fourth, bare
    column's first box (read 1 by the network alone, Tesseract reading nothing) made a fourth player,
    nameless. Three columns are read."""
    data, truth = make_photo(629, "7wonders", "strokes", dataclasses.replace(HARD, size=(2000, 1500)),
                             sheet="box", vary=0.12)
    scan = read_photo(data, "7wonders")
    assert len(scan.columns) == len(truth.names) == 3


def _column(written: dict[int, Reading], rows: int = 5):
    """One column's cells (row 0 the name) and readings: the rows in `written` hold a glyph."""
    glyph = Glyph((0, 0, 4, 10), np.ones((10, 4), np.float32))
    table = {(r, 0): Cell(r, 0, np.zeros((12, 12), np.float32), glyphs=[glyph] if r in written else [])
             for r in range(rows)}
    return table, {(r, 0): reading for r, reading in written.items() if r}


def test_a_column_with_one_box_written_is_a_players_when_every_reader_reads_it():
    """A real one-entry column (a number every reader read alike) stays; so does a named column and
    one with two boxes written; one box read by the network alone, no name, is a speck."""
    alike = Reading(candidates={3: 0.99}, readers={"tesseract": 3, "digits": 3}, second=3, second_sure=0.9)
    alone = Reading(candidates={1: 0.98}, readers={"tesseract": None, "digits": 1}, second=1, second_sure=0.65)
    name = Reading()
    assert not _speck(*_column({2: alike}), 0, 5)
    assert _speck(*_column({1: alone}), 0, 5)
    assert not _speck(*_column({0: name, 1: alone}), 0, 5)
    assert not _speck(*_column({1: alone, 3: alone}), 0, 5)


def test_a_nameless_column_where_no_two_readers_agree_anywhere_is_grain():
    """Boxes of a nameless column read by one reader each, or by readers reading different numbers (the
    second reader unsure of its own), are grain; one of them read alike by two readers makes it a
    player's, and a name does."""
    net_only = Reading(candidates={4: 0.57, 2: 0.24}, readers={"tesseract": None, "digits": 4}, second=2,
                       second_sure=0.03)
    torn = Reading(candidates={2: 0.76, 3: 0.22}, readers={"tesseract": 3, "digits": 2}, second=2, second_sure=0.02)
    unread = Reading()
    assert _speck(*_column({1: net_only, 2: unread, 3: torn}), 0, 5)
    sure_two = Reading(candidates={2: 0.76, 3: 0.22}, readers={"tesseract": 3, "digits": 2}, second=2,
                       second_sure=0.9)
    assert not _speck(*_column({1: net_only, 2: unread, 3: sure_two}), 0, 5)
    assert not _speck(*_column({0: Reading(), 1: net_only, 3: torn}), 0, 5)


def test_a_grainy_bare_column_is_no_player(digit_model):
    """A 2nd-edition box pad, hard photo, MNIST digits, three columns written: grain in the fourth, bare
    column (paper dark, specks as big as glyphs) filled four of its boxes, no two readers reading the
    same number in any, and made a fourth player, nameless. Three columns are read."""
    data, truth = make_photo(612, "7wonders-2e", "mnist", dataclasses.replace(HARD, size=(2000, 1500)),
                             sheet="box", vary=0.12)
    scan = read_photo(data, "7wonders-2e")
    assert len(scan.columns) == len(truth.names) == 3


def test_a_label_columns_filled_icons_are_no_printed_lines(digit_model):
    """A 2nd-edition box pad, hard photo, strokes (3 MP photo 619): the label column's filled icons,
    cards 4 mm wide stacked down five rows, were taken for two printed lines inside the grid; the
    grid the right way up lost to the pad upside down (its frame on an icon's edge), and 4 of 56 cells
    were read right. Lines are thin: the grid is found the right way up and every cell is read."""
    data, truth = make_photo(619, "7wonders-2e", "strokes", dataclasses.replace(HARD, size=(2000, 1500)),
                             sheet="box", vary=0.12)
    tally = compare(read_photo(data, "7wonders-2e").as_json(), truth)
    assert tally.right >= 0.95 * tally.cells and tally.wrong == tally.wrong_flagged


def test_only_thin_ink_is_looked_at_for_printed_lines():
    """A filled box as tall as a line is long, but 4 mm wide, is no line down; a 0.5 mm rule is."""
    from companion.scan.locate_box import FIT_PPM, _ink, _thin
    image = np.full((200, 200), 200, np.uint8)
    image[20:180, 40:42] = 40                       # a rule down, 0.5 mm
    image[20:60, 100:116] = 40                      # an icon, 4 mm by 10
    across, down = _thin(image, _ink(image))
    assert down[100, 40:42].all() and not down[40, 104:112].any()
    assert not across[40, 104:112].any() and FIT_PPM == 4.0
