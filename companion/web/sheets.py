"""Score sheets: the paper pad on a phone.

Every edit is an event. A form carries, beside each number, the number the
player saw; only cells the player changed are written, so two phones editing
different cells of one sheet never overwrite each other, and a bad number is
refused next to its cell while every good one is kept.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..catalog import Game, catalog
from ..engine.ranking import standings
from ..store import sheets as store
from . import access, filing, get_db
from .chart import category_chart
from .cities import score_cities
from .i18n import CATEGORIES
from .render import page, wants_partial

bp = Blueprint("sheets", __name__, url_prefix="/sheets")

MAX_NAME = 24
PAD_TITLES = {"7wonders": _l("7 Wonders"), "7wonders-2e": _l("7 Wonders (2nd edition)"), "duel": _l("7 Wonders Duel")}


# -- creating -----------------------------------------------------------------

@bp.get("/new")
def new():
    pad_id = request.args.get("pad", "7wonders")
    if pad_id not in PAD_TITLES:
        pad_id = "7wonders"
    count = _int_or(request.args.get("players"), 2 if pad_id == "duel" else 4)
    return _new_form(pad_id, count, names=[], errors={})


@bp.post("/new")
def create():
    pad_id = request.form.get("pad", "")
    errors: dict[str, str] = {}
    if pad_id not in PAD_TITLES:
        errors["pad"] = _("Choose a game.")
        pad_id = "7wonders"
    pad = catalog().pads[pad_id]
    names = [" ".join(n.split()) for n in request.form.getlist("name")]
    names = [n for n in names if n]
    low, high = pad.players
    if len(names) < low or len(names) > high:
        errors["names"] = (_("%(game)s is played by %(low)s to %(high)s players; you named %(n)s.",
                             game=PAD_TITLES[pad_id], low=low, high=high, n=len(names)) if low != high else
                           _("%(game)s is played by %(low)s; you named %(n)s.",
                             game=PAD_TITLES[pad_id], low=low, n=len(names)))
    for i, name in enumerate(names):
        if len(name) > MAX_NAME:
            errors[f"name-{i}"] = _("Keep names to %(n)s letters.", n=MAX_NAME)
        elif name.casefold() in (n.casefold() for n in names[:i]):
            errors[f"name-{i}"] = _("%(name)s is already at this table; add an initial.", name=name)
    if errors:
        return _new_form(pad_id, max(len(names), low), names, errors, status=422)
    sheet_id = access.new_sheet(pad_id, names)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


def _new_form(pad_id, count, names, errors, status=200):
    pad = catalog().pads[pad_id]
    low, high = pad.players
    count = min(max(count, low), high)
    known = access.known_players()
    by_seat = {seat: name for name, seat in reversed(known)}
    seats = [names[i] if i < len(names) else "" for i in range(count)]
    suggestions = [by_seat.get(i, "") for i in range(count)]
    return page("sheets/new.html", status=status, pad_id=pad_id, titles=PAD_TITLES, count=count,
                low=low, high=high, seats=seats, suggestions=suggestions,
                known=[name for name, _ in known], errors=errors)


# -- showing and editing --------------------------------------------------------

@dataclass
class Cell:
    name: str
    value: str
    error: str | None = None
    computed: bool = False     # filled by the engine from the player's city


@dataclass
class SheetView:
    sheet: store.Sheet
    pad: object
    title: str
    rows: list = field(default_factory=list)          # (pad row, [Cell per player])
    coins: list = field(default_factory=list)         # [Cell per player]
    totals: list = field(default_factory=list)
    ranks: list = field(default_factory=list)
    tie_note: str = ""
    chart: str = ""
    notes: list = field(default_factory=list)
    victory: str | None = None


@bp.get("/<sheet_id>")
def show(sheet_id):
    sheet = _load(sheet_id)
    return page("sheets/sheet.html", view=_view(sheet), message=None)


@bp.post("/<sheet_id>")
def update(sheet_id):
    sheet = _load(sheet_id)
    pad = catalog().pads[sheet.pad]
    db = get_db()
    typed: dict[str, str] = {}
    errors: dict[str, str] = {}
    step = _parse_step(request.form.get("step", ""), sheet, pad)

    for p, player in enumerate(sheet.players):
        for row in pad.rows:
            key = f"v-{p}-{row.key}"
            sent = request.form.get(key)
            if sent is None:
                continue
            was = request.form.get(f"was-{key}", _show(player.values.get(row.key)))
            if step and step[:2] == (p, row.key):
                sent = str(_int_or(sent, 0) + step[2]) if _valid_int(sent) or not sent.strip() else sent
            elif sent.strip() == was.strip():
                continue
            value, error = parse_cell(sent, row)
            if error:
                typed[key], errors[key] = sent, error
                continue
            if value != player.values.get(row.key):
                store.set_value(db, sheet, p, row.key, value)
        key = f"c-{p}"
        sent = request.form.get(key)
        if sent is not None and sent.strip() != request.form.get(f"was-{key}", _show(player.coins)).strip():
            value, error = _parse_coins(sent)
            if error:
                typed[key], errors[key] = sent, error
            elif value != player.coins:
                store.set_coins(db, sheet, p, value)

    sheet = store.load(db, sheet_id)
    status = 422 if errors else 200
    message = _("Some numbers were not saved: see the marked cells.") if errors else None
    view = _view(sheet, typed, errors)
    posted = [k for k in request.form if k.startswith(("v-", "c-"))]
    if wants_partial() and len(posted) == 1 and not step:
        # One typed cell (htmx): answer only what it replaces, not the whole sheet.
        cells = [c for _, row in view.rows for c in row] + view.coins
        return page("sheets/sheet.html", block="cell_answer", status=status, view=view, message=message,
                    answered=[c for c in cells if c.name in posted])
    return page("sheets/sheet.html", block="sheet", status=status, view=view, message=message)


@bp.post("/<sheet_id>/save")
def finish(sheet_id):
    sheet = _load(sheet_id)
    filing.save(get_db(), sheet)
    return redirect(url_for("history.index", saved=sheet_id), 303)


# -- helpers --------------------------------------------------------------------

def _load(sheet_id: str) -> store.Sheet:
    sheet = access.load_sheet(sheet_id)
    if sheet is None:
        abort(404)
    return sheet


def _view(sheet: store.Sheet, typed: dict | None = None, errors: dict | None = None) -> SheetView:
    typed, errors = typed or {}, errors or {}
    pad = catalog().pads[sheet.pad]
    view = SheetView(sheet=sheet, pad=pad, title=PAD_TITLES[sheet.pad])
    tally = tally_sheet(sheet)
    from_cities, shown = tally.from_cities, tally.shown
    view.notes, view.victory = from_cities.notes, from_cities.victory
    for row in pad.rows:
        cells = []
        for p, player in enumerate(sheet.players):
            key = f"v-{p}-{row.key}"
            computed = row.key not in player.values and row.key in from_cities.points.get(p, {})
            cells.append(Cell(key, typed.get(key, _show(shown[p].get(row.key))), errors.get(key), computed))
        view.rows.append((row, cells))
    view.coins = [Cell(f"c-{p}", typed.get(f"c-{p}", _show(pl.coins)), errors.get(f"c-{p}"))
                  for p, pl in enumerate(sheet.players)]
    view.totals, view.ranks = tally.totals, tally.ranks
    view.tie_note = _tie_note("duel" if pad.game is Game.DUEL else "7wonders", view.totals, view.ranks)
    view.chart = category_chart(pad, [pl.name for pl in sheet.players], tally.points)
    return view


@dataclass
class Tally:
    from_cities: object
    shown: list[dict]        # what each column shows, by row (typed, else from the city)
    points: list[dict]       # the same with blanks as 0
    totals: list[int]
    ranks: list[int]


def tally_sheet(sheet: store.Sheet) -> Tally:
    """A sheet's points, totals and ranks: typed numbers, else the engine's from each city."""
    pad = catalog().pads[sheet.pad]
    from_cities = score_cities(sheet)
    shown = [_shown_points(player, from_cities.points.get(p, {}), pad) for p, player in enumerate(sheet.players)]
    points = [{row.key: s.get(row.key) or 0 for row in pad.rows} for s in shown]
    coins = [pl.coins if pl.coins is not None else (pl.city or {}).get("coins") for pl in sheet.players]
    result = standings("duel" if pad.game is Game.DUEL else "7wonders", points, coins)
    ranks = [s.rank for s in result]
    if from_cities.supremacy_winner is not None:     # a supremacy wins whatever the points
        ranks = [1 if p == from_cities.supremacy_winner else 2 for p in range(len(sheet.players))]
    return Tally(from_cities, shown, points, [s.total for s in result], ranks)


def _shown_points(player: store.SheetPlayer, computed: dict, pad) -> dict:
    """What a player's column shows: typed numbers, else the engine's from the city."""
    return {row.key: player.values.get(row.key, computed.get(row.key))
            for row in pad.rows if row.key in player.values or row.key in computed}


def _tie_note(game: str, totals: list[int], ranks: list[int]) -> str:
    tied_totals = len(set(totals)) < len(totals)
    if not tied_totals:
        return ""
    if game == "duel":
        return _("Equal totals: the most civil (blue) points wins; still equal, both win.")
    return _("Equal totals: the most coins wins (enter coins left); still equal, the rank is shared.")


def _parse_step(text: str, sheet, pad):
    try:
        player, row, delta = text.split(":")
        player, delta = int(player), int(delta)
    except ValueError:
        return None
    if not 0 <= player < len(sheet.players) or row not in {r.key for r in pad.rows} or delta not in (-1, 1):
        return None
    return player, row, delta


def parse_cell(text: str, row):
    """A typed number for a pad row: (value, None), (None, None) when blank, or (None, why)."""
    text = text.strip().replace("\u2212", "-")
    if not text:
        return None, None
    if not _valid_int(text):
        return None, _("“%(text)s” is not a whole number.", text=text[:12])
    value = int(text)
    if not row.min <= value <= row.max:
        return None, _("%(row)s is between %(low)s and %(high)s in a real game.",
                       row=CATEGORIES[row.key], low=row.min, high=row.max)
    return value, None


def _parse_coins(text: str):
    text = text.strip()
    if not text:
        return None, None
    if not text.isdigit() or int(text) > 500:
        return None, _("Coins are a whole number from 0 to 500.")
    return int(text), None


def _valid_int(text: str) -> bool:
    text = text.strip().replace("\u2212", "-")
    return text.lstrip("-").isdigit() and text.count("-") <= 1 and len(text) <= 6


def _int_or(text, default: int) -> int:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return default


def _show(value) -> str:
    return "" if value is None else str(value)
