"""Find a box pad in a photo without markers: the sheet by its paper, the pad by its printed lines.

1. The sheet: paper is the large bright, grey-white region against the
   table. Its outline, simplified to four corners, gives a homography from
   the sheet's millimetres to the photo, one for each way the sheet can lie
   (its corners taken in turn: any angle, upside down included).
2. Which pad, which way up, and its grid: for every box pad whose proportions may fit the
   outline's, and each of the turns that may, the sheet is straightened small and its printed
   lines found (long straight runs of ink). The grid is taken from them, not from the layout's
   millimetres: its frame is a pair of lines each way, and the layout only says how many lines
   lie between and that the pad's rows are of one height and its player columns of one width
   (a printing's names row, total row, label column, rows and columns may each be a quarter off,
   its margins anything). Which pad and which way up is what fits best: the lines printed where
   the grid has them and nowhere else inside it, not running on past its frame, proportions near
   the layout's, and the label column's icons where the layout puts them. A fit too poor is "no pad".
   The outline's shape is taken with its perspective undone (_shape), not as it looks in the photo:
   the two 7 Wonders pads have the same rows and columns and differ in shape alone, so between them
   the shape weighs more; where a printing's sizes could make either (each up to 12% off), both are
   named (BoxFound.unsure) for the player to choose.
3. The grid: locate.straighten then finds each line near where step 2 found it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .boxpads import BoxPad, box_pad, box_pads
from .layout import Grid
from .locate import Located
from .photo import PhotoError

SMALL_SIDE = 1000               # the sheet is looked for in an image this long
FIT_PPM = 4.0                   # the pad's lines are looked for at this many pixels a mm
ASPECT_SLACK = 0.45             # a sheet's proportions may differ this much from the pad's (log; a
                                # printing's own sizes, perspective): a pad turned a quarter is far more
SIZE_SLACK = 0.25               # a row's or a column's size may be this share off the layout's
EDGE_MM = 2.5                   # the sheet's edge, left out of the lines
THIN_MM = 2.5                   # a printed line is thinner than this (a hard photo's blur included)
THIN_DARKER = 0.95              # and this much darker than the paper either side of it: inside a filled shape the
                                # ink is as dark as around it
EXTRA = 0.08                    # a printed line inside the grid that is none of its lines costs this
DRIFT = 0.5                     # and the proportions' distance from the layout's (log) this much
OVERRUN = 0.5                   # the lines running on past the frame (a share), this much
ICONS = 0.5                     # the label column's icons against the last column's ink, this much
LINE_INK = 0.85                 # a printed line's pixel: this much of the paper's light around it, or less
FAINT_INK = 0.92                # and where no pad fits so: thin grey lines blurred (a photocopy, a hard photo)
FAINT_TRIES = 3                 # the best fits tried again so
SHADOWED = (0.9, 0.8)           # and where none fits still, the paper taken as lighter than these shares of Otsu's
MIN_FIT = 0.5                   # below this: not this pad (a 7 Wonders grid, dark, its sheet misjudged,
                                # fitted the Duel's at 0.45; right ones fit at 0.69 or more on 182 photos)
LINE_DARKNESS = 0.85            # a printed line's pixel: this much of the paper's light around it, or less
EDITION_SHAPE = 1.0             # between pads of the same rows, the grid's shape off (log) costs this much more
EDITION_MARGIN = 0.15           # and one scoring within this of the best: the photo cannot tell which (a
                                # 1st-edition grid 12% shorter and 12% wider scores 0.15 better as the 2nd)
TURN_DOUBT = 0.15               # the pad the other way up fitting within this of the best: the writing decides
MIN_FRAME_FIT = 0.5             # from a printed frame found by itself: a closed line may be some other
                                # box (a pad's right frame fits at 0.53 to 0.8; a wrong one reached 0.36)


@dataclass
class BoxFound:
    box: BoxPad
    located: Located
    fit: float
    grid: Grid                    # the grid as printed, in the straightened sheet's mm
    shape_off: float = 0.0        # how far (log) the printed grid's shape is from the layout's, perspective undone
    fits: dict[str, float] = field(default_factory=dict)    # each pad's best fit, when the pad was not given
    unsure: tuple[str, ...] = ()  # other pads of the same rows that fit nearly as well: the photo cannot tell
    turn: int = 0                 # which of the outline's corners was taken as the sheet's top-left
    outline: tuple = ()           # the outline's corners (photo px), and whether it is the printed frame
    upside_down: BoxFound | None = None   # the same pad the other way up, where it fits nearly as well


def find_box_pad(gray: np.ndarray, pad_id: str | None, where: str = "photo") -> BoxFound:
    """The box pad in the photo: `pad_id`'s, or whichever fits best when None."""
    # The outlines are looked for in the photo made small once (both ways), then scaled back.
    scale = min(1.0, SMALL_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    if np.percentile(small, 99) < PITCH_DARK:
        # No paper this dark was ever found (a hard photo's, in a third of the light, is at 64 or more):
        # said at once, not after every fit of every pad has failed (1 to 1.2 s of CPU at 12 MP).
        raise _retake(small, [], scale, where)
    sheets = ([(q / scale, False) for q in _sheet_candidates(small)]
              + [(q / scale, True) for q in _frame_candidates(small)])
    centre = np.array([gray.shape[1] / 2, gray.shape[0] / 2])
    if not sheets:
        raise PhotoError("no_pad", "no score pad found in the photo: photograph the whole sheet lying on a table, "
                         "its four corners in view", where)
    candidates = [box_pad(pad_id)] if pad_id else box_pads()
    best: dict[str, BoxFound] = {}           # each pad's best fit
    tried = []
    every: list[BoxFound] = []               # every fit, for the best one's other way up

    def keep(found: BoxFound | None, frame: bool) -> None:
        if found and frame and found.fit < MIN_FRAME_FIT:
            return
        if found:
            every.append(found)
        if found and (found.box.pad_id not in best or found.fit > best[found.box.pad_id].fit):
            best[found.box.pad_id] = found
    for corners, frame in sheets:
        shape = _shape(corners, centre, max(gray.shape))
        for box in candidates:
            for turn in range(4):
                found = _fit(gray, corners, box, turn, frame, shape)
                keep(found, frame)
                if found:
                    tried.append((found.fit, corners, box, turn, frame, shape))
    # Whether the photo is sharp enough to look again, asked only where no pad fits (None: one fits).
    sharp = None if max((f.fit for f in best.values()), default=0.0) >= MIN_FIT else _sharpness(small) >= BLURRED
    if sharp and np.percentile(small, 95) >= DARK:
        # No pad's lines where they should be: thin grey lines, blurred a little, fall under LINE_INK
        # (a photocopy in a hard photo). The likeliest few again, their lines taken fainter; not in a
        # photo blurred past reading, whose pad would be found but not its numbers, nor in one too dark
        # (its pad was not found so either, on 3 photos): those are retaken, said in under a second.
        for _, corners, box, turn, frame, shape in sorted(tried, key=lambda t: -t[0])[:FAINT_TRIES]:
            keep(_fit(gray, corners, box, turn, frame, shape, FAINT_INK), frame)
    if sharp and max((f.fit for f in best.values()), default=0.0) < MIN_FIT:
        # A dim photo with a shadow across the sheet: the shadowed paper falls under Otsu's split between
        # paper and table, and the outline loses a corner. The paper taken a little darker, where that
        # gives another outline (a dark Duel photo, its paper at 48 of 255, shadowed, found at 0.85).
        for quad in _sheet_candidates(small, SHADOWED):
            corners = quad / scale
            if any(np.abs(corners - c).max() < 4 / scale for c, _ in sheets):
                continue
            shape = _shape(corners, centre, max(gray.shape))
            for box in candidates:
                for turn in range(4):
                    keep(_fit(gray, corners, box, turn, False, shape), False)
    top = max(best.values(), key=lambda f: f.fit, default=None)
    if top is None or top.fit < MIN_FIT:
        raise _retake(small, [q for q, _ in sheets], scale, where)
    # Pads printed with the same rows and columns (the two 7 Wonders editions) differ in shape alone:
    # between them the shape, its perspective undone, weighs more than in telling a pad from none.
    # One nearly as likely is said, for the player to choose, not guessed.
    alike = [f for f in best.values() if f.grid.rows == top.grid.rows and len(f.grid.xs) == len(top.grid.xs)
             and f.fit >= MIN_FIT]
    if len(alike) > 1:
        score = {f.box.pad_id: f.fit - EDITION_SHAPE * f.shape_off for f in alike}
        top = best[max(score, key=score.get)]
        top.unsure = tuple(k for k, v in score.items()
                           if k != top.box.pad_id and score[top.box.pad_id] - v < EDITION_MARGIN)
    top.fits = {k: round(f.fit, 3) for k, f in best.items()}
    top.upside_down = _upside_down(top, every)
    return top


def _upside_down(top: BoxFound, every: list[BoxFound]) -> BoxFound | None:
    """The pad found in the same outline half a turn away, where its lines fit nearly as well as
    `top`'s: a printing whose names and total rows are of a height and whose label column is as
    wide as a player column is much the same grid either way up, and its faint icons against a
    column of bold writing cannot tell (a Duel photo read upside down, 0.929 against 0.925).
    The writing then says which way is up (reader.py)."""
    (corners, frame), turn = top.outline, (top.turn + 2) % 4
    other = [f for f in every if f.box is top.box and f.turn == turn and f.outline[1] == frame
             and np.array_equal(f.outline[0], corners)]
    if not other:
        return None
    twin = max(other, key=lambda f: f.fit)
    return twin if twin.fit >= MIN_FIT and top.fit - twin.fit < TURN_DOUBT else None


RETAKE = {
    "dark": "no score pad found in the photo: it is too dark; take it again in more light",
    "blurred": "no score pad found in the photo: it is blurred; hold the phone still and let it focus, then "
               "take it again",
    "cut": "no score pad found in the photo: the sheet runs off the photo's edge; take it again with the whole "
           "sheet in view",
    "grid": "no score pad found in the photo: a sheet is there, but not a pad's printed grid; photograph the "
            "whole pad, flat and in focus",
}
DARK = 90                       # the paper's light (the photo's 95th percentile, of 255) under this: too dark
PITCH_DARK = 40                 # the photo's lightest (its 99th percentile) under this: too dark to look for a pad
BLURRED = 1.0                   # the sharpest edges (99.5th percentile of the gradient, of the paper's light)
                                # under this: blurred (a pad blurred by 2 px in 1,000 is no longer found: 0.83 to 0.92)


def _retake(small: np.ndarray, quads: list[np.ndarray], scale: float, where: str) -> PhotoError:
    """Why no pad was found, for the player to retake the photo: too dark, blurred, the sheet cut
    off by the photo's edge, or no pad's grid at all (PhotoError "no_pad", `retake` saying which)."""
    light = float(np.percentile(small, 95))
    sharp = _sharpness(small)
    h, w = small.shape
    cut = any(((q * scale)[:, 0].min() < 3 or (q * scale)[:, 1].min() < 3 or (q * scale)[:, 0].max() > w - 4
               or (q * scale)[:, 1].max() > h - 4) and cv2.contourArea((q * scale).astype(np.float32)) > 0.1 * h * w
              for q in quads)
    kind = "dark" if light < DARK else "blurred" if sharp < BLURRED else "cut" if cut else "grid"
    return PhotoError("no_pad", RETAKE[kind], where, retake=kind)


def _sharpness(small: np.ndarray) -> float:
    """The sharpest edges (99.5th percentile of the gradient) against the paper's light (95th percentile)."""
    gx, gy = cv2.Sobel(small, cv2.CV_32F, 1, 0), cv2.Sobel(small, cv2.CV_32F, 0, 1)
    return float(np.percentile(cv2.magnitude(gx, gy), 99.5)) / max(float(np.percentile(small, 95)), 1.0)


def _sheet_candidates(small: np.ndarray, under: tuple[float, ...] = ()) -> list[np.ndarray]:
    """Where the sheet may be in the small photo: its four corners (in order around it), one guess a
    way of telling paper from table (a light table, a shadow across the sheet); the pad's lines decide.
    `under`: those ways only, the paper taken as anything lighter than these shares of Otsu's split."""
    blur = cv2.GaussianBlur(small, (0, 0), 2)
    # The light evened out: each pixel against the brightest around it, far wider than the sheet's margin.
    # (Worked out a quarter the size: the light changes slowly, and a blur this wide is slow at full size.)
    quarter = cv2.resize(blur, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))
    light = cv2.GaussianBlur(cv2.dilate(quarter, k), (0, 0), 7.5)
    light = cv2.resize(light, (blur.shape[1], blur.shape[0]), interpolation=cv2.INTER_LINEAR)
    flat = cv2.divide(blur, light, scale=200)
    otsu, _ = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks = [blur > otsu, blur > otsu + (255 - otsu) * 0.3, blur > otsu + (255 - otsu) * 0.55]
    flat_otsu, _ = cv2.threshold(flat, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks += [flat > flat_otsu, flat > flat_otsu + (255 - flat_otsu) * 0.3]
    if under:
        masks = [blur > otsu * share for share in under]
    quads = []
    ys, xs = np.nonzero(cv2.Canny(blur, 30, 90))          # the sheet's edges, for every guess
    edges = np.stack([xs, ys], axis=1).astype(np.float32)
    for mask in masks:
        quad = _quad(mask.astype(np.uint8) * 255, edges)
        if quad is not None and not any(np.abs(quad - q).max() < 4 for q in quads):
            quads.append(quad)
    return quads


def _frame_candidates(small: np.ndarray) -> list[np.ndarray]:
    """Where the pad's printed grid may be in the small photo: the outline of its outer frame (in
    order around it). Found where the sheet is not: a shadow across the sheet, or a sheet cut by the
    photo's edge, leaves the paper's outline wrong, while the printed frame is still a closed dark line."""
    # Two ways of telling ink: a local mean threshold, which holds faint lines; and thin dark strokes
    # only, each pixel against the brightest a few pixels around it. A shadow's edge is a broad step,
    # which a closing leaves as it is, so the second does not take the shadow's dark side for ink
    # joined to the frame (the first does); the pad's lines decide between their outlines.
    mean = cv2.adaptiveThreshold(small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 25, 10)
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (9, 9)))
    thin = (small.astype(np.float32) < LINE_DARKNESS * closed.astype(np.float32)).astype(np.uint8) * 255
    thin = cv2.dilate(thin, np.ones((3, 3), np.uint8))      # a faint stretch of the frame bridged
    quads: list[np.ndarray] = []
    for ink in (mean, thin):
        contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:3]:
            if cv2.contourArea(contour) < 0.02 * small.shape[0] * small.shape[1]:
                break
            hull = cv2.convexHull(contour)
            for eps in (0.01, 0.02, 0.04):
                approx = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
                if len(approx) == 4:
                    quad = _around(approx.reshape(4, 2).astype(np.float32))
                    if not any(np.abs(quad - q).max() < 4 for q in quads):
                        quads.append(quad)
                    break
    return quads


