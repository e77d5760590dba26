"""Each cell of the straightened grid: blank, or its ink cut into characters.

The ink is split into connected strokes; specks are dropped, strokes above
one another are one character, a short flat stroke in front is a minus sign,
and a character as wide as two is cut where it is thinnest.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .locate import PX_PER_MM, Straight

INSET = 0.7 * PX_PER_MM          # keep clear of the printed line
LINE = 0.6                       # half a printed line's width and the straightening's error, mm
INK = 0.3                        # a stroke pixel
FAINT = 0.12                     # the faintest ink that still says something was written
SHARED = 0.3                     # a neighbour's stroke this far into a cell (of its writing's height),
                                 # with 30% of its ink there, leaves the cell not surely empty
STRONG = 0.55                    # a stroke has some pixels at least this dark
MIN_HEIGHT = 0.22                # writing is at least this part of the box's height
WIDE = 0.8                       # a glyph this wide (of its height) may be two digits in one another
DASH = 0.45                      # a flat stroke alone lower than this (of the box's height) is a dash
DASH_WIDE = 2.2                  # and this wide (of its own height) at least: a thick pen's short dash on a 3 MP
                                 # hard photo (600-635: 603's treasury 0) was 32 x 13 px, read 4 at 2.5
CROSSED = 0.25                   # a dash's pen crosses at most this share of its columns more than once
JOINT = 0.6                      # two touching digits meet where the ink is this thin (of a column's usual)
SPECK = 0.45                     # a glyph less tall than this (of the tallest) is a speck or a minus, no digit


@dataclass
class Glyph:
    box: tuple[int, int, int, int]         # x, y, w, h in the cell image
    image: np.ndarray                      # ink 0..1, only this glyph's strokes
    minus: bool = False


@dataclass
class Cell:
    row: int
    player: int
    ink: np.ndarray                        # the cell's ink, 0..1, strokes kept
    glyphs: list[Glyph] = field(default_factory=list)
    text_height: int = 0
    faint: bool = False                    # blank, but with strokes too faint to read: never taken as empty
    dash: bool = False                     # blank but for a dash: a zero written the short way
    # Another way to cut it, when a one may lean on the digit after it (10, 15, 17 written in one go).
    other_cut: list[Glyph] | None = None
    # Every other way worth weighing (other_cut first): a glyph cut where its ink is thin, two glyphs
    # taken as one; the classifier, which knows a piece or a pair from a digit, weighs them (reader.py).
    alternatives: list[list[Glyph]] = field(default_factory=list)

    @property
    def blank(self) -> bool:
        return not self.glyphs

    def picture(self, height: int = 32, pad: int = 10) -> np.ndarray:
        """Black on white, the characters `height` pixels tall: what Tesseract is shown."""
        x0 = min(g.box[0] for g in self.glyphs)
        x1 = max(g.box[0] + g.box[2] for g in self.glyphs)
        y0 = min(g.box[1] for g in self.glyphs)
        y1 = max(g.box[1] + g.box[3] for g in self.glyphs)
        crop = np.zeros((y1 - y0, x1 - x0), np.float32)
        for g in self.glyphs:
            x, y, w, h = g.box
            crop[y - y0:y - y0 + h, x - x0:x - x0 + w] = np.maximum(crop[y - y0:y - y0 + h, x - x0:x - x0 + w],
                                                                     g.image)
        scale = height / max(self.text_height, 1)
        size = (max(1, round(crop.shape[1] * scale)), max(1, round(crop.shape[0] * scale)))
        crop = cv2.resize(crop, size, interpolation=cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA)
        out = np.clip(255 - np.clip(crop * 1.4, 0, 1) * 255, 0, 255).astype(np.uint8)
        return cv2.copyMakeBorder(out, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)


def cell_box(s: Straight, row: int, player: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) inside the cell's printed lines, in the straightened image."""
    c = player + 1
    top, bottom = s.ys[row, c], s.ys[row + 1, c]
    left, right = s.xs[c, row], s.xs[c + 1, row]
    return (int(round(left + INSET)), int(round(top + INSET)),
            int(round(right - INSET)), int(round(bottom - INSET)))


