"""A leading 1 written into the digit after it (issue 30): the cutter offers the cut that parts them,
and the weighing of the ways must let it win where the network doubts the whole glyph is one digit."""
import numpy as np

from companion.scan.cells import Glyph
from companion.scan.digits import Guess
from companion.scan.reader import _best_way, _fuse


def _sure(digit: int, p: float) -> np.ndarray:
    row = np.full(10, (1 - p) / 9)
    row[digit] = p
    return row


def _ways(whole_single: float, one_width: int) -> list:
    """A cell 43 px wide, 53 high, read whole as a 6; and cut after a piece `one_width` px wide, read
    1 and 6 (the figures of a science 16 of development seed 32100002, read 6 before)."""
    whole = Glyph((0, 0, 43, 53), np.ones((53, 43), np.float32))
    one = Glyph((0, 0, one_width, 53), np.ones((53, one_width), np.float32))
    rest = Glyph((one_width, 0, 43 - one_width, 52), np.ones((52, 43 - one_width), np.float32))
    return [([whole], Guess([6], np.array([_sure(6, 0.997)]), np.array([whole_single]))),
            ([one, rest], Guess([1, 6], np.array([_sure(1, 0.998), _sure(6, 0.999)]), np.array([0.82, 0.99])))]


def test_a_one_pressed_into_the_digit_after_it_is_read():
    """The whole glyph read 6 at 0.997 but doubted as one digit (0.48), a thin 1 (12 of 53 px) parted
    from it and the rest read 6 again: 16, not 6 (the split way weighed 0.04 of the first: 6)."""
    ways = _ways(whole_single=0.48, one_width=12)
    assert _best_way(ways)[0] == 16
    assert _fuse(None, ways).best()[0] == 16


def test_a_clear_digit_with_a_thin_piece_cut_off_stays_one_digit():
    """The same cut, but the network sure the whole glyph is one digit (a clean 2's tail reads 1):
    one digit, the split way as little likely as before (weighed as the 1 pressed into it, 16 had a
    third of the cell, enough for the checks to take it for a fix: a guilds 2 read 12, held-out
    seed 20570101); and a piece too wide to be a 1 (25 of 53 px) is no such 1."""
    reading = _fuse(None, _ways(whole_single=0.99, one_width=12))
    assert reading.best()[0] == 6 and reading.candidates.get(16, 0.0) < 0.05
    assert _best_way(_ways(whole_single=0.48, one_width=25))[0] == 6