def _quad(mask: np.ndarray, edges: np.ndarray) -> np.ndarray | None:
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (9, 9))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, k)       # the writing and the grid inside the sheet
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    sheet = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(sheet)
    if area < 0.04 * mask.shape[0] * mask.shape[1] or area > 0.97 * mask.shape[0] * mask.shape[1]:
        return None
    hull = cv2.convexHull(sheet)
    quad = None
    for eps in (0.01, 0.02, 0.03, 0.05):
        approx = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
            break
    if quad is None:
        quad = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    if cv2.contourArea(quad) < 0.8 * area:
        return None
    return _around(_refine(quad, edges))


def _around(quad: np.ndarray) -> np.ndarray:
    """The corners clockwise in the image, starting anywhere: the turns are tried later."""
    centre = quad.mean(axis=0)
    return quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]


def _refine(quad: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Each side fitted as a line through the sheet's edge points near it; the corners where they meet."""
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 10:
            return quad
        n = np.array([-d[1], d[0]]) / length
        rel = points - a
        along = rel @ (d / length)
        off = rel @ n
        near = (np.abs(off) < 4) & (along > 0.1 * length) & (along < 0.9 * length)
        if near.sum() < 0.3 * length:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(points[near], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return quad
        t = np.linalg.solve(m, p2 - p1)
        out.append(p1 + t[0] * d1)
    out = np.array(out, np.float32)
    return out if np.abs(out - quad).max() < 8 else quad


def _fit(gray: np.ndarray, corners: np.ndarray, box: BoxPad, turn: int, frame: bool = False,
         shape: float | None = None, line_ink: float = LINE_INK) -> BoxFound | None:
    """The pad `box` straightened from `corners` (the sheet's, or its printed frame's when `frame`),
    taken as its top-left `turn` corners on; its grid found from the printed lines (_grid_from_lines).
    `shape`: how much taller than wide the outline is, its perspective undone (_shape), corners[0]
    to corners[1] across; else as it looks in the photo."""
    w, h = box.page
    g = box.grid
    # The corners' millimetres on the sheet: its edges, or its grid's outer lines.
    x0, y0, x1, y1 = (g.xs[0], g.ys[0], g.xs[-1], g.ys[-1]) if frame else (0.0, 0.0, w, h)
    quad = np.roll(corners, -turn, axis=0)          # quad[0] is the top-left for this turn
    top = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    side = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    tall = side / max(top, 1e-6) if shape is None else shape if turn % 2 == 0 else 1 / shape
    stretch = float(np.log(tall / ((y1 - y0) / (x1 - x0))))
    if abs(stretch) > ASPECT_SLACK:
        return None
    page = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    homography = cv2.getPerspectiveTransform(page, quad.astype(np.float32))
    size = (round(w * FIT_PPM), round(h * FIT_PPM))
    to_mm = np.diag([1 / FIT_PPM, 1 / FIT_PPM, 1.0])
    small = cv2.warpPerspective(gray, homography @ to_mm, size, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    ink = _ink(small, line_ink)
    if not frame:                   # the sheet's own edge against the table is no printed line
        edge = int(EDGE_MM * FIT_PPM)
        ink[:edge], ink[-edge:], ink[:, :edge], ink[:, -edge:] = 0, 0, 0, 0
    found = _grid_from_lines(ink, g, stretch, _thin(small, ink))
    if found is None:               # a photo so grainy its lines' thin ink is broken: the ink as it is (634)
        found = _grid_from_lines(ink, g, stretch)
    if found is None:
        return None
    ys, xs, fit, shape_off = found
    grid = Grid(pad=g.pad, rows=g.rows, ys=tuple(ys), xs=tuple(xs))
    scale_px = (top / (x1 - x0) + side / (y1 - y0)) / 2
    return BoxFound(box, Located(box.pad_id, homography, 0, float(scale_px), 0.0), float(fit), grid,
                    shape_off=shape_off, turn=turn, outline=(corners, frame))


FOCAL = 0.8                     # a phone's focal length, a share of the photo's long side (its main lens 0.75;
FOCALS = np.exp(np.linspace(np.log(0.5), np.log(2.5), 49))     # a zoom, more): the lengths weighed
FOCAL_SPREAD = 0.35             # how far (log) from FOCAL a photo's focal length is likely to be
SQUARE = 0.01                   # how far from a right angle (its cosine) the corners of an outline found are


def _shape(quad: np.ndarray, centre: np.ndarray, long_side: int) -> float:
    """How much taller than wide the rectangle is whose photo is `quad` (corners in order around it,
    quad[0] to quad[1] across), its perspective undone: a flat sheet seen through a lens centred on
    the photo. The lens's focal length is the one that makes the sheet's corners right angles (Zhang
    and He, "Whiteboard scanning", 2007), weighed against a phone's usual one: a sheet seen nearly
    square on, or with one pair of its sides still parallel, cannot tell it."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    m = cv2.getPerspectiveTransform(unit, (quad - centre).astype(np.float32))
    a, b = m[:, 0], m[:, 1]                  # the sheet's two sides' directions, before the lens
    f = FOCALS * long_side
    across = (a[0] ** 2 + a[1] ** 2) / f ** 2 + a[2] ** 2
    down = (b[0] ** 2 + b[1] ** 2) / f ** 2 + b[2] ** 2
    cosine = ((a[0] * b[0] + a[1] * b[1]) / f ** 2 + a[2] * b[2]) / np.sqrt(across * down)
    cost = (cosine / SQUARE) ** 2 + (np.log(FOCALS / FOCAL) / FOCAL_SPREAD) ** 2
    best = int(np.argmin(cost))
    return float(np.sqrt(down[best] / max(across[best], 1e-18)))


def _ink(image: np.ndarray, line_ink: float = LINE_INK) -> np.ndarray:
    k = int(3 * FIT_PPM) | 1
    paper = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), k)
    ratio = image.astype(np.float32) / np.maximum(paper.astype(np.float32), 1)
    return (ratio < line_ink).astype(np.uint8)


def _thin(image: np.ndarray, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ink that may be a printed line: (across, down), darker (THIN_DARKER) than the paper within
    THIN_MM either side of it, above and below (a line across) or left and right (a line down). A label column's filled
    icons (the 2nd edition's cards, 4 mm wide and 10 tall, stacked down five rows) are ink as dark
    and as long as a line, but as wide as themselves: taken for two lines inside the grid, they
    made the right fit of a hard 3 MP photo (619) lose to the pad upside down."""
    k = int(THIN_MM * FIT_PPM) | 1
    out = []
    for shape in ((1, k), (k, 1)):          # a line across: paper above and below; down: left and right
        closed = cv2.morphologyEx(image, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, shape))
        out.append(ink & (image.astype(np.float32) < THIN_DARKER * closed.astype(np.float32)))
    return out[0], out[1]


def _grid_from_lines(ink: np.ndarray, g: Grid, stretch: float = 0.0,
                     lines: tuple[np.ndarray, np.ndarray] | None = None
                     ) -> tuple[list[float], list[float], float, float] | None:
    """The grid where the printed lines are, in the straightened sheet's mm: (ys, xs, fit, shape_off),
    `shape_off` how far (log) the grid's shape, taller or wider, is from the layout's.

    The printed lines are the long straight runs of ink. The grid's frame is a pair of them each
    way (a few are tried from each end: the sheet's edge, a title's rule or a shadow's edge may lie
    outside it); inside, the layout says how many lines there are and that the pad's rows are of
    one height and its player columns of one width, while the names row, the total row and the
    label column may each be other than the layout says, and so may the rows and columns
    (SIZE_SLACK); each line is then taken at the printed line nearest its fitted place. `fit`: how
    much of every line is printed where it runs (0 to 1), less the extra lines inside, less how far
    the proportions are from the layout's (the grid's shape too, `stretch` being the log of how
    much taller the straightening made it than it is in the photo), plus the label column's icons
    against the last player column (a pad upside down has them the other way). `lines`: the ink
    the lines across and down are looked for in (_thin), where not `ink` itself."""
    p = FIT_PPM
    run = int(p * 8)
    across, down = lines if lines is not None else (ink, ink)
    horizontal = cv2.morphologyEx(across, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (run, 1)))
    vertical = cv2.morphologyEx(down, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, run)))
    hp = horizontal.sum(axis=1).astype(np.float32)
    vp = vertical.sum(axis=0).astype(np.float32)
    h_peaks, v_peaks = _peaks(hp), _peaks(vp)
    if len(h_peaks) < 4 or len(v_peaks) < 3:
        return None
    heights = [g.ys[1] - g.ys[0], g.ys[2] - g.ys[1], g.ys[-1] - g.ys[-2]]
    widths = [g.xs[1] - g.xs[0], g.xs[2] - g.xs[1]]
    rows = _frames(h_peaks, hp, len(g.ys), (g.ys[-1] - g.ys[0]) * p, [v * p for v in heights])
    columns = _frames(v_peaks, vp, len(g.xs), (g.xs[-1] - g.xs[0]) * p, [v * p for v in widths])
    best = None
    for ys, y_sizes in rows:
        for xs, x_sizes in columns:
            ys_ = [_snap(h_peaks, y, 1.5 * p) for y in ys]
            xs_ = [_snap(v_peaks, x, 1.5 * p) for x in xs]
            cover = _coverage(horizontal, vertical, ys_, xs_)
            over = _overrun(horizontal, vertical, ys_, xs_)
            top, bottom, left, right = ys_[0], ys_[-1], xs_[0], xs_[-1]
            extra = sum(1 for y, s in h_peaks if top + 2 * p < y < bottom - 2 * p and s >= 0.5 * (right - left)
                        and min(abs(y - v) for v in ys_) > 1.5 * p)
            extra += sum(1 for x, s in v_peaks if left + 2 * p < x < right - 2 * p and s >= 0.5 * (bottom - top)
                         and min(abs(x - v) for v in xs_) > 1.5 * p)
            sx = (right - left) / ((g.xs[-1] - g.xs[0]) * p)
            sy = (bottom - top) / ((g.ys[-1] - g.ys[0]) * p)
            sizes_y = np.array(y_sizes) / (np.array(heights) * p * sy)
            sizes_x = np.array(x_sizes[:2]) / (np.array(widths) * p * sx)
            drift = float(np.mean(np.abs(np.log(sizes_y)))) + float(np.mean(np.abs(np.log(sizes_x))))
            shape_off = abs(float(np.log(sy / sx)) + stretch)
            drift += shape_off
            fit = cover - OVERRUN * over - EXTRA * extra - DRIFT * drift + ICONS * _icons(ink, ys_, xs_)
            if best is None or fit > best[2]:
                best = ([y / p for y in ys_], [x / p for x in xs_], fit, shape_off)
    return best


