"""The three Duel pyramids and the military track."""
from companion.catalog import Game


def _rows(layout):
    rows = {}
    for slot in layout.slots:
        rows.setdefault(slot.row, []).append(slot)
    return [rows[r] for r in sorted(rows)]


def test_age_one_is_a_pyramid_of_2_3_4_5_6(cat):
    rows = _rows(cat.layouts[1])
    assert [len(r) for r in rows] == [2, 3, 4, 5, 6]
    assert [r[0].face_up for r in rows] == [True, False, True, False, True]


def test_age_two_is_the_upside_down_pyramid(cat):
    rows = _rows(cat.layouts[2])
    assert [len(r) for r in rows] == [6, 5, 4, 3, 2]
    assert [r[0].face_up for r in rows] == [True, False, True, False, True]


def test_age_three_has_the_gap_in_the_middle(cat):
    rows = _rows(cat.layouts[3])
    assert [len(r) for r in rows] == [2, 3, 4, 2, 4, 3, 2]
    assert [r[0].face_up for r in rows] == [True, False, True, False, True, False, True]


def test_bottom_row_is_open_at_the_start(cat):
    for age, size in ((1, 6), (2, 2), (3, 2)):
        layout = cat.layouts[age]
        bottom = max(s.row for s in layout.slots)
        assert sorted(layout.initially_accessible()) == sorted(s.slot for s in layout.slots if s.row == bottom)
        assert len(layout.initially_accessible()) == size


def test_each_card_is_covered_by_the_two_cards_below_it(cat):
    # Age I: the leftmost card of the second row lies under the first two cards of the third.
    layout = cat.layouts[1]
    assert layout.slots[2].covered_by == (5, 6)
    # Age II: an edge card of the top row is covered by one card only.
    assert len(cat.layouts[2].slots[0].covered_by) == 1


def test_military_track_points_by_zone(cat):
    track = cat.military
    assert track.spaces == 19 and track.capital == 9
    assert [track.points_at(d) for d in range(0, 9)] == [0, 2, 2, 5, 5, 5, 10, 10, 10]
    assert [track.points_at(-d) for d in range(0, 9)] == [0, 2, 2, 5, 5, 5, 10, 10, 10]
    assert sorted((t.at, t.coins) for t in track.loot) == [(3, 2), (6, 5)]
    assert cat.wonder_list(Game.DUEL)  # the track belongs to the Duel catalog
