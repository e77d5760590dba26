"""Tracked games: the contract's /api/v1/games and the table page every phone opens.

A phone at the table keeps one server-sent events stream open (/g/<code>/events,
through htmx's SSE extension): each change is pushed to it the moment it is
made, and its board then asks for itself (an unchanged game answers 204). The
API's clients poll by ETag (304). Actions carry the version the phone saw; the
store refuses a stale one. A move made through htmx answers with the new board.
"""
from __future__ import annotations

import functools
import io

import segno
from flask import Blueprint, Response, abort, current_app, jsonify, make_response, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from jinja2_fragments.flask import render_block

from ..engine import tables
from ..engine.errors import BadInput, IllegalAction
from ..store import events, filing, groups, live
from ..store import games as store
from . import access, get_db, inputs, limits, table_words
from .i18n import error_json, say
from .render import page

api = Blueprint("games_api", __name__, url_prefix="/api/v1/games")
bp = Blueprint("games", __name__, url_prefix="/g")


@bp.record_once
def _template_helpers(state) -> None:
    def combine_pay(doc: dict, option: dict) -> dict:
        """The action with the payment split this button stands for."""
        if option and ("left" in option or "right" in option):
            return {**doc, "pay": {"left": option.get("left", 0), "right": option.get("right", 0)}}
        return doc
    state.app.jinja_env.filters["combine_pay"] = combine_pay
    # A military token as printed: "+3", "−1" (a true minus sign, as on the tokens).
    state.app.jinja_env.filters["signed"] = lambda n: f"+{n}" if n > 0 else str(n).replace("-", "\u2212")
    state.app.jinja_env.globals["verb_word"] = lambda verb: VERBS.get(verb, verb)
    state.app.jinja_env.globals["duel_wait"] = lambda wait: DUEL_WAITS.get(wait, wait.replace("_", " "))


VERBS = {"build": _l("Build"), "stage": _l("Build a wonder stage with"), "sell": _l("Sell"),
         "discard-build": _l("Build from the discard"), "pass": _l("Pass")}
DUEL_WAITS = {"progress": _l("choose a progress token"), "library": _l("choose a token from the Great Library"),
              "destroy": _l("choose a card to destroy"), "rebuild": _l("choose a card from the discard"),
              "starter": _l("choose who starts the next age"), "draw": _l("draw tokens for the Great Library"),
              "reveal": _l("enter the card turned face up"), "pick": _l("choose a wonder")}


# -- the JSON API -------------------------------------------------------------------

def _json_body():
    return inputs.json_body()


def _table(code: str) -> store.Table:
    return access.table_or_404(code)      # 404 without the token (API) or the group or join link (pages)


def state_json(table: store.Table) -> dict:
    state = tables.to_json(table.game, table.state, table.names)
    state["version"] = table.version
    state["code"] = table.code
    state["log"] = [{"version": seq, **action} for seq, action in table.log]
    return state


@api.post("")
def create():
    limits.spend_write("games")            # bounded per client: the API needs no cookie
    code, token = store.create(get_db(), _json_body(), access.own_group())
    access.note_network(code)
    return jsonify({"code": code, "url": url_for("games.table", code=code), "token": token,
                    "join_url": url_for("games.table", code=code, t=token)}), 201


@api.get("/<code>")
def state(code):
    table = _table(code)
    etag = f'"{table.code}-{table.version}"'
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag})
    response = jsonify(state_json(table))
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.post("/<code>/actions")
def act(code):
    doc = _json_body()
    expected = doc.pop("version", None)
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
        raise BadInput(_("version must be the number the game answered"), "version")
    table = _table(code)
    version, paid = store.act(get_db(), table.code, inputs.action(doc), expected)
    _changed(table.code, version)
    return jsonify({"ok": True, "paid": paid, "version": version})


@api.post("/<code>/undo")
def undo(code):
    doc = inputs.json_body(optional=True)
    expected, by = doc.get("version"), doc.get("by")
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
        raise BadInput(_("version must be the number the game answered"), "version")
    table = _table(code)
    if by is not None and by != "all" and by not in table.names:     # who undid it, for the log
        raise BadInput(_("by must be the name of a player at this table, or \"all\""), "by")
    version = store.undo(get_db(), table.code, expected, by=by)
    _changed(table.code, version)
    return jsonify({"ok": True, "version": version})


