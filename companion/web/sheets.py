"""Score sheets: the paper pad on a phone.

Every edit is an event. A form carries, beside each number, the number the
player saw; only cells the player changed are written, so two phones editing
different cells of one sheet never overwrite each other, and a bad number is
refused next to its cell while every good one is kept.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask import Blueprint, abort, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..catalog import fold
from ..catalog.plays import DEFAULT, MAX_NAME, play, tidy_name
from ..engine import sheet_rules
from ..engine.sheet_tally import SheetTally, tally, tie_note
from ..engine.teams import team_scores
from ..store import filing
from ..store import sheets as store
from ..store.events import StaleVersion
from . import access, get_db
from .box_choice import with_ticked
from .cards import name_known
from .chart import category_chart
from .i18n import CATEGORIES, PLAY_TITLES, current, refusal, say
from .inputs import minus_typed, sign_flipped, whole_number
from .render import page, wants_partial

bp = Blueprint("sheets", __name__, url_prefix="/sheets")


# -- creating -----------------------------------------------------------------

@bp.get("/new")
def new():
    pad_id = request.args.get("pad", DEFAULT.key)
    if pad_id not in PLAY_TITLES:
        pad_id = DEFAULT.key
    count = _int_or(request.args.get("players"), play(pad_id).default_players)
    return _new_form(pad_id, count, names=[], errors={}, boxes=request.args.getlist("box"))


@bp.post("/new")
def create():
    form = request.form
    typed = [tidy_name(n) for n in form.getlist("name")]
    boxes = form.getlist("box")
    if "switch" in form or "seats" in form:
        # Another game or one seat more or less: the same form again, every typed name kept.
        pad_id = form.get("switch") if form.get("switch") in PLAY_TITLES else form.get("pad", "")
        pad_id = pad_id if pad_id in PLAY_TITLES else DEFAULT.key
        chosen = _with_boxes(pad_id, boxes)[0]
        count = _int_or(form.get("seats"), max(len(typed), chosen.players[0]))
        return _new_form(pad_id, count, typed, errors={}, boxes=boxes)
    pad_id = form.get("pad", "")
    errors: dict[str, str] = {}
    if pad_id not in PLAY_TITLES:
        errors["pad"] = _("Choose a game.")
        pad_id = DEFAULT.key
    chosen, refused = _with_boxes(pad_id, boxes)
    if refused:
        errors["boxes"] = refused
    names = [n for n in typed if n]
    low, high = chosen.players
    if len(names) < low or len(names) > high:
        errors["names"] = (_("%(game)s is played by %(low)s to %(high)s players; you named %(n)s.",
                             game=PLAY_TITLES[chosen.key], low=low, high=high, n=len(names)) if low != high else
                           _("%(game)s is played by %(low)s; you named %(n)s.",
                             game=PLAY_TITLES[chosen.key], low=low, n=len(names)))
    # Each name's refusal is said at its seat as typed: the page comes back with the seats the player had,
    # blank ones too (they were dropped, so a refused sheet of 3 seats with one name came back with 2).
    for i, name in enumerate(typed):
        if len(name) > MAX_NAME:
            errors[f"name-{i}"] = _("Keep names to %(n)s letters.", n=MAX_NAME)
        elif name and name.casefold() in (n.casefold() for n in typed[:i]):
            errors[f"name-{i}"] = _("%(name)s is already at this table; add an initial.", name=name)
    if errors:
        return _new_form(pad_id, max(len(typed), low), typed, errors, status=422, boxes=boxes)
    sheet_id = access.new_sheet(chosen.key, names)
    session["sheet_started"] = sheet_id          # its first field takes the keys, once (show)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


def _with_boxes(pad_id: str, boxes: list[str]):
    """The play with the boxes ticked that belong to it, and why any is refused (a sentence, or None)."""
    return with_ticked(play(pad_id), boxes)


def _new_form(pad_id, count, names, errors, status=200, boxes=()):
    base = play(pad_id)
    # The boxes are shown as the player ticked them, refused or not: untick one, not tick all again.
    chosen = _with_boxes(pad_id, list(boxes))[0]
    low, high = chosen.players
    count = min(max(count, low), high)
    known = access.known_players()
    by_seat = {seat: name for name, seat in reversed(known)}
    seats = [names[i] if i < len(names) else "" for i in range(count)]
    suggestions = [by_seat.get(i, "") for i in range(count)]
    return page("sheets/new.html", status=status, pad_id=pad_id, titles=PLAY_TITLES, count=count,
                low=low, high=high, seats=seats, suggestions=suggestions,
                known=[name for name, _ in known], errors=errors,
                box_choices=[(b.key, b.title) for b in base.box_choices()],
                boxes=set(chosen.expansions) | {b.key for b in base.box_choices() if b.key in boxes})


# -- showing and editing --------------------------------------------------------
#
# The sheet is entered one section at a time, the way a table counts: every
# player's military, then every player's coins, ... Each section is a short
# list (a row a player) that fits a phone; the whole pad stays below to check.

@dataclass
class Cell:
    name: str
    value: str                 # what the field shows (what was typed, when refused)
    error: str | None = None
    computed: bool = False     # filled by the engine from the player's city
    was: str = ""              # the stored value the player saw: a change from another value is stale


@dataclass
class Entry:
    """One player's line in the section being entered."""
    seat: int
    name: str
    cell: Cell | None = None          # a number (a pad row or coins)
    steps: bool = False               # offer + and − for it
    step: int = 1                     # what a + or − adds or takes (the row's step: the cat's 2 points)
    signed: bool = False              # offer ± too: the row takes numbers either side of 0 (military)
    board: str = ""                   # the Wonders section: board and side
    side: str = ""
    sides: tuple = ()
    error: str | None = None


