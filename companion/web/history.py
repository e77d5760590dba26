"""History: the group's filed games a page at a time, statistics by game, export and import,
editing, deleting and restoring a game, renaming and merging players.

Everything read here comes from the projection (companion/store/results.py):
a page reads a page of rows and the running sums, whatever the number of games.
"""
from __future__ import annotations

import csv
import io
import json
from contextlib import contextmanager

from flask import Blueprint, Response, redirect, request, stream_with_context, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ..catalog import LookupFailed, catalog
from ..catalog.plays import MAX_NAME, PLAYS, play, tidy_name
from ..engine.errors import BadInput
from ..store import events, filing, groups, results
from ..store import imports as stored_imports
from ..store import sheets as store
from . import access, get_db, imports, inputs
from . import limits      # the per-client bound on imports
from .i18n import PLAY_TITLES, VICTORIES, current
from .imports import EXPORT_FORMAT, BadImport
from .render import page

bp = Blueprint("history", __name__, url_prefix="/history")

CATEGORY_ORDER = ("military", "treasury", "wonder", "wonders", "civil", "commercial", "guilds", "science",
                  "progress", "leaders", "debt", "cities", "naval", "islands", "shipyard", "edifice", "tower",
                  "projects")
MAX_IMPORT_SHEETS = 1000            # a bigger history comes in several files
MAX_IMPORT_BYTES = 1024 * 1024


# -- the page ------------------------------------------------------------------------------

@bp.get("/")
def index():
    return _page()


def _page(status: int = 200, message: str | None = None):
    group_id = access.current_group()
    db = get_db()
    before = _cursor(request.args.get("before", ""))
    games, more = results.page(db, group_id, before) if group_id else ([], None)
    # An import's counts, each said in the language's plural ("game(s)" read "partida(s) importada(s)").
    imported, skipped = request.args.get("imported", type=int), request.args.get("skipped", 0, type=int)
    return page("history/index.html", status=status, games=games, more=more and "|".join(more),
                older=before is not None, sections=_sections(group_id) if group_id and not before else [],
                titles=PLAY_TITLES, victories=VICTORIES, victory_told=_victory_told, message=message,
                imported=imported if imported is not None and imported >= 0 else None, skipped=max(skipped, 0),
                just_saved=request.args.get("saved"), deleted=_deleted_here(request.args.get("deleted")))


def _victory_told(pad: str) -> bool:
    """Whether a game of this kind may be won otherwise than on points: only then is how it was won news
    (every 7 Wonders game in the list said "Civilian victory", the Duel's word for a win on points)."""
    try:
        return play(pad).supremacy
    except KeyError:
        return True


def _cursor(text: str) -> tuple[str, str] | None:
    filed, _sep, sheet_id = text.partition("|")
    return (filed, sheet_id) if filed and sheet_id else None


def _deleted_here(sheet_id: str | None) -> str | None:
    """The game just deleted, for the "Undo" banner: only when it is this group's."""
    if not sheet_id:
        return None
    item = access.sheet_item(sheet_id, deleted=True)
    return sheet_id if item is not None and item.status == groups.DELETED else None


def _sections(group_id: str) -> list[dict]:
    """Statistics for each kind of game the group played: players, then wonders."""
    db = get_db()
    found = []
    # Each play, and each combination of boxes played with it, its own statistics: never one average across them.
    for pad_id in results.pads_played(db, group_id, [p.key for p in PLAYS]):
        players = results.player_stats(db, group_id, pad_id)
        if not players:
            continue
        rows = {row.key for row in play(pad_id).pad.rows}
        found.append({"pad": pad_id, "title": PLAY_TITLES[pad_id], "players": players,
                      "categories": [c for c in CATEGORY_ORDER if c in rows],
                      "wonders": [(_wonder_name(pad_id, w), n, wins) for w, n, wins in
                                  results.wonder_stats(db, group_id, pad_id)]})
    return found


def _wonder_name(pad_id: str, wonder: str) -> str:
    """A wonder as the reader's box names it (the pad says which game and edition)."""
    played = play(pad_id)
    try:
        return catalog().find(played.game, played.edition, wonder, kinds=("wonder",)).name_in(current())
    except LookupFailed:
        return wonder


# -- a filed game: edit, delete, restore -------------------------------------------------------

@bp.post("/<sheet_id>/edit")
def edit(sheet_id):
    """Editing a saved game is asked for: it reopens the sheet (an event), out of history until saved again."""
    sheet = access.sheet_or_404(sheet_id)
    filing.reopen(get_db(), sheet)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


@bp.get("/<sheet_id>/delete")
def confirm_delete(sheet_id):
    sheet = access.sheet_or_404(sheet_id)
    return page("history/delete.html", sheet=sheet, title=PLAY_TITLES[sheet.pad])


@bp.post("/<sheet_id>/delete")
def delete(sheet_id):
    sheet = access.sheet_or_404(sheet_id)
    filing.delete(get_db(), sheet)
    return redirect(url_for("history.index", deleted=sheet_id), 303)


@bp.post("/<sheet_id>/restore")
def restore(sheet_id):
    sheet = access.sheet_or_404(sheet_id, deleted=True)
    filing.restore(get_db(), sheet)
    return redirect(url_for("history.index", saved=sheet_id), 303)


# -- players: rename and merge -----------------------------------------------------------