def cut(s: Straight, row: int, player: int) -> Cell:
    """The cell's writing, strokes that cross its printed lines included.

    A window reaching into the neighbouring cells is cut; the printed lines in
    it are wiped and the strokes that crossed them joined again across the
    gap; then every stroke belongs to the cell that holds most of its ink. So a
    digit written over the line keeps its whole shape, and a neighbour's that
    strays in is left out."""
    c = player + 1
    top, bottom = s.ys[row, c], s.ys[row + 1, c]
    left, right = s.xs[c, row], s.xs[c + 1, row]
    reach_y, reach_x = 0.4 * (bottom - top), 0.15 * (right - left)
    # Whose a stroke is, is judged in a wider window (the neighbours' cells whole), so a neighbour's
    # digit that strays over the line is seen as theirs, not as mostly ours.
    far_y, far_x = 1.0 * (bottom - top), 0.6 * (right - left)
    h, w = s.ink.shape
    wy0, wy1 = max(0, int(top - far_y)), min(h, int(bottom + far_y) + 1)
    wx0, wx1 = max(0, int(left - far_x)), min(w, int(right + far_x) + 1)
    ink = s.ink[wy0:wy1, wx0:wx1].copy()
    band = max(1, int(round(LINE * PX_PER_MM)))
    near_rows = [s.ys[r, c] for r in range(max(0, row - 1), min(len(s.ys), row + 3))]
    near_cols = [s.xs[k, row] for k in range(max(0, c - 1), min(len(s.xs), c + 3))]
    ink = _wipe_lines(ink, [y - wy0 for y in near_rows], [x - wx0 for x in near_cols], band,
                      (right - left, bottom - top))
    box = (left - wx0, top - wy0, right - wx0, bottom - wy0)
    ink, shared = _own_strokes(ink, box)
    ny0, nx0 = max(0, int(top - reach_y)), max(0, int(left - reach_x))
    ink = ink[ny0 - wy0:min(h, int(bottom + reach_y) + 1) - wy0, nx0 - wx0:min(w, int(right + reach_x) + 1) - wx0]
    # Writing fits the cell: in a narrow cell it is small, so "tall enough to be writing" is measured
    # against the cell's width too.
    cell = segment(ink, row, player, text=row == 0, height=int(min(bottom - top, 0.9 * (right - left))))
    if cell.dash and _on_its_lines(cell.ink, (top - ny0, bottom - ny0), band):
        cell.dash, cell.faint = False, True      # what is left of a number written over the line: unread
    if shared and cell.blank and not cell.dash:
        cell.faint = True         # a neighbour's stroke fills a good part of it: not surely empty
    return cell


def _on_its_lines(ink: np.ndarray, lines: tuple[float, float], band: int) -> bool:
    """Whether a dash reaches the band of the cell's top or bottom line. A player's dash is drawn in
    the box; a flat stroke against the line is the foot of a number written over it, cut off at the
    line (its digits went to the row above, a 20's feet left here), not a zero."""
    rows = np.flatnonzero((ink > INK).any(axis=1))
    return bool(rows.size) and (rows[0] <= lines[0] + band + 1 or rows[-1] >= lines[1] - band - 1)


def _wipe_lines(ink: np.ndarray, ys: list[float], xs: list[float], band: int,
                cell: tuple[float, float]) -> np.ndarray:
    """The printed lines wiped out, and strokes that crossed them joined across the gap; where a
    pen stroke lies on a line, its ink beside the line is kept (_strokes_on_lines).

    A line is wiped where the grid says it is and wherever ink runs straight for a cell's whole
    width or height (no digit does), so a line found a pixel off leaves nothing behind. The gap is
    bridged where a stroke crossed the line (_uncrossed)."""
    h, w = ink.shape
    across_h = np.zeros(ink.shape, bool)      # the bands of the horizontal lines, and of the vertical
    across_v = np.zeros(ink.shape, bool)
    for y in ys:
        across_h[max(0, int(round(y)) - band):max(0, int(round(y)) + band + 1), :] = True
    for x in xs:
        across_v[:, max(0, int(round(x)) - band):max(0, int(round(x)) + band + 1)] = True
    dark = (ink > INK).astype(np.uint8)
    cell_w, cell_h = cell
    # A printed line runs through the whole window (three rows); two numbers written over one another
    # may together run straight for a row's height (a one under a six that touches it), never for 1.5.
    long_h = cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones((1, max(3, int(0.9 * cell_w))), np.uint8))
    long_v = cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones((max(3, int(1.5 * cell_h)), 1), np.uint8))
    across_h |= cv2.dilate(long_h, np.ones((3, 3), np.uint8)).astype(bool)
    across_v |= cv2.dilate(long_v, np.ones((3, 3), np.uint8)).astype(bool)
    wipe = across_h | across_v
    on_lines, thick = _strokes_on_lines(dark, ys, xs, band)
    # Pen ink on a line always goes on beside it (a 3's foot joins its body, across the line if it
    # was written low): what is kept must reach ink outside the wiped lines, so no piece of a line
    # (a bent one's edge) stays alone.
    kept = (dark.astype(bool) & ~wipe) | thick
    _, pieces = cv2.connectedComponents(kept.astype(np.uint8), connectivity=8)
    on_lines &= np.isin(pieces, np.unique(pieces[dark.astype(bool) & ~wipe]))
    wipe &= ~on_lines
    wiped = np.where(wipe, 0, ink).astype(np.float32)
    span = 2 * band + 3
    joined_v = cv2.morphologyEx(wiped, cv2.MORPH_CLOSE, np.ones((span, 1), np.uint8))
    joined_h = cv2.morphologyEx(wiped, cv2.MORPH_CLOSE, np.ones((1, span), np.uint8))
    # A curve that runs along the line (a 3's or a 0's foot written low) leaves its ends on both
    # sides of the band at a slant: joined across by a round closing.
    joined_d = cv2.morphologyEx(wiped, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (span, span)))
    bridged = np.maximum(np.maximum(joined_v, joined_h), joined_d)
    bridged[_uncrossed(dark.astype(bool), across_h, across_v, xs, band)] = 0
    out = np.where(wipe, bridged, wiped).astype(np.float32)
    return _without_crumbs(out, wipe, band)


