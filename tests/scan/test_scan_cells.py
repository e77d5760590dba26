"""Cutting a cell's ink into digits: a one written against the digit after it is offered as a
second way to cut the cell, and shapes that only look split are not."""
import cv2
import numpy as np

from companion.scan.cells import segment


def _ink(width=140, height=70):
    return np.zeros((height, width), np.float32)


def _five(ink, x, y, h):
    w = int(0.6 * h)
    cv2.line(ink, (x + w, y), (x, y), 1.0, 4)                       # flag
    cv2.line(ink, (x, y), (x, y + h // 2), 1.0, 4)                  # neck
    cv2.ellipse(ink, (x + w // 2, y + 3 * h // 4 - 2), (w // 2, h // 4), 0, -150, 150, 1.0, 4)


def test_a_one_leaning_on_a_five_is_offered_as_two_digits():
    ink = _ink()
    h = 48
    cv2.line(ink, (40, 11), (40, 11 + h), 1.0, 4)          # the one, down to the foot of the five
    _five(ink, 50, 11, h)
    cv2.line(ink, (40, 11 + h - 2), (52, 11 + h - 2), 1.0, 2)  # its foot runs into the five's bowl
    cell = segment(ink)
    assert len(cell.glyphs) == 1                              # one stroke as drawn
    assert cell.other_cut is not None and len(cell.other_cut) == 2
    one, five = cell.other_cut
    assert one.box[2] < 0.4 * one.box[3] and five.box[0] > one.box[0]


def test_a_zero_a_four_and_an_eight_are_not_cut():
    for draw in (lambda ink: cv2.ellipse(ink, (70, 35), (16, 24), 0, 0, 360, 1.0, 4),
                 # An open 4 whose upright runs past its bar: a tall bare stroke on the left, one bridge,
                 # but the bridge is the bar, two thirds down.
                 lambda ink: (cv2.line(ink, (60, 11), (60, 52), 1.0, 4), cv2.line(ink, (60, 45), (92, 45), 1.0, 4),
                              cv2.line(ink, (84, 15), (84, 60), 1.0, 4)),
                 lambda ink: (cv2.ellipse(ink, (70, 23), (12, 12), 0, 0, 360, 1.0, 4),
                              cv2.ellipse(ink, (70, 47), (15, 13), 0, 0, 360, 1.0, 4))):
        ink = _ink()
        draw(ink)
        cell = segment(ink)
        assert len(cell.glyphs) == 1 and cell.other_cut is None


def test_a_minus_run_into_its_digit_is_offered_as_a_minus():
    ink = _ink(160)
    cv2.line(ink, (20, 45), (63, 45), 1.0, 4)                         # the minus, touching the six
    cv2.ellipse(ink, (75, 45), (14, 13), 0, 0, 360, 1.0, 4)
    cv2.line(ink, (62, 42), (80, 12), 1.0, 4)
    cell = segment(ink)
    assert len(cell.glyphs) == 1 and not cell.glyphs[0].minus       # one stroke as drawn
    minus_first = [way for way in cell.alternatives if way[0].minus and len(way) == 2]
    assert any(way[1].box[0] >= 55 and way[0].box[0] + way[0].box[2] <= 66 for way in minus_first)


def test_digits_written_into_one_another_are_read_as_the_number(digit_model):
    """A one and a zero run together, joined in their middle (no thin joint at a one's head or foot):
    the cut the classifier prefers is the number, not one wide digit."""
    from companion.scan.reader import _fuse, _read_digits
    ink = _ink(160)
    cv2.line(ink, (50, 12), (50, 60), 1.0, 4)
    cv2.ellipse(ink, (72, 36), (16, 24), 0, 0, 360, 1.0, 4)
    cv2.line(ink, (50, 36), (57, 36), 1.0, 4)                       # the pen did not lift
    cell = segment(ink)
    [cuts] = _read_digits([cell])
    assert _fuse(None, cuts).best()[0] == 10
