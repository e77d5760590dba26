"""Glyphs as the reader cuts them out of photos, written with the digit network's own training digits.

The network (companion/scan/digits.py) learns from digits.png's clean 20x20 digits; in a photo the
reader sees them otherwise: blurred, binarised, a slice of a printed line left on, a stroke cut where
the cell ends, two digits parted where their ink is thin. So the build also shows it what the reader
cuts: photos of filled pads (every box pad drawn up to 12% off its layout, normal and hard photos, and
our printable pad) written with every digit of digits.png (pad_photos font "digits-train": never
MNIST, never the drawn strokes the bench tests with), each cell cut by cells.cut as a photo is read.

A cell whose first cut has as many glyphs as its number has digits gives each glyph its digit; a
glyph of another way of cutting it that is not one of those (a piece of a digit, or two taken as one)
is "not one digit" (every other one: they outnumber the digits, and with all of them the network
read more of the bench's digits wrong). Cells cut otherwise are left out: which piece is which is unknown.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from companion.scan.cells import cut
from companion.scan.layout import COINS_ROW, NAME_ROW, TOTAL_ROW
from companion.scan.photo import decode

from .pad_photos import HARD, PhotoSpec, make_photo

WRITING = "digits-train"
FORMS = (("box", "normal"), ("box", "hard"), ("printable", "normal"))
PADS = ("7wonders", "7wonders-2e", "duel")
VARY = 0.12
PIECES_KEPT = 2         # one piece in this many is kept


def _number(value: int) -> list[int]:
    return [int(c) for c in str(abs(value))]


def harvest(photos: int, seed: int, not_one: int = 10) -> tuple[list[np.ndarray], list[int], list[int]]:
    """(glyph images, labels 0..9 or `not_one`, the photo each came from) from `photos` photos a pad
    and form; a photo whose pad is not found, or whose columns are not the truth's, gives nothing."""
    from companion.scan.reader import _locate
    images, labels, origin = [], [], []
    photo = pieces = 0
    for pad_id in PADS:
        for sheet, difficulty in FORMS:
            spec = dataclasses.replace(HARD if difficulty == "hard" else PhotoSpec(), size=(4000, 3000))
            for n in range(photos):
                photo += 1
                data, truth = make_photo(seed + n, pad_id, WRITING, spec, sheet=sheet,
                                         vary=VARY if sheet == "box" else 0.0)
                try:
                    gray, _ = decode(data, "photo")
                    straight, found, _ = _locate(gray, pad_id, sheet, "photo")
                except Exception:          # noqa: BLE001 - a pad not found teaches nothing
                    continue
                g = straight.grid
                table = {(r, p): cut(straight, r, p) for p in range(g.players) for r in range(len(g.rows))}
                filled = [p for p in range(g.players) if any(not table[r, p].blank for r in range(len(g.rows)))]
                if found != pad_id or len(filled) != len(truth.scores):
                    continue
                for column, p in enumerate(filled):
                    for r, row in enumerate(g.rows):
                        if row in (NAME_ROW, COINS_ROW):
                            continue
                        value = truth.totals[column] if row == TOTAL_ROW else truth.scores[column].get(row)
                        cell = table[r, p]
                        if value is None or cell.blank:
                            continue
                        first = [gl for gl in cell.glyphs if not gl.minus]
                        want = _number(value)
                        if len(first) != len(want):
                            continue
                        for gl, digit in zip(first, want):
                            images.append(gl.image.astype(np.float32))
                            labels.append(digit)
                            origin.append(photo)
                        whole = {id(gl) for gl in first}
                        for way in cell.alternatives:
                            for gl in way:
                                if not gl.minus and id(gl) not in whole and gl.image.size:
                                    pieces += 1
                                    if pieces % PIECES_KEPT:
                                        continue
                                    images.append(gl.image.astype(np.float32))
                                    labels.append(not_one)
                                    origin.append(photo)
    return images, labels, origin
