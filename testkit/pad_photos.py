"""Test photos of our printed pads, filled in, with the values written on them.

A game's numbers are drawn at random within each row's bounds, written on the
pad in a print font or a handwriting-style font (Debian's font packages; see
scripts/system-packages.txt), and the page is then photographed: turned by
any angle up to upside down, tilted in perspective, bent a little, lit
unevenly, shadowed, blurred, noised and JPEG-compressed. The truth comes back
with the photo, so the tests and the benchmark can count what the reader got
right.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.scan.layout import COINS_ROW, NAME_ROW, TOTAL_ROW, grid, marker_bits, pad

FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))

# family: (kind, font file, Debian package)
FONTS = {
    "dejavu-sans": ("print", "DejaVuSans.ttf", "fonts-dejavu-core"),
    "dejavu-serif": ("print", "DejaVuSerif.ttf", "fonts-dejavu-core"),
    "dejavu-mono": ("print", "DejaVuSansMono.ttf", "fonts-dejavu-core"),
    "comic-neue": ("handwriting", "ComicNeue-Regular.otf", "fonts-comic-neue"),
    "dkg-handwriting": ("handwriting", "dkg.ttf", "fonts-dkg-handwriting"),
    "rufscript": ("handwriting", "Rufscript010.ttf", "fonts-rufscript"),
    "humor-sans": ("handwriting", "Humor-Sans.ttf", "fonts-humor-sans"),
    "breip": ("handwriting", "Breip.ttf", "fonts-breip"),
    "steve-hand": ("handwriting", "SteveHand.ttf", "fonts-sjfonts"),
    # Real handwriting: MNIST digits (the test-only set, mnist_digits.py) composed into numbers; and strokes
    # drawn along jittered digit skeletons. Names in both are written in a handwriting-style font.
    "mnist": ("real", "dkg.ttf", "fonts-dkg-handwriting"),
    "strokes": ("real", "Humor-Sans.ttf", "fonts-humor-sans"),
    # For calibrating the reader only (bench/calibrate_scan.py): digits.png's held-out half, composed
    # as MNIST's are, read by a network that learnt from the other half. Never a test of the reader.
    "digits-held": ("calibration", "dkg.ttf", "fonts-dkg-handwriting"),
    # For training the digit network only (testkit/cut_glyphs.py): every digit of digits.png, the
    # network's own training digits, as the reader cuts them out of photos. Never a test of the reader.
    "digits-train": ("training", "dkg.ttf", "fonts-dkg-handwriting"),
}
LABEL_FONT = "DejaVuSans.ttf"
PRINT_FONTS = tuple(f for f, (kind, _, _) in FONTS.items() if kind == "print")
HAND_FONTS = tuple(f for f, (kind, _, _) in FONTS.items() if kind == "handwriting")
REAL_HANDS = tuple(f for f, (kind, _, _) in FONTS.items() if kind == "real")

NAMES = ("Alex", "Ana", "Bruno", "Chloe", "Dan", "Eva", "Hugo", "Iris", "Jon", "Kim", "Lea", "Max",
         "Nour", "Omar", "Pia", "Rui", "Sam", "Tom", "Uma", "Zoe", "Mihai", "Ioana", "Paul", "Sofia")
# What a row usually holds in a real game (a value is drawn here most of the time, else anywhere in bounds).
TYPICAL = {"military": (-6, 18), "treasury": (0, 12), "wonder": (0, 20), "wonders": (0, 25),
           "civil": (0, 40), "commercial": (0, 20), "guilds": (0, 20), "science": (0, 45),
           "progress": (0, 12)}
# The pad's category colours (static/css/app.css), tinted on the paper.
COLOURS = {"military": "#c0392b", "treasury": "#d4a017", "wonder": "#7f6a4f", "civil": "#2e6db4",
           "commercial": "#e0a800", "guilds": "#6f3d8f", "science": "#2e8b57", "progress": "#3aa39a"}
INKS = ((22, 38, 120), (25, 25, 30), (10, 50, 150), (45, 45, 55))


@dataclass
class Truth:
    """What is written on the pad: one entry a filled column, left to right."""
    pad: str
    names: list[str]
    scores: list[dict[str, int]]
    totals: list[int | None]                      # None: the total box left empty
    blank: list[set[str]] = field(default_factory=list)   # rows left empty (worth 0)
    font: str = ""
    sheet: str = "printable"                      # our printable pad, or "box": the pad from the game's box
    coins: list[int | None] = field(default_factory=list)   # coins left, on a pad with the row (None: empty)
    drawn: object = None                          # a box pad drawn with other proportions: its Grid (mm)

    def coins_of(self, p: int) -> int | None:
        return self.coins[p] if p < len(self.coins) else None

    def as_contract(self) -> dict:
        return {"pad": self.pad,
                "players": [{"name": n, "scores": dict(s), "total": t, "coins": self.coins_of(p)}
                            for p, (n, s, t) in enumerate(zip(self.names, self.scores, self.totals))]}


def font_path(name: str) -> Path:
    file = FONTS[name][1] if name in FONTS else name
    return _find_font(file)


@lru_cache(maxsize=32)
def _find_font(file: str) -> Path:
    for root in FONT_DIRS:
        for path in root.rglob(file):
            return path
    raise FileNotFoundError(f"font {file} not found: install the Debian packages in scripts/system-packages.txt")


@lru_cache(maxsize=256)
def _font(file: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(_find_font(file)), size)


@lru_cache(maxsize=32)
def _digit_height_ratio(file: str) -> float:
    """Height of the digit 8 per point of font size, to write digits at a chosen height."""
    box = _font(file, 200).getbbox("80")
    return (box[3] - box[1]) / 200


# -- a game ---------------------------------------------------------------------

def random_game(pad_id: str, rng: random.Random, players: int | None = None, font: str = "dejavu-sans",
                blank_total: float = 0.1, blank_zero: float = 0.4) -> Truth:
    p = pad(pad_id)
    low, high = p.players
    count = players or rng.randint(max(low, 2), high)
    names = rng.sample(NAMES, count)
    scores, totals, blanks = [], [], []
    for _ in range(count):
        values, blank = {}, set()
        for row in p.rows:
            lo, hi = TYPICAL.get(row.key, (row.min, row.max))
            lo, hi = max(lo, row.min), min(hi, row.max)
            value = rng.randint(lo, hi) if rng.random() < 0.9 else rng.randint(row.min, row.max)
            if rng.random() < 0.12:
                value = 0
            values[row.key] = value
            if value == 0 and rng.random() < blank_zero:
                blank.add(row.key)
        scores.append(values)
        blanks.append(blank)
        totals.append(None if rng.random() < blank_total else sum(values.values()))
    # Coins left, drawn from a generator of their own seeded by the game: `rng` draws nothing more,
    # so every seed's game, page and photo are as before the row was printed.
    purse = random.Random(repr((names, scores)))
    coins = [None if purse.random() < 0.3 else purse.randint(0, 25) for _ in range(count)]
    return Truth(pad=pad_id, names=names, scores=scores, totals=totals, blank=blanks, font=font, coins=coins)


# -- the page -------------------------------------------------------------------

def blank_page(pad_id: str, ppm: float, paper=(252, 251, 246)) -> Image.Image:
    """Our printable pad as printed, at `ppm` pixels a millimetre."""
    g = grid(pad_id)
    layout = g.pad.layout
    w, h = (round(v * ppm) for v in layout.page)
    page = Image.new("RGB", (w, h), paper)
    draw = ImageDraw.Draw(page)

    def px(v: float) -> int:
        return round(v * ppm)
    for r, key in enumerate(g.rows):
        if key in COLOURS:
            tint = _tint(COLOURS[key], 0.16, paper)
            draw.rectangle([px(g.xs[0]), px(g.ys[r]), px(g.xs[-1]), px(g.ys[r + 1])], fill=tint)
            draw.rectangle([px(g.xs[0]), px(g.ys[r]), px(g.xs[0] + 3), px(g.ys[r + 1])], fill=COLOURS[key])
    labels = {NAME_ROW: "Name", TOTAL_ROW: "Total", COINS_ROW: "Coins left"} | {r.key: r.label for r in g.pad.rows}
    label_font = _font(LABEL_FONT, max(8, px(4.2)))
    for r, key in enumerate(g.rows):
        x0, y0, x1, y1 = g.label(r)
        draw.text((px(x0 + 5), px((y0 + y1) / 2)), labels[key], font=label_font, fill=(40, 36, 30), anchor="lm")
    line = (60, 55, 50)
    total = g.rows.index(TOTAL_ROW)
    for i, y in enumerate(g.ys):
        width = max(1, px(0.6 if i in (0, 1, total, total + 1, len(g.ys) - 1) else 0.3))
        draw.line([px(g.xs[0]), px(y), px(g.xs[-1]), px(y)], fill=line, width=width)
    for i, x in enumerate(g.xs):
        width = max(1, px(0.6 if i in (0, 1, len(g.xs) - 1) else 0.3))
        draw.line([px(x), px(g.ys[0]), px(x), px(g.ys[-1])], fill=line, width=width)
    title_font = _font(LABEL_FONT, max(8, px(6)))
    draw.text((w // 2, px(layout.marker_margin + layout.marker_size / 2)), _title(pad_id),
              font=title_font, fill=(40, 36, 30), anchor="mm")
    for corner, marker_id in enumerate(layout.markers):
        _draw_marker(draw, marker_id, layout.marker_box(corner), layout.marker_size, ppm)
    return page


def sheet_grid(pad_id: str, sheet: str):
    if sheet == "box":
        from companion.scan.boxpads import box_pad
        return box_pad(pad_id).grid
    return grid(pad_id)


ICONS = {"military": ("disc", "#b8322a"), "treasury": ("disc", "#d9a521"), "wonder": ("pyramid", "#8a7250"),
         "wonders": ("pyramid", "#8a7250"), "civil": ("card", "#2e6db4"), "commercial": ("card", "#e0a800"),
         "guilds": ("card", "#6f3d8f"), "science": ("card", "#2e8b57"), "progress": ("disc", "#3aa39a"),
         TOTAL_ROW: ("laurel", "#5a4a2a")}
BOX_TITLES = {"7wonders": "7 WONDERS", "7wonders-2e": "7 WONDERS", "duel": "7 WONDERS DUEL"}


def varied_box_pad(pad_id: str, rng: random.Random, spread: float = 0.12):
    """The box pad as another printing may have it: the sheet's margins, the names row, the rows,
    the total row, the label column and the player columns each up to `spread` (a share) larger
    or smaller than card_db/pads/box says, drawn independently. The rows' order and count are
    the layout's; the reader is not told the sizes."""
    def vary() -> float:
        return rng.uniform(1 - spread, 1 + spread)
    return drawn_box_pad(pad_id, label=vary(), column=vary(), name=vary(), row=vary(), total=vary(),
                         margins=(vary(), vary(), vary(), vary()))


