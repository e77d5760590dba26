"""A photo of a filled pad to its numbers, with every doubtful cell named.

photo -> grey image (photo.py) -> our pad found by its markers (locate.py),
or else the box's pad by its paper and printed lines (locate_box.py), and
straightened -> each cell cut into glyphs, strokes over its lines kept
(cells.py) -> read by Tesseract (tess.py) and by the digit network
(digits.py) -> each column checked against its bounds and its total
(checks.py).
"""
from __future__ import annotations

import itertools
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import cv2
import numpy as np

from ..catalog.plays import MAX_NAME, play
from ..engine.errors import BadInput
from ..engine.ranking import standings
from . import digit_pairs, digit_svm, digits, tess
from .cells import Cell, Glyph, cell_box, cut
from .checks import SECOND_DOUBTS, WHY_NAME, Decided, Reading, check_coins, check_column
from .layout import COINS_ROW, NAME_ROW, PAD_IDS, TOTAL_ROW
from .locate import find_pad, straighten
from .photo import decode, read_file

TESS_WEIGHT = 0.25          # Tesseract's share where it read a number; the classifier has the rest (it reads
                            # handwriting far better: 0.45 misread more cells of tuning photos, 0.15-0.25 fewer)
TOP_PER_GLYPH = 3
OTHER_CUT = 0.8             # a cell's other ways of cutting it, against its first
SPLIT = 0.25                # and for each digit a way has more than the first: a piece of a digit often looks
                            # like a whole one (a 3's left edge is a 1), so cutting must be clearly better
JOIN = 0.5                  # for each digit fewer
ONE_BESIDE = 1.0            # instead of SPLIT: a first way of one digit, a thin 1 parted from its left and the rest
                            # read the same digit (a 15 whose 1 touches the 5, cut whole and read 5 at 0.99)
THIN_ONE = 0.35             # that 1 at most this wide of its height, read 1 and one digit at least ONE_SURE
ONE_SURE = 0.8
WHOLE_DOUBT = 0.9           # and only where the network doubts the whole glyph is one digit (a clear 2's tail is a 1)
SHARP = 2.0                 # the ways' weights sharpened: the best way's reading, not a blend of all
PAIR_DOUBT = 0.5            # a glyph of a cell's first cut the network doubts is one digit at all (not-one class)
PAIR_WIDE = 0.6             # and this wide (of its height) is also read whole as two digits (digit_pairs.py)
UPRIGHT = 0.1               # the writing this much likelier upside down (_upright): the pad is upside down
NAME_OK = 0.9               # Tesseract's confidence a name needs not to be doubtful (it is often sure of a misreading)


@dataclass
class Column:
    name: str
    name_doubt: str | None
    cells: dict[str, Decided]
    total: Decided
    coins: Decided = field(default_factory=lambda: Decided(None))   # coins left, on a pad that has the row


@dataclass
class Scan:
    pad: str
    columns: list[Column]                       # the filled columns, left to right
    sheet: str = "printable"                    # which form of the pad: "printable" or "box"
    other_pads: tuple[str, ...] = ()            # pads of the same rows the photo may show as well (not told apart)
    seconds: float = 0.0
    crops: dict[tuple[int, str], bytes] = field(default_factory=dict)   # (player, row) -> PNG, doubtful cells

    def doubtful(self) -> list[dict]:
        out = []
        for p, col in enumerate(self.columns):
            if col.name_doubt:
                out.append({"player": p, "row": NAME_ROW, "why": col.name_doubt})
            for key, cell in col.cells.items():
                if cell.doubt:
                    out.append({"player": p, "row": key, "why": cell.doubt})
            if col.total.doubt:
                out.append({"player": p, "row": TOTAL_ROW, "why": col.total.doubt})
            if col.coins.doubt:
                out.append({"player": p, "row": COINS_ROW, "why": col.coins.doubt})
        return out

    def as_json(self) -> dict:
        """The contract's answer (shared/docs/contract.md, "scan"), with the ranking added."""
        points = [{k: (c.value or 0) for k, c in col.cells.items()} for col in self.columns]
        ranks = standings(play(self.pad).tie_break, points) if self.columns else []
        players = []
        for col, standing in zip(self.columns, ranks):
            players.append({"name": col.name,
                            "scores": {k: c.value for k, c in col.cells.items()},
                            "total": col.total.value,
                            # "coins" extends the contract: coins left (the tie-break), None when not written
                            "coins": col.coins.value,
                            "sum": standing.total, "rank": standing.rank})
        # "sheet" extends the contract: which form of the pad the photo showed ("box" or "printable");
        # "other_pads", the pads it may show as well, their rows the same (the two 7 Wonders editions'
        # box pads differ in shape only): the player says which.
        return {"pad": self.pad, "sheet": self.sheet, "other_pads": list(self.other_pads), "players": players,
                "doubtful": self.doubtful()}


