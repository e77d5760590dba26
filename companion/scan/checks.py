"""The checks of a reading: each value within its row's bounds, each column's
rows adding up to its total, and every doubtful cell reported.

Two readers give each cell candidate values with a probability each (the
cell is "confirmed" when both read the same number and a third, a second
reader of handwriting, read no other; or, where Tesseract read nothing and a
total checks the column, when the two readers of handwriting read the same
number, both nearly sure: Reading.confirmed). A value outside what its
row can score (card_db/pads: min and max) is struck out. Then, a column at a
time:

- its total box left empty (or read as empty): the total is doubtful (a total
  read as empty may be there, too faint), and a cell is doubtful unless
  read alike by the network and Tesseract with a high probability, and by
  the second reader of handwriting, it or Tesseract nearly certain
  (_stands_alone);
- a total written but not readable (no reading a total can be): nothing
  checks the column, and even a confirmed reading may be wrong (a touching
  1 lost from a 14 by both readers), so every filled cell is doubtful;
- the likeliest reading of every cell adds up to the total read: a cell the
  readers hardly knew is doubtful (when the total itself is unsure, the sum
  proves less, and a cell needs what it would need without one); and so is a
  cell whose reading another way of adding up makes less than nearly certain
  (a 7 read as a 1 both in a cell and in the total's last digit adds up too);
  where the two readers read different numbers in two or more cells whose
  other readings (the other reader's, a candidate of some weight) can change
  the sum by nothing together, those may both be wrong and cancel, so each of
  them needs what it would need without a total;
  and when some cell of it is doubtful, that cell may be what makes it add up
  (a 9 read for an 8 beside a 1 read for a 2), so the sum vouches only for
  the readings both readers agree on, the total's reading too, and for a
  reading the one reader that read anything is nearly sure of (ALONE_SURE), or two readers read alike
  where no misreadings could cancel;
- it does not add up: of all the ways to pick one candidate a cell (and one
  for the total) that add up, the likeliest is taken. When that changes one
  cell only, to a reading one of the readers gave it, and every other cell
  of the column is confirmed, the readers' disagreement is settled without a
  doubt. When the fix takes a value no reader offered, its values are not
  shown (what was read is, doubted). When the fix changes only a total the
  readers did not agree on, the cells stand as in a column without a total.
  Otherwise the column is decoded again with each reading as likely as such
  readings are found right (_spread: a reading both readers agree on is
  wrong about 1 in 300, one only the network read, surely, 1 in 100, others
  far more often, mostly one digit off), and a reading both readers agree on
  that this decoding leaves as read and nearly certain stands, a guessed fix
  or not (issue 30: in a quarter of the columns written in MNIST digits a
  cell is misread, and every right cell of those was marked). When that
  decoding overrules a reading both readers agree on (or the total they
  agree on), some confirmed reading is wrong and nothing says which (both
  readers can misread the same 7 as a 1): every cell is doubtful, the ones
  read as empty too (a faint or stray number may be what is missing).

Last, where a total was read and nothing confirmed is overruled, a doubted reading two readers read
alike stands where the column, decoded again from each value's calibrated probability (trust.py),
holds it nearly certain (_trusted_in_sum).

Pure Python on the pad's data: no image, no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..catalog.model import Pad
from . import trust

SURE_ALONE = 0.85       # probability a value needs without a total to check it against
HARDLY = 0.6            # a value read with less than this is doubtful even when the column adds up (0.4, for the
                        # tempered network, let two misreadings that cancel out through: bench/RESULTS.md)
FLOOR = 0.08            # a settling reading needs at least this much of the readers' belief
OTHER = 0.004           # what an unreadable cell gives each value its row can hold
TOTAL_MAX = 400
ADDS_UP_SURE = 0.98     # what a cell's reading needs of the belief left once the column must add up
SURE_IN_SUM = 0.95      # and, in a column that did not add up as read, once the fix is made (_spread's beliefs)
ELSE_CONFIRMED = 0.002  # the belief a reading both readers agree on leaves to any other value its row can hold
NEAR = 0.5              # of that belief, the share left to the numbers one digit off the reading
ELSE_ALONE = 0.01       # one only one reader read (the other read nothing), at ALONE_SURE or more
ELSE_TORN = 0.1         # one where Tesseract read part of the number (a digit lost: its usual misreading)
ELSE_DOUBTED = 0.3      # any other: the readers disagree, or the one reader is unsure. How often each kind of
                        # likeliest reading is wrong on the scan bench's captured cells (seed 20261123: confirmed
                        # 2 of 551, alone at 0.95 or more 2 of 178, Tesseract reading part 5 of 100, alone under
                        # 0.95 23 of 52, other disagreements 31 of 148; bench/RESULTS.md, fifth round)
SECOND_SURE = 0.95      # a reading only the network read (Tesseract silent) is confirmed when the second handwriting
SECOND_SELF_SURE = 0.8  # reader read it too, the network at SECOND_SURE or more and the second at SECOND_SELF_SURE
                        # (its glyphs' probabilities multiplied): tuned on the scan bench's captured columns of seed
                        # 20450101, confirmed on 20570101 (bench/RESULTS.md, issue 30, seventh round)
SECOND_SHARE = 0.2      # of a cell's belief, what the second handwriting reader's reading gets, times its certainty
PAIR_NET, PAIR_SECOND = 0.9, 0.8   # the network and the second reader read alike this sure: vouched for by a sum
SECOND_DOUBTS = 0.5     # the second reader's certainty under which its reading alike does not make the two alike
ELSE_PAIR = 0.01        # the belief left by a reading the two handwriting readers share, Tesseract silent: they
                        # share misreadings (a strokes 7 read as 1 by both, sure; an MNIST 21 read as 71): wrong 7
                        # times in 593 on the captured cells of seeds 20450101, 20560101, 20580101 to 20600101
ALONE_SECOND_SURE = 0.96  # a reading nothing checks needs, besides all three readers alike, the second reader this
ALONE_TESS_SURE = 0.9   # certain of it or Tesseract this confident: of the scan bench's readings all three read
                        # alike (captured cells of seeds 20450101, 20570101, 20610101, 20620101), 4 of 821 with the
                        # second under 0.96 were wrong, 1 of 1,019 at it or more (in a Duel photo read upside
                        # down); a strokes 26 read 20 by all three, the second at 0.951 and Tesseract at 0.62, no
                        # total (20620101: chosen with it in view). Printed digits, which Tesseract reads at 0.96,
                        # the second reader (handwriting) is often less sure of (0.74 to 0.95)
SHARED_MISREADING = set("17")  # the digits the two handwriting readers misread alike, surely (_firm)
TRUSTED_IN_SUM = 0.9    # a doubted reading two readers read alike (_read_by_two_firm) stands where the column, decoded
TRUSTED_IN_GUESS = 0.998  # from the calibrated trust (trust.py), holds it this likely; where the fix is a guess, this.
                        # Chosen on the captured columns of seeds 20450101, 20560101, 20580101, 20590101: such readings
                        # wrong in a guessed fix reached 0.9967, elsewhere none was wrong at any posterior; checked on
                        # 20570101, 20610101 to 20640101 (bench/RESULTS.md, issue 30, eleventh round)
TRUSTED_IN_FIX = 0.97   # and any other reading left as read (_plain) in a column a fix that is no guess made add up:
                        # such doubted readings wrong on the tuning seeds reached 0.962 (a 2 the network alone read
                        # as 4). Not in columns adding up as read, where the decoding cannot see misreadings that
                        # cancel (held out, 20620102: a 22 read for 25 beside 37 for 34, each at 0.975)
TRUSTABLE = {"sum", "unsure", "recheck"}   # the doubts the column's calibrated decoding may lift
TRUST_REST = 0.001      # the least belief a read cell leaves to values no reader read (the model is calibrated to 0.99)
SWAP_17 = 0.01          # and a 1 or a 7 Tesseract did not read, to that digit swapped (wrong about 1 in 100: _firm)
LOST_MINUS = 0.005      # of a number read above 0 in a row that may be below it, the share its negative gets in the
                        # column's decodings (_minus_lost): the minus is lost to every reader at once where the cutter
                        # took it into its digit or dropped it as a speck (development seed 32300002: a military -4
                        # read 4 by all three, sure). Such readings were negative 5 times in 222 on the captured
                        # cells of development and tuning seeds, 1 in 144 where all three readers read alike
LONE_OTHER = 0.01       # a candidate this likely is among what a cell may hold, for _lone_doubt (a reading one reader
                        # alone read at 0.95 or more is wrong about 1 in 100: ELSE_ALONE)
TOTAL = "\0total"       # the total's key among a column's cells
NO_SUM, ADDS_UP, FIXED, OVERRULED = "no sum", "adds up", "fixed", "overruled"   # what a column was (_check_column)
ALONE_SURE = 0.95       # a reading only one reader read (Tesseract read nothing) vouched for as if both had
                        # (tuned on the captured columns of one seed, confirmed on two: bench/RESULTS.md, fourth round)


class Doubt(str):
    """Why a reading is doubtful: its English sentence (the contract's "why"), and what kind
    of finding it is as data (`kind`, one of the names below), so that whoever words it for a
    player (the web's preview, in the player's language) never reads the English."""
    SUM = "sum"                   # the column does not add up to its total
    RECHECK = "recheck"           # the column did not add up as read
    BOUNDS = "bounds"             # outside what the row can score
    UNREADABLE = "unreadable"
    UNSURE = "unsure"
    FROM_TOTAL = "from_total"     # worked out from the total
    UNCHECKED = "unchecked"       # the total not readable, the column not checked
    NAME = "name"                 # a player's name not readable
    NO_TOTAL = "no_total"         # the total box read as empty: nothing checks the column

    def __new__(cls, text: str, kind: str):
        doubt = super().__new__(cls, text)
        doubt.kind = kind
        return doubt

    def __reduce__(self):         # a scan crosses to the web from the reader's process, kind and all
        return Doubt, (str(self), self.kind)


WHY_SUM = Doubt("column does not add up to its total", Doubt.SUM)
WHY_RECHECK = Doubt("column did not add up as read; check each number", Doubt.RECHECK)
WHY_BOUNDS = "outside what {row} can score ({low} to {high})"       # a Doubt.BOUNDS: see outside_bounds
WHY_UNREADABLE = Doubt("unreadable", Doubt.UNREADABLE)
WHY_UNSURE = Doubt("not sure of this number", Doubt.UNSURE)
WHY_FROM_TOTAL = Doubt("worked out from the total; check it", Doubt.FROM_TOTAL)
WHY_UNCHECKED = Doubt("total not readable, so the column was not checked", Doubt.UNCHECKED)
WHY_NAME = Doubt("name not readable", Doubt.NAME)
WHY_NO_TOTAL = Doubt("no total read: check the total box (empty, or written too faint to read?)", Doubt.NO_TOTAL)


def outside_bounds(row: str, low: int, high: int) -> Doubt:
    """A value no reading of its row can hold (the row's label, its lowest and highest score)."""
    return Doubt(WHY_BOUNDS.format(row=row, low=low, high=high), Doubt.BOUNDS)


@dataclass
class Reading:
    """What the readers saw in one cell."""
    blank: bool = False
    candidates: dict[int, float] = field(default_factory=dict)   # value -> probability
    readers: dict[str, int | None] = field(default_factory=dict)  # each reader's own reading
    second: int | None = None    # the second handwriting reader's own reading (digit_svm), where it read one
    second_sure: float = 0.0     # and how sure it is of it
    tess_sure: float = 0.0       # Tesseract's own confidence in its reading (0: it read no number)

    @property
    def alike(self) -> int | None:
        """The value every reader read, when there are two and they agree, and the second handwriting
        reader (digit_svm), where it read a number, read it too: where it read another, the two alike
        were wrong 6 times in 49 (a 14 read as 4 by both, the second reading 14), all three alike 5 in
        1,001 (the scan bench's captured cells of seeds 20450101 and 20560101). And read it at
        SECOND_DOUBTS or more: all three alike with the second under it were wrong 4 times in 56 (a 14
        read as 4 by all three, its 1 lost by the cutter, the second at 0.37; a 29 read as 24), at it or
        more 1 in 947 (seeds 20450101 and 20560101)."""
        seen = [v for v in self.readers.values()]
        if len(seen) >= 2 and seen[0] is not None and all(v == seen[0] for v in seen):
            if self.second is not None and (self.second != seen[0] or self.second_sure < SECOND_DOUBTS):
                return None
            return seen[0]
        return None

    @property
    def confirmed(self) -> int | None:
        """Read alike; or, where Tesseract read nothing, the network's reading when the second
        handwriting reader read it too, both nearly certain (SECOND_SURE, SECOND_SELF_SURE). The checks
        take the latter only where a total checks the column (a cell of a column without one, or coins
        left, needs `alike`): the two misread the same MNIST 7 as a 1, both sure, now and then."""
        if self.alike is not None:
            return self.alike
        network = self.readers.get("digits")
        if (network is not None and self.second == network and "tesseract" in self.readers
                and self.readers["tesseract"] is None and self.candidates.get(network, 0.0) >= SECOND_SURE
                and self.second_sure >= SECOND_SELF_SURE):
            return network
        return None

    @property
    def fused(self) -> dict[int, float]:
        """The candidates with the second handwriting reader's share: its reading gets SECOND_SHARE of the
        belief times its certainty, the network's and Tesseract's candidates the rest. Its reading is often
        the right one where the network's is not (a 14 the network read as 4), and a column's decoding can
        take only what is among the candidates."""
        if self.second is None or not self.candidates:
            return self.candidates
        share = SECOND_SHARE * self.second_sure
        out = {v: (1 - share) * p for v, p in self.candidates.items()}
        out[self.second] = out.get(self.second, 0.0) + share
        return out

    def best(self) -> tuple[int | None, float]:
        if self.blank:
            return 0, 1.0
        if not self.candidates:
            return None, 0.0
        value = max(self.candidates, key=self.candidates.get)
        return value, self.candidates[value]


@dataclass
class Decided:
    value: int | None            # None: unreadable
    doubt: Doubt | None = None
    confidence: float = 1.0


COINS_MAX = 200         # coins left at the end of a 7 Wonders game (the sheet takes up to 500; 200 is plenty)


def check_coins(reading: Reading) -> Decided:
    """Coins left (the tie-break): nothing adds up to check it, so it stands alone like a cell of a
    column without a total. Left empty: not written (None), not 0, so a tie stays shared."""
    if reading.blank:
        return Decided(None)
    kept = _normal({v: p for v, p in reading.candidates.items() if 0 <= v <= COINS_MAX})
    if not kept:
        return Decided(reading.best()[0], WHY_UNREADABLE, 0.0)
    value = max(kept, key=kept.get)
    sure = kept[value]
    ok = sure >= SURE_ALONE or reading.alike == value
    return Decided(value, None if ok else WHY_UNSURE, sure)


def check_column(pad: Pad, cells: dict[str, Reading], total: Reading
                 ) -> tuple[dict[str, Decided], Decided]:
    """Each row's value and doubt, and the total's, for one player's column (`cells` in the grid's order,
    top to bottom: a cell's neighbours are the rows printed beside it, _run_over)."""
    bounds = {row.key: (row.min, row.max) for row in pad.rows}
    decided, total_decided, column = _check_column(pad, cells, total)
    if column == OVERRULED:         # something confirmed is wrong, and nothing says what
        return decided, total_decided
    decided, total_decided = _trusted_in_sum(cells, total, bounds, decided, total_decided, column == FIXED,
                                             _torn(cells, bounds) if column == ADDS_UP else set())
    return _lone_doubt(cells, total, bounds, decided, total_decided)


def _misread_whole(decided: dict[str, Decided], cells: dict[str, Reading]) -> bool:
    """Whether a column without a total looks misread as a whole: two thirds or more of its written cells
    doubted. On development seed 32300002 a grid found off on a hard Duel photo read a 31 and a 15 as 0s,
    both handwriting readers sure, beside five misread cells and an empty total box that held 119; both
    stood. Two thirds rather than half, chosen on the tuning seeds (right cells marked again: half
    +0.8 to +4.7 points, two thirds +0.2 to +2.1; no wrong cell on any seed left unmarked by either)."""
    written = [k for k in decided if not cells[k].blank]
    doubted = sum(1 for k in written if decided[k].doubt)
    return bool(written) and 3 * doubted >= 2 * len(written)


def _lone_doubt(cells: dict[str, Reading], total: Reading, bounds: dict[str, tuple[int, int]],
                decided: dict[str, Decided], total_decided: Decided) -> tuple[dict[str, Decided], Decided]:
    """Where the column's values as shown add up to its total and one of them alone (a cell or the total) is
    doubted by the sum's checks (TRUSTABLE), that one is the total less the others, which stand: it is wrong
    only where one of those is wrong too, itself a wrong cell left unmarked. Its doubt is lifted (issue 30:
    a fix's new value, a reading Tesseract read in part, a total read unsure beside cells that stand), unless
    another reading of some other cell could offset another of its own (_cancelling, over every reading's
    readers, candidates of LONE_OTHER or more, and the pair's unread 1s and 7s swapped: _pair_17): a network
    alone at 0.98 sure of a science 2, 7 at 0.02, beside a guilds 8 Tesseract read 3. bench.reader_replay on
    the captured columns of tuning seeds 20450101, 20560101, 20580101, 20590101: 33 right cells lifted, none
    wrong (held out 20570101, 20610101 to 20640101: 19; development 32100001, 32200001: 15; none wrong)."""
    shown = {**decided, TOTAL: total_decided}
    doubted = [k for k, d in shown.items() if d.doubt is not None]
    if (len(doubted) != 1 or getattr(shown[doubted[0]].doubt, "kind", None) not in TRUSTABLE
            or any(d.value is None for d in shown.values())
            or sum(d.value for d in decided.values()) != total_decided.value):
        return decided, total_decided
    readings = {**cells, TOTAL: total}
    changes = {k: _other_readings(readings[k], d.value, bounds.get(k, (0, TOTAL_MAX))) for k, d in shown.items()}
    changes[TOTAL] = {-c for c in changes[TOTAL]}         # a total read higher offsets a cell read lower
    if doubted[0] in _cancelling({k: c for k, c in changes.items() if c}):
        return decided, total_decided
    lifted = Decided(shown[doubted[0]].value, None, shown[doubted[0]].confidence)
    if doubted[0] == TOTAL:
        return decided, lifted
    return decided | {doubted[0]: lifted}, total_decided


def _other_readings(reading: Reading, value: int, bounds: tuple[int, int]) -> set[int]:
    """What else a cell shown as `value` may hold, as changes from it: each reader's reading (the second
    reader's too), every candidate of LONE_OTHER or more, and `value` with a 1 or 7 swapped where it holds the
    handwriting readers' shared misreading (_pair_17). A box read as empty: nothing."""
    if reading.blank:
        return set()
    low, high = bounds
    seen = {v for v in reading.readers.values() if v is not None}
    seen |= {v for v, p in reading.fused.items() if p >= LONE_OTHER}
    if reading.second is not None:
        seen.add(reading.second)
    if _pair_17(reading, value):
        seen |= _swapped_17(value)
    return {v - value for v in seen if v != value and low <= v <= high}


def _torn(cells: dict[str, Reading], bounds: dict[str, tuple[int, int]]) -> set[str]:
    """In a column adding up as read, the cells whose other readings could cancel one another's
    (_cancelling, as _check_column finds them): the sum cannot vouch for their readings."""
    changes = {}
    for key, reading in cells.items():
        low, high = bounds[key]
        kept = _normal({v: p for v, p in reading.fused.items() if low <= v <= high})
        if reading.blank or not kept or reading.confirmed in kept or None in reading.readers.values():
            continue
        changes[key] = _others(reading, kept, max(kept, key=kept.get))
    return _cancelling(changes)


def _check_column(pad: Pad, cells: dict[str, Reading], total: Reading
                  ) -> tuple[dict[str, Decided], Decided, str]:
    """check_column's rules, and what the column was: ADDS_UP as read, FIXED, its fix OVERRULED a
    confirmed reading, or NO_SUM (no total read)."""
    bounds = {row.key: (row.min, row.max) for row in pad.rows}
    labels = {row.key: row.label for row in pad.rows}
    decided: dict[str, Decided] = {}
    options: dict[str, dict[int, float]] = {}
    for key, reading in cells.items():
        low, high = bounds[key]
        if reading.blank:
            options[key] = {0: 1.0}
            continue
        kept = {v: p for v, p in reading.fused.items() if low <= v <= high}
        if reading.candidates and not kept:
            value, _ = reading.best()
            decided[key] = Decided(value, outside_bounds(labels[key], low, high), 0.0)
        options[key] = _normal(kept)
    total_options = {} if total.blank else _normal({v: p for v, p in total.fused.items()
                                                   if 0 <= v <= TOTAL_MAX})

    def confirmed(key: str) -> bool:
        value = cells[key].confirmed
        return cells[key].blank or (value is not None and value in options[key])

    def vouched(key: str) -> bool:
        """Confirmed, or read by one reader alone (the other read nothing, which says nothing against)
        and nearly certain: Tesseract reads nothing in a quarter of the handwritten cells. Such a reading
        at 0.95 or more is wrong about once in 70 (captured cells of two seeds), so it stands only where
        the column adds up, which one wrong reading breaks unless another cancels it; and not where the
        second handwriting reader read another number (then wrong 5 times in 13, seeds 20450101,
        20560101, 20570101)."""
        if confirmed(key):
            return True
        seen = [v for v in cells[key].readers.values() if v is not None]
        value = tops[key][0] if key in tops else None
        reading = cells[key]
        if (reading.readers.get("digits") == value and reading.second == value
                and reading.candidates.get(value, 0.0) >= PAIR_NET and reading.second_sure >= PAIR_SECOND):
            return True
        return (len(seen) == 1 and seen[0] == value and len(reading.readers) >= 2
                and reading.candidates.get(value, 0.0) >= ALONE_SURE and reading.second in (None, value))

    if total.blank or not total_options:
        for key, opts in options.items():
            if key in decided:
                continue
            if not opts:
                decided[key] = Decided(None, WHY_UNREADABLE, 0.0)
                continue
            value = max(opts, key=opts.get)
            sure = opts[value]
            # Nothing checks the column: a reading stands only when both readers read it and it is
            # sure. The network alone is sometimes sure of a misreading (an 11 for a 17, at 1.0),
            # which Tesseract, reading nothing or something else, does not confirm.
            ok = cells[key].blank or _stands_alone(cells[key], value, sure, bounds[key])
            if not total.blank:
                # A total is there, unread: nothing vouches for this reading, nor for a box read as
                # empty (a Duel photo cut a row off: science 17 read as an empty box, unmarked).
                why = WHY_UNCHECKED
            else:
                why = None if ok else WHY_UNSURE
            decided[key] = Decided(value, why, sure)
        if total.blank and _misread_whole(decided, cells):
            decided = {k: d if d.doubt else Decided(d.value, WHY_UNSURE, d.confidence) for k, d in decided.items()}
        # An empty total is never taken as a sure nothing: a total written faintly or over its
        # line may be read as empty, and then nothing checked the column.
        return decided, Decided(None, WHY_NO_TOTAL if total.blank else WHY_UNCHECKED, 0.0), NO_SUM

    tops = {k: (max(o, key=o.get), max(o.values())) for k, o in options.items() if o}
    top_total, top_total_p = max(total_options, key=total_options.get), max(total_options.values())
    if not decided and len(tops) == len(options) and sum(v for v, _ in tops.values()) == top_total:
        total_ok = top_total_p >= HARDLY or total.confirmed == top_total
        need = HARDLY if total_ok else SURE_ALONE
        keys = list(options)
        solution = _decode([options[k] for k in keys], total_options)
        posterior = dict(zip(keys, solution[1])) if solution else {}
        # A cell whose readers read different numbers may be wrong. One such cell is checked by the
        # sum; two may both be wrong and cancel (a 2 read as 7 beside an 18 read as 13), so then each
        # needs what it would without a total. (A reader that read nothing says nothing against.)
        # They can cancel only when what the readers also read in them does: the cells whose other
        # readings (Tesseract's, or the candidates the readers gave some weight) add up as well.
        torn = _cancelling({k: _others(cells[k], options[k], tops[k][0]) for k in tops
                            if not confirmed(k) and None not in cells[k].readers.values()})
        ok = {}
        for key, (value, p) in tops.items():
            need_here = max(need, SURE_ALONE) if key in torn else need
            # Sure as read, before out-of-bounds readings were struck out: those were doubt too.
            # Or read alike by two readers (the third reading another number) where no misreadings
            # could cancel: the sum checks it (in columns that add up on the captured cells of seeds
            # 20450101, 20560101, 20580101, 20590101, 485 such readings, none wrong; of 20570101 and
            # 20610101 to 20640101, 586, none).
            read_sure = (cells[key].blank or cells[key].fused.get(value, 0.0) >= need_here or confirmed(key)
                         or (key not in torn and _read_by_two(cells[key], value)))
            ok[key] = read_sure and posterior.get(key, 0.0) >= ADDS_UP_SURE
        if not all(ok.values()):
            # A doubted cell may be what makes the column add up (a 9 read for an 8 beside a 1 read
            # for a 2, or a 12 read as 11 beside a total of 88 read as 87): the sum vouches then
            # only for readings both readers agree on (or the one that read anything is sure of), the total's too,
            # and for a reading two readers read alike whose other readings cannot cancel another's (not torn;
            # one holding a 1 or a 7 with Tesseract among the two: _read_by_two_firm). In such columns of the
            # captured cells of seeds 20450101, 20560101, 20580101, 20590101, 30 more stand, none wrong
            # (20570101, 20610101 to 20640101: 43, none).
            ok = {k: v and (cells[k].blank or (vouched(k) and not _pair_17(cells[k], tops[k][0], bounds[k]))
                            or (k not in torn and _read_by_two_firm(cells[k], tops[k][0], bounds[k])))
                  for k, v in ok.items()}
            # (The total too, read alike by two readers: in such columns of the tuning seeds' captured
            # cells, 16 more totals stand, none wrong; held out 18, none.)
            total_ok = total_ok and (total.confirmed == top_total or _read_by_two_firm(total, top_total))
        for key, (value, p) in tops.items():
            decided[key] = Decided(value, None if ok[key] else WHY_UNSURE, p)
        return decided, Decided(top_total, None if total_ok else WHY_UNSURE, top_total_p), ADDS_UP

    # It does not add up as read: decode the column as a whole. Unreadable (or out-of-bounds) cells
    # may hold anything their row can; an empty box may hold writing too faint to see.
    # Any cell may also hold what neither reader offered, barely.
    spread = {}
    for key, opts in options.items():
        low, high = bounds[key]
        anything = {v: OTHER / (4 if cells[key].blank else 1) for v in range(low, high + 1)}
        if cells[key].blank:
            spread[key] = anything | {0: 1.0}
        elif opts and key not in decided:
            spread[key] = anything | {v: p for v, p in opts.items() if p > OTHER}
        else:
            spread[key] = anything
    keys = list(spread)
    solution = _decode([spread[k] for k in keys], total_options)
    if solution is None:
        for key in keys:
            if key in decided:
                continue
            value, p = tops.get(key, (None, 0.0))
            decided[key] = Decided(value, WHY_SUM if value is not None else WHY_UNREADABLE, p)
        return decided, Decided(top_total, WHY_SUM, top_total_p), FIXED
    values, posteriors, total_value, total_posterior = solution
    changed = [k for k, v in zip(keys, values) if k not in decided and tops.get(k, (None, 0))[0] != v]
    total_changed = total_value != top_total
    # Settled: one change, every other reading confirmed, and firm (a 7 the two handwriting readers both
    # read as 1, Tesseract silent, settled a total the network misread to match it: seed 20630101).
    settled = (len(changed) + total_changed == 1 and not decided
               and all(confirmed(k) and (cells[k].blank or _firm(cells[k]) is not None)
                       for k in keys if k not in changed)
               and (total_changed or total.confirmed == top_total)
               and all(spread[k][v] >= FLOOR for k, v in zip(keys, values) if k in changed)
               and (not total_changed or total_options[total_value] >= FLOOR))
    # A value no reader offered means the readings themselves are off: a confirmed cell may be too.
    guessed = any(spread[k][v] < FLOOR for k, v in zip(keys, values) if k in changed or
                  (cells[k].blank and v != 0)) or (total_changed and total_options[total_value] < FLOOR)
    # Which readings the fix leaves standing, once the column must add up: the decoding again, each
    # reading as likely as such readings are found right (_spread); a cell that decoding leaves as read,
    # read alike by both readers (the changed cell may be what makes the column add up, so an
    # unconfirmed one is not vouched for) and still nearly certain, stands, even where the fix is a
    # guess (a value nobody read: the misreading is likelier in a cell the readers disagree on). Read
    # alike by all three (_firm): what the two handwriting readers alone read alike (Tesseract
    # silent) was wrong 7 times in 593, and such readings stood wrong in a column the fix did not add
    # up right (a strokes 7 read as 1 by both, sure: seed 20620101; an MNIST 21 read as 71): each a 1
    # read for a 7 or a 7 for a 1, so their readings with neither digit in them stand too. A
    # decoding that overrules a confirmed reading or a confirmed total leaves none standing (both
    # readers can misread the same 7 as a 1).
    standing: set[str] = set()
    total_stands = overruled = False
    if not settled and not changed and total_changed and total.confirmed != top_total:
        # Only the total, which the readers did not agree on, was misread (into what, or not): nothing
        # checks the cells, so a reading stands as in a column without a total (both readers read it,
        # and it is sure).
        # (Read alike by the network and Tesseract: as in a column without a total, the two handwriting
        # readers do not confirm each other here; a strokes 7 both read as 1, sure, stood: seed 20580101.)
        # (A cell read out of bounds has no likeliest reading: it keeps its doubt, decided above.)
        # But a total two readers read alike, fixed to a value nobody read, is no likelier misread than
        # cells misread alike: nothing stands then (3 MP hard photo 634: wonder 15 and guilds 18 read 5 and
        # 8 by all three readers, the cutter losing their 1s, and the total 75, read so by Tesseract and
        # the second reader, fixed to their sum, 55; the wonder's 5 stood).
        overruled = guessed and _read_by_two(total, top_total)
        if not overruled:
            standing = {k for k in keys if cells[k].blank or (k in tops and _stands_alone(cells[k], *tops[k], bounds[k]))}
    elif not settled:
        calibrated = _decode([_spread(cells[k], options[k], bounds[k], k not in decided) for k in keys],
                             _spread(total, total_options, (0, TOTAL_MAX)))
        as_read = {k: tops[k][0] if k in tops else None for k in keys}
        if calibrated is not None:
            # (A confirmed reading the fix only gives its minus back is no misreading of the readers': the
            # cutter lost the minus to all three at once, _minus_lost.)
            overruled = (any(confirmed(k) and not cells[k].blank and v not in (as_read[k], -as_read[k])
                             for k, v in zip(keys, calibrated[0]) if k not in decided)
                         or (calibrated[2] != top_total and total.confirmed == top_total))
            if not overruled:
                standing = {k for k, v, p in zip(keys, calibrated[0], calibrated[1])
                            if k not in decided and (cells[k].blank or _firm(cells[k]) == as_read[k])
                            and v == as_read[k] and p >= SURE_IN_SUM}
                if not guessed and calibrated[0] == values and len(changed) + total_changed == 1:
                    # One change, to what a reader read there, explains the column, and the decoding
                    # with each reading as likely as such readings are found right makes the same fix:
                    # a reading two readers read alike that it leaves nearly certain stands too. Of such
                    # readings of the captured cells of seeds 20450101, 20560101, 20580101, 20590101,
                    # 181, none wrong (20570101, 20610101, 20620101: 141, none); read by one reader
                    # alone, a 5 the network read 4 at 0.987 stood wrong (20610101) where the decoding
                    # put the change in an unsure cell beside it.
                    standing |= {k for k, v, p in zip(keys, calibrated[0], calibrated[1])
                                 if k not in decided and k not in changed and not cells[k].blank
                                 and v == as_read[k] and p >= SURE_IN_SUM and _read_by_two(cells[k], v)}
            if (not guessed and calibrated[0] == values and total.confirmed == total_value
                    and calibrated[3] >= SURE_IN_SUM):
                total_stands = True
        if (not guessed and len(changed) + total_changed == 1
                and not any(confirmed(k) for k in changed) and not (total_changed and total.confirmed == top_total)):
            # One change, to what a reader read in a cell the readers did not agree on, explains the
            # column: a reading two readers read alike stands beside it, and so does the total left as
            # read, whatever the calibrated decoding leaves of them (with three or four cells disagreed
            # on, it leaves such readings at 0.9). One holding a 1 or a 7 needs Tesseract among the two:
            # a 7 both handwriting readers read as 1 and a 1 read as 7 in another cell make one such
            # change (seed 20580101's total was fixed to match such a pair). Of the captured cells of
            # seeds 20450101, 20560101, 20580101, 20590101, 31 more stand, none wrong (20570101,
            # 20610101 to 20640101: 58, none); where the change overrules a confirmed reading, nothing
            # stands by this (something confirmed is wrong).
            standing |= {k for k in keys if k in tops and k not in decided and k not in changed
                         and not cells[k].blank and _read_by_two_firm(cells[k], tops[k][0])}
            total_stands = not total_changed and _read_by_two_firm(total, top_total)
    if not settled:
        standing -= _run_over(keys, changed, cells, tops)
    for key, value, posterior in zip(keys, values, posteriors):
        if key in decided:           # out of bounds: keep what was read, and the doubt
            continue
        if key in standing:          # as read (a guessed fix is not shown)
            value, posterior, why = *tops.get(key, (0, 1.0)), None
        elif cells[key].blank and value == 0:
            # Read as empty in a column that did not add up: writing the reader missed may be there.
            why = None if settled else WHY_RECHECK
        elif not options[key] or cells[key].blank:
            why = WHY_FROM_TOTAL
        elif guessed:                # the fix is a guess: show what was read, and doubt it
            value, posterior = tops[key] if key in tops else (0, 1.0)
            why = None if cells[key].blank else WHY_SUM
        elif settled:
            why = None
        else:                        # changed, or kept in a column where some reading is wrong
            why = WHY_UNSURE if key in changed or not confirmed(key) else WHY_RECHECK
        decided[key] = Decided(value, why, posterior)
    if guessed:
        total_value, total_posterior, total_why = top_total, top_total_p, WHY_SUM
    elif settled or total_stands:
        total_why = None
    else:
        total_why = WHY_RECHECK if total.confirmed == total_value and not total_changed else WHY_UNSURE
    return decided, Decided(total_value, total_why, total_posterior), OVERRULED if overruled else FIXED


def _run_over(keys: list[str], changed: list[str], cells: dict[str, Reading],
              tops: dict[str, tuple[int, float]]) -> set[str]:
    """The written cells beside (`keys` in the grid's order) a cell a fix changed whose readers each read
    another number, none of them sure (_torn_apart): writing run over the line between two rows leaves both
    misread. A 41 written low ran into the 22 written high under it, one stroke no taller than a row, which
    the cutter gave whole to the 41's cell (a digit written over its line is one stroke too, so no cut can
    part them): the 22 was read 2 by all three readers, sure, and stood beside the 41 read 3, 4 or 56
    (development seed 32100002)."""
    at = {k: n for n, k in enumerate(keys)}
    torn = [k for k in changed if k in tops and tops[k][1] < HARDLY and _torn_apart(cells[k])]
    return {keys[at[k] + d] for k in torn for d in (-1, 1)
            if 0 <= at[k] + d < len(keys) and not cells[keys[at[k] + d]].blank}


def _torn_apart(reading: Reading) -> bool:
    """Whether all three readers read a number, each another."""
    seen = [v for v in reading.readers.values() if v is not None]
    if reading.second is not None:
        seen.append(reading.second)
    return len(seen) >= 3 and len(set(seen)) == len(seen)


def _trusted_in_sum(cells: dict[str, Reading], total: Reading, bounds: dict[str, tuple[int, int]],
                    decided: dict[str, Decided], total_decided: Decided, fixed: bool, torn: set[str]
                    ) -> tuple[dict[str, Decided], Decided]:
    """A doubted reading stands where the column, decoded from each cell's calibrated probabilities
    (trust.py: of every value its readers read, not only the likeliest), holds it at TRUSTED_IN_SUM or
    more (TRUSTED_IN_GUESS where the fix is a guess), and it is firm: two readers read it, Tesseract among
    them for a 1 or a 7 (_read_by_two_firm), or a box read as empty, 0; in a column a fix that is no guess
    made add up, a reading left as read (_plain) at TRUSTED_IN_FIX. Only where a total was read: a
    column without one is each cell's own probability, which no threshold parts from the readers' shared
    misreadings (bench/RESULTS.md, issue 30, tenth round). Nor where that decoding overrules a confirmed
    reading (something confirmed is wrong, and nothing says what), nor where the column adds up as read to
    a total the readers were unsure of (_sum_unsure), nor for a cell of `torn` (a column adding up as
    read through two misreadings that cancel: a wonder 1 read 7 beside a treasury 6 read 0, the
    decoding's joint belief 0.9 on the pair as read; development seed 32200002)."""
    doubted = [k for k, d in decided.items() if d.doubt is not None and getattr(d.doubt, "kind", None) in TRUSTABLE
               and d.value is not None and k not in torn]
    if total_decided.doubt is not None and getattr(total_decided.doubt, "kind", None) in TRUSTABLE \
            and total_decided.value is not None:
        doubted.append(TOTAL)
    if not doubted or total.blank or not total.candidates or _sum_unsure(cells, total, bounds):
        return decided, total_decided
    keys = list(cells)
    spread = [_trusted(cells[k], bounds[k]) for k in keys] + [_trusted(total, (0, TOTAL_MAX))]
    if any(s is None for s in spread):     # a cell that may hold anything: the sum checks nothing
        return decided, total_decided
    column = _marginals(spread[:-1], spread[-1])
    if column is None:
        return decided, total_decided
    posterior = dict(zip(keys, column[0])) | {TOTAL: column[1]}
    bounds_of = bounds | {TOTAL: (0, TOTAL_MAX)}
    readings = cells | {TOTAL: total}
    if any(r.confirmed is not None and not r.blank and max(posterior[k], key=posterior[k].get) != r.confirmed
           for k, r in readings.items()):
        return decided, total_decided          # it overrules a confirmed reading: something confirmed is wrong
    out = dict(decided)
    for key in doubted:
        d = total_decided if key == TOTAL else decided[key]
        reading = readings[key]
        firm = d.value == 0 if reading.blank else _read_by_two_firm(reading, d.value)
        if d.doubt.kind == Doubt.SUM:
            need = TRUSTED_IN_GUESS if firm else 2.0
        else:
            need = TRUSTED_IN_SUM if firm else TRUSTED_IN_FIX if fixed and _plain(reading, d.value, bounds_of[key]) else 2.0
        if posterior[key].get(d.value, 0.0) >= need:
            if key == TOTAL:
                total_decided = Decided(d.value, None, d.confidence)
            else:
                out[key] = Decided(d.value, None, d.confidence)
    return out, total_decided


def _plain(reading: Reading, value: int, bounds: tuple[int, int]) -> bool:
    """A reading as read (the likeliest, within its row's bounds: not a fix's new value, which one change
    in a fix is wrong 1 time in 23 where one reader read it), holding no 1 or 7 Tesseract did not read
    (the handwriting readers' shared misreading)."""
    low, high = bounds
    kept = {v: p for v, p in reading.fused.items() if low <= v <= high}
    return (not reading.blank and bool(kept) and max(kept, key=kept.get) == value
            and (not set(str(abs(value))) & SHARED_MISREADING or reading.readers.get("tesseract") == value
                 or _tess_holds_17(reading, value)))


def _sum_unsure(cells: dict[str, Reading], total: Reading, bounds: dict[str, tuple[int, int]]) -> bool:
    """Whether the column adds up as read to a total the readers were unsure of (under HARDLY, not
    confirmed): the sum proves little then (a 7 read as 1 in a cell and in the total's last digit adds
    up too), and its cells need what they would without a total."""
    tops = []
    for key, reading in cells.items():
        low, high = bounds[key]
        kept = {v: p for v, p in reading.fused.items() if low <= v <= high}
        if not reading.blank and not kept:
            return False
        tops.append(0 if reading.blank else max(kept, key=kept.get))
    totals = {v: p for v, p in total.fused.items() if 0 <= v <= TOTAL_MAX}
    if not totals:
        return False
    top = max(totals, key=totals.get)
    return sum(tops) == top and totals[top] / sum(totals.values()) < HARDLY and total.confirmed != top


def _trusted(reading: Reading, bounds: tuple[int, int]) -> dict[int, float] | None:
    """A cell's values by their calibrated probabilities (trust.p_right of each value its readers read),
    what they leave (at least TRUST_REST) spread as _spread spreads it; a reading holding a 1 or a 7 that
    Tesseract did not read leaves at least SWAP_17 to those digits swapped (the two handwriting readers'
    shared misreading, which the model, calibrated to 0.99 only, holds likelier than it is). A box read as
    empty keeps what _spread gives it. None: nothing read within its row's bounds (it may hold anything,
    and a column's sum then checks none of its other cells: 3 MP hard photo 623's military -4, read 4 by
    all three readers, stood beside a treasury 11 read 118)."""
    low, high = bounds
    if reading.blank:
        return _spread(reading, {0: 1.0}, bounds)
    read = {v: trust.p_right(reading, v)[1] for v in trust.values(reading) if low <= v <= high}
    mass = sum(read.values())
    if mass <= 0:
        return None
    rest = max(1.0 - mass, TRUST_REST)
    out = _spread_rest(max(read, key=read.get), rest, bounds)
    for value, p in read.items():
        out[value] += p * (1 - rest) / mass
    top = max(read, key=read.get)
    swaps = [v for v in _swapped_17(top) if low <= v <= high]
    short = SWAP_17 - sum(out[v] for v in swaps)
    if swaps and short > 0 and reading.readers.get("tesseract") != top:
        out[top] -= short
        for value in swaps:
            out[value] += short / len(swaps)
    return _minus_lost(out, top, bounds)


def _spread_rest(top: int, rest: float, bounds: tuple[int, int]) -> dict[int, float]:
    """`rest` of a cell's belief over its row's values: half to the numbers one digit off `top`, half to all."""
    low, high = bounds
    out = dict.fromkeys(range(low, high + 1), rest * (1 - NEAR) / (high - low + 1))
    near = [v for v in _one_digit_off(top) if low <= v <= high]
    for value in near:
        out[value] += rest * NEAR / len(near)
    if not near:
        out = {v: p / (1 - NEAR) for v, p in out.items()}
    return out


def _swapped_17(value: int) -> set[int]:
    """`value` with one of its 1s read as a 7 or one of its 7s as a 1."""
    sign, digits = (-1 if value < 0 else 1), str(abs(value))
    return {sign * int(digits[:i] + {"1": "7", "7": "1"}[d] + digits[i + 1:]) for i, d in enumerate(digits) if d in "17"}


def _dense(values: dict[int, float]) -> tuple[int, np.ndarray]:
    low = min(values)
    out = np.zeros(max(values) - low + 1)
    for value, p in values.items():
        out[value - low] = p
    return low, out


def _marginals(cells: list[dict[int, float]], totals: dict[int, float]
               ) -> tuple[list[dict[int, float]], dict[int, float]] | None:
    """Each cell's and the total's probability of each of its values, given that the cells add up to the
    total (sum-product: forward and backward sums, each step a convolution). None: no way adds up."""
    kernels = [_dense(c) for c in cells]
    forward = [(0, np.ones(1))]
    for low, k in kernels:
        f_low, f = forward[-1]
        forward.append((f_low + low, np.convolve(f, k)))
    backward = [(0, np.ones(1))] * (len(cells) + 1)
    for i in range(len(cells) - 1, -1, -1):
        r_low, r = backward[i + 1]
        backward[i] = (r_low + kernels[i][0], np.convolve(r, kernels[i][1]))
    t_low, t = _dense(totals)
    s_low, s = forward[-1]
    sums = np.array([s[v - s_low] if 0 <= v - s_low < len(s) else 0.0 for v in range(t_low, t_low + len(t))])
    z = float((t * sums).sum())
    if z <= 0:
        return None
    out = []
    for i, (low, k) in enumerate(kernels):
        (f_low, f), (r_low, r) = forward[i], backward[i + 1]
        rest = np.convolve(f, r)               # the other cells' sum, from f_low + r_low
        # For each value v of the cell: the totals' belief at v + (the others' sum), weighed by that sum.
        lag = np.correlate(t, rest, mode="full")   # lag[j + len(rest) - 1]: sum over n of t[n + j] rest[n]
        shifts = np.arange(len(k)) + low + f_low + r_low - t_low + len(rest) - 1
        ok = (shifts >= 0) & (shifts < len(lag))
        weight = np.zeros(len(k))
        weight[ok] = lag[shifts[ok]]
        out.append({low + j: float(p) for j, p in enumerate(k * weight / z)})
    return out, {t_low + j: float(p) for j, p in enumerate(t * sums / z)}


def _stands_alone(reading: Reading, value: int, sure: float, bounds: tuple[int, int] | None = None) -> bool:
    """A reading nothing checks stands only when every reader read it, sure (SURE_ALONE), and the
    second handwriting reader nearly certain of it (ALONE_SECOND_SURE) or Tesseract confident
    (ALONE_TESS_SURE); a second reader that read nothing says nothing against, as in `alike` (it read
    nothing in none of the 1,840 cells all read alike). Read alike by the two handwriting readers,
    Tesseract silent, counts as all three where it holds no 1 and no 7 (_firm).
    Or the two handwriting readers alike and sure (PAIR_NET, PAIR_SECOND), holding no 1 and no 7, with
    Tesseract silent or reading another number (a part of it, mostly: a 4 for a 14): of such readings of
    the captured cells of seeds 20450101, 20560101, 20580101, 20590101, none of 373 was wrong (all three
    alike with the second under ALONE_SECOND_SURE: 2 of 271, a 41 read as 4 by all three, the cutter's);
    of 20570101 and 20610101 to 20640101, 1 of 445, a total 123 read as 23 with Tesseract reading 3.
    The network's belief may be under PAIR_NET where Tesseract read the number with a digit lost (_tess_read_part).
    One holding a 1 or a 7 stands where Tesseract read its 1s and 7s (_tess_holds_17), or where no such digit
    swapped makes a score its row can hold (_shared, given `bounds`)."""
    if (sure >= SURE_ALONE and _firm(reading, bounds) == value
            and (reading.second is None or reading.second_sure >= ALONE_SECOND_SURE
                 or reading.tess_sure >= ALONE_TESS_SURE)):
        return True
    return (reading.readers.get("digits") == value and reading.second == value
            and reading.readers.get("tesseract") != value
            and (reading.candidates.get(value, 0.0) >= PAIR_NET or _tess_read_part(reading, value))
            and reading.second_sure >= PAIR_SECOND
            and (not _shared(value, bounds) or _tess_holds_17(reading, value)))


def _tess_read_part(reading: Reading, value: int) -> bool:
    """Whether Tesseract read `value` with a digit lost (a 9 for a 19, a 4 for a 14: its usual misreading,
    ELSE_TORN): it then takes its share of the cell's belief from a reading the two handwriting readers
    read whole. Such readings the pair read alike, the second reader at PAIR_SECOND or more, were wrong
    2 times in 232 on the captured cells of tuning seeds 20450101, 20560101, 20580101, 20590101 (a 17
    read 11, Tesseract reading 1: their shared misreading, _shared; a Duel commercial 20 read 80, out of
    its row's bounds), whatever the network's share of the belief."""
    tess = reading.readers.get("tesseract")
    return tess is not None and len(str(abs(tess))) < len(str(abs(value))) and tess in _one_digit_off(value)


def _tess_holds_17(reading: Reading, value: int) -> bool:
    """Whether Tesseract read a number holding as many 1s and 7s as `value` (a 1 for a 12, 715 for a 75):
    it saw those glyphs as the handwriting readers did, which they alone misread alike (a 7 as a 1). Of the
    readings the two handwriting readers read alike and sure (PAIR_NET, PAIR_SECOND) with a 1 or a 7 and
    Tesseract reading another number, such were wrong 0 times in 29 on the captured cells of 20450101,
    20560101, 20580101, 20590101 (20570101, 20610101 to 20640101: 0 in 29); with fewer 1s and 7s, 2 in 135
    (a 17 both read as 11, Tesseract reading 1; held out: 1 in 147, a 27 read as 21, Tesseract 2)."""
    t = reading.readers.get("tesseract")
    return t is not None and all(str(abs(t)).count(d) >= str(abs(value)).count(d) for d in SHARED_MISREADING)


def _ones_sure(reading: Reading, value: int) -> bool:
    """Whether the two handwriting readers read `value`, holding 1s and no 7, alike and sure (PAIR_NET,
    PAIR_SECOND), and Tesseract read it with every 1 lost and the rest alike (a 4 for a 14, 23 for 123): thin 1s
    are what it loses, and it read the other digits as they did. Their shared misreading is a 7 read as a 1; a
    Tesseract that read every other digit alike and nothing where the 1s are lost a thin stroke, not a 7 (a 17
    both read as 11, Tesseract reading 1, does not stand). Such readings were wrong 0 times in 98 on the captured cells of development
    seeds 32100001 to 32500001, 0 in 96 on tuning seeds 20450101, 20560101, 20580101, 20590101; held out
    (20570101, 20610101 to 20640101) 2 in 103, both marked by other checks (a military 0 read 10, Tesseract 0;
    a civil 27 read 21, Tesseract 2); 3 MP hard photos 600-635, 0 in 101. Only where a sum checks the
    column (_read_by_two_firm, _pair_17): alone (_stands_alone), a 13 read so, Tesseract reading 3, stays
    doubted (tests/scan/test_scan_checks.py)."""
    tess, rest = reading.readers.get("tesseract"), str(abs(value)).replace("1", "")
    return (tess is not None and "7" not in rest and rest != "" and str(abs(tess)) == rest and (tess < 0) == (value < 0)
            and reading.readers.get("digits") == value and reading.second == value
            and reading.candidates.get(value, 0.0) >= PAIR_NET and reading.second_sure >= PAIR_SECOND)


def _firm(reading: Reading, bounds: tuple[int, int] | None = None) -> int | None:
    """A reading a fix may leave standing: all three readers alike, or the two handwriting readers alike
    and sure with Tesseract silent (`confirmed`) where it holds no 1 and no 7: the two share one
    misreading, a 7 read as a 1 (or a 1 as a 7). Of the 479 such readings of the scan bench's captured
    cells (seeds 20450101, 20560101, 20580101 tuned on, 20590101 looked at), 5 were wrong, each a 7 read
    as 1; of the 261 without a 1 or a 7, none."""
    if reading.alike is not None:
        return reading.alike
    value = reading.confirmed
    return value if value is not None and not _shared(value, bounds) else None


def _shared(value: int, bounds: tuple[int, int] | None = None) -> bool:
    """Whether `value` may be the two handwriting readers' shared misreading: it holds a 1 or a 7
    (SHARED_MISREADING) and, where its row's bounds are given, one of them swapped (_swapped_17) is a score
    the row can hold (a wonder or a commercial 14 is no 74). Given where nothing checks a reading (no total,
    or a fix of the total alone) and where a column adds up as read; not in a fix's decodings, where a
    1st-edition commercial 16 both handwriting readers read 10 (1.000), Tesseract silent, then stood
    (development seed 32400003). Tuning seeds 20450101, 20560101, 20580101, 20590101: 55 right cells more
    stand, none wrong (bench/RESULTS.md, issue 30, twelfth round)."""
    if not set(str(abs(value))) & SHARED_MISREADING:
        return False
    return bounds is None or any(bounds[0] <= v <= bounds[1] for v in _swapped_17(value))


def _pair_17(reading: Reading, value: int, bounds: tuple[int, int] | None = None) -> bool:
    """A reading holding a 1 or a 7 that Tesseract did not read: the two handwriting readers' shared
    misreading (SHARED_MISREADING), which a sum made up by another doubted cell's misreading cannot catch."""
    return _shared(value, bounds) and reading.readers.get("tesseract") != value \
        and not _tess_holds_17(reading, value) and not _ones_sure(reading, value)


def _read_by_two(reading: Reading, value: int) -> bool:
    """Whether two of a cell's readers read `value` (the second handwriting reader counted where it is not
    unsure of its own reading: SECOND_DOUBTS)."""
    seen = [v for v in reading.readers.values() if v is not None]
    if reading.second is not None and reading.second_sure >= SECOND_DOUBTS:
        seen.append(reading.second)
    return seen.count(value) >= 2


def _read_by_two_firm(reading: Reading, value: int, bounds: tuple[int, int] | None = None) -> bool:
    """Read by two readers (_read_by_two), Tesseract one of them where the reading holds a 1 or a 7 (the two
    handwriting readers share a misreading of those: SHARED_MISREADING), or reading their 1s and 7s
    (_tess_holds_17)."""
    return _read_by_two(reading, value) and (not _shared(value, bounds)
                                              or reading.readers.get("tesseract") == value
                                              or _tess_holds_17(reading, value) or _ones_sure(reading, value))


def _others(reading: Reading, options: dict[int, float], value: int) -> set[int]:
    """What else a cell read as `value` may hold, by its readers: each reader's own reading, and every
    candidate given at least FLOOR of the belief; as changes from `value`."""
    seen = {v for v in reading.readers.values() if v is not None} | {v for v, p in options.items() if p >= FLOOR}
    return {v - value for v in seen if v != value}


def _cancelling(changes: dict[str, set[int]]) -> set[str]:
    """The cells (each with the changes it may take) of which two or more can change together with
    the column's sum unchanged: their misreadings may cancel out."""
    out = set()
    for key, own in changes.items():
        reach: set[int] = set()              # what the other cells, one or more of them changed, add
        for other, theirs in changes.items():
            if other != key:
                reach |= {r + d for r in reach for d in theirs} | theirs
        if any(-d in reach for d in own):
            out.add(key)
    return out


def _spread(reading: Reading, options: dict[int, float], bounds: tuple[int, int], readable: bool = True
            ) -> dict[int, float]:
    """A cell's values as the column's decoding takes them: what was read, and a share of the belief
    (a reading both readers agree on leaves less) to what else it may be: half of that share to the
    numbers one digit off the likeliest reading (a digit misread, lost or added: the usual misreading),
    half over every value the row can hold. An empty box keeps a quarter as much, an unreadable cell
    all of it."""
    low, high = bounds
    if not readable or not options:
        other = 1.0
    elif reading.blank:
        other = ELSE_TORN / 4
    else:
        other = _else(reading, options)
    out = dict.fromkeys(range(low, high + 1), other * (1 - NEAR) / (high - low + 1))
    near = [v for v in _one_digit_off(max(options, key=options.get)) if low <= v <= high] if options else []
    for value in near:
        out[value] += other * NEAR / len(near)
    if not near:
        for value in out:
            out[value] /= (1 - NEAR)
    for value, p in options.items():
        out[value] = out.get(value, 0.0) + (1 - other) * p
    return _minus_lost(out, max(options, key=options.get), bounds) if options and readable else out


def _minus_lost(out: dict[int, float], top: int, bounds: tuple[int, int]) -> dict[int, float]:
    """A cell's values with LOST_MINUS of its likeliest's belief moved to its negative, where that is above 0
    and its row may be below 0 as far: a minus run into its digit or dropped is lost to all three readers
    alike, so their agreeing says nothing of it."""
    if top <= 0 or -top < bounds[0] or top not in out:
        return out
    out = dict(out)
    moved = LOST_MINUS * out[top]
    out[top] -= moved
    out[-top] = out.get(-top, 0.0) + moved
    return out


def _else(reading: Reading, options: dict[int, float]) -> float:
    """The belief a readable cell's reading leaves to values not read, by how often such readings are wrong."""
    top = max(options, key=options.get)
    seen = [v for v in reading.readers.values() if v is not None]
    tess = reading.readers.get("tesseract")
    if reading.alike in options:
        return ELSE_CONFIRMED
    if reading.confirmed in options:      # the two handwriting readers alone
        return ELSE_PAIR
    if (len(seen) == 1 and seen[0] == top and len(reading.readers) >= 2 and options[top] >= ALONE_SURE
            and reading.second in (None, top)):
        return ELSE_ALONE
    if tess is not None and len(str(abs(tess))) < len(str(abs(top))) and tess in _one_digit_off(top):
        return ELSE_TORN
    return ELSE_DOUBTED


def _one_digit_off(value: int) -> set[int]:
    """The numbers one digit off `value`: one digit changed, left out, or added anywhere."""
    sign, digits = (-1 if value < 0 else 1), str(abs(value))
    out = set()
    for i in range(len(digits) + 1):
        for d in "0123456789":
            out.add(digits[:i] + d + digits[i:])
            if i < len(digits):
                out.add(digits[:i] + d + digits[i + 1:])
        if i < len(digits) and len(digits) > 1:
            out.add(digits[:i] + digits[i + 1:])
    return {sign * int(t) for t in out if not (len(t) > 1 and t[0] == "0")} - {value}


def _normal(options: dict[int, float]) -> dict[int, float]:
    mass = sum(options.values())
    return {v: p / mass for v, p in options.items()} if mass > 0 else {}


def _decode(cells: list[dict[int, float]], totals: dict[int, float]):
    """The likeliest choice a cell that adds up to a likely total, with each choice's posterior.

    Forward sums (probability of each partial sum) and backward sums give
    every cell's posterior; max-product with back-pointers gives the choice.
    In NumPy: a cell's candidates are a dense kernel over its values, a sum
    is an array position, so each step is one convolution (or its max).
    """
    n = len(cells)
    if any(not c for c in cells):
        return None
    kernels = []
    for c in cells:
        lo = min(c)
        k = np.zeros(max(c) - lo + 1)
        for v, p in c.items():
            k[v - lo] = p
        kernels.append((lo, k))
    forward = [(0, np.ones(1))]                            # (least partial sum, probabilities)
    best = [(0, np.ones(1))]
    back = []
    for lo, k in kernels:
        f_lo, f = forward[-1]
        forward.append((f_lo + lo, np.convolve(f, k)))
        b_lo, b = best[-1]
        width = len(k)
        padded = np.concatenate([np.zeros(width - 1), b, np.zeros(width - 1)])
        # Row j: the kernel's value j (lo + j) added to each partial sum; its column: the new sum.
        windows = np.lib.stride_tricks.sliding_window_view(padded, len(b) + width - 1)[::-1][:width]
        scores = windows * k[:, None]
        pick = scores.argmax(axis=0)
        best.append((b_lo + lo, scores[pick, np.arange(scores.shape[1])]))
        back.append(lo + pick)
    backward = [(0, np.ones(1))] * (n + 1)
    for i in range(n - 1, -1, -1):
        r_lo, r = backward[i + 1]
        lo, k = kernels[i]
        backward[i] = (r_lo + lo, np.convolve(r, k))

    def at(entry, total: int) -> float:
        start, a = entry
        j = total - start
        return float(a[j]) if 0 <= j < len(a) else 0.0
    z = sum(pt * at(forward[n], t) for t, pt in totals.items())
    if z <= 0:
        return None
    top_total = max(totals, key=lambda t: totals[t] * at(best[n], t))
    if at(best[n], top_total) <= 0:
        return None
    values = [0] * n
    s = top_total
    for i in range(n, 0, -1):
        v = int(back[i - 1][s - best[i][0]])
        values[i - 1] = v
        s -= v
    posteriors = []
    total_keys = np.array(list(totals.keys()), np.int64)
    total_probs = np.array(list(totals.values()), np.float64)
    for i, v in enumerate(values):
        # Partial sum before cell i, v in it, the rest after: together a total.
        (f_lo, f), (r_lo, r) = forward[i], backward[i + 1]
        joint = np.convolve(f, r)
        j = total_keys - v - f_lo - r_lo
        ok = (j >= 0) & (j < joint.size)
        posteriors.append(float((total_probs[ok] * joint[j[ok]]).sum()) * cells[i][v] / z)
    total_posterior = totals[top_total] * at(forward[n], top_total) / z
    return values, posteriors, top_total, total_posterior
