"""Find a box pad in a photo without markers: the sheet by its paper, the pad by its printed lines.

1. The sheet: paper is the large bright, grey-white region against the
   table. Its outline, simplified to four corners, gives a homography from
   the sheet's millimetres to the photo, one for each way the sheet can lie
   (its corners taken in turn: any angle, upside down included).
2. Which pad, which way up: for every box pad whose proportions fit the
   sheet's, and each of the turns that fit, the sheet is straightened small
   and its horizontal and vertical ink compared with the pad's printed lines
   (their correlation, the grid allowed to sit a few millimetres off where
   the layout puts it). The best fit wins; a fit too poor is "no pad".
3. The grid: the winning straightening is moved by the offset found, and
   locate.straighten then finds each line near where the layout says.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .boxpads import BoxPad, box_pad, box_pads
from .locate import Located
from .photo import PhotoError

SMALL_SIDE = 1000               # the sheet is looked for in an image this long
FIT_PPM = 2.0                   # the pad's lines are compared at this many pixels a mm
SHIFT_MM = 5.0                  # the printed grid may sit this far from where the layout puts it
ASPECT_SLACK = 0.3              # a sheet's proportions may differ this much from the pad's (perspective)
MIN_FIT = 0.3                   # correlation below this: not this pad
LINE_DARKNESS = 0.85            # a printed line's pixel: this much of the paper's light around it, or less
MIN_FRAME_FIT = 0.5             # from a printed frame found by itself: a closed line may be some other
                                # box (a pad's right frame fits at 0.53 to 0.8; a wrong one reached 0.36)


@dataclass
class BoxFound:
    box: BoxPad
    located: Located
    fit: float


def find_box_pad(gray: np.ndarray, pad_id: str | None, where: str = "photo") -> BoxFound:
    """The box pad in the photo: `pad_id`'s, or whichever fits best when None."""
    # The outlines are looked for in the photo made small once (both ways), then scaled back.
    scale = min(1.0, SMALL_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    sheets = ([(q / scale, False) for q in _sheet_candidates(small)]
              + [(q / scale, True) for q in _frame_candidates(small)])
    if not sheets:
        raise PhotoError("no_pad", "no score pad found in the photo: photograph the whole sheet lying on a table, "
                         "its four corners in view", where)
    candidates = [box_pad(pad_id)] if pad_id else box_pads()
    best: BoxFound | None = None
    for corners, frame in sheets:
        for box in candidates:
            for turn in range(4):
                found = _fit(gray, corners, box, turn, frame)
                if found and frame and found.fit < MIN_FRAME_FIT:
                    continue
                if found and (best is None or found.fit > best.fit):
                    best = found
    if best is None or best.fit < MIN_FIT:
        raise PhotoError("no_pad", "no score pad found in the photo: a sheet is there, but not a pad's printed "
                         "grid; photograph the whole pad, flat and in focus", where)
    return best


def _sheet_candidates(small: np.ndarray) -> list[np.ndarray]:
    """Where the sheet may be in the small photo: its four corners (in order around it), one guess a
    way of telling paper from table (a light table, a shadow across the sheet); the pad's lines decide."""
    blur = cv2.GaussianBlur(small, (0, 0), 2)
    # The light evened out: each pixel against the brightest around it, far wider than the sheet's margin.
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (61, 61))
    flat = cv2.divide(blur, cv2.GaussianBlur(cv2.dilate(blur, k), (0, 0), 30), scale=200)
    otsu, _ = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks = [blur > otsu, blur > otsu + (255 - otsu) * 0.3, blur > otsu + (255 - otsu) * 0.55]
    flat_otsu, _ = cv2.threshold(flat, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks += [flat > flat_otsu, flat > flat_otsu + (255 - flat_otsu) * 0.3]
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


def _fit(gray: np.ndarray, corners: np.ndarray, box: BoxPad, turn: int, frame: bool = False) -> BoxFound | None:
    """The pad `box` straightened from `corners` (the sheet's, or its printed frame's when `frame`),
    taken as its top-left `turn` corners on, and how well its lines fit the layout's."""
    w, h = box.page
    g = box.grid
    # The corners' millimetres on the sheet: its edges, or its grid's outer lines.
    x0, y0, x1, y1 = (g.xs[0], g.ys[0], g.xs[-1], g.ys[-1]) if frame else (0.0, 0.0, w, h)
    quad = np.roll(corners, -turn, axis=0)          # quad[0] is the top-left for this turn
    top = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    side = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    if abs(np.log((side / max(top, 1e-6)) / ((y1 - y0) / (x1 - x0)))) > ASPECT_SLACK:
        return None
    page = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    homography = cv2.getPerspectiveTransform(page, quad.astype(np.float32))
    size = (round(w * FIT_PPM), round(h * FIT_PPM))
    to_mm = np.diag([1 / FIT_PPM, 1 / FIT_PPM, 1.0])
    small = cv2.warpPerspective(gray, homography @ to_mm, size, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    ink = _ink(small)
    run = int(FIT_PPM * 10)
    horizontal = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (run, 1)))
    vertical = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, run)))
    fy, dy = _comb_fit(horizontal.sum(axis=1), g.ys)
    fx, dx = _comb_fit(vertical.sum(axis=0), g.xs)
    fit = (fx + fy) / 2
    shift = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64)   # layout mm -> sheet mm
    scale_px = (top / (x1 - x0) + side / (y1 - y0)) / 2
    return BoxFound(box, Located(box.pad_id, homography @ shift, 0, float(scale_px), 0.0), float(fit))


def _ink(image: np.ndarray) -> np.ndarray:
    k = int(3 * FIT_PPM) | 1
    paper = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), k)
    ratio = image.astype(np.float32) / np.maximum(paper.astype(np.float32), 1)
    return (ratio < 0.8).astype(np.uint8)


def _comb_fit(profile: np.ndarray, lines_mm) -> tuple[float, float]:
    """How well the profile's peaks match the lines (a correlation), and the shift (mm) that matches best."""
    n = len(profile)
    reach = int(SHIFT_MM * FIT_PPM)
    comb = np.zeros(n + 2 * reach, np.float32)
    for v in lines_mm:
        at = int(round(v * FIT_PPM)) + reach
        if 0 <= at < len(comb):
            comb[max(0, at - 2):at + 3] = 1.0       # a line, give or take a bent sheet's millimetre
    p = cv2.GaussianBlur(profile.astype(np.float32).reshape(1, -1), (0, 0), 1.0).ravel()
    if p.std() < 1e-6:
        return -1.0, 0.0
    p = (p - p.mean()) / p.std()
    best, best_shift = -1.0, 0
    for s in range(-reach, reach + 1):
        c = comb[reach - s:reach - s + n]
        if c.std() < 1e-6:
            continue
        r = float(np.mean(p * (c - c.mean()) / c.std()))
        if r > best:
            best, best_shift = r, s
    return best, best_shift / FIT_PPM