def _uncrossed(dark: np.ndarray, across_h: np.ndarray, across_v: np.ndarray, xs: list[float], band: int
               ) -> np.ndarray:
    """Where the closings must not bridge a wiped line: the stretches of a vertical line's band with
    no ink right beside the line on both sides (within the band's width along it), but where a
    horizontal line crosses it. Two numbers in neighbouring columns, each a pixel or two clear of
    the line between them, were bridged into one stroke there, and what stayed of it in the cell was
    a bar (89 read as 189). A horizontal line is bridged all along (a 3's foot written low runs
    along it, and the round closing joins its ends), and so is a vertical line not there to find."""
    out = np.zeros(dark.shape, bool)
    d = dark.T
    reach = np.ones((1, 2 * band + 1), np.uint8)
    for at in xs:
        a, b = max(0, int(round(at)) - band - 2), min(d.shape[0], int(round(at)) + band + 3)
        core = np.flatnonzero(d[a:b].mean(axis=1) > 0.8)
        if core.size == 0 or a + core[0] == 0 or a + core[-1] + 1 >= d.shape[0]:
            continue
        # A stroke crossing at a slant leaves the line a little farther along than it met it.
        before = cv2.dilate(d[a + core[0] - 1][None, :].astype(np.uint8), reach)[0].astype(bool)
        after = cv2.dilate(d[a + core[-1] + 1][None, :].astype(np.uint8), reach)[0].astype(bool)
        clear = ~(before & after)                   # rows where nothing crosses this line
        out[:, a:b] |= clear[:, None] & across_v[:, a:b] & ~across_h[:, a:b]
    return out