@dataclass
class SheetView:
    sheet: store.Sheet
    pad: object
    title: str
    section: str = ""
    sections: list = field(default_factory=list)      # (key, label, colour)
    entries: list = field(default_factory=list)       # [Entry] for the section shown
    rows: list = field(default_factory=list)          # (pad row, [Cell per player]) for the whole pad
    coins: list = field(default_factory=list)         # [Cell per player]
    totals: list = field(default_factory=list)
    ranks: list = field(default_factory=list)
    tie_note: str = ""
    chart: str = ""
    notes: list = field(default_factory=list)
    victory: str | None = None
    boards: list = field(default_factory=list)        # 7 Wonders: (id, name, name known) to choose from
    outcome: str = ""                                 # Duel: "", "military:0", "scientific:1", ...
    outcome_error: str | None = None
    empty: list = field(default_factory=list)         # names of players whose column is empty
    focus: bool = False                               # arrived at a section: its first field takes the keys
    focus_cell: str = ""                              # else a refused number's field takes them
    next_city: int | None = None                      # a city just scored: the next one's chip takes them
    tie_count_note: str = ""                          # under the tie-break's section: what it decides
    teams: list = field(default_factory=list)         # [TeamScore] when the play may be played in teams

    def neighbours(self) -> tuple:
        keys = [k for k, _, _ in self.sections]
        i = keys.index(self.section)
        return (self.sections[i - 1] if i else None, self.sections[i + 1] if i + 1 < len(keys) else None)


# What a sheet asks for its tie-break (the play's tie_count), kept where coins left are.
TIE_COUNT_WORDS = {"coins": _l("Coins left"), "stages": _l("Stages built")}
TIE_COUNT_NOTES = {"coins": _l("Coins left at the end break a tie in total points."),
                   "stages": _l("The most wonder stages built breaks a tie in total points.")}


def sections(sheet: store.Sheet, pad) -> list[tuple[str, str, str]]:
    """The sections of a sheet in the order a table counts: the pad's rows, then the extras."""
    found = [(row.key, CATEGORIES[row.key], row.colour) for row in pad.rows]
    played = sheet.play
    if played.supremacy:
        found.append(("outcome", _("How it ended"), "outcome"))
    if played.tie_count:
        found.append(("coins", TIE_COUNT_WORDS[played.tie_count], "treasury"))
    if played.has_boards:
        found.append(("boards", _("Wonder boards"), "wonder"))   # not "wonders": the Duel's row
    return found


