"""Find our pad in a photo by its ArUco markers, and straighten its grid.

The markers' ids say which pad it is and which corner each one is in, so any
turn (up to upside down) and any perspective is undone by one homography
from the page's millimetres to the photo. The grid is then warped to a fixed
scale, its light evened out, and each grid line looked for near where the
layout puts it, so paper that does not lie flat still gives the right cells.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .photo import PhotoError
from .layout import PAD_TITLES, Grid, dictionary, grid, marker_corners_mm, marker_owner, pad

PX_PER_MM = 5.0               # the straightened grid's scale
MARGIN_MM = 4.0               # warped around the grid
DETECT_PIXELS = 2_600_000     # markers are looked for in an image about this size


@dataclass
class Located:
    pad_id: str
    homography: np.ndarray     # page mm -> photo pixels
    markers: int               # how many of the pad's four were seen
    px_per_mm: float           # the photo's scale at the pad
    error_mm: float            # how well the markers agree with one flat page


@dataclass
class Straight:
    """The pad's grid, straightened: `image` (grey) and `ink` (0..1, 1 is dark ink on paper)."""
    grid: Grid
    image: np.ndarray
    ink: np.ndarray
    ys: np.ndarray             # refined horizontal lines (px), one row of them a player column
    xs: np.ndarray             # refined vertical lines (px), one a row
    origin: tuple[float, float]  # mm of pixel (0, 0)

    def px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return (x_mm - self.origin[0]) * PX_PER_MM, (y_mm - self.origin[1]) * PX_PER_MM


def _detector():
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMax = 53
    params.adaptiveThreshWinSizeStep = 8
    return cv2.aruco.ArucoDetector(dictionary(), params)


def find_pad(gray: np.ndarray, pad_id: str | None, where: str = "photo") -> Located:
    """Where the pad `pad_id` (None: whichever of ours) is in the photo, or BadInput saying what is there instead."""
    scale = 1.0
    work = gray
    if gray.shape[0] * gray.shape[1] > DETECT_PIXELS * 1.3:
        scale = (DETECT_PIXELS / (gray.shape[0] * gray.shape[1])) ** 0.5
        work = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners, ids, _ = _detector().detectMarkers(work)
    owners = marker_owner()
    found: dict[str, list[tuple[int, np.ndarray]]] = {}
    for quad, marker_id in zip(corners, [] if ids is None else ids.flatten()):
        if int(marker_id) in owners:
            owner, corner = owners[int(marker_id)]
            found.setdefault(owner, []).append((corner, quad.reshape(4, 2) / scale))
    if pad_id is None and found:          # any of our pads: the one most of whose markers are seen
        pad_id = max(found, key=lambda k: len(found[k]))
    mine = found.get(pad_id, [])
    if not mine:
        others = sorted(found, key=lambda k: -len(found[k]))
        if others:
            raise PhotoError("wrong_pad", f"this photo shows the {PAD_TITLES[others[0]]} pad, not the "
                             f"{PAD_TITLES[pad_id]} pad; choose that pad and try again", where, shown=others[0])
        raise PhotoError("no_pad", "no score pad found in the photo: photograph the whole printed pad, its four corner "
                       "squares in view", where)
    corners_seen = {c for c, _ in mine}
    if len(corners_seen) < 2:
        raise PhotoError("no_pad", "only one corner square of the pad is in the photo: photograph the whole pad, "
                       "its four corner squares in view", where, markers=1)
    layout = pad(pad_id).layout
    page = np.concatenate([marker_corners_mm(layout, c) for c, _ in mine])
    seen = np.concatenate([q for _, q in mine])
    homography, _ = cv2.findHomography(page, seen, 0)
    if homography is None:
        raise PhotoError("not_flat", "the pad's corner squares do not fit a page; photograph the pad lying flat", where)
    back = cv2.perspectiveTransform(page.reshape(-1, 1, 2), homography).reshape(-1, 2)
    # Error in mm: pixels off over the photo's scale (pixels a mm at the markers).
    sides = [np.linalg.norm(q[i] - q[(i + 1) % 4]) for _, q in mine for i in range(4)]
    px_per_mm = float(np.mean(sides)) / layout.marker_size
    error_mm = float(np.abs(back - seen).max()) / px_per_mm
    if error_mm > 4:
        raise PhotoError("not_flat", "the pad's corner squares do not fit a flat page; photograph the pad lying flat",
                       where)
    if not _grid_in_view(pad_id, homography, gray.shape, px_per_mm):
        # Two corner squares place the whole pad; what lies past the photo's edge would be read from
        # the edge's pixels drawn out (columns of zeros with no names), so the player retakes it.
        raise PhotoError("no_pad", "the pad runs off the photo's edge; take it again with its four corner squares "
                         "in view", where, retake="cut", markers=len(corners_seen))
    return Located(pad_id, homography, len(corners_seen), px_per_mm, error_mm)