def run_scan(path: str, pad_id: str, sheet: str = "auto") -> dict:
    """`companion scan PHOTO --pad ... [--sheet ...]`: the contract's JSON, or BadInput (exit 2)."""
    if pad_id != "auto":
        check_pad(pad_id)
    return read_photo(read_file(path), pad_id, where=path, sheet=sheet).as_json()


def check_pad(pad_id: str) -> None:
    if pad_id not in PAD_IDS:
        raise BadInput(f'unknown pad "{pad_id}" (expected {", ".join(PAD_IDS)})', "pad")


SHEETS = ("auto", "printable", "box")


def read_photo(data: bytes, pad_id: str, crops: bool = False, where: str = "photo", sheet: str = "auto",
               known_names: list[str] | None = None) -> Scan:
    """Read a photo's bytes as a pad of `pad_id`; BadInput (a PhotoError) names `where` when it cannot.

    `pad_id` "auto": whichever pad the photo shows. `sheet`: "printable" (our pad, found by its
    markers), "box" (the pad from the game's box, found by its paper and lines) or "auto" (markers
    when there are, else the box's pad). `known_names`: the group's known players, to match names against.
    """
    import time
    started = time.perf_counter()
    if pad_id != "auto":
        check_pad(pad_id)
    if sheet not in SHEETS:
        raise BadInput(f'unknown sheet "{sheet}" (expected {", ".join(SHEETS)})', "sheet")
    gray, _ = decode(data, where)
    straight, pad_id, sheet, other_pads = _locate(gray, pad_id, sheet, where)
    g = straight.grid
    rows = g.rows
    table: dict[tuple[int, int], Cell] = {}
    for p in range(g.players):
        for r in range(len(rows)):
            table[r, p] = cut(straight, r, p)
    filled = [p for p in range(g.players) if any(not table[r, p].blank for r in range(len(rows)))]
    # A faint column beside written ones is still a column; one alone is a smudge.
    number_cells = [table[r, p] for p in filled for r in range(1, len(rows)) if not table[r, p].blank]
    name_cells = [table[0, p] for p in filled if not table[0, p].blank]
    with ThreadPoolExecutor(max_workers=2) as pool:
        numbers_job = pool.submit(tess.read_lines, [c.picture() for c in number_cells], tess.DIGITS)
        names_job = pool.submit(tess.read_lines, [c.picture(height=28) for c in name_cells], tess.NAMES)
        guesses = _read_digits(number_cells)
        numbers, names = numbers_job.result(), names_job.result()
    seconds = _read_second(number_cells)
    readings: dict[tuple[int, int], Reading] = {}
    for cell, word, cuts, second in zip(number_cells, numbers, guesses, seconds):
        readings[cell.row, cell.player] = _fuse(word, cuts, second)
    named = {c.player: w for c, w in zip(name_cells, names)}
    filled = [p for p in filled if not _speck(table, readings, p, len(rows))]
    columns = []
    for p in filled:
        # A cell with strokes too faint to read is not taken as empty: unreadable, so doubted.
        empty = {r: Reading(blank=not table[r, p].faint) for r in range(1, len(rows))}
        cells = {rows[r]: readings.get((r, p), empty[r]) for r in g.points}
        at = rows.index(TOTAL_ROW)
        total = readings.get((at, p), empty[at])
        decided, total_decided = check_column(g.pad, cells, total)
        name, name_doubt = _name(named.get(p), table[0, p].blank, known_names)
        column = Column(name, name_doubt, {k: decided[k] for k in cells}, total_decided)
        if COINS_ROW in rows:
            at = rows.index(COINS_ROW)
            column.coins = check_coins(readings.get((at, p), empty[at]))
        columns.append(column)
    scan = Scan(pad_id, columns, sheet=sheet, other_pads=other_pads)
    if crops:                 # every filled cell, and every doubtful one, as photographed
        wanted = {(d["player"], d["row"]) for d in scan.doubtful()}
        wanted |= {(n, rows[r]) for n, p in enumerate(filled) for r in range(len(rows)) if not table[r, p].blank}
        for player, row in wanted:
            scan.crops[player, row] = _crop_png(straight, rows.index(row), filled[player])
    scan.seconds = time.perf_counter() - started
    return scan


