"""Tracked games' pages: the table page every phone opens, its board, moves and undo, the QR code,
joining by code, and starting a new table.

A move made through htmx answers with the new board; a form posted without
JavaScript is sent back to the page. What the board shows is built in
table_view.py, the pushed changes are table_stream.py's, the JSON API is
tables_api.py's. This module names no game: a new table's form asks the
`Play` chosen for its seats, boards and sides.
"""
from __future__ import annotations

import io
import re
from types import SimpleNamespace

import segno
from flask import Blueprint, Response, abort, current_app, g, make_response, redirect, request, session, url_for
from flask.ctx import RequestContext
from flask_babel import get_locale
from flask_babel import gettext as _

from ..catalog.plays import PLAYS, find_play, tidy_name
from ..engine.errors import BadInput, IllegalAction
from ..engine import tracked
from ..engine.messages import full_stop
from ..engine.tracked import EVERY_SEAT
from ..store import events, filing, groups
from ..store import games as store
from . import access, answered, csrf, get_db, inputs, limits, table_stream
from .i18n import current, refusal, say
from .render import page, partial, wants_partial
from .table_stream import changed
from .table_view import (CONFIRM_UNDO, board_context, board_kind, kept_board, plain_board, priced_pick, seat_of,
                         table_urls, template_helpers)
from .tables_api import table_of

bp = Blueprint("games", __name__, url_prefix="/g")

# The new-table form's choices, each by its card-lookup value ("kind"): the game played in turn
# first, then the others as the family lists them.
TRACKED = tuple(sorted((p for p in PLAYS if p.tracked), key=lambda p: p.simultaneous))


@bp.record_once
def _template_helpers(state) -> None:
    template_helpers(state.app)


@bp.get("/<code>/qr.svg")
def qr(code):
    table = table_of(code)
    link = url_for("games.table", code=table.code, t=groups.item(get_db(), table.code).token, _external=True)
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, dark="#1d1a16", light="#ffffff",
                                      title=f"7W {table.code}")
    return Response(out.getvalue(), mimetype="image/svg+xml")


def _typed_code(text: str) -> str:
    """A code as a phone types it: any case, spaces or a dash between its halves ("abc def")."""
    return "".join(c for c in text if c.isalnum()).upper()[:12]


@bp.get("/join")
def join():
    code = _typed_code(request.args.get("code", ""))
    if not code or not access.join_with_code(code):
        return page("games/join.html", status=404 if code else 200, code=code,
                    error=_("No game in progress has the code %(code)s. Check it on the table's phone, or "
                            "scan its QR code.", code=code) if code else None)
    return redirect(url_for("games.table", code=code))


# -- the table page -----------------------------------------------------------------

@bp.get("/<code>")
def table(code):
    if "t" in request.args:               # the join link: its token gives this phone the table
        return _join_link(code)
    if access.table_item(code) is None:
        # The address the table page prints holds the code: a phone outside the group that opens it
        # is asked to join with that code (one tap, then throttled as a typed code). The same answer
        # whether or not the game exists, so it tells a guesser nothing: 404, as for a stranger.
        return page("games/join.html", status=404, code=_typed_code(code), asking=True)
    return page("games/table.html", **board_context(table_of(code)))


def _join_link(code: str):
    if not access.join_with_token(code, request.args.get("t", "")):
        abort(404)
    rest = {k: v for k, v in request.args.items() if k != "t"}
    return redirect(url_for("games.table", code=code.upper(), **rest), 303)


@bp.get("/<code>/board")
def board(code):
    # Not the version from memory: another worker's move reaches this one's watcher up to
    # live.INTERVAL later, and a phone told "changed" by its stream must not hear 204 from here.
    table = table_of(code)
    if request.args.get("v", type=int) == table.version:
        return Response(status=204)          # nothing changed: htmx keeps the board
    kept = plain_board(table) if wants_partial() else None
    if kept is not None:                     # no picks of its own: the board its seat was given
        response = make_response(kept)
        response.headers["Vary"] = "HX-Request"
        return response
    return page("games/table.html", block="board", **board_context(table))