def _frames(peaks: list[tuple[float, float]], profile: np.ndarray, count: int, span: float,
            sizes: list[float], keep: int = 5) -> list[tuple[list[float], tuple]]:
    """The likeliest ways (`keep`) the grid's `count` lines lie across the profile: a first and a
    last line from the strong ones near each end, and the lines between fitted (_inner)."""
    # A grid line's length: the typical of the longest `count` lines (the grid's own are most).
    heights = sorted((s for _, s in peaks), reverse=True)[:count]
    norm = float(np.median(heights))
    strength = _reach(profile / max(norm, 1.0))
    strong = [at for at, s in peaks if s >= 0.35 * norm]
    if len(strong) < 2:
        return []
    out = []
    for first in strong[:4]:
        for last in strong[-4:]:
            scale = (last - first) / span
            if not 0.5 <= scale <= 1.6:
                continue
            head, step = sizes[0] * scale, sizes[1] * scale
            tail = sizes[2] * scale if len(sizes) > 2 else None
            lines, found = _inner(first, last, head, step, tail, count - (3 if tail is not None else 2), strength)
            if lines is None:
                continue
            score = float(np.clip(strength[np.clip(np.round(lines).astype(int), 0, len(strength) - 1)], 0, 1).mean())
            out.append((score, lines, found))
    out.sort(key=lambda o: -o[0])
    return [(lines, found) for _, lines, found in out[:keep]]