def drawn_box_pad(pad_id: str, label: float = 1.0, column: float = 1.0, name: float = 1.0, row: float = 1.0,
                  total: float = 1.0, margins: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)):
    """The box pad with each size of card_db/pads/box times its factor: the label column, a player
    column, the names row, a pad row, the total row, and the margins (left, top, right, bottom)."""
    import dataclasses

    from companion.scan.boxpads import box_pad
    from companion.scan.layout import Grid
    box = box_pad(pad_id)
    g = box.grid
    label_w, column_w = (g.xs[1] - g.xs[0]) * label, (g.xs[2] - g.xs[1]) * column
    name_h, row_h, total_h = ((g.ys[1] - g.ys[0]) * name, (g.ys[2] - g.ys[1]) * row,
                              (g.ys[-1] - g.ys[-2]) * total)
    left, top = g.xs[0] * margins[0], g.ys[0] * margins[1]
    right, bottom = (box.page[0] - g.xs[-1]) * margins[2], (box.page[1] - g.ys[-1]) * margins[3]
    xs = [left, left + label_w] + [left + label_w + column_w * (i + 1) for i in range(g.players)]
    ys = [top, top + name_h] + [top + name_h + row_h * (i + 1) for i in range(len(g.rows) - 2)]
    ys.append(ys[-1] + total_h)
    grid_ = Grid(pad=g.pad, rows=g.rows, ys=tuple(ys), xs=tuple(xs))
    return dataclasses.replace(box, page=(xs[-1] + right, ys[-1] + bottom), grid=grid_)