def _without_crumbs(ink: np.ndarray, wipe: np.ndarray, band: int) -> np.ndarray:
    """Crumbs of a printed line that the wiping missed (its edge where the paper bends): small
    specks lying wholly beside a wiped line. Left in, one joins the digit under it into one
    glyph twice as tall as the others, and the other digits are taken for specks."""
    zone = cv2.dilate(wipe.astype(np.uint8), np.ones((2 * band + 1, 2 * band + 1), np.uint8)).astype(bool)
    mask = (ink > INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return ink
    outside = np.zeros(count, bool)
    outside[np.unique(labels[(mask > 0) & ~zone])] = True
    small = stats[:, cv2.CC_STAT_AREA] <= (2 * band + 1) ** 2
    crumbs = np.flatnonzero(~outside & small)
    crumbs = crumbs[crumbs > 0]
    return np.where(np.isin(labels, crumbs), 0, ink).astype(np.float32) if crumbs.size else ink


def _strokes_on_lines(dark: np.ndarray, ys: list[float], xs: list[float], band: int
                      ) -> tuple[np.ndarray, np.ndarray]:
    """Where a pen stroke lies on a printed line (a 3's foot written low, drawn along it): there the
    ink across the line's band is thicker than the line alone. Those stretches, but for the line's
    own rows, are kept, not wiped; and the second mask is all the ink there, the line's rows too."""
    keep = np.zeros(dark.shape, bool)
    thick_ink = np.zeros(dark.shape, bool)
    for lines, crossing, flip in ((ys, xs, False), (xs, ys, True)):
        d = dark.T if flip else dark
        k = keep.T if flip else keep
        t = thick_ink.T if flip else thick_ink
        clear = np.ones(d.shape[1], bool)          # where the lines cross, the other line is no pen
        for at in crossing:
            clear[max(0, int(round(at)) - band - 2):max(0, int(round(at)) + band + 3)] = False
        for at in lines:
            a, b = max(0, int(round(at)) - band), min(d.shape[0], int(round(at)) + band + 1)
            if b - a < 2:
                continue
            across = d[a:b].sum(axis=0)
            printed = across[across > 0]
            if printed.size < 0.5 * d.shape[1]:
                continue                  # the line itself is not there to measure
            line = float(np.median(printed))
            thick = (across >= line + max(2.0, 0.5 * line)) & clear
            thick = cv2.dilate(thick.astype(np.uint8)[None, :], np.ones((1, 3), np.uint8))[0].astype(bool)
            # The line's own rows stay wiped (the closing joins the stroke across them again): what is
            # kept is the pen's ink beside the line, never a piece of the line between two digits.
            bare = np.flatnonzero(clear & ~thick & (across > 0))
            if bare.size == 0:
                continue
            strip = d[a:b].astype(bool)
            for j in np.flatnonzero(thick):
                # The line's rows here: where it runs in the nearest bare columns on either side.
                near = bare[np.argsort(np.abs(bare - j))[:4]]
                core = strip[:, near].any(axis=1)
                k[a:b, j] |= strip[:, j] & ~core
                t[a:b, j] |= strip[:, j]
    return keep, thick_ink


def _own_strokes(ink: np.ndarray, box) -> tuple[np.ndarray, bool]:
    """The strokes of the cell (box: its lines, in the window): those centred in it (the middle of the
    box around them: a digit written over a line is centred on its own cell, though its heavy part, a
    7's bar, may lie in the next), whole. A stroke centred elsewhere with a good part of its ink here
    (run into a neighbour's digit) is kept as far as the cell's lines: writing is never dropped whole
    because it touches a neighbour's, and a neighbour's bar over the line is left a speck.

    Also whether such a stroke was left out though it reaches well into the cell: two numbers
    written over one another (one low, one high) are one stroke no taller than a row, and what the
    cell holds of it cannot be told from the neighbour's; the cell is then not surely empty."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    mask = _parted_rows((ink > INK).astype(np.uint8), y0, y1)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return np.zeros_like(ink), False
    inside = np.zeros(ink.shape, bool)
    inside[max(0, y0):y1 + 1, max(0, x0):x1 + 1] = True
    total = np.bincount(labels.ravel(), ink.ravel(), count)
    within = np.bincount(labels[inside], ink[inside], count) / np.maximum(total, 1e-6)
    cx = stats[:, cv2.CC_STAT_LEFT] + stats[:, cv2.CC_STAT_WIDTH] / 2
    cy = stats[:, cv2.CC_STAT_TOP] + stats[:, cv2.CC_STAT_HEIGHT] / 2
    centred = (cx >= x0) & (cx <= x1) & (cy >= y0) & (cy <= y1)
    whole = np.flatnonzero(centred)
    part = np.flatnonzero(~centred & (within > 0.25))
    # A stroke of ours goes a little over the lines, not into the middle of the next cell.
    near = np.zeros(ink.shape, bool)
    my, mx = int(0.3 * (y1 - y0)), int(0.15 * (x1 - x0))
    near[max(0, y0 - my):y1 + my + 1, max(0, x0 - mx):x1 + mx + 1] = True
    keep = np.isin(labels, whole[whole > 0]) & near
    writing = min(y1 - y0, 0.9 * (x1 - x0))          # how tall writing is in this cell (as segment() judges)
    shared = False
    for i in part[part > 0]:
        clipped = (labels == i) & inside
        rows = np.flatnonzero(clipped.any(axis=1))
        reach = rows[-1] - rows[0] + 1 if rows.size else 0
        if reach >= 0.4 * writing:     # a digit's worth, not a stray end
            keep |= clipped
        elif reach >= SHARED * writing and within[i] > 0.3:
            shared = True
    # What lies outside the cell and touches nothing of it (the neighbours' writing) is dropped.
    return np.where(keep, ink, 0).astype(np.float32), shared


def _parted_rows(mask: np.ndarray, top: int, bottom: int) -> np.ndarray:
    """Writing of two rows that runs together over the line between them, parted again.

    A number written low touches the one written high in the row below: one stroke taller than a
    row, which no single number is. It is cut at its thinnest row near the line (where the two
    numbers meet), so each keeps its whole shape and its own cell."""
    height = bottom - top
    if height < 4:
        return mask
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = mask.copy()
    for i in range(1, count):
        x, y, w, h, _ = stats[i]
        if h <= 1.05 * height:
            continue
        own = labels[y:y + h, x:x + w] == i
        rows = own.sum(axis=1).astype(np.float32)
        for line in (top, bottom):
            # Where the two may meet: near the line, leaving each part a number's height at least.
            lo = max(line - int(0.35 * height), y + int(0.3 * height))
            hi = min(line + int(0.35 * height), y + h - int(0.3 * height))
            if hi - lo < 1:
                continue
            near = rows[lo - y:hi - y]
            ats = np.arange(lo, hi)
            # Each part one number's height at most: the thinnest row of a 3's open bowl is no joint.
            fits = (ats - y <= 0.9 * height) & (y + h - ats - 1 <= 0.9 * height)
            # The thinnest row where both parts fit (anywhere, if none does), the nearest the line among equals.
            order = np.lexsort((np.abs(ats - line), near, ~fits if fits.any() else np.zeros_like(fits)))
            at = lo + int(order[0])
            region = out[at:at + 1, x:x + w]
            region[own[at - y:at - y + 1]] = 0
    return out


def segment(ink: np.ndarray, row: int = 0, player: int = 0, text: bool = False, height: int | None = None) -> Cell:
    """The cell's glyphs; `text` (a name) keeps every stroke, small letters too, uncut.
    `height`: the cell's height between its lines, when `ink` is a larger window around it."""
    height_, width = ink.shape
    height = height or height_
    mask = (ink > INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    keep = []
    min_area = max(6, (0.35 * PX_PER_MM) ** 2 * 2)
    darkest = np.zeros(count, np.float32)
    np.maximum.at(darkest, labels.ravel(), ink.ravel())
    faint = _faint(ink, height, min_area)
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if area < min_area or darkest[i] < STRONG or w <= 2:     # too narrow for a pen: a line's remnant
            continue
        # Leftovers of a printed line along the cell's edge: long and thin, touching it.
        touches = x == 0 or y == 0 or x + w == width or y + h == height_
        if touches and ((w > 0.5 * width and h < 0.15 * height) or (h > 0.7 * height and w < 0.06 * width)):
            continue
        keep.append(i)
    cell = Cell(row, player, np.zeros_like(ink), faint=faint)
    if not keep:
        return cell
    kept = np.isin(labels, keep)
    cell.ink = np.where(kept, ink, 0).astype(np.float32)
    # Strokes above one another (a 5's flag, a broken 4) are one character.
    boxes = {i: tuple(int(v) for v in stats[i][:4]) for i in keep}
    groups: list[tuple[list[int], int, int]] = []          # (labels, x0, x1)
    for i in sorted(keep, key=lambda j: boxes[j][0]):
        x, _, w, _ = boxes[i]
        for n, (members, gx0, gx1) in enumerate(groups):
            if min(gx1, x + w) - max(gx0, x) > 0.5 * min(w, gx1 - gx0):
                groups[n] = (members + [i], min(gx0, x), max(gx1, x + w))
                break
        else:
            groups.append(([i], x, x + w))
    glyphs = []
    for members, x, x1 in groups:
        y = min(boxes[j][1] for j in members)
        h = max(boxes[j][1] + boxes[j][3] for j in members) - y
        w = x1 - x
        image = np.where(np.isin(labels[y:y + h, x:x + w], members), ink[y:y + h, x:x + w], 0).astype(np.float32)
        glyphs.append(Glyph((x, y, w, h), image))
    tallest = max(g.box[3] for g in glyphs)
    if tallest < MIN_HEIGHT * height:         # specks, a smudge: nothing written
        return cell
    cell.text_height = tallest
    if text:
        cell.glyphs = glyphs
        return cell
    if all(_flat(g, tallest) and _one_stroke_across(g) for g in glyphs) and tallest < DASH * height:
        cell.dash, cell.faint = True, False   # a dash alone: a zero written the short way
        return cell
    out, other = [], []
    for n, g in enumerate(glyphs):
        x, y, w, h = g.box
        # A minus: short and flat; a long one drawn with a slope may be half as tall as the digit.
        if h < SPECK * tallest or (n == 0 and len(glyphs) > 1 and w >= 2.2 * h and h < 0.6 * tallest):
            flat = w >= 1.5 * h and w > 0.25 * tallest
            if flat and n == 0 and len(glyphs) > 1 and not out:
                g.minus = True
                out.append(g)
                other.append(g)
            continue                  # a speck, a dot, a stray mark
        parts = _split_wide(g, tallest)
        if len(parts) == 2 and not out and _flat(parts[0], tallest):
            parts[0].minus = True     # a minus run into its digit, cut off where they touch
        out.extend(parts)
        leaning = _leaning_one(g, tallest) if len(parts) == 1 else None
        if leaning is None and len(parts) == 1:
            leaning = _forced_split(g)
        other.extend(leaning or parts)
    cell.glyphs = out
    if len(other) > len(out):
        cell.other_cut = other
    cell.alternatives = _alternatives(out, cell.other_cut)
    return cell


MAX_WAYS = 8


def _flat(g: Glyph, tallest: int) -> bool:
    """Short and flat, drawn across: a minus (or a dash for zero), not a digit."""
    w, h = g.box[2], g.box[3]
    return h < 0.45 * tallest and w >= 1.5 * h and w > 0.25 * tallest or (w >= DASH_WIDE * h and h == tallest)


def _one_stroke_across(g: Glyph) -> bool:
    """Drawn across in one stroke, as a dash is: down nearly every column the pen crossed once.
    Digits written small and run together (a flat "200") are as flat, but cross most columns
    two or three times (a 0's top and bottom)."""
    mask = g.image > INK
    crossings = (mask[1:] & ~mask[:-1]).sum(axis=0) + mask[0]
    inked = crossings > 0
    return bool(inked.any()) and float((crossings[inked] > 1).mean()) < CROSSED


def _alternatives(out: list[Glyph], other: list[Glyph] | None) -> list[list[Glyph]]:
    """Other ways to cut the cell: each glyph wide enough to be two (or three) digits cut at its thin
    columns, each pair of neighbours joined, and each pair cut from one stroke cut apart elsewhere
    (_moved); one change at a time."""
    ways = [other] if other else []
    for n, g in enumerate(out):
        if g.minus:
            continue
        for parts in _cuts(g, first=n == 0):
            ways.append(out[:n] + parts + out[n + 1:])
    # Each pair of neighbours joined once: a way of its own, and the stroke _moved cuts again.
    joined = [None if a.minus or b.minus else _joined(a, b) for a, b in zip(out, out[1:])]
    ways += [out[:n] + [whole] + out[n + 2:] for n, whole in enumerate(joined) if whole is not None]
    for n, whole in enumerate(joined):
        if whole is not None:
            ways.extend(out[:n] + parts + out[n + 2:] for parts in _moved(out[n], out[n + 1], whole))
    return ways[:MAX_WAYS]


def _moved(a: Glyph, b: Glyph, whole: Glyph) -> list[list[Glyph]]:
    """Two glyphs cut from one stroke (_split_wide, `whole` the two joined), cut apart at the
    stroke's other thin columns.
    The thinnest column by ink may lie in a bar or a foot (a 4's bar run into the 6 before it, a 2's
    foot): cut there, one digit takes a piece of the other, and cutting either piece again never
    gives the two digits back; the classifier weighs where the joint is (reader.py)."""
    if a.box[0] + a.box[2] != b.box[0]:
        return []                     # two strokes apart: nothing to move
    return [parts for parts in _cuts(whole)
            if len(parts) == 2 and abs(parts[1].box[0] - b.box[0]) > 2]


def _cuts(g: Glyph, first: bool = False) -> list[list[Glyph]]:
    """A glyph cut at each of its thinnest columns (two digits), and at two of them when it is wide
    enough for three; the first glyph's flat left piece is a minus that touches its digit."""
    x, y, w, h = g.box
    if w < 0.55 * h or w < 8:
        return []
    columns = (g.image > INK).sum(axis=0).astype(np.float32)
    smooth = np.convolve(columns, np.ones(3) / 3, mode="same")
    lo, hi = max(2, int(0.15 * w)), min(w - 2, int(0.85 * w))
    minima = [i for i in range(lo, hi) if smooth[i] <= smooth[i - 1] and smooth[i] <= smooth[i + 1]]
    minima.sort(key=lambda i: smooth[i])
    picked: list[int] = []
    for i in minima:
        if all(abs(i - j) > 0.12 * w for j in picked):
            picked.append(i)
        if len(picked) == 3:
            break
    if first:                         # where a flat stroke on the left (a minus) meets the digit
        mask = g.image > INK
        has = mask.any(axis=0)
        top = np.where(has, mask.argmax(axis=0), h)
        bottom = np.where(has, h - mask[::-1].argmax(axis=0), 0)
        short = (bottom - top) < 0.3 * h
        run = int(np.argmin(short)) if not short.all() else 0
        if run >= 0.2 * w and all(abs(run - j) > 1 for j in picked):
            picked.append(run)
    out = []
    apart = _minus_apart(g) if first else None
    if apart:
        out.append(apart)
    for at in picked:
        parts = _pieces(g, [at], first)
        if parts:
            out.append(parts)
    if w >= 1.2 * h and len(picked) >= 2:
        a, b = sorted(picked[:2])
        if b - a > 0.2 * w:
            parts = _pieces(g, [a, b])
            if parts:
                out.append(parts)
    return out


def _minus_apart(g: Glyph) -> list[Glyph] | None:
    """A minus run into a stroke of its digit that reaches under or over it (a slanted 4's upright, its foot
    left of the 4): no column parts them, as the minus's columns hold the digit's foot too. The flat stroke
    on the left is followed along its own rows, a column at a time, to where it meets the digit (its ink
    there as tall as a digit's); that much is the minus, the rest the digit (development seed 32300002, a
    military -4 read 4 by all three readers). None where the first columns hold more than one stroke, the
    stroke breaks off, or what is followed is no minus's shape (_flat's)."""
    mask = g.image > INK
    h, w = mask.shape
    own = np.zeros_like(mask)
    band, thick = None, []
    for j in range(w):
        starts, ends = _runs(mask[:, j])
        near = [(a, b) for a, b in zip(starts, ends) if band is None or (a <= band[1] + 1 and b >= band[0] - 1)]
        if len(near) != 1 or (band is None and len(starts) != 1):
            return None
        a, b = near[0]
        # Met: the ink here as tall as a digit's, or twice the minus's own (a slanted stroke crossing it).
        if b - a >= MINUS_MEETS * h or (len(thick) >= 2 and b - a >= 2 * max(thick)):
            break
        own[a:b, j] = True
        band = (a, b - 1)
        thick.append(b - a)
    else:
        return None
    rows = np.flatnonzero(own.any(axis=1))
    if rows.size == 0 or not _flat(Glyph((0, 0, j, rows[-1] - rows[0] + 1), own), h):
        return None
    if not MINUS_ROWS[0] * h <= (rows[0] + rows[-1]) / 2 <= MINUS_ROWS[1] * h:
        return None                   # a bar at the top or a foot (a 7's, a 2's), not a minus beside the digit
    parts = [_part(g, np.where(own, g.image, 0)), _part(g, np.where(own, 0, g.image))]
    # The digit tall, and the minus in front of it by half its length at least: not a crossed 7's bar, its
    # top bar further left.
    if not all(parts) or parts[1].box[3] < 0.8 * h or parts[1].box[0] - g.box[0] < MINUS_AHEAD * j:
        return None
    parts[0].minus = True
    return parts


MINUS_MEETS = 0.3                # where the stroke a minus is followed along is this tall (of the glyph's height)
MINUS_ROWS = (0.3, 0.7)          # a minus's middle lies this far down its digit
MINUS_AHEAD = 0.5                # and the digit's ink starts this far along it (of its length)


def _runs(column: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where a column's ink starts and ends (end exclusive), run by run."""
    edges = np.diff(np.concatenate([[0], column.astype(np.int8), [0]]))
    return np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)


def _pieces(g: Glyph, ats: list[int], first: bool = False) -> list[Glyph] | None:
    x, y, w, h = g.box
    edges = [0] + ats + [w]
    parts = []
    for n, (a, b) in enumerate(zip(edges, edges[1:])):
        piece = g.image[:, a:b]
        rows = np.flatnonzero(piece.max(axis=1) > INK)
        if rows.size == 0:
            return None
        tall = rows[-1] - rows[0] + 1
        minus = bool(first and n == 0 and len(edges) == 3 and tall < 0.3 * h and b - a >= 1.5 * tall)
        if tall < 0.35 * h and not minus:
            return None
        piece = piece[rows[0]:rows[-1] + 1]
        parts.append(Glyph((x + a, y + int(rows[0]), b - a, piece.shape[0]), piece, minus=minus))
    return parts


def _joined(a: Glyph, b: Glyph) -> Glyph:
    x0, y0 = min(a.box[0], b.box[0]), min(a.box[1], b.box[1])
    x1 = max(a.box[0] + a.box[2], b.box[0] + b.box[2])
    y1 = max(a.box[1] + a.box[3], b.box[1] + b.box[3])
    image = np.zeros((y1 - y0, x1 - x0), np.float32)
    for g in (a, b):
        gx, gy, gw, gh = g.box
        region = image[gy - y0:gy - y0 + gh, gx - x0:gx - x0 + gw]
        np.maximum(region, g.image, out=region)
    return Glyph((x0, y0, x1 - x0, y1 - y0), image)


def _faint(ink: np.ndarray, height: int, min_area: float) -> bool:
    """Strokes too faint or broken to read (a pencil, a dry pen): some light ink as tall as writing."""
    low = (ink > FAINT).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(low, connectivity=8)
    return any(stats[i][3] >= 0.3 * height and stats[i][4] >= min_area and 2 < stats[i][2] < ink.shape[1] * 0.8
               for i in range(1, count))


def _leaning_one(g: Glyph, tallest: int) -> list[Glyph] | None:
    """A one that touches the digit after it: a tall bare stroke on the left, joined at its head or
    foot by one thin bridge. A 6, 8 or 9 is crossed twice or more wherever it is cut, so it never
    qualifies; a 0 left open may, and the classifier then weighs both cuts (reader.py).
    A one written slanted leans into its neighbour: no upright column parts them, so the glyph is
    also looked at sheared upright (LEANS) and cut along the one's slant. Two ones side by side
    (an 11, the second's flag on the first's head) are narrower than most pairs: NARROW_PAIR."""
    x, y, w, h = g.box
    if w < NARROW_PAIR * h or h < 0.8 * tallest:
        return None
    for lean in LEANS:
        left = _one_apart(g.image > INK, lean)
        if left is not None:
            parts = [_part(g, np.where(left, g.image, 0)), _part(g, np.where(left, 0, g.image))]
            return parts if all(parts) else None
    return None


NARROW_PAIR = 0.35               # a glyph this wide (of its height) may be a one and the digit it touches
LEANS = (0.0, 0.15, 0.3)         # a one's slant forward (of its height), straightened to find the cut


def _one_apart(mask: np.ndarray, lean: float) -> np.ndarray | None:
    """Where the glyph, sheared by `lean` (its head back over its foot), is a tall bare stroke on the
    left joined at its head or foot by one thin bridge: the one's pixels, in the glyph as it is."""
    h, w = mask.shape
    ys, xs = np.mgrid[0:h, 0:w]
    # A column of the sheared glyph is a line with the one's slant in the glyph as it is.
    column = np.floor(xs + lean * ys).astype(int)
    width = int(column.max()) + 1
    sheared = np.zeros((h, width), bool)
    sheared[ys[mask], column[mask]] = True
    has = np.flatnonzero(sheared.any(axis=0))
    x0, x1 = int(has[0]), int(has[-1]) + 1
    columns = sheared.sum(axis=0)
    span = x1 - x0
    lo, hi = x0 + max(1, int(span * 0.15)), x0 + int(span * 0.5)
    if hi <= lo:
        return None
    at = lo + int(np.argmin(columns[lo:hi]))
    runs = np.count_nonzero(np.diff(np.concatenate([[0], sheared[:, at].astype(np.int8), [0]])) == 1)
    if runs != 1 or columns[at] > 0.25 * h:
        return None
    left, right = sheared[:, :at], sheared[:, at:]
    left_rows, right_rows = np.flatnonzero(left.any(axis=1)), np.flatnonzero(right.any(axis=1))
    if left_rows.size == 0 or right_rows.size == 0:
        return None
    if left_rows[-1] - left_rows[0] < 0.8 * h or right_rows[-1] - right_rows[0] < 0.5 * h:
        return None
    left_cols = np.flatnonzero(left.any(axis=0))
    if left_cols[-1] - left_cols[0] + 1 > 0.4 * h:       # not a bare stroke
        return None
    # A one touches its neighbour at its head or its foot; a bridge two thirds down is a 4's bar.
    bridge = float(np.flatnonzero(sheared[:, at]).mean()) / h
    if 0.3 < bridge < 0.8:
        return None
    return column < at


def _part(g: Glyph, image: np.ndarray) -> Glyph | None:
    """The glyph's ink that `image` keeps, cropped to it, as a glyph of the cell."""
    rows = np.flatnonzero(image.max(axis=1) > INK)
    cols = np.flatnonzero(image.max(axis=0) > INK)
    if rows.size == 0:
        return None
    piece = image[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    return Glyph((g.box[0] + int(cols[0]), g.box[1] + int(rows[0]), piece.shape[1], piece.shape[0]), piece)


def _forced_split(g: Glyph) -> list[Glyph] | None:
    """Two digits written into one another (no thin joint): cut at the column with least ink, as a
    second way of reading the glyph, which the classifier then weighs (reader.py)."""
    x, y, w, h = g.box
    if w < WIDE * h:
        return None
    columns = (g.image > INK).sum(axis=0)
    lo, hi = int(w * 0.3), int(w * 0.7)
    if hi <= lo:
        return None
    at = lo + int(np.argmin(columns[lo:hi]))
    parts = []
    for a, b in ((0, at), (at, w)):
        piece = g.image[:, a:b]
        rows = np.flatnonzero(piece.max(axis=1) > INK)
        if rows.size == 0:
            return None
        piece = piece[rows[0]:rows[-1] + 1]
        parts.append(Glyph((x + a, y + int(rows[0]), b - a, piece.shape[0]), piece))
    return parts


def _split_wide(g: Glyph, tallest: int) -> list[Glyph]:
    """A glyph as wide as two digits that touch: cut at its thinnest column."""
    x, y, w, h = g.box
    if w < 1.05 * h or w < 0.9 * tallest:
        return [g]
    columns = g.image.sum(axis=0)
    lo, hi = int(w * 0.3), int(w * 0.7)
    at = lo + int(np.argmin(columns[lo:hi]))
    if columns[at] > JOINT * np.median(columns[columns > 0]):
        return [g]                    # no thin joint: one wide digit (a 2 with a long foot, a 0)
    parts = []
    for a, b in ((0, at), (at, w)):
        piece = g.image[:, a:b]
        rows = np.flatnonzero(piece.max(axis=1) > INK)
        if rows.size == 0:
            continue
        if a > 0 and rows[-1] - rows[0] + 1 < SPECK * tallest:
            return [g]                # the tail of a bar or a foot (a 4's), thin by its columns: no digit
                                      # (a short piece on the left may be a minus run into its digit)
        piece = piece[rows[0]:rows[-1] + 1]
        parts.append(Glyph((x + a, y + int(rows[0]), b - a, piece.shape[0]), piece))
    return parts if len(parts) == 2 else [g]