def _overrun(horizontal: np.ndarray, vertical: np.ndarray, ys: list[float], xs: list[float]) -> float:
    """How far the inner lines run on past the frame, unbroken (0 to 1): a frame taken inside the
    grid's (a row off), or a grid of fewer lines than the pad's, leaves the outer lines' stretches
    beyond it. (The sheet's edge a few mm away is no run of the line's.)"""
    p = FIT_PPM
    top, bottom, left, right = (round(v) for v in (ys[0], ys[-1], xs[0], xs[-1]))
    near, far = int(1.5 * p), int(4 * p)
    shares = []

    def unbroken(line: np.ndarray) -> float:
        if line.size == 0:
            return 0.0
        gaps = np.flatnonzero(line == 0)
        return (gaps[0] if gaps.size else line.size) / (far - near)
    for x in xs[1:-1]:
        a, b = max(0, round(x) - 2), round(x) + 3
        shares.append(unbroken(vertical[max(0, top - far):max(0, top - near), a:b].max(axis=1, initial=0)[::-1]))
        shares.append(unbroken(vertical[bottom + near:bottom + far, a:b].max(axis=1, initial=0)))
    for y in ys[1:-1]:
        a, b = max(0, round(y) - 2), round(y) + 3
        shares.append(unbroken(horizontal[a:b, max(0, left - far):max(0, left - near)].max(axis=0, initial=0)[::-1]))
        shares.append(unbroken(horizontal[a:b, right + near:right + far].max(axis=0, initial=0)))
    return float(np.mean(shares)) if shares else 0.0