@dataclass
class Look:
    """How a printing looks: its lines' weights (mm), its paper and ink colours; and what a reprint or a
    photocopy changes: the font of its printed words, the size of its icons, a copy's grey and specks."""
    line: float = 0.35
    frame: float = 0.7
    paper: tuple[int, int, int] = (250, 248, 240)
    line_colour: tuple[int, int, int] = (70, 58, 40)
    title_font: str = LABEL_FONT      # the printed words' font (a reprint's may be another)
    icon: float = 1.0                 # the label column's icons this much larger or smaller
    copy: float = 0.0                 # a photocopy: grey all over, its paper this much darker (0: the print)
    specks: int = 0                   # a photocopy's toner specks: their seed

    @classmethod
    def drawn(cls, rng: random.Random) -> Look:
        line = rng.uniform(0.2, 0.6)
        base = rng.uniform(215, 255)
        paper = tuple(int(min(255, base * rng.uniform(0.95, 1.0))) for _ in range(3))
        dark = rng.uniform(20, 110)
        look = cls(line=line, frame=line * rng.uniform(1.0, 2.5), paper=paper,
                   line_colour=tuple(int(dark * rng.uniform(0.7, 1.0)) for _ in range(3)))
        # Drawn after the rest, so that a seed's printing keeps the lines and paper it had before.
        look.title_font = FONTS[rng.choice(PRINT_FONTS)][1]
        look.icon = rng.uniform(0.6, 1.2)
        look.copy = rng.uniform(0.05, 0.25) if rng.random() < 0.25 else 0.0
        look.specks = rng.randrange(2**31)
        return look


def blank_box_page(pad_id: str, ppm: float, rng: random.Random, paper=(250, 248, 240), box=None,
                   look: Look | None = None) -> Image.Image:
    """The game box's pad as printed (card_db/pads/box, or `box` drawn otherwise): a title, a label
    column of icons, the grid."""
    from companion.scan.boxpads import box_pad
    box = box or box_pad(pad_id)
    look = look or Look(paper=paper)
    paper = look.paper
    g = box.grid
    w, h = (round(v * ppm) for v in box.page)
    page = Image.new("RGB", (w, h), paper)
    draw = ImageDraw.Draw(page)

    def px(v: float) -> int:
        return round(v * ppm)
    second = pad_id == "7wonders-2e"
    for r, key in enumerate(g.rows):
        if key in COLOURS:            # the 2nd edition tints each row, the others only the label cell
            right = g.xs[-1] if second else g.xs[1]
            draw.rectangle([px(g.xs[0]), px(g.ys[r]), px(right), px(g.ys[r + 1])],
                           fill=_tint(COLOURS[key], 0.14 if second else 0.25, paper))
        if key in ICONS:
            _icon(draw, *ICONS[key], g.label(r), ppm, look.icon)
    line = look.line_colour
    for i, y in enumerate(g.ys):
        width = max(1, px(look.frame if i in (0, len(g.ys) - 1) else look.line))
        draw.line([px(g.xs[0]), px(y), px(g.xs[-1]), px(y)], fill=line, width=width)
    for i, x in enumerate(g.xs):
        width = max(1, px(look.frame if i in (0, len(g.xs) - 1) else look.line))
        draw.line([px(x), px(g.ys[0]), px(x), px(g.ys[-1])], fill=line, width=width)
    title_font = _font(look.title_font, max(8, px(7 if pad_id != "duel" else 6)))
    draw.text((px((g.xs[0] + g.xs[-1]) / 2), px(g.ys[0] / 2)), BOX_TITLES[pad_id], font=title_font,
              fill=(90, 60, 30), anchor="mm")
    return _photocopied(page, look, ppm) if look.copy else page


def _photocopied(page: Image.Image, look: Look, ppm: float) -> Image.Image:
    """The printed pad as a photocopy: grey, its paper darker, its ink a little lighter, toner specks."""
    grey = np.asarray(page.convert("L"), dtype=np.float32)
    grey = 255 * (1 - look.copy) * (0.12 + 0.88 * grey / 255)
    specks = np.random.default_rng(look.specks)
    h, w = grey.shape
    count = int(h * w / (ppm * ppm) * 0.1)          # about 10 a square centimetre
    ys, xs = specks.integers(0, h, count), specks.integers(0, w, count)
    grey[ys, xs] *= specks.uniform(0.3, 0.8, count)
    grey = cv2.GaussianBlur(grey, (0, 0), max(0.5, 0.05 * ppm))
    return Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8)).convert("RGB")


