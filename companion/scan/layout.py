"""Our printable pad's geometry, from card_db/pads/*.toml [layout], in pixels.

One place turns the pad's millimetres into the boxes that the printer (the
SVG page), the photo generator and the reader all use, so the three cannot
drift apart.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from ..catalog import catalog
from ..catalog.model import Pad, PadLayout
from ..catalog.plays import PLAYS

ARUCO_DICT = cv2.aruco.DICT_4X4_50
MARKER_BITS = 4                     # the 4x4 dictionary; a marker is 6 modules with its black border
NAME_ROW, TOTAL_ROW, COINS_ROW = "name", "total", "coins"
PAD_IDS = tuple(p.key for p in PLAYS if p.photo_pad)   # a pad for every play the photo reader knows
PAD_TITLES = {p.key: p.title for p in PLAYS}


def pad(pad_id: str) -> Pad:
    found = catalog().pads[pad_id]
    if found.layout is None:
        raise LookupError(f"pad {pad_id} has no printable layout in card_db/pads")
    return found


def dictionary():
    return cv2.aruco.getPredefinedDictionary(ARUCO_DICT)


@lru_cache(maxsize=64)
def marker_bits(marker_id: int) -> tuple[tuple[int, ...], ...]:
    """The marker's modules, 1 for white, with its one-module black border (6x6)."""
    side = MARKER_BITS + 2
    image = cv2.aruco.generateImageMarker(dictionary(), marker_id, side, borderBits=1)
    return tuple(tuple(int(v > 127) for v in row) for row in image)


def marker_owner() -> dict[int, tuple[str, int]]:
    """Marker id -> (pad id, corner 0..3 clockwise from top-left)."""
    owners = {}
    for pad_id in PAD_IDS:
        for corner, marker_id in enumerate(pad(pad_id).layout.markers):
            owners[marker_id] = (pad_id, corner)
    return owners


def marker_corners_mm(layout: PadLayout, corner: int) -> np.ndarray:
    """The marker's four corners on the page (mm), in ArUco's order: its top-left, clockwise."""
    x, y = layout.marker_box(corner)
    s = layout.marker_size
    return np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], dtype=np.float64)


@dataclass(frozen=True)
class Grid:
    """Where the cells are, in mm: rows are the names row, the pad's rows, the total row, and on a
    7 Wonders pad the coins-left row (the tie-break; not part of the total)."""
    pad: Pad
    rows: tuple[str, ...]            # NAME_ROW, row keys..., TOTAL_ROW[, COINS_ROW]
    ys: tuple[float, ...]            # len(rows) + 1 horizontal lines
    xs: tuple[float, ...]            # label column + one a player: columns + 2 vertical lines

    @property
    def players(self) -> int:
        return len(self.xs) - 2

    @property
    def points(self) -> range:
        """The indexes of the rows that add up to the total."""
        return range(1, self.rows.index(TOTAL_ROW))

    def cell(self, row: int, player: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of a player's cell; row 0 is the names row."""
        return self.xs[player + 1], self.ys[row], self.xs[player + 2], self.ys[row + 1]

    def label(self, row: int) -> tuple[float, float, float, float]:
        return self.xs[0], self.ys[row], self.xs[1], self.ys[row + 1]


@lru_cache(maxsize=8)
def grid(pad_id: str) -> Grid:
    p = pad(pad_id)
    rows = (NAME_ROW,) + tuple(r.key for r in p.rows) + (TOTAL_ROW,) + ((COINS_ROW,) if p.layout.coins_height else ())
    return Grid(pad=p, rows=rows, ys=tuple(p.layout.row_edges(len(p.rows))), xs=tuple(p.layout.column_edges()))