def _coverage(horizontal: np.ndarray, vertical: np.ndarray, ys: list[float], xs: list[float]) -> float:
    """How much of each of the grid's lines is printed line where it runs (0 to 1), on average."""
    top, bottom, left, right = (round(v) for v in (ys[0], ys[-1], xs[0], xs[-1]))
    shares = []
    for y in ys:
        a = max(0, round(y) - 2)
        band = horizontal[a:round(y) + 3, left:right + 1]
        shares.append(float(band.max(axis=0).mean()) if band.size else 0.0)
    for x in xs:
        a = max(0, round(x) - 2)
        band = vertical[top:bottom + 1, a:round(x) + 3]
        shares.append(float(band.max(axis=1).mean()) if band.size else 0.0)
    return float(np.mean(shares))


def _peaks(profile: np.ndarray) -> list[tuple[float, float]]:
    """(place, height) of the profile's peaks: printed lines, a little apart, a fair share of the longest."""
    smooth = cv2.GaussianBlur(profile.reshape(1, -1), (0, 0), 1.0).ravel()
    if smooth.max() <= 0:
        return []
    apart = int(1.2 * FIT_PPM)
    # The highest within `apart` either way (the first of equals), a fifth of the highest at least.
    local = cv2.dilate(smooth.reshape(1, -1), np.ones((1, 2 * apart + 1), np.float32)).ravel()
    tops = np.flatnonzero((smooth >= local) & (smooth >= 0.2 * smooth.max()))
    tops = tops[np.concatenate([[True], np.diff(tops) > apart])] if tops.size else tops
    out = []
    for i in tops:
        lo, hi = max(0, i - 2), min(len(profile), i + 3)
        weights = profile[lo:hi]
        at = float((np.arange(lo, hi) * weights).sum() / max(weights.sum(), 1e-6))
        out.append((at, float(profile[lo:hi].max())))
    return out