def _icon(draw: ImageDraw.ImageDraw, shape: str, colour: str, box, ppm: float, size: float = 1.0) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2 * ppm, (y0 + y1) / 2 * ppm
    r = min(x1 - x0, y1 - y0) * 0.3 * ppm * size
    if shape == "disc":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=(60, 40, 20))
    elif shape == "pyramid":
        draw.polygon([(cx - r, cy + r * 0.8), (cx + r, cy + r * 0.8), (cx, cy - r)], fill=colour)
    elif shape == "card":
        draw.rounded_rectangle([cx - r * 0.65, cy - r, cx + r * 0.65, cy + r], radius=r * 0.15, fill=colour)
    else:                             # a laurel: two arcs
        draw.arc([cx - r, cy - r, cx + r, cy + r], 100, 260, fill=colour, width=max(1, round(r / 4)))
        draw.arc([cx - r, cy - r, cx + r, cy + r], -80, 80, fill=colour, width=max(1, round(r / 4)))


def _title(pad_id: str) -> str:
    from companion.scan.layout import PAD_TITLES
    return PAD_TITLES[pad_id]


def _tint(colour: str, strength: float, paper) -> tuple[int, int, int]:
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(round(p * (1 - strength) + c * strength) for p, c in zip(paper, rgb))


def _draw_marker(draw: ImageDraw.ImageDraw, marker_id: int, origin, size_mm: float, ppm: float) -> None:
    bits = marker_bits(marker_id)
    n = len(bits)
    module = size_mm / n
    for r, row in enumerate(bits):
        for c, white in enumerate(row):
            if not white:
                x, y = origin[0] + c * module, origin[1] + r * module
                draw.rectangle([round(x * ppm), round(y * ppm),
                                round((x + module) * ppm) - 1, round((y + module) * ppm) - 1], fill=(0, 0, 0))


def fill_page(page: Image.Image, truth: Truth, rng: random.Random, ppm: float) -> Image.Image:
    """Write the truth on a blank page in the truth's font."""
    g = truth.drawn or sheet_grid(truth.pad, truth.sheet)
    kind, file, _ = FONTS[truth.font]
    hand = kind != "print"
    real = kind in ("real", "calibration")
    ink = rng.choice(INKS)
    weight = rng.choice((0, 0, 1)) if ppm >= 8 else 0
    for p in range(len(truth.names)):
        cells = [(0, truth.names[p])]
        for r in g.points:
            if g.rows[r] not in truth.blank[p]:
                cells.append((r, str(truth.scores[p][g.rows[r]])))
        if truth.totals[p] is not None:
            cells.append((g.rows.index(TOTAL_ROW), str(truth.totals[p])))
        if COINS_ROW in g.rows and truth.coins_of(p) is not None:
            cells.append((g.rows.index(COINS_ROW), str(truth.coins_of(p))))
        for r, text in cells:
            x0, y0, x1, y1 = g.cell(r, p)
            height = (y1 - y0) * rng.uniform(0.45, 0.62 if r == 0 else 0.7)
            if real and r > 0:
                if text == "0" and rng.random() < 0.3:
                    text = "-"                # a zero written as a dash
                write_hand(page, text, truth.font, (x0, y0, x1, y1), (y1 - y0) * rng.uniform(0.5, 0.78),
                           ppm, rng, ink)
            else:
                _write(page, text, file, (x0, y0, x1, y1), height, ppm, rng, hand, ink, weight)
    return page


def _write(page: Image.Image, text: str, file: str, box, height_mm: float, ppm: float,
           rng: random.Random, hand: bool, ink, weight: int) -> None:
    """Write `text` in the box (mm), digits `height_mm` tall, jittered like a hand when `hand`."""
    size = max(6, round(height_mm * ppm / _digit_height_ratio(file)))
    glyphs = []                                # (canvas, advance, x and y of the pen's baseline point in it)
    for ch in text:
        font = _font(file, max(6, round(size * (rng.uniform(0.9, 1.1) if hand else 1.0))))
        left, top, right, bottom = font.getbbox(ch, anchor="ls")
        pad_px = 4 + weight
        canvas = Image.new("L", (right - left + 2 * pad_px, bottom - top + 2 * pad_px), 0)
        ox, oy = pad_px - left, pad_px - top
        ImageDraw.Draw(canvas).text((ox, oy), ch, font=font, fill=255, anchor="ls",
                                    stroke_width=weight, stroke_fill=255)
        if hand:
            before = canvas.size
            canvas = canvas.rotate(rng.uniform(-6, 6), resample=Image.BICUBIC, expand=True)
            ox += (canvas.size[0] - before[0]) / 2
            oy += (canvas.size[1] - before[1]) / 2
        glyphs.append((canvas, font.getlength(ch), ox, oy))
    gap = size * (rng.uniform(0.0, 0.1) if hand else 0.02)
    width = sum(adv for _, adv, _, _ in glyphs) + gap * (len(glyphs) - 1)
    x0, y0, x1, y1 = (v * ppm for v in box)
    if width > (x1 - x0) * 0.92:             # a long name: written smaller, as a person would
        shrink = (x1 - x0) * 0.92 / width
        return _write(page, text, file, box, height_mm * shrink, ppm, rng, hand, ink, weight)
    room = (x1 - x0) - width
    x = x0 + room / 2 + (rng.uniform(-0.3, 0.3) * room / 2 if room > 0 else 0)
    height = height_mm * ppm
    baseline = (y0 + y1) / 2 + height / 2 + (rng.uniform(-0.06, 0.06) * (y1 - y0 - height) if hand else 0)
    # Drawn on a layer around the cell only (handwriting may stray over the lines).
    lx, ly = int(x0 - (x1 - x0) * 0.5), int(y0 - (y1 - y0) * 0.5)
    layer = Image.new("L", (int((x1 - x0) * 2), int((y1 - y0) * 2)), 0)
    for canvas, advance, ox, oy in glyphs:
        jitter = rng.uniform(-0.05, 0.05) * height if hand else 0
        layer.paste(canvas, (round(x - ox - lx), round(baseline + jitter - oy - ly)), canvas)
        x += advance + gap
    shear = rng.uniform(-0.22, 0.05) if hand else 0.0
    if shear:
        cy = (y0 + y1) / 2 - ly
        layer = layer.transform(layer.size, Image.AFFINE, (1, shear, -shear * cy, 0, 1, 0),
                                resample=Image.BILINEAR)
    page.paste(Image.new("RGB", layer.size, ink), (lx, ly), layer)