@api.errorhandler(BadInput)
def _bad(exc: BadInput):
    return jsonify(error_json(exc)), 400


@api.errorhandler(IllegalAction)
def _illegal(exc: IllegalAction):
    out = error_json(exc)
    out.pop("where", None)
    return jsonify(out), 409


@api.errorhandler(events.StaleVersion)
def _stale(exc: events.StaleVersion):
    return jsonify({"error": _("Someone else played first: this game changed since your phone last saw it "
                               "(version %(seen)s, now %(now)s). Look again and retry.", seen=exc.seen,
                               now=exc.current),
                    "version": exc.current}), 409


# -- the pages ----------------------------------------------------------------------

@bp.get("/<code>/qr.svg")
def qr(code):
    table = _table(code)
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

def _seat(table: store.Table) -> str | None:
    """Who this phone acts for: a player's name, "all" at a one-phone table, None until it says."""
    from flask import session
    key = f"seat:{table.code}"
    chosen = request.values.get("as")
    if chosen is not None and (chosen == "all" or chosen in table.names):
        session[key] = chosen
    return session.get(key)


def _log_lines(table: store.Table, state: dict, label) -> list[str]:
    """The moves in words, newest last; this turn's 7 Wonders choices stay hidden until it resolves."""
    hidden = _choices_this_turn(table, state)
    lines = []
    for i, entry in enumerate(state["log"]):
        lines.append(table_words.move(entry, label, hidden=i >= len(state["log"]) - hidden))
    return lines


def _choices_this_turn(table: store.Table, state: dict) -> int:
    """7 Wonders: how many of this turn's choices are in; they stay hidden until the turn resolves."""
    if table.game != "7wonders" or state.get("phase") != "pick" or state["over"]:
        return 0
    return len(state["players"]) - len(state["waiting_for"])


def _undo_offer(table: store.Table, state: dict, seat: str | None, label) -> dict | None:
    """What "undo" would take back, and whether this phone may do it at once (its own move, or chance)."""
    if not table.log:
        return None
    last = table.log[-1][1]
    who = last.get("player")
    hidden = _choices_this_turn(table, state) > 0          # a turn resolved shows its moves
    return {"what": table_words.move(last, label, hidden=hidden and who != seat),
            "who": who, "own": not who or seat == "all" or seat == who}


def _board_context(table: store.Table, message: str | None = None) -> dict:
    state = state_json(table)
    seat = _seat(table)
    label = _namer(table.game, getattr(table.state, "edition", None))
    moves, slot_moves, reveals = [], {}, {}
    if table.game == "duel":
        from ..engine.duel import table as duel_table
        to_move = state["to_move"]
        mine = seat is not None and (seat == "all" or to_move == "chance" or to_move == seat)
        if mine and not state["over"]:
            for action, doc in duel_table.legal_docs(table.state, table.names):
                if doc["action"] == "reveal":
                    reveals.setdefault(doc["slot"], []).append({"doc": doc, "label": label(doc["card"])})
                    continue
                cost = duel_table.cost_of(table.state, action)
                entry = {"doc": doc, "label": _move_label(doc), "cost": cost}
                if doc["action"] in ("build", "discard", "wonder"):
                    slot_moves.setdefault(table.state.pyramid.cards.index(doc["card"]), []).append(entry)
                else:
                    moves.append(entry)
    forms = _seven_wonders_forms(table, state, seat) if table.game == "7wonders" else []
    rows: dict[int, list] = {}
    for slot in state.get("pyramid", []):
        rows.setdefault(slot["row"], []).append(slot)
    chosen = request.args.get("slot", type=int)
    reveal_slot = chosen if chosen in reveals else min(reveals) if reveals else None
    item = groups.item(get_db(), table.code)
    return {"table": table, "state": state, "seat": seat, "moves": moves, "slot_moves": slot_moves,
            "guest": item is not None and access.is_guest_at(item),
            "label": label, "forms": forms, "words": table_words,
            "log_lines": _log_lines(table, state, label),
            "undos": [table_words.undone(u, label) for u in table.undos],
            "undo": _undo_offer(table, state, seat, label),
            "confirm_undo": message == CONFIRM_UNDO,
            "asked": {k: request.values.get(k) for k in ("player", "action", "card", "free")
                      if request.values.get(k)},
            "loot": {t["position"]: t["coins"] for t in state.get("loot", [])},
            "rows": [rows[r] for r in sorted(rows)], "chosen": chosen, "message": message,
            "reveal_slot": reveal_slot, "reveal_left": len(reveals), "q": request.args.get("q", ""),
            "reveal": _unseen_cards(reveals.get(reveal_slot, []), request.args.get("q", ""))}