@bp.route("/players", methods=["GET", "POST"])
def players():
    group_id = access.current_group()
    db = get_db()
    names = results.names(db, group_id) if group_id else []
    message, error, status = None, None, 200
    chosen, typed = None, ""        # a refused rename shows the player chosen and the name typed again
    if request.method == "POST":
        old = tidy_name(request.form.get("old", ""))
        new = tidy_name(request.form.get("new", ""))
        if old not in names:
            error, status = _("Choose a player of this group."), 422
        elif not new or len(new) > MAX_NAME:
            error, status = _("A name is 1 to %(n)s letters.", n=MAX_NAME), 422
            chosen, typed = old, request.form.get("new", "")
        else:
            merged = any(results.name_key(n) == results.name_key(new) for n in names if n != old)
            count = filing.rename(db, group_id, old, new)
            message = (ngettext("%(old)s and %(new)s are now one player (%(num)s game).",
                                "%(old)s and %(new)s are now one player (%(num)s games).", count, old=old, new=new)
                       if merged else ngettext("%(old)s is now %(new)s (%(num)s game).",
                                               "%(old)s is now %(new)s (%(num)s games).", count, old=old, new=new))
            names = results.names(db, group_id)
    return page("history/players.html", status=status, names=names, message=message, error=error,
                chosen=chosen, typed=typed)


# -- export -------------------------------------------------------------------------------

@bp.get("/export.json")
def export_json():
    group_id = access.current_group()

    def body():
        yield '{"format": ' + json.dumps(EXPORT_FORMAT) + ', "sheets": ['
        with _own_connection() as db:
            for n, sheet_id in enumerate(list(groups.ids(db, group_id, groups.SHEET)) if group_id else []):
                doc = {"id": sheet_id, "events": [{"seq": e.seq, "kind": e.kind, "payload": e.payload,
                                                   "created": e.created} for e in events.read(db, sheet_id)]}
                yield ("" if n == 0 else ",\n") + json.dumps(doc, ensure_ascii=False)
        yield "]}\n"
    return Response(stream_with_context(body()), mimetype="application/json",
                    headers={"Content-Disposition": "attachment; filename=7wonders-history.json"})


@contextmanager
def _own_connection():
    """A streamed answer outlives the request's connection: it reads through its own."""
    from flask import current_app

    from ..store import open_database
    db = open_database(current_app.config["DATABASE"], migrate=False)
    try:
        yield db
    finally:
        db.close()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(value):
    """A text cell a spreadsheet would run as a formula gets a leading quote (OWASP's rule); numbers stay."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


@bp.get("/export.csv")
def export_csv():
    group_id = access.current_group()
    keys = list(results.CATEGORIES)

    def body():
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["sheet", "date", "game", "player", "seat"] + keys + ["total", "rank", "coins", "saved"])
        with _own_connection() as db:
            for sheet_id, filed, pad, name, seat, *rest in (results.export_rows(db, group_id) if group_id else []):
                points, (total, rank, coins) = rest[:len(keys)], rest[len(keys):]
                writer.writerow([neutral(v) for v in [sheet_id, filed, pad, name, seat + 1]]
                                + ["" if p is None else p for p in points]
                                + [total, rank, "" if coins is None else coins, "yes"])
                yield out.getvalue()
                out.seek(0)
                out.truncate()
        yield out.getvalue()
    return Response(stream_with_context(body()), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=7wonders-history.csv"})


# -- import -------------------------------------------------------------------------------

@bp.post("/import")
def import_json():
    limits.spend_write("imports")          # bounded per client, before the file is read
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise BadImport(_("Choose the JSON file exported from this app."))
        added, skipped = _import(_read_upload(upload))
    except BadImport as exc:
        return _page(status=422, message=str(exc))
    return redirect(url_for("history.index", imported=added, skipped=skipped), 303)


def _read_upload(upload) -> object:
    try:
        raw = upload.read(MAX_IMPORT_BYTES + 1)
    finally:
        upload.close()         # a large upload waits in a temporary file: let it go now
    if len(raw) > MAX_IMPORT_BYTES:
        raise BadImport(_("%(file)s is larger than %(kb)s KB: import a history in several smaller exports.",
                          file=upload.filename, kb=MAX_IMPORT_BYTES // 1024))
    head = raw[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if upload.filename.lower().endswith(".csv") or (head and not head.startswith((b"{", b"["))
                                                     and b"," in head.split(b"\n")[0]):
        raise BadImport(_("%(file)s looks like a CSV file. The CSV export is for spreadsheets; to import, "
                          "choose the JSON export of this app.", file=upload.filename))
    try:
        return inputs.parse_json(raw, inputs.IMPORT)
    except inputs.NotJson:
        # Not JSON or not text: the parser's reason ("(body): ... (Expecting value: line 1 column 1
        # (char 0))", in English and with its code) told a player nothing they could act on.
        raise BadImport(_("%(file)s is not a JSON export of this app.", file=upload.filename)) from None
    except BadInput as exc:
        # JSON the app refuses (nested too deep, a lone surrogate, too many values): its reason in the
        # reader's words, without the JSON path.
        raise BadImport(_("%(file)s is not a JSON export of this app.", file=upload.filename) + " "
                        + _("Reason: %(why)s.", why=exc.message)) from None


def _import(doc) -> tuple[int, int]:
    """Add to this group every game of an export it does not hold yet; all or nothing (imports.py)."""
    games = imports.checked(doc, MAX_IMPORT_SHEETS)
    return stored_imports.add_games(get_db(), access.current_group(create=True), games)


@bp.app_errorhandler(store.Unreadable)
def unreadable(exc: store.Unreadable):
    """A game stored damaged (by an import before imports were checked): a page that says so, not a
    500, on any page that reads it; the group's other games are untouched."""
    from flask import current_app

    from . import _error_answer
    current_app.logger.warning("%s", exc)
    return _error_answer(422, _("This game cannot be read"),
                         _("It was stored damaged, so it is left out of history; the group's other games are "
                           "not affected."))