# -- real handwriting -------------------------------------------------------------

def write_hand(page: Image.Image, text: str, source: str, box, height_mm: float, ppm: float,
               rng: random.Random, ink) -> None:
    """A number written by hand in the box (mm): each digit an MNIST glyph or drawn strokes, a minus
    (or a lone dash for zero) a short stroke; digits may touch, and the writing may cross the cell's line."""
    x0, y0, x1, y1 = (v * ppm for v in box)
    height = height_mm * ppm
    pen = max(1.5, 0.45 * ppm, height * rng.uniform(0.07, 0.12))     # a ballpoint's 0.45 mm at least
    glyphs = []
    for ch in text:
        if ch == "-":
            glyphs.append(_dash(height, pen, rng, alone=len(text) == 1))
        elif source in ("mnist", "digits-held", "digits-train"):
            glyphs.append(_mnist_glyph(int(ch), height * rng.uniform(0.92, 1.05), pen, rng, source))
        else:
            glyphs.append(_stroke_glyph(int(ch), height * rng.uniform(0.92, 1.05), pen, rng))
    # Touching neighbours now and then: a negative gap.
    gaps = [height * (rng.uniform(-0.12, 0.0) if rng.random() < 0.25 else rng.uniform(0.04, 0.2))
            for _ in glyphs[1:]]
    width = sum(g.shape[1] for g in glyphs) + sum(gaps)
    if width > (x1 - x0) * 0.95:
        return write_hand(page, text, source, box, height_mm * (x1 - x0) * 0.95 / width, ppm, rng, ink)
    room = (x1 - x0) - width
    x = x0 + room / 2 + rng.uniform(-0.35, 0.35) * room / 2
    middle = (y0 + y1) / 2
    if rng.random() < 0.15:           # written low or high: the strokes cross the cell's line
        cross = height * rng.uniform(0.05, 0.25)          # how far past the line the strokes go
        middle = y0 + height / 2 - cross if rng.random() < 0.5 else y1 - height / 2 + cross
    lx, ly = int(x0 - (x1 - x0) * 0.5), int(y0 - (y1 - y0) * 0.5)
    layer = np.zeros((int((y1 - y0) * 2), int((x1 - x0) * 2)), np.float32)
    for n, g in enumerate(glyphs):
        h, w = g.shape
        top = int(round(middle - h / 2 + rng.uniform(-0.05, 0.05) * height)) - ly
        if g is glyphs[0] and text.startswith("-") and len(text) > 1:
            top = int(round(middle - h / 2)) - ly
        left = int(round(x)) - lx
        a, b = max(top, 0), min(top + h, layer.shape[0])
        c, d = max(left, 0), min(left + w, layer.shape[1])
        if a < b and c < d:
            layer[a:b, c:d] = np.maximum(layer[a:b, c:d], g[a - top:b - top, c - left:d - left])
        x += w + (gaps[n] if n < len(gaps) else 0)
    alpha = Image.fromarray((np.clip(layer, 0, 1) * 255).astype(np.uint8))
    page.paste(Image.new("RGB", alpha.size, ink), (lx, ly), alpha)


def _mnist_glyph(digit: int, height: float, pen: float, rng: random.Random, source: str = "mnist") -> np.ndarray:
    pool = _real_digits(source)[digit]
    g = pool[rng.randrange(len(pool))].astype(np.float32) / 255
    ys, xs = np.nonzero(g > 0.25)
    g = g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    scale = height / g.shape[0]
    g = cv2.resize(g, (max(1, round(g.shape[1] * scale)), max(1, round(height))), interpolation=cv2.INTER_CUBIC)
    g = np.clip((g - 0.3) / 0.4, 0, 1)        # MNIST's soft edges to a pen's
    native = height * 0.14                     # MNIST's pen, about a seventh of the height
    if pen < native * 0.6:                     # a fine pen: thinner strokes, never broken ones
        k = 1
        thinner = cv2.erode(g, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1)))
        g = thinner if thinner.max() > 0.5 else g
    return np.clip(g, 0, 1)


@lru_cache(maxsize=2)
@lru_cache(maxsize=4)
def _real_digits(source: str) -> dict[int, np.ndarray]:
    """Each digit's glyphs (n x h x w, white ink on black): MNIST's test set, digits.png's held-out half,
    or all of digits.png ("digits-train")."""
    if source == "mnist":
        from .mnist_digits import test_digits
        return test_digits()
    from companion.scan.digits import training_digits
    glyphs, labels = training_digits(None if source == "digits-train" else "held")
    return {d: glyphs[labels == d] for d in range(10)}