def _grid_in_view(pad_id: str, homography: np.ndarray, shape: tuple[int, ...], px_per_mm: float) -> bool:
    """Whether the pad's whole printed grid (every row and column the reader reads) is inside the photo."""
    g = grid(pad_id)
    frame = np.array([[g.xs[0], g.ys[0]], [g.xs[-1], g.ys[0]], [g.xs[-1], g.ys[-1]], [g.xs[0], g.ys[-1]]],
                     dtype=np.float64)
    seen = cv2.perspectiveTransform(frame.reshape(-1, 1, 2), homography).reshape(-1, 2)
    slack = 0.5 * px_per_mm           # a frame line on the photo's last pixels is still in view
    h, w = shape[:2]
    return bool((seen[:, 0] >= -slack).all() and (seen[:, 0] <= w - 1 + slack).all()
                and (seen[:, 1] >= -slack).all() and (seen[:, 1] <= h - 1 + slack).all())


def straighten(gray: np.ndarray, located: Located, g: Grid | None = None) -> Straight:
    """The grid straightened: our printable pad's (`located.pad_id`), or the given one (a box pad's)."""
    g = g or grid(located.pad_id)
    x0, y0 = g.xs[0] - MARGIN_MM, g.ys[0] - MARGIN_MM
    width = round((g.xs[-1] - g.xs[0] + 2 * MARGIN_MM) * PX_PER_MM)
    height = round((g.ys[-1] - g.ys[0] + 2 * MARGIN_MM) * PX_PER_MM)
    to_mm = np.array([[1 / PX_PER_MM, 0, x0], [0, 1 / PX_PER_MM, y0], [0, 0, 1]])
    interpolation = cv2.INTER_AREA if located.px_per_mm > 2 * PX_PER_MM else cv2.INTER_LINEAR
    image = cv2.warpPerspective(gray, located.homography @ to_mm, (width, height),
                                flags=interpolation | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    brightest = _brightest_paper(image)
    straight = Straight(grid=g, image=image, ink=_ink(image, brightest), ys=np.zeros(0), xs=np.zeros(0),
                        origin=(x0, y0))
    straight.ys, straight.xs = _grid_lines(straight, _against(image, brightest))
    return straight


def _ink(image: np.ndarray, brightest: np.ndarray) -> np.ndarray:
    """How dark each pixel is against the paper around it (0 paper, 1 black): light, tint and grain evened out.

    In a bright photo the paper is the brightest paper around each pixel. In a grainy one (a dim
    photo: paper at 30 to 60 of 255, its grain 4 to 10% of its light) the brightest grains stand
    some 20% over the paper's mean, and every grain of bare paper was ink (0.2 to 0.4): columns
    nobody wrote in were read as numbers, unmarked. There the paper is the mean of the bare paper
    around (never brighter by more than a bright photo's grain lifts its brightest: ink's scale and
    the cutter's thresholds were set against that), and the photo is smoothed as far as its grain
    needs, so a grain is no stroke's dark pixel while a pen's line, a few pixels wide, keeps its
    darkness. Between the two, a blend."""
    img = image.astype(np.float32)
    smooth = cv2.GaussianBlur(img, (0, 0), 1.0)
    light = _brightest_paper(smooth)            # the brightest of the grain smoothed a little
    bare = smooth > BARE * light                # the paper, strokes and printed lines left out
    grain = _grain(img, light, bare)
    grainy = min(1.0, (grain - GRAIN_SLIGHT) / GRAIN_SLIGHT)
    if grainy <= 0:
        return _against(image, brightest)
    k = max(3, int(3.2 * PX_PER_MM) | 1)
    weight = cv2.GaussianBlur(bare.astype(np.float32), (0, 0), k / 2)
    mean = cv2.GaussianBlur(img * bare, (0, 0), k / 2) / np.maximum(weight, 1e-3)
    paper = np.where(weight > 0.1, np.minimum(mean * (1 + GRAIN_LIFT), light), light)   # in an icon: light
    paper = brightest + grainy * (paper - brightest)
    sigma = min(1.0, (grain - GRAIN_SLIGHT) / GRAIN_SMOOTHED)
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    return np.clip((1 - img / np.maximum(paper, 1)) / 0.55, 0, 1)


BARE = 0.85                   # the paper: at least this share of its brightest around
GRAIN_SLIGHT = 0.02           # grain (the bare paper's spread, a share of its light) taken as a bright photo's;
                              # the paper its mean from twice that (ghost columns' photos: 0.039 to 0.063)
GRAIN_LIFT = 0.04             # the brightest bare paper over its mean in a bright photo
GRAIN_SMOOTHED = 0.04         # smoothed by a pixel (sigma) for each this much grain over the slight, one at most


def _grain(img: np.ndarray, paper: np.ndarray, bare: np.ndarray) -> float:
    """The photo's grain: the bare paper's spread around its local mean (a robust standard deviation,
    a share of the paper's light); bright photos show 1 to 2%, dim ones up to 10%."""
    if not bare.any():
        return 0.0
    residual = (img - cv2.GaussianBlur(img, (0, 0), 2.0)) / np.maximum(paper, 1)
    return 1.4826 * float(np.median(np.abs(residual[bare])))


def _brightest_paper(image: np.ndarray) -> np.ndarray:
    """The brightest paper around each pixel: the photo dilated past any pen stroke, blurred."""
    k = max(3, int(3.2 * PX_PER_MM) | 1)       # wider than any pen stroke, narrower than a cell
    paper = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return cv2.GaussianBlur(paper, (0, 0), k / 2).astype(np.float32)


def _against(image: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """Each pixel's darkness against `paper` (0 paper, 1 black). Against the brightest paper, where
    the printed lines are looked for: a line is a run of 8 mm, which no grain makes, and its faint
    stretches stand out best so."""
    ratio = image.astype(np.float32) / np.maximum(paper, 1)
    return np.clip((1 - ratio) / 0.55, 0, 1)


def _grid_lines(s: Straight, ink: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Each grid line where the photo shows it (in `ink`, by default the straightened grid's),
    searched near the layout's place for it.

    ys[r, c]: horizontal line r above column c (c = 0 the label column);
    xs[c, r]: vertical line c beside row r. Found separately per stretch, so a
    page that bends moves each stretch on its own.
    """
    g = s.grid
    dark = ((s.ink if ink is None else ink) > 0.35).astype(np.uint8)
    run = int(PX_PER_MM * 8)
    horizontal = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (run, 1)))
    vertical = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, run)))
    reach = int(2.5 * PX_PER_MM)
    ys = np.zeros((len(g.ys), len(g.xs) - 1))
    for r, y_mm in enumerate(g.ys):
        profiles, expected = [], []
        for c in range(len(g.xs) - 1):
            a, _ = s.px(g.xs[c], y_mm)
            b, y = s.px(g.xs[c + 1], y_mm)
            profiles.append(horizontal[:, int(a) + 2:int(b) - 2].sum(axis=1))
            expected.append((y, b - a - 4))
        ys[r] = _follow(profiles, expected, reach)
    xs = np.zeros((len(g.xs), len(g.ys) - 1))
    for c, x_mm in enumerate(g.xs):
        profiles, expected = [], []
        for r in range(len(g.ys) - 1):
            x, a = s.px(x_mm, g.ys[r])
            _, b = s.px(x_mm, g.ys[r + 1])
            profiles.append(vertical[int(a) + 2:int(b) - 2, :].sum(axis=0))
            expected.append((x, b - a - 4))
        xs[c] = _follow(profiles, expected, reach)
    return ys, xs


def _follow(profiles: list[np.ndarray], expected: list[tuple[float, float]], reach: int) -> list[float]:
    """One printed line, stretch by stretch: each stretch is looked for where the stretch before it was
    found to lie off the layout's place, so a page that bends (or a box pad's sizes that are
    estimates) moves the line farther than one search reaches. Only a line found along nearly the
    whole stretch moves the search for the next one (a written one is shorter than its cell)."""
    def along(order):
        found, shift = {}, 0.0
        for n in order:
            profile, (place, length) = profiles[n], expected[n]
            at = _peak(profile, place + shift, reach)
            ink = _ink_at(profile, at)
            if ink >= 0.85 * max(length, 1):       # a line along the whole stretch, not a written one
                shift = at - place
            found[n] = (at, ink)
        return found
    # Followed from each end; each stretch taken from the way that found more line there.
    down, up = along(range(len(profiles))), along(range(len(profiles) - 1, -1, -1))
    return [max(down[n], up[n], key=lambda f: f[1])[0] for n in range(len(profiles))]


def _ink_at(profile: np.ndarray, at: float) -> float:
    lo, hi = max(0, int(at) - 1), min(len(profile), int(at) + 2)
    return float(profile[lo:hi].max()) if hi > lo else 0.0


def _peak(profile: np.ndarray, expected: float, reach: int) -> float:
    lo, hi = max(0, int(expected) - reach), min(len(profile), int(expected) + reach + 1)
    window = profile[lo:hi].astype(np.float64)
    if window.size == 0 or window.max() <= 0:
        return expected
    best = window.max()
    # The centre of the strongest run (a line two or three pixels thick).
    strong = np.flatnonzero(window >= 0.6 * best)
    near = strong[np.argmin(np.abs(strong + lo - expected))]
    run = [near]
    while run[-1] + 1 in strong:
        run.append(run[-1] + 1)
    while run[0] - 1 in strong:
        run.insert(0, run[0] - 1)
    return lo + (run[0] + run[-1]) / 2