@bp.get("/<code>/price")
def price(code):
    """A price asked from a seat's action form (htmx): that form's section alone, priced (issue 29:
    the whole board was rendered again for each price asked). Without htmx, or when this phone no
    longer picks for that seat (its turn resolved meanwhile), the board as it is now."""
    table = table_of(code)
    priced = priced_pick(table, request.args.get("player")) if wants_partial() else None
    if priced is None:
        if not wants_partial():
            # The address's own arguments (a "code" among them was url_for's own: a 500).
            asked = {k: v for k, v in request.args.items() if k != "code"}
            return redirect(url_for("games.table", code=table.code, **asked), 303)
        response = make_response(partial("games/table.html", "board", **board_context(table)))
        response.headers.update({"HX-Retarget": "#board", "HX-Reswap": "outerHTML"})
        return response
    section, address = priced          # rendered once a version, seat kind and choice (table_view)
    response = make_response(section)
    # The choice in the address bar, as the page without JavaScript reads it: a reload mid-turn
    # kept the table but lost the card chosen and its price (a player walk). A move puts it back.
    response.headers["HX-Replace-Url"] = address
    return response


def _matched() -> None:
    """A stream's boards' request context pushed again: its address is matched already."""


@bp.get("/<code>/events")
def stream(code):
    """Server-sent events of the table's changes (table_stream.py)."""
    item = access.table_item(code)
    if item is None:
        abort(404)
    code, phone = code.upper(), session.get(csrf.FIELD)
    app = current_app._get_current_object()
    database = app.config["DATABASE"]
    # The stream's boards are rendered in a request of their own made of the stream's (its session,
    # seat and language), not in the stream's request kept for hours with its connection: made once
    # (its session opened and checked once), entered for each board with a fresh app context (its own
    # connection, lent for the render), the table's entry as read above (issue 29: a request made and
    # an entry read again for each board were a sixth of its cost).
    # Its session is the stream's, as opened for it: pushed without one, the context opened it again from
    # the cookie (its signature checked, its JSON read), once a stream: each phone's at a restart (issue 29).
    own = RequestContext(app, dict(request.environ), session=session._get_current_object())

    # The phones alike for a plain board (table_view.plain_board): read once, from the stream's session.
    lang = current()
    kind = board_kind(code, session.get(f"seat:{code}"), lang, access.is_guest_at(item))
    # The reader's locale as this request found it, given to each board's fresh app context: found again
    # there, it was the session read and the Accept-Language header parsed at every board (issue 29).
    locale = get_locale()
    catalogue: list = []          # its catalogue, as the stream's first board found it (i18n.KeptDomain)
    mine = answered.slot(phone, code) if phone is not None else None

    def board(heard: int):
        # The board as this phone's board would ask for it with no picks of its own. None for the version
        # this phone's own move was answered with (by any worker: answered.py): it has that board, and
        # nothing is looked up for it. None too for a phone whose session holds no form token yet (a
        # board rendered here would hold one its session never kept). A board another phone of its
        # seat and language was given at this version is that one with this phone's token: no request.
        if mine is None or answered.get_at(database, mine) >= heard:
            return heard, None
        kept = kept_board(kind, heard, phone)
        if kept is not None:
            return heard, kept
        with own:
            # The address was matched at the first board: the same request, the same match (issue 29:
            # Flask matches it again at each push of the context, a twentieth of a pushed board).
            own.match_request = _matched
            g._items = {code: item}
            g._flask_babel = SimpleNamespace(babel_locale=locale)       # Flask-Babel's own place for it
            g._companion_lang = (locale, lang)      # i18n.current's, as read above (its str(locale) at each board)
            if catalogue:     # found again for each board's fresh context: a tenth of a pushed board
                g._flask_babel.companion_translations = g._companion_translations = catalogue[0]
            # The game as this worker keeps it at the version heard (the mover's worker has it; the other
            # takes it up once, at its first board): no look-up of the version in the database. The
            # stream's access was checked when it opened, with the session every board uses.
            table = store.kept(code, heard) or table_of(code)
            if answered.get_at(database, mine) == table.version:
                return table.version, None
            html = plain_board(table)
            found = getattr(g._flask_babel, "companion_translations", None)
            if not catalogue and found is not None and found[0] is locale:
                catalogue.append(found)
            return table.version, html
    # The game's version is read by the hub once this stream waits (live.Hub.subscribe), not here too.
    # The last version told: the browser's Last-Event-ID when it reconnects by itself; ?last= when the
    # page opens a refused stream again (a new EventSource sends none: static/js/table.js).
    told = request.headers.get("Last-Event-ID", type=int)
    if told is None:
        told = request.args.get("last", type=int)
    return table_stream.events(item.id, board=board, told=told)