# Digit skeletons in a box 0.6 wide and 1 tall (y down): each a list of strokes, each a list of points.
def _arc(cx, cy, rx, ry, a0, a1, n=14):
    return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
            for a in np.linspace(a0, a1, n)]


SKELETONS = {
    0: [lambda: _arc(0.3, 0.5, 0.28, 0.5, -90, 275, 24)],
    1: [lambda: [(0.1, 0.22), (0.32, 0.0), (0.32, 1.0)], lambda: [(0.32, 0.0), (0.3, 1.0)]],
    2: [lambda: _arc(0.3, 0.27, 0.26, 0.26, 190, 360, 10) + [(0.5, 0.45), (0.04, 1.0), (0.6, 1.0)]],
    3: [lambda: _arc(0.28, 0.25, 0.25, 0.24, 200, 450, 12) + _arc(0.28, 0.74, 0.28, 0.26, 270, 510, 14)[1:]],
    4: [lambda: [(0.42, 1.0), (0.42, 0.0), (0.0, 0.66), (0.6, 0.66)],
        lambda: [(0.12, 0.0), (0.05, 0.6), (0.6, 0.6), (0.6, 0.6), (0.48, 0.6), (0.48, 0.2), (0.48, 1.0)]],
    5: [lambda: [(0.58, 0.0), (0.12, 0.0), (0.06, 0.44)] + _arc(0.28, 0.68, 0.3, 0.3, 230, 500, 14)[1:]],
    6: [lambda: [(0.5, 0.02), (0.25, 0.25)] + _arc(0.3, 0.7, 0.27, 0.29, 200, 560, 22)],
    7: [lambda: [(0.0, 0.02), (0.6, 0.0), (0.2, 1.0)], lambda: [(0.0, 0.02), (0.6, 0.0), (0.3, 1.0)]],
    8: [lambda: _arc(0.3, 0.25, 0.22, 0.24, 90, 450, 18) + _arc(0.3, 0.74, 0.28, 0.26, -90, 270, 20)],
    9: [lambda: _arc(0.3, 0.28, 0.26, 0.27, 0, 360, 20) + [(0.56, 0.3), (0.5, 1.0)],
        lambda: _arc(0.3, 0.28, 0.26, 0.27, 0, 360, 20) + [(0.56, 0.3), (0.35, 1.0)]],
}


def _stroke_glyph(digit: int, height: float, pen: float, rng: random.Random) -> np.ndarray:
    points = np.array(rng.choice(SKELETONS[digit])(), np.float64)
    points += np.array([[rng.gauss(0, 0.025), rng.gauss(0, 0.025)] for _ in points])
    points[:, 0] *= rng.uniform(0.75, 1.25)
    points[:, 0] -= points[:, 1] * rng.uniform(-0.05, 0.3)     # slanted forward, or a little back
    points -= points.min(axis=0)
    scale = height / max(points[:, 1].max(), 1e-6)
    margin = pen + 2
    pts = points * scale + margin
    w = int(pts[:, 0].max() + margin + 1)
    h = int(pts[:, 1].max() + margin + 1)
    canvas = np.zeros((h, w), np.uint8)
    cv2.polylines(canvas, [np.round(pts * 8).astype(np.int32)], False, 255, max(1, int(round(pen))),
                  cv2.LINE_AA, shift=3)
    return canvas.astype(np.float32) / 255


def _dash(height: float, pen: float, rng: random.Random, alone: bool) -> np.ndarray:
    length = height * (rng.uniform(0.4, 0.8) if alone else rng.uniform(0.3, 0.55))
    margin = pen + 2
    canvas = np.zeros((int(pen * 2 + 2 * margin + height * 0.1), int(length + 2 * margin)), np.uint8)
    y = canvas.shape[0] / 2
    pts = np.array([[margin, y + rng.uniform(-0.04, 0.04) * height],
                    [margin + length, y + rng.uniform(-0.06, 0.06) * height]])
    cv2.polylines(canvas, [np.round(pts * 8).astype(np.int32)], False, 255, max(1, int(round(pen))),
                  cv2.LINE_AA, shift=3)
    return canvas.astype(np.float32) / 255


# -- the photo ------------------------------------------------------------------

@dataclass
class PhotoSpec:
    """How hard the photo is; `harsh` scales every effect."""
    size: tuple[int, int] = (4000, 3000)
    harsh: float = 1.0
    max_angle: float = 180.0          # turned by up to this many degrees either way
    quality: tuple[int, int] = (55, 92)
    dim: float = 1.0                  # the light at most this bright (low light: 0.4; noise stays as strong)


# Photos as hard as a player's may be: twice the blur, the tilt, the bend and the shadows of an
# ordinary one, in as little as a third of the light.
TILT_DEGREES = 12.0                   # the phone held this far off square at most (hard photos: 20)
HARD = PhotoSpec(harsh=1.7, dim=0.35)