def _snap(peaks: list[tuple[float, float]], at: float, reach: float | None = None) -> float:
    reach = 2.5 * FIT_PPM if reach is None else reach
    near = [p for p, _ in peaks if abs(p - at) <= reach]
    return min(near, key=lambda p: abs(p - at)) if near else at


def _reach(strength: np.ndarray) -> np.ndarray:
    """Each place's strongest line within a millimetre (a line the straightening put a little off)."""
    k = int(FIT_PPM) * 2 + 1
    return cv2.dilate(strength.reshape(1, -1), np.ones((1, k), np.float32)).ravel()


def _inner(first: float, last: float, head: float, step: float, tail: float | None, count: int,
           strength: np.ndarray) -> tuple[list[float] | None, tuple[float, float, float]]:
    """Every line from `first` to `last` (px): a first part about `head` long, then `count` parts of
    one size about `step`, then (rows) a last part about `tail` long; the sizes that put most printed
    line where the lines fall, each within SIZE_SLACK of its expected size, nearer preferred."""
    span = last - first
    lo, hi = 1 - SIZE_SLACK, 1 + SIZE_SLACK
    heads = np.linspace(head * lo, head * hi, 41)
    tails = np.linspace(tail * lo, tail * hi, 41) if tail is not None else np.zeros(1)
    a, c = np.meshgrid(heads, tails, indexing="ij")
    a, c = a.ravel(), c.ravel()
    steps = (span - a - c) / count
    ok = (steps >= step * lo) & (steps <= step * hi)
    if not ok.any():
        return None, (0.0, 0.0, 0.0)
    k = np.arange(count + (1 if tail is not None else 0))
    places = first + a[:, None] + steps[:, None] * k[None, :]
    at = np.clip(np.round(places).astype(int), 0, len(strength) - 1)
    score = np.clip(strength[at], 0, 1).sum(axis=1)
    off = np.abs(np.log(a / head)) + np.abs(np.log(steps / step))
    if tail is not None:
        off += np.abs(np.log(np.maximum(c, 1e-6) / tail))
    score = np.where(ok, score - 0.3 * off, -np.inf)
    best = int(np.argmax(score))
    lines = [first] + [float(v) for v in places[best]] + ([last] if tail is not None else [])
    if tail is None:
        lines = [first] + [float(v) for v in places[best][:count]] + [last]
    return lines, (float(a[best]), float(steps[best]), float(c[best]))


def _icons(ink: np.ndarray, ys: list[float], xs: list[float]) -> float:
    """The label column's printed icons against the last player column's ink, row by row (the pad's
    rows): positive when the label column is where the layout puts it."""
    def share(x0: float, x1: float, y0: float, y1: float) -> float:
        dx, dy = 0.15 * (x1 - x0), 0.15 * (y1 - y0)
        cell = ink[int(y0 + dy):int(y1 - dy), int(x0 + dx):int(x1 - dx)]
        return float(cell.mean()) if cell.size else 0.0
    label = [share(xs[0], xs[1], ys[r], ys[r + 1]) for r in range(1, len(ys) - 1)]
    last = [share(xs[-2], xs[-1], ys[r], ys[r + 1]) for r in range(1, len(ys) - 1)]
    return float(np.clip(np.median(label) - np.median(last), -0.3, 0.3))