@bp.post("/<code>/act")
def act_form(code):
    table = table_of(code)
    try:
        doc = inputs.action(inputs.json_object(request.form.get("doc", ""), "doc"))
        version, _paid = store.act(get_db(), table.code, doc, inputs.form_version())
    except (ValueError, BadInput) as exc:
        return _board_again(table, full_stop(_where(exc) if isinstance(exc, BadInput) else str(exc)), 422)
    except IllegalAction as exc:
        return _board_again(table, refusal(exc), 409)
    except events.StaleVersion:
        return _board_again(table, _("Someone else played first: look at the board again."), 409)
    return _after_change(table.code, version)


@bp.post("/<code>/sheet")
def sheet(code):
    table = table_of(code)
    try:
        owner = groups.item(get_db(), table.code).group_id or access.current_group(create=True)
        sheet_id = store.file_sheet(get_db(), table.code, owner)
    except IllegalAction as exc:
        return _board_again(table, refusal(exc), 409)
    changed(table.code, events.current_version(get_db(), table.code))     # the other phones see it filed
    filing.project(get_db(), sheet_id)
    if access.load_sheet(sheet_id) is None:     # a guest at the table: the sheet is the group's (the board says so)
        return redirect(url_for("games.table", code=table.code), 303)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


@bp.post("/<code>/undo")
def undo_form(code):
    """Undo: at once for this phone's own move, after a confirming second post for another seat's."""
    table = table_of(code)
    seat = seat_of(table)
    last = table.log[-1][1] if table.log else {}
    who = last.get("player")
    if who and seat not in (EVERY_SEAT, who) and request.form.get("confirm") != "1":
        return page("games/table.html", **board_context(table, CONFIRM_UNDO))
    try:
        store.undo(get_db(), table.code, inputs.form_version(), by=seat)
    except BadInput as exc:
        return _board_again(table, full_stop(_where(exc)), 422)
    except IllegalAction as exc:
        return _board_again(table, refusal(exc), 409)
    except events.StaleVersion:
        return _board_again(table, _("Someone else played first: look at the board again."), 409)
    return _after_change(table.code, focus=TAKEN_BACK)


# The line telling a move taken back (table.html), focused on the phone that took it back: its Undo button
# was gone and the keys left on <body>. Put in this answer alone, not in the board kept for every phone
# of the seat (plain_board): a board pushed to another phone leaves its focus be.
TAKEN_BACK = 'data-taken-back tabindex="-1"'


def _after_change(code: str, version: int | None = None, focus: str | None = None):
    """What a move or an undo answers: through htmx the new board in place of the old one (no
    redirect, no whole page); a form posted without JavaScript is sent to the page (303).
    A move answers with the game at its own `version`, as the move left it in this process (issue
    29: its version read again from the database, a query a move); a move landed since is pushed."""
    fresh = (store.kept(code, version) if version is not None else None) or store.load(get_db(), code)
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and session.get(csrf.FIELD) is not None:
        # Its stream, in whichever worker holds it, pushes it no board for this version: marked
        # before the other workers' watchers can hear of the move.
        answered.put(current_app.config["DATABASE"], session[csrf.FIELD], code, fresh.version)
    changed(code, fresh.version)
    if not htmx:
        return redirect(url_for("games.table", code=code), 303)
    board = plain_board(fresh) or partial("games/table.html", "board", **board_context(fresh))
    if focus:
        board = board.replace(focus, f"{focus} autofocus", 1)
    response = make_response(board)
    response.headers.update({"HX-Retarget": "#board", "HX-Reswap": "outerHTML",
                             "HX-Push-Url": table_urls(code)["table"], "Vary": "HX-Request"})
    return response