def _folded(text: str) -> str:
    """For searching: no case, no accents ("ecole" finds "École")."""
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _unseen_cards(entries: list[dict], q: str) -> list[dict]:
    """The cards a slot may show (this age's cards not yet seen), by name in the reader's language."""
    wanted = _folded(q.strip())
    return sorted((e for e in entries if wanted in _folded(e["label"])), key=lambda e: _folded(e["label"]))


def _seven_wonders_forms(table: store.Table, state: dict, seat: str) -> list[dict]:
    """One action form for each player this phone acts for who still has to play.

    A chosen card and action (?player=&action=&card=) come back priced by the
    engine, with every cheapest way to pay as its own button.
    """
    from ..engine.seven_wonders import table as base_table
    if state["over"]:
        return []
    phase = state.get("phase", "pick")
    verbs = {"pick": ("build", "stage", "sell"), "seventh": ("build", "stage", "sell"),
             "discard": ("discard-build", "pass")}.get(phase, ())
    label = _namer(table.game, getattr(table.state, "edition", None))
    choices = sorted(set(base_table.cards_left(table.state)), key=label)
    if phase == "discard":
        choices = sorted(set(state.get("discard", []) + state.get("discard_unseen", [])), key=label)
    forms = []
    if seat is None:
        return forms
    for name in state["waiting_for"]:
        if seat not in ("all", name):
            continue
        city = next((c for c in state["players"] if c["name"] == name), {})
        form = {"player": name, "city": city, "verbs": verbs, "cards": choices, "quote": None, "doc": None,
                "free_build": bool(city.get("free_build")) and phase != "discard",
                "action": None, "card": None}
        asked = request.args.get("action")
        if request.args.get("player") == name:          # what this phone has picked so far stays picked
            form["action"], form["card"] = asked, request.args.get("card")
        if request.args.get("player") == name and asked in verbs and (asked == "pass" or request.args.get("card")):
            doc = {"player": name, "action": asked}
            if doc["action"] != "pass":
                doc["card"] = request.args.get("card", "")
            if request.args.get("free"):
                doc["free"] = True
            try:
                form["quote"] = base_table.quote(table.state, doc, table.names)
                form["quote"]["reason"] = say(form["quote"].pop("message", None)) or form["quote"]["reason"]
            except BadInput as exc:
                form["quote"] = {"legal": False, "reason": say(exc), "options": []}
            form["doc"] = doc
        forms.append(form)
    return forms


def _namer(game: str, edition: int | None = None):
    """id -> the name in the reader's language, as the box of the table's edition prints it."""
    from ..catalog import Game, catalog
    from .i18n import current
    names = _names(game, current(), edition)
    posted: dict[str, str] = {}

    def label(ident) -> str:
        if not ident:
            return ""
        if ident in names:
            return names[ident]
        if ident not in posted:        # the log keeps what was posted: a printed name, in any language
            g = Game.DUEL if game == "duel" else Game.SEVEN_WONDERS
            try:
                posted[ident] = names.get(catalog().find(g, edition, ident).id, ident)
            except Exception:          # nothing the catalog knows: show it as posted
                posted[ident] = ident
        return posted[ident]
    return label


@functools.lru_cache(maxsize=64)
def _names(game: str, lang: str, edition: int | None) -> dict[str, str]:
    """Every entity's name in one language (of one edition's box, or all), built once: the catalog
    does not change while serving, and building it was a tenth of each board's time."""
    from ..catalog import Game, catalog
    cat = catalog()
    g = Game.DUEL if game == "duel" else Game.SEVEN_WONDERS
    names = {}
    for one in cat.editions(g):
        if edition is None or one == edition:
            names.update({e.id: e.name_in(lang) for e in cat.entities(g, one)})
    return names