def _speck(table: dict[tuple[int, int], Cell], readings: dict[tuple[int, int], Reading], player: int,
           rows: int) -> bool:
    """A column with no name and one box written is no player's when the readers do not all read the
    same number there: a speck, a printed line's remains or a stray mark (hard 3 MP photos 629 and 634,
    a narrow stroke in a bare column's first box, read 1 and 4 by the network alone, Tesseract reading
    nothing). A player who wrote one number and no name keeps the column where every reader reads it.
    Nor is a nameless column with more boxes written where no two readers read the same number in any
    of them: grain or specks (3 MP hard photo 612, a grainy bare column: a 4 the network alone read, a
    2 read 3 by Tesseract and 2 by the second reader at 0.02, two boxes unreadable), where a player's
    numbers, several, have some two readers agree on."""
    written = [r for r in range(1, rows) if not table[r, player].blank]
    if not table[0, player].blank or not written:
        return False
    if len(written) == 1:
        return readings[written[0], player].alike is None
    return not any(_two_agree(readings.get((r, player))) for r in written)


def _two_agree(reading: Reading | None) -> bool:
    """Whether two of a cell's readers read the same number (the second handwriting reader where it is
    not unsure of its own: SECOND_DOUBTS)."""
    if reading is None or reading.blank:
        return False
    seen = [v for v in reading.readers.values() if v is not None]
    if reading.second is not None and reading.second_sure >= SECOND_DOUBTS:
        seen.append(reading.second)
    return len(seen) > len(set(seen))


def _locate(gray, pad_id: str, sheet: str, where: str):
    """(the straightened grid, the pad, the sheet, other pads it may be) the photo shows."""
    from .locate_box import find_box_pad
    from .photo import PhotoError
    if sheet != "box":
        try:
            located = find_pad(gray, None if pad_id == "auto" else pad_id, where)
            return straighten(gray, located), located.pad_id, "printable", ()
        except PhotoError as exc:
            if sheet == "printable" or exc.code != "no_pad" or exc.params.get("markers"):
                raise
    found = find_box_pad(gray, None if pad_id == "auto" else pad_id, where)
    straight = straighten(gray, found.located, found.grid)
    if found.upside_down is not None and _upright(straight) < -UPRIGHT:
        # Its lines fit nearly as well either way up: the writing is upside down, the pad is.
        straight = straighten(gray, found.upside_down.located, found.upside_down.grid)
    return straight, found.box.pad_id, "box", found.unsure


