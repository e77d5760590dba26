"""Scan the paper pad: a photo in, an editable preview out, a sheet only on confirmation.

GET  /scan/               the form: which pad, and the photo (the phone's camera or a file)
POST /scan/               read the photo; the preview with every doubtful cell marked
POST /scan/confirm        check the edited preview again, or create the score sheet from it
GET  /scan/pad/<pad>      our printable pad, with the corner markers the reader looks for

Nothing is stored until the player confirms. A bad photo (not an image, too
large, no pad, the wrong pad) re-renders the form with the reason.
"""
from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..catalog.plays import MAX_NAME, play, tidy_name
from ..engine.errors import BadInput
from ..engine import sheet_rules
from ..engine.ranking import standings
from ..scan.checks import TOTAL_MAX, Doubt
from ..store import sheets as store
from . import access, get_db
from .i18n import CATEGORIES, PLAY_TITLES, say
from .inputs import sign_flipped, whole_number
from .photo_process import off_the_event_loop
from .photo_slots import RETRY_AFTER, Busy, photo_slot
from .render import page
from .sheets import parse_cell
from .sheets import _parse_coins as parse_coins

bp = Blueprint("scan", __name__, url_prefix="/scan")

# A 12-megapixel JPEG is 3 to 8 MB, more than the app's limit for other forms.
MAX_PHOTO_BYTES = 20 * 1024 * 1024

# What to retake when no pad is found, by the reader's reason (scan/locate_box.py, `retake`).
RETAKE = {
    "dark": _l("No score pad found: the photo is too dark. Take it again in more light."),
    "blurred": _l("No score pad found: the photo is blurred. Hold the phone still, let it focus, and take it "
                  "again."),
    "cut": _l("No score pad found: the sheet runs off the edge of the photo. Take it again with the whole sheet "
              "in view."),
}

# A doubt of the reader (scan/checks.py) in the player's language, by its kind (Doubt.kind).
WHY = {
    Doubt.SUM: _l("This column does not add up to its total."),
    Doubt.RECHECK: _l("As read, this column did not add up: check each of its numbers."),
    Doubt.UNREADABLE: _l("Could not read this number."),
    Doubt.UNSURE: _l("Not sure of this number."),
    Doubt.FROM_TOTAL: _l("Worked out from the total: check it."),
    Doubt.NAME: _l("Could not read this name."),
    Doubt.UNCHECKED: _l("The total could not be read, so this column was not checked: check each of its numbers."),
    Doubt.NO_TOTAL: _l("No total was read: check the total box (left empty, or written too faintly to read?)."),
}


@bp.url_value_preprocessor
def _photo_limit(endpoint, values):
    # Runs before the app's CSRF check reads the form, so the photo is parsed with the larger limit.
    if endpoint == "scan.read":
        request.max_content_length = MAX_PHOTO_BYTES