def _move_label(doc: dict) -> str:
    from ..catalog import Game, catalog
    from .i18n import current
    cat, lang = catalog(), current()

    def name(kind, ident):
        try:
            return cat.find(Game.DUEL, None, ident, kinds=(kind,)).name_in(lang)
        except Exception:          # an id the catalog does not name: show it as it is
            return ident
    verb = doc["action"]
    if verb == "build":
        return _("Build %(card)s", card=name("card", doc["card"]))
    if verb == "discard":
        return _("Discard %(card)s for coins", card=name("card", doc["card"]))
    if verb == "wonder":
        return _("Build %(wonder)s with %(card)s", wonder=name("wonder", doc["wonder"]), card=name("card", doc["card"]))
    if verb in ("progress", "library", "draw", "show-progress"):
        return name("progress", doc["token"])
    if verb in ("pick", "show-wonder"):
        return name("wonder", doc["wonder"])
    if verb in ("destroy", "rebuild"):
        return name("card", doc["card"])
    if verb == "start":
        return _("%(name)s starts the next age", name=doc["starts"])
    if verb == "reveal":
        return name("card", doc["card"])
    return verb


@bp.get("/<code>")
def table(code):
    if "t" in request.args:               # the join link: its token gives this phone the table
        return _join_link(code)
    if access.table_item(code) is None:
        # The address the table page prints holds the code: a phone outside the group that opens it
        # is asked to join with that code (one tap, then throttled as a typed code). The same answer
        # whether or not the game exists, so it tells a guesser nothing: 404, as for a stranger.
        return page("games/join.html", status=404, code=_typed_code(code), asking=True)
    return page("games/table.html", **_board_context(_table(code)))


def _join_link(code: str):
    if not access.join_with_token(code, request.args.get("t", "")):
        abort(404)
    rest = {k: v for k, v in request.args.items() if k != "t"}
    return redirect(url_for("games.table", code=code.upper(), **rest), 303)


@bp.get("/<code>/board")
def board(code):
    # Not the version from memory: another worker's move reaches this one's watcher up to
    # live.INTERVAL later, and a phone told "changed" by its stream must not hear 204 from here.
    table = _table(code)
    if request.args.get("v", type=int) == table.version:
        return Response(status=204)          # nothing changed: htmx keeps the board
    return page("games/table.html", block="board", **_board_context(table))


# -- pushed changes --------------------------------------------------------------------

HEARTBEAT = 20.0        # seconds: a comment line keeps proxies from closing an idle stream, and finds dead phones


def _hub() -> live.Hub:
    return live.hub(current_app.config["DATABASE"])


def _changed(code: str, version: int) -> None:
    """A change made here reaches the phones waiting in this process at once (others: by the watcher)."""
    _hub().published(code, version)