def _upright(straight) -> float:
    """How much more the writing in the pad's rows looks like digits as it stands than upside down
    (the mean log ratio, a glyph at a time, of the network's belief that it is one digit, of its
    likeliest): above 0 upright. 0, 1 and 8 look alike either way, 6 and 9 are each other;
    2, 3, 4, 5 and 7 say it."""
    g = straight.grid
    images = [gl.image for p in range(g.players) for r in g.points for gl in cut(straight, r, p).glyphs
              if not gl.minus]
    if not images:
        return 0.0

    def belief(glyphs):
        guess = digits.read(glyphs)
        return np.log(guess.probabilities.max(axis=1) * guess.single + 1e-3)
    return float(np.mean(belief(images) - belief([np.rot90(i, 2) for i in images])))


def _glyph_batch(cells: list[Cell]) -> tuple[list[list[list[Glyph]]], dict[int, int], list[np.ndarray]]:
    """Every way of cutting every cell, and its glyphs' pictures for one batch (a glyph shared by
    several ways once): (the ways, cell by cell; each glyph's row in the batch by id; the pictures)."""
    ways = [[c.glyphs] + c.alternatives for c in cells]
    unique: dict[int, int] = {}
    images = []
    for cell_ways in ways:
        for way in cell_ways:
            for gl in way:
                if not gl.minus and id(gl) not in unique:
                    unique[id(gl)] = len(images)
                    images.append(gl.image)
    return ways, unique, images


def _read_digits(cells: list[Cell]) -> list[list[tuple[list[Glyph], digits.Guess]]]:
    """Every cut of every cell shown to the classifier in one batch (a glyph shared by several cuts
    once), then handed back cell by cell: a cell's cuts, each with the classifier's guess."""
    ways, unique, images = _glyph_batch(cells)
    every = digits.read(images)
    out = []
    for cell_ways in ways:
        read = []
        for way in cell_ways:
            at = [unique[id(gl)] for gl in way if not gl.minus]
            read.append((way, digits.Guess([every.digits[i] for i in at], every.probabilities[at],
                                           every.single[at])))
        out.append(read)
    _pair_ways(out)
    return out


def _pair_ways(out: list[list[tuple[list[Glyph], digits.Guess]]]) -> None:
    """Two digits written into one another leave no cut that parts them (each piece keeps a slice of
    the other): a glyph of a cell's first cut that the network doubts is one digit is also read whole
    by the pair network, as one more way of cutting the cell with two digits there (the glyph named
    twice), weighed by _fuse as a cut into two. Only the first cut's glyphs: asking for the joined
    neighbours of the other ways too chose more wrong pairs than it found right ones (a harness of
    touching MNIST pairs, 84.5% -> 79.8%)."""
    asks = []
    for n, ways in enumerate(out):
        glyphs, guess = ways[0]
        at = 0
        for k, g in enumerate(glyphs):
            if g.minus:
                continue
            if guess.single[at] < PAIR_DOUBT and g.box[2] >= PAIR_WIDE * g.box[3]:
                asks.append((n, k, at, g))
            at += 1
    if not asks:
        return
    pairs = digit_pairs.read([g.image for *_, g in asks])
    for (n, k, at, g), row in zip(asks, pairs):
        glyphs, guess = out[n][0]
        pair = float(row[:digit_pairs.NOT_PAIR].sum())
        joint = row[:digit_pairs.NOT_PAIR].reshape(10, 10) / max(pair, 1e-9)
        probabilities = np.vstack([guess.probabilities[:at], joint.sum(axis=1), joint.sum(axis=0),
                                   guess.probabilities[at + 1:]])
        single = np.concatenate([guess.single[:at], [pair ** 0.5] * 2, guess.single[at + 1:]])   # both: the pair's
        out[n].append((glyphs[:k] + [g, g] + glyphs[k + 1:],
                       digits.Guess([int(v) for v in probabilities.argmax(axis=1)], probabilities, single)))