@bp.get("/<sheet_id>")
def show(sheet_id):
    sheet = _load(sheet_id)
    view = _view(sheet, request.args.get("section"))
    # Arrived at a section, or at the sheet just started (Enter on the last name had left the keys on
    # <body>, the first number a walk of Tabs away): its first field takes the keys.
    view.focus = "section" in request.args or session.pop("sheet_started", None) == sheet_id
    view.next_city = _next_city_told(sheet_id)
    return page("sheets/sheet.html", view=view, message=None)


def _next_city_told(sheet_id: str) -> int | None:
    """The seat whose city chip takes the keys, told once by the city page just saved (cities.save)."""
    told = session.pop("next_city", None)
    if isinstance(told, list) and len(told) == 2 and told[0] == sheet_id and isinstance(told[1], int):
        return told[1]
    return None


@bp.post("/<sheet_id>")
def update(sheet_id):
    sheet = _load(sheet_id)
    pad = sheet.play.pad
    db = get_db()
    form = sign_flipped(request.form, _is_cell)      # a ± tapped without JavaScript
    typed: dict[str, str] = {}
    errors: dict[str, str] = {}
    step = _parse_step(form.get("step", ""), sheet, pad)
    if sheet.saved and (refused := _changes(form, sheet, pad, step)):
        return _filed(sheet, refused, step)         # moving between sections stays allowed

    # One replay a post: the sheet loaded once, then only newer events read.
    for change in _changes(form, sheet, pad, step):
        sheet, error = _write(db, sheet, change)
        if error:
            typed[change.key], errors[change.key] = change.text, error

    sheet = store.refresh(db, sheet)
    status = 422 if errors else 200
    message = _("Some numbers were not saved: see the marked cells.") if errors else None
    goto = form.get("goto")
    if not errors and goto and not wants_partial():
        return redirect(url_for("sheets.show", sheet_id=sheet_id, section=goto), 303)
    return _answer(sheet, goto if not errors and goto else form.get("section"), typed, errors, message,
                   status, step)


def _answer(sheet: store.Sheet, section: str | None, typed: dict, errors: dict, message, status: int, step):
    """The sheet after a post: the whole page, or through htmx only what the post changed."""
    form = request.form
    if errors and not any(_section_of(key) == section for key in errors):
        section = _section_of(next(iter(errors)))       # show a refused number where it is
    view = _view(sheet, section, typed, errors)
    # A whole page answering a refused number (a section's tab tapped over it): the number's field takes
    # the keys, where otherwise nothing had them and the phone's keyboard closed.
    view.focus_cell = next((key for key in errors if _section_of(key) == view.section), "")
    if wants_partial():
        posted = [k for k in form if k.startswith(("v-", "c-"))]
        changed = ([f"v-{step[0]}-{step[1]}"] if step else posted)
        cells = [c for _, row in view.rows for c in row] + view.coins
        entries = [e for e in view.entries if e.cell and e.cell.name in changed]
        # A step's field shows its new number; a typed one only where what was saved reads otherwise
        # (5 typed in a debt row is saved as -5: the player sees what was taken).
        replaced = entries if step else [e for e in entries if e.cell.name not in errors
                                         and form.get(e.cell.name, "").strip() not in ("", e.cell.value)]
        return page("sheets/sheet.html", block="answer", status=status, view=view, message=message, oob=True,
                    answered=[c for c in cells if c.name in changed], replaced=replaced)
    return page("sheets/sheet.html", status=status, view=view, message=message)


@bp.post("/<sheet_id>/save")
def finish(sheet_id):
    sheet = _load(sheet_id)
    view = _view(sheet)
    if view.empty and not request.form.get("confirm"):
        # An empty column is most often a player forgotten: say so before filing.
        return page("sheets/confirm_save.html", view=view)
    filing.save(get_db(), sheet)
    return redirect(url_for("history.index", saved=sheet_id), 303)


# -- changes: what a post asks, written from the value the player saw -------------

@dataclass
class Change:
    """One field of a post: a typed value, a + / − step, the outcome or a wonder board."""
    key: str
    text: str                     # as sent (shown again when refused)
    apply: object = None          # (db, sheet, tally) -> error or None; raises StaleVersion