def _where(exc: BadInput) -> str:
    """Bad input in the reader's words, after the seat it is about ("Player 2: two players are called
    Ana"): the field's path in the JSON ("players[1].name: ...") was shown to the player."""
    seat = re.match(r"players\[(\d+)\]", exc.where or "")
    if seat:
        return _("%(at)s: %(why)s", at=_("Player %(n)s", n=int(seat.group(1)) + 1), why=say(exc))
    # Another field (the form's "version"): named as the form names it, so the player knows where.
    return f"{exc.where}: {say(exc)}" if exc.where else say(exc)


def _seat_named(exc: BadInput) -> int | None:
    """The seat whose name is refused (a name twice: the later one), to mark and focus it; None else."""
    seat = re.fullmatch(r"players\[(\d+)\]\.name", exc.where or "")
    return int(seat.group(1)) if seat else None


def _board_again(table: store.Table, message: str, status: int):
    """A refused move or undo: the board as it is now, the reason at its top. Through htmx it
    replaces the board and scrolls to the reason (a refusal once left the page as it was)."""
    fresh = store.load(get_db(), table.code)
    context = board_context(fresh, message)
    if request.headers.get("HX-Request") != "true":
        return page("games/table.html", status=status, **context)
    response = make_response(partial("games/table.html", "board", **context), status)
    response.headers.update({"HX-Retarget": "#board", "HX-Reswap": "outerHTML show:#table-message:top",
                             "HX-Push-Url": url_for("games.table", code=fresh.code), "Vary": "HX-Request"})
    return response


# -- a new table --------------------------------------------------------------------

def _choice_word(play) -> str:
    """A play's chip among the new table's choices: its title, a later edition by its short word."""
    return play.short if (play.edition or 1) > 1 else play.title


@bp.route("/new", methods=["GET", "POST"])
def new():
    values = request.values
    chosen = find_play(values.get("kind")) or TRACKED[0]
    posted, kind = request.method == "POST", chosen.lookup
    # A game's chip pressed posts what was typed for the game shown (`from`): the names are kept, the
    # seats are the new game's own (a link there lost every name typed).
    switched = posted and values.get("from", kind) != kind
    # The boxes this game's table follows move by move (the Duel's Pantheon and Agora), ticked to play them.
    box_choices = [b for b in chosen.box_choices() if getattr(tracked.implementation(chosen), "follows_boxes", False)]
    ticked = [k for k in values.getlist("box") if k in {b.key for b in box_choices}]
    if ticked:
        chosen = chosen.with_boxes(ticked)
    fewest, most = chosen.players          # 7 Wonders, 1st edition: two players and the Free City
    seats = values.get("seats", type=int) if posted and not switched else None
    count = min(max(seats or values.get("players", chosen.default_players, type=int), fewest), most)
    free_city = chosen.has_boards and count == 2
    # "− a player" pressed: the page comes back with the keys on it (or on "+ a player" at the fewest).
    fewer = posted and not switched and seats is not None and seats < values.get("players", count, type=int)
    error, refused_seat = None, None
    if posted and seats is None and not switched:
        names = values.getlist("name")
        if chosen.has_boards:
            players = [{"name": n, "wonder": w, "side": s} for n, w, s in
                       zip(names, values.getlist("wonder"), values.getlist("side"))]
            if free_city and len(players) == 3:
                players[2]["free_city"] = True
        else:
            players = [{"name": n} for n in names]
        try:
            limits.spend_write("games")
            code, _token = store.create(get_db(), chosen.contract_doc(players=players),
                                        access.current_group(create=True))
            access.note_network(code)
        except BadInput as exc:
            error, refused_seat = _where(exc), _seat_named(exc)
        else:
            return redirect(url_for("games.table", code=code, **{"as": tidy_name(names[0])}), 303)
    boards = chosen.wonders() if chosen.has_boards else ()
    return page("games/new.html", status=422 if error else 200, error=error, kind=chosen.lookup, play=chosen,
                box_choices=[(b.key, b.title) for b in box_choices], boxes=set(chosen.expansions),
                choices=[(p.lookup, _(_choice_word(p))) for p in TRACKED], count=count, boards=boards,
                sides=chosen.sides, free_city=free_city, fewest=fewest, most=most,
                fewer=fewer, refused_seat=refused_seat)
