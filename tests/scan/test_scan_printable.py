"""Our printable pads: the layouts in card_db/pads, and the page a real browser prints."""
import random

import numpy as np
import pytest
from PIL import Image

from companion.scan import read_photo
from companion.scan.layout import PAD_IDS, grid, marker_owner
from companion.scan.locate import find_pad
from testkit.pad_photos import PhotoSpec, Truth, blank_page, compare, fill_page, photograph


def test_each_pad_has_its_own_markers(cat):
    owners = marker_owner()
    assert len(owners) == 12 and {pad for pad, _ in owners.values()} == set(PAD_IDS)
    for pad_id in PAD_IDS:
        layout = cat.pads[pad_id].layout
        assert layout.columns == cat.pads[pad_id].players[1]
        g = grid(pad_id)
        assert g.xs[-1] < layout.page[0] and g.ys[-1] < layout.page[1]
        # The grid stays clear of the corner markers.
        assert g.ys[0] > layout.marker_margin + layout.marker_size
        assert g.ys[-1] < layout.page[1] - layout.marker_margin - layout.marker_size


@pytest.mark.parametrize("pad_id", PAD_IDS)
def test_a_blank_pad_is_found_the_right_way_up(pad_id):
    page = np.array(blank_page(pad_id, 5.0).convert("L"))
    for turns in range(4):
        located = find_pad(np.ascontiguousarray(np.rot90(page, turns)), pad_id)
        assert located.markers == 4 and located.error_mm < 0.5


@pytest.mark.parametrize("pad_id", ["7wonders-2e", "duel"])
def test_the_page_chromium_prints_is_read_back(live_server, pad_id, tmp_path, browser):
    """Chromium renders /scan/pad/<pad> as printed; we write seed 001's example on it, photograph it, read it."""
    page = browser.new_page(device_scale_factor=2, viewport={"width": 1400, "height": 1000})
    try:
        page.emulate_media(media="print")          # the print stylesheet: the page at its true size
        page.goto(f"{live_server}/scan/pad/{pad_id}")
        shot = tmp_path / "pad.png"
        page.locator("#scan-sheet").screenshot(path=str(shot))
    finally:
        page.close()
    printed = Image.open(shot).convert("RGB")
    g = grid(pad_id)
    ppm = printed.width / g.pad.layout.page[0]
    assert abs(printed.height / ppm - g.pad.layout.page[1]) < 1.0      # printed at the pad's proportions
    keys = [r.key for r in g.pad.rows]
    if pad_id == "7wonders-2e":       # seed 001: Alex, 6 3 10 9 2 4 21 = 55 (in the pad's printed order)
        example = {"military": 6, "treasury": 3, "wonder": 10, "civil": 9, "commercial": 2, "guilds": 4,
                   "science": 21}
        truth = Truth(pad_id, ["Alex", "Bruno", "Chloe"], [example, {k: 5 for k in keys}, {k: 7 for k in keys}],
                      [55, 35, 49], [set(), set(), set()], "dejavu-sans", coins=[4, None, 12])
    else:
        truth = Truth(pad_id, ["Ana", "Bruno"], [{k: i + 2 for i, k in enumerate(keys)}, {k: 9 for k in keys}],
                      [sum(range(2, 10)), 72], [set(), set()], "comic-neue")
    rng = random.Random(1)
    fill_page(printed, truth, rng, ppm)
    photo = photograph(printed, rng, PhotoSpec(size=(3000, 2250), harsh=0.6))
    answer = read_photo(photo, pad_id).as_json()
    tally = compare(answer, truth)
    assert tally.right == tally.cells, tally.misses
    if pad_id == "7wonders-2e":      # coins left, the tie-break, read from its own row; an empty box is None
        assert [p["coins"] for p in answer["players"]] == [4, None, 12]


@pytest.mark.parametrize("pad_id", ["7wonders", "7wonders-2e"])
def test_a_7_wonders_pad_prints_a_coins_left_row_under_the_total(pad_id):
    """The tie-break has its own row, outside the sum; the Duel's pad has none (its tie-break is civil points)."""
    g = grid(pad_id)
    assert g.rows[-2:] == ("total", "coins")
    assert list(g.points) == list(range(1, len(g.pad.rows) + 1))
    assert "coins" not in grid("duel").rows


@pytest.mark.parametrize("pad_id", ["7wonders", "7wonders-2e"])
def test_coins_left_are_read_from_a_generated_photo(pad_id):
    """Seed 8: two and seven players' coins left (single and two digits, some boxes left empty), read exactly."""
    from testkit.pad_photos import make_photo
    photo, truth = make_photo(8, pad_id, "dejavu-sans", PhotoSpec(size=(3000, 2250)))
    assert any(c is not None for c in truth.coins) and len(truth.coins) == len(truth.names)
    answer = read_photo(photo, pad_id).as_json()
    assert [p["coins"] for p in answer["players"]] == truth.coins
    assert not [d for d in answer["doubtful"] if d["row"] == "coins"]