def _changes(form, sheet: store.Sheet, pad, step) -> list[Change]:
    """Every field the player changed, each checked against what it was when they saw it."""
    found: list[Change] = []
    for p, player in enumerate(sheet.players):
        for row in pad.rows:
            key = f"v-{p}-{row.key}"
            sent = form.get(key)
            if sent is None:
                continue
            was = form.get(f"was-{key}")
            if was is not None and sent.strip() == was.strip():
                continue
            found.append(Change(key, sent, _typed_row(p, row, sent, was)))
        key = f"c-{p}"
        sent = form.get(key)
        was = form.get(f"was-{key}")
        if sent is not None and (was is None or sent.strip() != was.strip()):
            found.append(Change(key, sent, _typed_coins(p, sent, was)))
        if f"w-{p}" in form and sheet.play.has_boards:         # a Duel has no boards to choose
            board, side = form.get(f"w-{p}", ""), form.get(f"s-{p}", "")
            was_board, was_side = form.get(f"was-w-{p}"), form.get(f"was-s-{p}")
            if (board, side) != (was_board, was_side):
                found.append(Change(f"w-{p}", board, _board(p, board, side, was_board, was_side)))
    if "victory" in form and form.get("victory") != form.get("was-victory"):
        found.append(Change("victory", form.get("victory", ""),
                            _outcome(form.get("victory", ""), form.get("was-victory"))))
    if step:
        p, row_key, delta = step
        found.append(Change(f"v-{p}-{row_key}", "", _step(p, pad.row(row_key), delta)))
    return found


def _section_of(key: str) -> str:
    """The section a field is entered in: "v-2-civil" -> civil, "c-1" -> coins, "w-0" -> boards."""
    if key.startswith("v-"):
        return key.split("-", 2)[2]
    return {"c": "coins", "w": "boards", "victory": "outcome"}.get(key.split("-")[0], "")


def _write(db, sheet: store.Sheet, change: Change) -> tuple[store.Sheet, str | None]:
    """Write one change from the latest version; another phone writing first means a retry
    on the sheet brought up to date (a step adds to whatever is there now), never a lost or
    doubled change. Returns the sheet as last read, and the error when refused."""
    for _attempt in range(8):
        try:
            return sheet, change.apply(db, sheet, tally_of(sheet))
        except StaleVersion:
            sheet = store.refresh(db, sheet)
    return sheet, _("Too many phones wrote at once; nothing was saved here. Try again.")


def _stale(now: str, typed: str) -> str:
    return _("Another phone changed this to %(now)s; yours (%(typed)s) was not saved. Press Enter to "
             "save yours.", now=now or "—", typed=typed.strip()[:12] or "—")


def _typed_row(p: int, row, sent: str, was: str | None):
    def apply(db, sheet, tally):
        value, error = parse_cell(sent, row)
        if error:
            return error
        now = tally.shown[p].get(row.key)
        if value == now:
            return None
        if was is not None and _show(now) != was.strip():
            return _stale(_show(now), sent)
        store.set_value(db, sheet, p, row.key, value, expected=sheet.version)
        return None
    return apply


def _typed_coins(p: int, sent: str, was: str | None):
    def apply(db, sheet, tally):
        value, error = _parse_coins(sent, sheet.play)
        if error:
            return error
        now = sheet.players[p].coins
        if value == now:
            return None
        if was is not None and _show(tally.coins[p]) != was.strip():
            return _stale(_show(tally.coins[p]), sent)
        store.set_coins(db, sheet, p, value, expected=sheet.version)
        return None
    return apply


def _step(p: int, row, delta: int):
    """A + or − tap: one more or one less (one thing the row counts: a row's step, the cat pawn's 2 points),
    stopping at the row's ends as a counter does. A − on a blank cell of a row that starts at 0 (any Duel
    row) was refused ("between 0 and 60") under the cell: the player had asked nothing wrong, so nothing
    is saved and nothing is said."""
    def apply(db, sheet, tally):
        value = (tally.shown[p].get(row.key) or 0) + delta * row.step
        if sheet_rules.row_refused(row, value):
            return None
        store.set_value(db, sheet, p, row.key, value, expected=sheet.version)
        return None
    return apply