@bp.get("/<code>/events")
def stream(code):
    """Server-sent events: `changed` (its data the version) on connecting, then on every change.

    The first event makes a reconnecting phone (after a restart or a lost
    network) look again at once; its board's request answers 204 when it
    already shows that version.
    """
    item = access.table_item(code)
    if item is None:
        abort(404)
    hub, version = _hub(), events.current_version(get_db(), item.id)

    def run():
        with hub.subscribe(item.id, version) as sub:
            seen = sub.version()
            yield f"retry: 1000\nid: {seen}\nevent: changed\ndata: {seen}\n\n"
            while True:
                now = sub.wait(seen, HEARTBEAT)
                if now == seen:
                    yield ": still here\n\n"
                    continue
                seen = now
                yield f"id: {seen}\nevent: changed\ndata: {seen}\n\n"

    return Response(run(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@bp.post("/<code>/act")
def act_form(code):
    table = _table(code)
    try:
        doc = inputs.action(inputs.json_object(request.form.get("doc", ""), "doc"))
        store.act(get_db(), table.code, doc, inputs.arg_number("version"))
    except (ValueError, BadInput) as exc:
        return _board_again(table, _where(exc) if isinstance(exc, BadInput) else str(exc), 422)
    except IllegalAction as exc:
        return _board_again(table, say(exc), 409)
    except events.StaleVersion:
        return _board_again(table, _("Someone else played first: look at the board again."), 409)
    return _after_change(table.code)


@bp.post("/<code>/sheet")
def sheet(code):
    table = _table(code)
    try:
        owner = groups.item(get_db(), table.code).group_id or access.current_group(create=True)
        sheet_id = store.file_sheet(get_db(), table.code, owner)
    except IllegalAction as exc:
        return _board_again(table, say(exc), 409)
    _changed(table.code, events.current_version(get_db(), table.code))     # the other phones see it filed
    filing.project(get_db(), sheet_id)
    if access.load_sheet(sheet_id) is None:     # a guest at the table: the sheet is the group's (the board says so)
        return redirect(url_for("games.table", code=table.code), 303)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


CONFIRM_UNDO = "confirm-undo"


@bp.post("/<code>/undo")
def undo_form(code):
    """Undo: at once for this phone's own move, after a confirming second post for another seat's."""
    table = _table(code)
    seat = _seat(table)
    last = table.log[-1][1] if table.log else {}
    who = last.get("player")
    if who and seat not in ("all", who) and request.form.get("confirm") != "1":
        return page("games/table.html", **_board_context(table, CONFIRM_UNDO))
    try:
        store.undo(get_db(), table.code, inputs.arg_number("version"), by=seat)
    except IllegalAction as exc:
        return _board_again(table, say(exc), 409)
    except events.StaleVersion:
        return _board_again(table, _("Someone else played first: look at the board again."), 409)
    return _after_change(table.code)


def _after_change(code: str):
    """What a move or an undo answers: through htmx the new board in place of the old one (no
    redirect, no whole page); a form posted without JavaScript is sent to the page (303)."""
    fresh = store.load(get_db(), code)
    _changed(code, fresh.version)
    if request.headers.get("HX-Request") != "true":
        return redirect(url_for("games.table", code=code), 303)
    response = make_response(render_block("games/table.html", "board", **_board_context(fresh)))
    response.headers.update({"HX-Retarget": "#board", "HX-Reswap": "outerHTML",
                             "HX-Push-Url": url_for("games.table", code=code), "Vary": "HX-Request"})
    return response


def _where(exc: BadInput) -> str:
    """Bad input in the reader's words, after the field it is about."""
    return f"{exc.where}: {say(exc)}" if exc.where else say(exc)


def _board_again(table: store.Table, message: str, status: int):
    """A refused move or undo: the board as it is now, the reason at its top. Through htmx it
    replaces the board and scrolls to the reason (a refusal once left the page as it was)."""
    fresh = store.load(get_db(), table.code)
    context = _board_context(fresh, message)
    if request.headers.get("HX-Request") != "true":
        return page("games/table.html", status=status, **context)
    response = make_response(render_block("games/table.html", "board", **context), status)
    response.headers.update({"HX-Retarget": "#board", "HX-Reswap": "outerHTML show:#table-message:top",
                             "HX-Push-Url": url_for("games.table", code=fresh.code), "Vary": "HX-Request"})
    return response


@bp.route("/new", methods=["GET", "POST"])
def new():
    from ..catalog import Game, catalog
    values = request.values
    kind = values.get("kind", "duel")
    if kind not in ("duel", "7wonders-1", "7wonders-2"):
        kind = "duel"
    fewest = 2 if kind == "7wonders-1" else 3         # two players and the Free City, in the 1st edition
    seats = values.get("seats", type=int) if request.method == "POST" else None
    count = 2 if kind == "duel" else min(max(seats or values.get("players", 4, type=int), fewest), 7)
    free_city = kind == "7wonders-1" and count == 2
    error = None
    if request.method == "POST" and seats is None:
        names = values.getlist("name")
        if kind == "duel":
            doc = {"game": "duel", "players": [{"name": n} for n in names]}
        else:
            doc = {"game": "7wonders", "edition": int(kind[-1]),
                   "players": [{"name": n, "wonder": w, "side": s} for n, w, s in
                               zip(names, values.getlist("wonder"), values.getlist("side"))]}
            if free_city and len(doc["players"]) == 3:
                doc["players"][2]["free_city"] = True
        try:
            limits.spend_write("games")
            code, _token = store.create(get_db(), doc, access.current_group(create=True))
            access.note_network(code)
        except BadInput as exc:
            error = _where(exc)
        else:
            return redirect(url_for("games.table", code=code, **{"as": " ".join(names[0].split())}), 303)
    boards, sides = [], ()
    if kind != "duel":
        edition = int(kind[-1])
        boards = catalog().wonder_list(Game.SEVEN_WONDERS, edition)
        sides = ("A", "B") if edition == 1 else ("day", "night")
    return page("games/new.html", status=422 if error else 200, error=error, kind=kind, count=count,
                boards=boards, sides=sides, free_city=free_city, fewest=fewest)