@bp.errorhandler(413)
def _too_large(_exc):
    # The form cannot be read (it is what was too large): the game chosen is lost, not the photo.
    error = _("The photo is larger than %(mb)s MB; take it at a lower resolution. Nothing was saved.",
              mb=MAX_PHOTO_BYTES // (1024 * 1024))
    return _form(AUTO, error, 413)


AUTO = "auto"              # the pad left to the reader to recognise


@bp.get("/")
def index():
    pad_id = request.args.get("pad", AUTO)
    return _form(pad_id if pad_id in PLAY_TITLES else AUTO, None)


@bp.post("/")
def read():
    from ..scan import read_photo
    pad_id = request.form.get("pad", "")
    if pad_id not in PLAY_TITLES and pad_id != AUTO:
        return _form(AUTO, _("Choose a game."), 422)
    photo = request.files.get("photo")
    if photo is None or not photo.filename:
        return _form(pad_id, _("Choose a photo of the pad."), 422)
    try:
        data = photo.read(MAX_PHOTO_BYTES + 1)
    finally:
        photo.close()                     # a large upload is spooled to a temporary file
    try:
        known = [name for name, _seat in access.known_players()]      # the group's players only
        with photo_slot():
            scan = off_the_event_loop(read_photo, data, pad_id, crops=True, known_names=known)
    except Busy:
        response = _form(pad_id, _("Other photos are being read right now. Send yours again in a few seconds; "
                                   "nothing was saved."), 503)
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
    except BadInput as exc:
        return _form(pad_id, _photo_error(exc), 422)
    if not scan.columns:
        return _form(pad_id, _("The pad was found, but nothing is written on it."), 422)
    view = _from_scan(scan.pad, scan)          # the pad chosen, or the one recognised
    return page("scan/preview.html", view=view, titles=PLAY_TITLES)


@bp.get("/confirm")
def confirm_again():
    """The preview's address opened again (a language link without JavaScript, a reload of the
    address): what it showed was a form's answer, gone; the upload page, not an error page."""
    return redirect(url_for("scan.index", **({"lang": request.args["lang"]} if "lang" in request.args else {})), 303)


@bp.post("/confirm")
def confirm():
    pad_id = request.form.get("pad", "")
    if pad_id not in PLAY_TITLES:
        abort(400)
    view = _from_form(pad_id)
    if request.form.get("action") != "save" or view.errors or view.form_error:
        status = 422 if view.errors or view.form_error else 200
        return page("scan/preview.html", view=view, titles=PLAY_TITLES, status=status)
    db = get_db()
    sheet_id = access.new_sheet(pad_id, [p.name for p in view.players])
    sheet = store.load(db, sheet_id)
    for p, player in enumerate(view.players):
        for key, cell in player.cells.items():
            if cell.value is not None:
                store.set_value(db, sheet, p, key, cell.value)
        if player.coins_cell and player.coins_cell.value is not None:
            store.set_coins(db, sheet, p, player.coins_cell.value)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


@bp.get("/pad/<pad_id>")
def printable(pad_id):
    from ..scan.layout import grid, marker_bits
    if pad_id not in PLAY_TITLES:
        abort(404)
    g = grid(pad_id)
    layout = g.pad.layout
    markers = []
    for corner, marker_id in enumerate(layout.markers):
        x, y = layout.marker_box(corner)
        bits = marker_bits(marker_id)
        module = layout.marker_size / len(bits)
        markers += [(x + c * module, y + r * module, module)
                    for r, row in enumerate(bits) for c, white in enumerate(row) if not white]
    rows = []
    for r, key in enumerate(g.rows):
        label = {"name": _("Name"), "total": _("Total"), "coins": _("Coins left")}.get(key) or CATEGORIES[key]
        colour = next((row.colour for row in g.pad.rows if row.key == key), None)
        rows.append({"key": key, "label": label, "colour": colour, "y0": g.ys[r], "y1": g.ys[r + 1]})
    return page("scan/pad.html", pad_id=pad_id, title=PLAY_TITLES[pad_id], layout=layout, grid=g,
                rows=rows, markers=markers, titles=PLAY_TITLES, total_at=g.rows.index("total"))


# -- the preview ------------------------------------------------------------------

@dataclass
class PreviewCell:
    name: str                          # the form field
    text: str                          # what the input shows
    value: int | None = None
    doubt: str | None = None           # why the reader doubts it (translated)
    why: str | None = None             # the doubt's kind (Doubt.kind), carried through the form as data
    read: str | None = None            # a doubtful cell's text as the reader read it (None: `text` is)
    error: str | None = None           # what is wrong with what was typed
    crop: str | None = None            # a data: URL of the cell as photographed


@dataclass
class PreviewPlayer:
    name: str
    name_cell: PreviewCell
    cells: dict[str, PreviewCell] = field(default_factory=dict)
    total_cell: PreviewCell | None = None     # the total written on the pad: only checked, never saved
    coins_cell: PreviewCell | None = None     # 7 Wonders: coins left (the tie-break), saved to the sheet
    sum: int = 0
    rank: int = 0

    @property
    def written_total(self) -> int | None:
        return None if self.total_cell is None else self.total_cell.value


@dataclass
class ToCheck:
    """A doubtful cell, listed first on a phone: where it is, what was read, the cell as photographed."""
    field: str
    label: str
    text: str
    doubt: str                         # why it is doubted, or why what was typed is refused
    crop: str | None
    refused: bool = False


@dataclass
class Preview:
    pad_id: str
    title: str
    rows: list                         # the pad's rows (PadRow)
    players: list[PreviewPlayer] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    form_error: str | None = None
    sheet: str = "printable"           # which form of the pad the photo showed: "box" or "printable"
    other_pads: list[str] = field(default_factory=list)   # pads the photo may show as well: the player says which

    @property
    def has_coins(self) -> bool:
        """7 Wonders breaks a tie on coins left; the Duel on civil points (nothing more to enter)."""
        return play(self.pad_id).tie_break == "coins"

    @property
    def column_notes(self) -> set[str]:
        """Said once, at the column's total, rather than in every cell of the column."""
        return {str(WHY[Doubt.SUM]), str(WHY[Doubt.RECHECK]), str(WHY[Doubt.UNCHECKED])}

    @property
    def to_check(self) -> list[ToCheck]:
        out = []
        for n, p in enumerate(self.players, start=1):
            who = p.name_cell.text or str(n)
            cells = [(p.name_cell, _("Name of player %(n)s", n=n))]
            cells += [(p.cells[row.key], _("%(row)s for %(name)s", row=CATEGORIES[row.key], name=who))
                      for row in self.rows]
            if p.total_cell:
                cells.append((p.total_cell, _("Total on the pad for %(name)s", name=who)))
            if p.coins_cell:
                cells.append((p.coins_cell, _("Coins left for %(name)s", name=who)))
            out += [ToCheck(c.name, label, c.text, c.error or c.doubt, c.crop, bool(c.error))
                    for c, label in cells if c.doubt or c.error]
        # A refused correction first: in a column off the phone's screen it was only said at the top.
        return sorted(out, key=lambda t: not t.refused)

    def _all_cells(self) -> list[PreviewCell]:
        return [c for p in self.players
                for c in [p.name_cell, *p.cells.values(), *([p.total_cell] if p.total_cell else []),
                          *([p.coins_cell] if p.coins_cell else [])]]

    @property
    def doubts(self) -> int:
        return sum(bool(c.doubt) for c in self._all_cells())

    @property
    def mostly_doubted(self) -> bool:
        """Half the cells or more doubted (a dim or grainy photo whose pad was found, its numbers not):
        the player is told a photo in more light may read them, before typing every one."""
        return self.doubts > 0 and 2 * self.doubts >= len(self._all_cells())


def _form(pad_id: str, error: str | None, status: int = 200):
    return page("scan/index.html", status=status, pad_id=pad_id, titles=PLAY_TITLES, error=error,
                max_mb=MAX_PHOTO_BYTES // (1024 * 1024))


def _photo_error(exc: BadInput) -> str:
    from ..scan import photo
    code, params = getattr(exc, "code", ""), getattr(exc, "params", {})
    if code == "wrong_pad" and params.get("shown") in PLAY_TITLES and request.form.get("pad") in PLAY_TITLES:
        return _("This photo shows the %(shown)s pad, not the %(wanted)s pad: choose that game and try again.",
                 shown=PLAY_TITLES[params["shown"]], wanted=PLAY_TITLES[request.form["pad"]])
    if code == "no_pad" and params.get("retake") in RETAKE:
        return str(RETAKE[params["retake"]])
    if code == "no_pad":
        return _("No score pad found in the photo. Photograph the whole pad lying flat on the table, its four "
                 "corners in view, and try again.")
    if code == "too_many_pixels":
        return _("The image has too many pixels (more than %(mp)s megapixels); nothing was read.",
                 mp=params.get("mp", photo.MAX_PIXELS // 1_000_000))
    if code == "too_large":
        return _("The photo is larger than %(mb)s MB; take it at a lower resolution. Nothing was saved.",
                 mb=photo.MAX_BYTES // (1024 * 1024))
    if code == "too_small":
        return _("The photo is too small to read the pad; take it closer.")
    if code == "not_flat":
        return _("The pad's corner squares do not fit a flat page: lay the pad flat and try again.")
    return _("That file is not a photo we can read (a JPEG, PNG or WebP photo is needed). Nothing was saved.")


def _kind(why: Doubt | None) -> str | None:
    """A reader's doubt as the data the form carries: its kind (a doubt of no known kind: unsure)."""
    return (getattr(why, "kind", None) or Doubt.UNSURE) if why else None


def _said(kind: str | None, row=None) -> str | None:
    """A doubt's kind in the reader's language, worded again at each answer: a doubt carried as its
    sentence stayed in the language it was read in (the language menu on the preview), and a kind
    sent by hand showed as the code itself ('unsure')."""
    if not kind:
        return None
    if kind in WHY:
        return str(WHY[kind])
    if kind == Doubt.BOUNDS and row is not None:
        return say(sheet_rules.row_values(row))
    return str(WHY[Doubt.UNSURE])


def _doubt(why: Doubt | None, row=None) -> dict:
    """A reader's doubt as a PreviewCell takes it: its sentence and its kind."""
    return {"doubt": _said(_kind(why), row), "why": _kind(why)}


# A doubtful cell's photo carried through the form: a PNG data URL of a cell's size, nothing else.
CROP = re.compile(r"data:image/png;base64,[A-Za-z0-9+/]+={0,2}")
MAX_CROP = 48 * 1024


def _posted_doubt(key: str, text: str, row=None) -> dict:
    """The doubt a cell carried through the form (its kind), worded in this answer's language, and
    the cell as photographed: after 'Check again' the marked cells had lost the photo to check them by.
    A cell the player changed from what was read is checked: its mark goes (a name typed again still
    read 'Could not read this name', a number corrected 'Not sure of this number')."""
    read = request.form.get(f"read-{key}")
    if read is not None and " ".join(text.split()) != " ".join(read.split()):
        return {}
    kind = (request.form.get(f"doubt-{key}") or "").strip()[:20] or None
    crop = request.form.get(f"crop-{key}", "")
    keep = kind and len(crop) <= MAX_CROP and CROP.fullmatch(crop)
    return {"doubt": _said(kind, row), "why": kind, "crop": crop if keep else None, "read": read}


def _from_scan(pad_id: str, scan) -> Preview:
    from ..scan.layout import COINS_ROW, TOTAL_ROW
    pad = play(pad_id).pad
    view = Preview(pad_id, str(PLAY_TITLES[pad_id]), list(pad.rows), sheet=scan.sheet,
                   other_pads=_same_rows(pad_id, scan.other_pads))
    for p, col in enumerate(scan.columns):
        crop = _data_url(scan.crops.get((p, "name")))
        player = PreviewPlayer(col.name, PreviewCell(f"name-{p}", col.name, **_doubt(col.name_doubt), crop=crop))
        for row in pad.rows:
            cell = col.cells[row.key]
            player.cells[row.key] = PreviewCell(f"v-{p}-{row.key}", "" if cell.value is None else str(cell.value),
                                                value=cell.value, **_doubt(cell.doubt, row),
                                                crop=_data_url(scan.crops.get((p, row.key))))
        total = col.total.value
        player.total_cell = PreviewCell(f"total-{p}", "" if total is None else str(total), value=total,
                                        **_doubt(col.total.doubt),
                                        crop=_data_url(scan.crops.get((p, TOTAL_ROW))))
        if view.has_coins:
            coins = col.coins.value
            player.coins_cell = PreviewCell(f"coins-{p}", "" if coins is None else str(coins), value=coins,
                                            **_doubt(col.coins.doubt),
                                            crop=_data_url(scan.crops.get((p, COINS_ROW))))
        view.players.append(player)
    _rank(view)
    return view


def _same_rows(pad_id: str, others) -> list[str]:
    """The pads among `others` (ids, from the reader or the form) with `pad_id`'s rows (by kind, in
    any order): the numbers read stand for either, so the player may choose between them in the preview."""
    rows = {r.key for r in play(pad_id).pad.rows}
    return [o for o in dict.fromkeys(others) if o != pad_id and o in PLAY_TITLES
            and {r.key for r in play(o).pad.rows} == rows]


def _from_form(pad_id: str) -> Preview:
    """The preview as the player edited it, checked again."""
    pad = play(pad_id).pad
    form = sign_flipped(request.form, lambda key: key.startswith("v-"))   # a cell's ± tapped without JavaScript
    view = Preview(pad_id, str(PLAY_TITLES[pad_id]), list(pad.rows),
                   other_pads=_same_rows(pad_id, request.form.getlist("could-be")))
    count = min(max(whole_number(request.form.get("players")) or 0, 0), pad.players[1])
    for p in range(count):
        name = tidy_name(request.form.get(f"name-{p}", ""))
        name_cell = PreviewCell(f"name-{p}", name, **_posted_doubt(f"name-{p}", name))
        if not name:
            name_cell.error = _("Name this player.")
        elif len(name) > MAX_NAME:
            name_cell.error = _("Keep names to %(n)s letters.", n=MAX_NAME)
        elif name.casefold() in (q.name.casefold() for q in view.players):
            name_cell.error = _("%(name)s is already at this table; add an initial.", name=name)
        player = PreviewPlayer(name, name_cell)
        if name_cell.error:
            view.errors[name_cell.name] = name_cell.error
        for row in pad.rows:
            key = f"v-{p}-{row.key}"
            text = form.get(key, "")
            value, error = parse_cell(text, row)
            player.cells[row.key] = PreviewCell(key, text.strip(), value=value, error=error,
                                                **_posted_doubt(key, text, row))
            if error:
                view.errors[key] = error
        key = f"total-{p}"
        text = request.form.get(key, "").strip()
        player.total_cell = PreviewCell(key, text, **_posted_doubt(key, text))
        if text:
            total = whole_number(text)
            if total is not None and total <= TOTAL_MAX:
                player.total_cell.value = total
            else:
                player.total_cell.error = _("Write the total as a whole number from 0 to %(max)s, or leave it "
                                            "empty.", max=TOTAL_MAX)
                view.errors[key] = player.total_cell.error
        if view.has_coins:
            key = f"coins-{p}"
            text = request.form.get(key, "").strip()
            value, error = parse_coins(text)
            player.coins_cell = PreviewCell(key, text, value=value, error=error, **_posted_doubt(key, text))
            if error:
                view.errors[key] = error
        view.players.append(player)
    low, high = pad.players
    if not low <= len(view.players) <= high:
        view.form_error = _("%(game)s is played by %(low)s to %(high)s players; the photo shows %(n)s.",
                            game=PLAY_TITLES[pad_id], low=low, high=high, n=len(view.players))
    _rank(view)
    return view


def _rank(view: Preview) -> None:
    points = [{k: c.value or 0 for k, c in p.cells.items()} for p in view.players]
    coins = [p.coins_cell.value if p.coins_cell else None for p in view.players]
    for player, standing in zip(view.players, standings(play(view.pad_id).tie_break, points, coins) if points else []):
        player.sum, player.rank = standing.total, standing.rank


def _data_url(png: bytes | None) -> str | None:
    return "data:image/png;base64," + base64.b64encode(png).decode() if png else None