def board_refused(pad_id: str, board: str, side: str) -> str | None:
    """Why a wonder board and side cannot be told on this pad (None: they can); imports ask it too."""
    return say(sheet_rules.board_refused(play(pad_id), board, side))


def _board(p: int, board: str, side: str, was_board, was_side):
    def apply(db, sheet, tally):
        refused = board_refused(sheet.pad, board, side)
        if refused:
            return refused
        player = sheet.players[p]
        if (board or None, side or None) == (player.wonder, player.side):
            return None
        if was_board is not None and ((player.wonder or ""), (player.side or "")) != (was_board, was_side or ""):
            return _("Another phone changed this player's wonder board; check it and choose again.")
        store.set_wonder(db, sheet, p, board or None, (side or None) if board else None, expected=sheet.version)
        return None
    return apply


def _outcome(text: str, was: str | None):
    def apply(db, sheet, tally):
        victory = _parse_outcome(text, len(sheet.players), sheet.play.supremacies)
        if victory is False:
            return _("Choose how the game ended.")
        if victory == sheet.victory:
            return None
        if was is not None and _outcome_text(sheet.victory) != was:
            return _("Another phone changed how the game ended; check it and choose again.")
        store.set_victory(db, sheet, victory, expected=sheet.version)
        return None
    return apply


def _parse_outcome(text: str, players: int, kinds: tuple[str, ...]):
    """"" (points) -> None; "military:1" -> the supremacy (one of the play's `kinds`); anything else -> False."""
    if not text:
        return None
    kind, _sep, seat = text.partition(":")
    if kind in kinds and seat in {str(i) for i in range(players)}:
        return {"kind": kind, "player": int(seat)}
    return False


def _outcome_text(victory: dict | None) -> str:
    return f"{victory['kind']}:{victory['player']}" if victory else ""


# -- helpers --------------------------------------------------------------------

def _filed(sheet: store.Sheet, changes: list, step):
    """Saved means filed: a change to a saved game is refused until it is reopened with "Edit";
    each number typed stays in its field, marked, as any refused number."""
    message = _("This game is filed in history: press “Edit this game” to change it. Nothing was changed.")
    typed = {c.key: c.text for c in changes if c.text}
    errors = {c.key: _("Not saved: this game is filed in history.") for c in changes}
    return _answer(sheet, request.form.get("section"), typed, errors, message, 409, step)


def _load(sheet_id: str) -> store.Sheet:
    sheet = access.load_sheet(sheet_id)
    if sheet is None:
        abort(404)
    return sheet


def _view(sheet: store.Sheet, section: str | None = None, typed: dict | None = None,
          errors: dict | None = None) -> SheetView:
    typed, errors = typed or {}, errors or {}
    pad = sheet.play.pad
    view = SheetView(sheet=sheet, pad=pad, title=PLAY_TITLES[sheet.pad], sections=sections(sheet, pad))
    keys = [k for k, _, _ in view.sections]
    if section == "wonders" and section not in keys:
        section = "boards"          # the boards' section was named "wonders" in links made before
    view.section = section if section in keys else keys[0]
    view.tie_count_note = str(TIE_COUNT_NOTES.get(sheet.play.tie_count, ""))
    tally = tally_of(sheet)
    from_cities, shown = tally.from_cities, tally.shown
    view.notes, view.victory = [say(note) for note in from_cities.notes], tally.victory
    for row in pad.rows:
        cells = []
        for p, player in enumerate(sheet.players):
            key = f"v-{p}-{row.key}"
            computed = row.key not in player.values and row.key in from_cities.points.get(p, {})
            now = _show(shown[p].get(row.key))
            cells.append(Cell(key, typed.get(key, now), errors.get(key), computed, now))
        view.rows.append((row, cells))
    view.coins = [Cell(f"c-{p}", typed.get(f"c-{p}", _show(tally.coins[p])), errors.get(f"c-{p}"),
                       pl.coins is None and tally.coins[p] is not None, _show(tally.coins[p]))
                  for p, pl in enumerate(sheet.players)]
    view.totals, view.ranks = tally.totals, tally.ranks
    view.empty = [pl.name for p, pl in enumerate(sheet.players) if not shown[p] and not pl.city]
    if not view.empty:        # a tie between columns still to fill is no tie yet
        view.tie_note = say(tie_note(sheet.play, view.totals)) or ""
    view.chart = category_chart(pad, [pl.name for pl in sheet.players], tally.points,
                                {row.key: str(CATEGORIES[row.key]) for row in pad.rows}, _("Points by category"))
    if len(sheet.players) in sheet.play.team_players:      # Cities' team variant: partners side by side
        view.teams = team_scores(view.totals)
    view.outcome, view.outcome_error = _outcome_text(sheet.victory), errors.get("victory")
    played = sheet.play
    if played.has_boards:
        # (id, name, known): a board with no name in the page's language shows its English one, marked.
        view.boards = sorted(((w.id, w.short_name_in(current()), name_known(w, current())) for w in played.wonders()),
                             key=lambda b: fold(b[1]))
    view.entries = _entries(view, sheet, errors)
    return view