def _read_second(cells: list[Cell]) -> list[tuple[int | None, float]]:
    """Each cell's number as the second handwriting reader (digit_svm) reads it, and how sure it is
    (its glyphs' digits' probabilities and their being one digit each, multiplied): every way of cutting
    the cell read by it alone, the way chosen by its own belief (as _fuse chooses the network's), so
    that a cut the network took wrongly is not taken by it for that reason."""
    ways, unique, images = _glyph_batch(cells)
    every = digit_svm.read(images)
    out = []
    for cell_ways in ways:
        guesses = []
        for way in cell_ways:
            rows = every[[unique[id(gl)] for gl in way if not gl.minus]]
            digit_p = rows[:, :digit_svm.NOT_ONE]
            digit_p = digit_p / np.maximum(digit_p.sum(axis=1, keepdims=True), 1e-9)
            guesses.append((way, digits.Guess([int(d) for d in digit_p.argmax(axis=1)], digit_p,
                                              1 - rows[:, digit_svm.NOT_ONE])))
        value, way = _best_way(guesses)
        sure = float(np.prod(way.probabilities.max(axis=1)) * np.prod(way.single)) if way is not None else 0.0
        out.append((value, sure))
    return out


def _number(glyphs: list[Glyph], guess: digits.Guess) -> int:
    return int("".join(str(d) for d in guess.digits)) * (-1 if any(g.minus for g in glyphs) else 1)


def _best_way(cuts: list[tuple[list[Glyph], digits.Guess]]) -> tuple[int | None, digits.Guess | None]:
    """The number of the way of cutting a cell its reader believes most (by _fuse's weight), and its guess."""
    value, best, chosen = None, -1.0, None
    for n, (glyphs, guess) in enumerate(cuts):
        if not guess.digits:
            continue
        weight = _way_weight(n, glyphs, guess, cuts[0])
        if weight > best:
            value, best, chosen = _number(glyphs, guess), weight, guess
    return value, chosen


def _way_weight(n: int, glyphs: list[Glyph], guess: digits.Guess,
                first: tuple[list[Glyph], digits.Guess]) -> float:
    sure = float(np.prod(guess.probabilities.max(axis=1))) ** (1 / len(guess.digits))
    whole = float(np.prod(guess.single)) if guess.single is not None else 1.0   # each glyph one digit
    extra = len(guess.digits) - len(first[1].digits)
    split = ONE_BESIDE if _one_beside(glyphs, guess, first) else SPLIT
    way = 1.0 if n == 0 else OTHER_CUT * (split ** extra if extra > 0 else JOIN ** -extra)
    return (sure * whole * way) ** SHARP


def _one_beside(glyphs: list[Glyph], guess: digits.Guess, first: tuple[list[Glyph], digits.Guess]) -> bool:
    """Whether the first way read one digit and this one parts a thin 1 from its left, the rest read as the
    same digit: a leading 1 written into the digit after it, taken whole for that digit (issue 30). That
    a piece of a digit looks like a 1 is SPLIT's doubt; the rest still reading as the whole did, where
    the network doubts the whole is one digit, is not."""
    inked = [g for g in glyphs if not g.minus]
    if len(first[1].digits) != 1 or len(guess.digits) != 2 or len(inked) != 2 or inked[0] is inked[1]:
        return False
    one = inked[0]
    single = guess.single[0] if guess.single is not None else 1.0
    whole = first[1].single[0] if first[1].single is not None else 1.0
    return (whole < WHOLE_DOUBT and guess.digits[0] == 1 and guess.digits[1:] == first[1].digits
            and one.box[2] <= THIN_ONE * one.box[3]
            and min(float(guess.probabilities[0][1]), float(single)) >= ONE_SURE)