def photograph(page: Image.Image, rng: random.Random, spec: PhotoSpec) -> bytes:
    """The page lying on a table, photographed: a JPEG."""
    W, H = spec.size
    k = spec.harsh
    src = np.asarray(page, dtype=np.uint8)
    src = _bend(src, rng, amplitude=rng.uniform(0, 0.004) * k * max(src.shape))
    ph, pw = src.shape[:2]
    # Where the page's corners land: turned, scaled to fit, tilted.
    angle = math.radians(rng.uniform(-spec.max_angle, spec.max_angle))
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    fit = min(W / (pw * cos + ph * sin), H / (pw * sin + ph * cos))
    scale = fit * rng.uniform(0.62, 0.92)
    flat = np.array([[-pw / 2, -ph / 2], [pw / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]]) * scale
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    flat = flat @ rot.T
    # The phone held at a slant: the sheet turned in space by up to TILT_DEGREES (times `harsh`) about an
    # axis in its plane, seen through a phone's lens (its focal length 0.7 to 1.0 of the photo's width).
    # The draws are as many as when the corners were moved at random (an outline no camera gives: the
    # sheet's shape could not be told from it), so the rest of a seed's photo is as it was.
    tilt = math.radians(rng.uniform(0, 1.0) * TILT_DEGREES * k)
    spare = [rng.random() for _ in range(8)]
    towards, focal = spare[0] * 2 * math.pi, W * (0.7 + 0.3 * spare[1])
    corners = _seen(flat, tilt, towards, focal, (0.0, 0.0))
    span = corners.max(0) - corners.min(0)
    if (span > np.array([W, H]) * 0.98).any():          # a near edge grown past the photo: step back
        shrink = float(np.min(np.array([W, H]) * 0.98 / span))
        flat *= shrink
        corners = _seen(flat, tilt, towards, focal, (0.0, 0.0))
        span = corners.max(0) - corners.min(0)
    slack = np.maximum(np.array([W, H]) - span, 0) / 2
    centre = np.array([rng.uniform(-0.8, 0.8) * slack[0], rng.uniform(-0.8, 0.8) * slack[1]])
    corners = _seen(flat, tilt, towards, focal, centre - (corners.max(0) + corners.min(0)) / 2)
    corners += np.array([W / 2, H / 2])
    corners += np.clip(-corners.min(0), 0, None) - np.clip(corners.max(0) - np.array([W - 1, H - 1]), 0, None)
    H_page = cv2.getPerspectiveTransform(np.float32([[0, 0], [pw, 0], [pw, ph], [0, ph]]), np.float32(corners))
    photo = _table(rng, W, H)
    cv2.warpPerspective(src, H_page, (W, H), dst=photo, flags=cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_TRANSPARENT)
    light = _light(rng, W, H, k)
    if spec.dim < 1.0:
        light *= rng.uniform(spec.dim, 1.0)
    cast = [rng.uniform(0.9, 1.05), rng.uniform(0.95, 1.02), rng.uniform(0.9, 1.08)]
    gain = cv2.merge([np.clip(light * c * 200, 0, 255).astype(np.uint8) for c in cast])
    photo = cv2.multiply(photo, gain, scale=1 / 200)
    scale_px = W / 4000
    # Out of focus by up to 2 pixels of a 12-megapixel photo; a shaken hand smears up to 8.
    sigma = rng.uniform(0.4, 2.0) * k * scale_px
    if sigma > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    if rng.random() < 0.25 * k:
        length = max(3, int(rng.uniform(3, 8) * scale_px))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1 / length
        rot_m = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, rot_m, (length, length))
        photo = cv2.filter2D(photo, -1, kernel / max(kernel.sum(), 1e-6))
    noise = np.random.default_rng(rng.randrange(2**32)).standard_normal(photo.shape, dtype=np.float32)
    noise *= rng.uniform(2, 8) * k
    photo = cv2.add(photo, noise, dtype=cv2.CV_8U)
    quality = rng.randint(*spec.quality)
    ok, data = cv2.imencode(".jpg", cv2.cvtColor(photo, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return data.tobytes()


def _seen(flat: np.ndarray, tilt: float, towards: float, focal: float, shift) -> np.ndarray:
    """Where a sheet's corners land in the photo (from its centre): `flat` (px, as it would be seen
    square on) turned by `tilt` (radians) about the axis in its plane at `towards`, moved by `shift`
    (px at its distance) and seen through a pinhole of focal length `focal` (px) at the photo's centre."""
    axis = np.array([math.cos(towards), math.sin(towards), 0.0])
    turn, _ = cv2.Rodrigues(axis * tilt)
    points = np.column_stack([flat, np.zeros(len(flat))]) @ turn.T
    points[:, :2] += np.asarray(shift, dtype=float)
    depth = focal + points[:, 2]                        # the sheet's centre as far away as the focal length
    return points[:, :2] * (focal / depth)[:, None]


def _bend(src: np.ndarray, rng: random.Random, amplitude: float) -> np.ndarray:
    """Paper that does not lie flat: a gentle wave across the page."""
    if amplitude < 0.5:
        return src
    h, w = src.shape[:2]
    phase = rng.uniform(0, 2 * math.pi)
    waves = rng.uniform(0.5, 1.5)
    x = np.arange(w, dtype=np.float32)
    y = np.arange(h, dtype=np.float32)
    map_x = x[None, :] + (amplitude * 0.5 * np.sin(y / h * math.pi * waves + phase))[:, None]
    map_y = y[:, None] + (amplitude * np.sin(x / w * math.pi * waves + phase))[None, :]
    return cv2.remap(src, map_x.astype(np.float32), map_y.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


def _table(rng: random.Random, W: int, H: int) -> np.ndarray:
    base = np.array([rng.randint(60, 170), rng.randint(45, 130), rng.randint(30, 100)], np.float32)
    small = np.random.default_rng(rng.randrange(2**32)).normal(0, 1, (max(2, H // 40), max(2, W // 40)))
    small = np.clip(base[None, None, :] * (1 + 0.12 * small[..., None]), 0, 255).astype(np.uint8)
    return cv2.resize(small, (W, H), interpolation=cv2.INTER_CUBIC)


def _light(rng: random.Random, W: int, H: int, k: float) -> np.ndarray:
    """Uneven light, and now and then the shadow of the phone or a hand."""
    ys, xs = np.mgrid[0:H:8, 0:W:8].astype(np.float32)
    a, b = rng.uniform(-1, 1), rng.uniform(-1, 1)
    ramp = (a * xs / W + b * ys / H)
    ramp = (ramp - ramp.min()) / max(float(ramp.max() - ramp.min()), 1e-6)
    light = 1.05 - rng.uniform(0.05, 0.35) * k * ramp
    if rng.random() < 0.7:
        shadow = np.zeros(light.shape, np.float32)
        h, w = light.shape
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        pts = np.array([[cx + rng.uniform(-0.6, 0.6) * w, cy + rng.uniform(-0.6, 0.6) * h] for _ in range(5)],
                       np.int32)
        cv2.fillPoly(shadow, [cv2.convexHull(pts)], 1.0)
        shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(0.01, 0.06) * w + 1)
        light *= 1 - rng.uniform(0.2, 0.5) * min(k, 1.4) * shadow
    return cv2.resize(light, (W, H), interpolation=cv2.INTER_LINEAR)


def make_photo(seed: int, pad_id: str, font: str, spec: PhotoSpec | None = None,
               players: int | None = None, sheet: str = "printable", vary: float = 0.0,
               box=None) -> tuple[bytes, Truth]:
    """One generated photo and the truth written on it, the same for the same seed.

    `sheet`: "printable" (our pad, with markers) or "box" (the pad from the game's box).
    `vary` (a box pad): its sizes each up to this share off card_db's, its lines' weights and its
    paper drawn at random (varied_box_pad, Look.drawn), from a generator of their own; or `box`, a
    box pad drawn with chosen sizes (drawn_box_pad)."""
    spec = spec or PhotoSpec()
    rng = random.Random(f"{seed}:{pad_id}:{font}" + ("" if sheet == "printable" else f":{sheet}"))
    truth = random_game(pad_id, rng, players=players, font=font)
    truth.sheet = sheet
    ppm = 10.0 if spec.size[0] * spec.size[1] > 6e6 else 6.0
    if sheet == "box":
        ppm *= 1.5                    # a smaller sheet fills as much of the photo
        look = None
        if vary:
            printing = random.Random(f"{seed}:{pad_id}:printing:{vary}")
            box, look = varied_box_pad(pad_id, printing, vary), Look.drawn(printing)
        if box is not None:
            truth.drawn = box.grid
        page = fill_page(blank_box_page(pad_id, ppm, rng, box=box, look=look), truth, rng, ppm)
    else:
        page = fill_page(blank_page(pad_id, ppm), truth, rng, ppm)
    return photograph(page, rng, spec), truth


# -- counting what a reading got right --------------------------------------------

@dataclass
class ReadingCounts:
    """Cells read right and wrong, and how many wrong ones were flagged as doubtful."""
    cells: int = 0
    right: int = 0
    wrong: int = 0
    wrong_flagged: int = 0
    right_flagged: int = 0
    wrong_with_total: int = 0             # wrong cells in columns whose total box is filled in
    wrong_with_total_flagged: int = 0
    names: int = 0
    names_right: int = 0
    names_wrong_flagged: int = 0
    misses: list = field(default_factory=list)

    def add(self, other: "ReadingCounts") -> None:
        for name in ("cells", "right", "wrong", "wrong_flagged", "right_flagged", "wrong_with_total",
                     "wrong_with_total_flagged", "names", "names_right", "names_wrong_flagged"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.misses += other.misses

    def figures(self) -> dict:
        share = lambda a, b: round(a / b, 4) if b else None      # noqa: E731
        return {"cells": self.cells, "read_right": share(self.right, self.cells),
                "wrong": self.wrong, "wrong_flagged": share(self.wrong_flagged, self.wrong),
                "wrong_with_total": self.wrong_with_total,
                "wrong_with_total_flagged": share(self.wrong_with_total_flagged, self.wrong_with_total),
                "right_but_flagged": share(self.right_flagged, self.right),
                "names_right": share(self.names_right, self.names),
                "names_wrong_flagged": share(self.names_wrong_flagged, self.names - self.names_right)}


def compare(answer: dict, truth: Truth) -> ReadingCounts:
    """Count a scan's answer (the contract's JSON) against what was written."""
    tally = ReadingCounts()
    doubtful = {(d["player"], d["row"]) for d in answer["doubtful"]}
    keys = [r.key for r in pad(truth.pad).rows]
    for p, name in enumerate(truth.names):
        got = answer["players"][p] if p < len(answer["players"]) else None
        tally.names += 1
        if got and got["name"].casefold() == name.casefold():
            tally.names_right += 1
        else:
            tally.names_wrong_flagged += (p, NAME_ROW) in doubtful
        expected = {k: truth.scores[p][k] for k in keys} | {TOTAL_ROW: truth.totals[p]}
        if COINS_ROW in sheet_grid(truth.pad, truth.sheet).rows:
            expected[COINS_ROW] = truth.coins_of(p)
        for key, value in expected.items():
            read = None if got is None else (got["total"] if key == TOTAL_ROW else
                                             got.get("coins") if key == COINS_ROW else got["scores"].get(key))
            flagged = (p, key) in doubtful
            tally.cells += 1
            if read == value and got is not None:
                tally.right += 1
                tally.right_flagged += flagged
                continue
            tally.wrong += 1
            tally.wrong_flagged += flagged
            if truth.totals[p] is not None:
                tally.wrong_with_total += 1
                tally.wrong_with_total_flagged += flagged
            tally.misses.append((truth.font, truth.pad, p, key, value, read, flagged))
    if len(answer["players"]) > len(truth.names):      # a column read where none was written
        extra = len(answer["players"]) - len(truth.names)
        tally.cells += extra
        tally.wrong += extra
    return tally