def _entries(view: SheetView, sheet: store.Sheet, errors: dict) -> list[Entry]:
    if view.section == "coins":
        return [Entry(p, pl.name, view.coins[p]) for p, pl in enumerate(sheet.players)]
    if view.section == "boards":
        return [Entry(p, pl.name, board=pl.board[0] or "", side=pl.board[1] or "", sides=sheet.play.sides,
                      error=errors.get(f"w-{p}")) for p, pl in enumerate(sheet.players)]
    if view.section == "outcome":
        return []
    cells = {row.key: row_cells for row, row_cells in view.rows}
    row = sheet.play.pad.row(view.section)
    signed = row_is_signed(row)
    return [Entry(p, pl.name, cells[view.section][p], steps=True, step=row.step, signed=signed)
            for p, pl in enumerate(sheet.players)]


def _is_cell(key: str) -> bool:
    return key.startswith("v-")


def row_is_signed(row) -> bool:
    """Whether a row takes numbers on both sides of 0, so its field needs a way to type a minus
    (a debt row, never above 0, takes its number without one: 5 typed is -5)."""
    return row.min < 0 < row.max


def tally_of(sheet: store.Sheet) -> SheetTally:
    """The engine's tally of the sheet as stored: typed numbers, else the cities' points."""
    return tally(sheet.play, sheet.players, sheet.victory)


def _parse_step(text: str, sheet, pad):
    try:
        player, row, delta = text.split(":")
        player, delta = int(player), int(delta)
    except ValueError:
        return None
    if not 0 <= player < len(sheet.players) or row not in {r.key for r in pad.rows} or delta not in (-1, 1):
        return None
    return player, row, delta


_DIGITS = re.compile(r"[+-]?[0-9]+")


def parse_cell(text: str, row):
    """A typed number for a pad row: (value, None), (None, None) when blank, or (None, why)."""
    text = minus_typed(text.strip())
    if not text:
        return None, None
    if not _valid_int(text):
        if _DIGITS.fullmatch(text):
            # A whole number too long for any row (a finger held on a key): its bounds say why, where
            # "“999999999999” is not a whole number" said a falsehood about the 12 digits it showed.
            beyond = row.min - 1 if text.startswith("-") or row.max <= 0 else row.max + 1
            return None, refusal(sheet_rules.row_refused(row, beyond))
        return None, _("“%(text)s” is not a whole number.", text=text[:12])
    value = whole_number(text, signed=True)
    if row.max <= 0 < value and not text.startswith("+"):
        value = -value          # a row that only takes points away (a debt): a player who lost 5 types 5
    refused = sheet_rules.row_refused(row, value)
    return (None, refusal(refused)) if refused else (value, None)


def _parse_coins(text: str, played=None):
    """The tie-break's number as typed (coins left, or stages built: the play's tie_count)."""
    text = text.strip()
    if not text:
        return None, None
    coins = whole_number(text)
    refused = sheet_rules.tie_count_refused(played, -1 if coins is None else coins)     # not a number: out of bounds
    return (None, refusal(refused)) if refused else (coins, None)


def _valid_int(text: str) -> bool:
    return whole_number(text, signed=True) is not None


def _int_or(text, default: int) -> int:
    value = whole_number(text, signed=True)
    return default if value is None else value


def _show(value) -> str:
    return "" if value is None else str(value)