def _fuse(word, cuts: list[tuple[list[Glyph], digits.Guess]], second: tuple[int | None, float] = (None, 0.0)
          ) -> Reading:
    """The candidates of both readers, as one probability a value.

    A cell cut several ways (cells.py): the classifier's candidates for each cut are weighed by how
    sure it is of that cut's digits and that each piece is one whole digit; the other cuts a little
    less, and much less for each digit more than the first cut has (a piece of a digit is often a
    fine 1), the weights sharpened so that the best cut, not a blend, speaks. A number is as likely
    as the best way of cutting that reads it: several near-alike cuts (a 7's bar cut off as a minus
    at three places) are one reading, not three votes. Whether a piece is one digit is the
    classifier's to say (its eleventh class): a wide 4 or 2 is not doubted for its shape.
    """
    candidates: dict[int, float] = {}
    for n, (glyphs, guess) in enumerate(cuts):
        if not guess.digits:
            continue
        minus = any(g.minus for g in glyphs)
        weight = _way_weight(n, glyphs, guess, cuts[0])
        for value, p in _values(guess, minus).items():
            candidates[value] = max(candidates.get(value, 0.0), weight * p)
    clf_value = _best_way(cuts)[0]
    mass = sum(candidates.values())
    tess_value, tess_conf = tess.as_number(word)
    weight = TESS_WEIGHT if tess_value is not None else 0.0
    fused = {v: (1 - weight) * p / mass for v, p in candidates.items()} if mass > 0 else {}
    if tess_value is not None:
        fused[tess_value] = fused.get(tess_value, 0.0) + weight * max(tess_conf, 0.05)
    total = sum(fused.values())
    fused = {v: p / total for v, p in fused.items()} if total > 0 else {}
    top = dict(sorted(fused.items(), key=lambda kv: -kv[1])[:10])
    return Reading(blank=False, candidates=top, readers={"tesseract": tess_value, "digits": clf_value},
                   second=second[0], second_sure=second[1], tess_sure=tess_conf if tess_value is not None else 0.0)


def _values(guess: digits.Guess, minus: bool) -> dict[int, float]:
    """The classifier's likeliest numbers from its glyphs' likeliest digits."""
    values: dict[int, float] = {}
    tops = [np.argsort(row)[::-1][:TOP_PER_GLYPH] for row in guess.probabilities]
    for combo in itertools.product(*tops):
        p = float(np.prod([guess.probabilities[i][d] for i, d in enumerate(combo)]))
        if p <= 1e-4:
            continue
        if len(combo) > 1 and combo[0] == 0:
            p *= 0.05                 # nobody writes 07
        value = int("".join(str(d) for d in combo)) * (-1 if minus else 1)
        values[value] = values.get(value, 0.0) + p
    return values


NAME_CHARS = re.compile(r"[^\w\s'.-]", re.UNICODE)


NAME_MATCH = 75             # rapidfuzz's similarity (0..100) a reading needs to be taken for a known name


def _name(word, blank: bool, known: list[str] | None = None) -> tuple[str, str | None]:
    if blank or word is None:
        return "", WHY_NAME
    text = " ".join(NAME_CHARS.sub("", word.text).split())[:MAX_NAME]
    if not text:
        return "", WHY_NAME
    if known:
        from rapidfuzz import fuzz, process, utils
        hit = process.extractOne(text, known, scorer=fuzz.ratio, processor=utils.default_process)
        if hit and hit[1] >= NAME_MATCH:
            # A known player: the name as the group writes it; doubtful unless it was read nearly exactly.
            return hit[0], None if hit[1] >= 90 or word.confidence >= NAME_OK else WHY_NAME
    return text, None if word.confidence >= NAME_OK else WHY_NAME


def _crop_png(straight, row: int, player: int) -> bytes:
    x0, y0, x1, y1 = cell_box(straight, row, player)
    pad = 6
    crop = straight.image[max(0, y0 - pad):y1 + pad, max(0, x0 - pad):x1 + pad]
    ok, data = cv2.imencode(".png", crop)
    return data.tobytes() if ok else b""
