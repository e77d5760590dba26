"""Tracked games in JSON: the contract's /api/v1/games (see the contract, section "tables").

The API's clients poll by ETag (304). Actions carry the version the phone saw;
the store refuses a stale one. Every game answers through the same calls: the
store asks the game's rules (engine/tracked.py), this module names no game.
"""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext as _

from ..engine.errors import BadInput, IllegalAction
from ..engine.tracked import EVERY_SEAT
from ..store import events
from ..store import games as store
from . import access, get_db, inputs, limits
from .i18n import error_json
from .table_stream import changed

api = Blueprint("games_api", __name__, url_prefix="/api/v1/games")


def table_of(code: str) -> store.Table:
    return access.table_or_404(code)      # 404 without the token (API) or the group or join link (pages)


def state_json(table: store.Table) -> dict:
    """The contract's game answer: the state a phone sees, its version, code and log."""
    state = table.tracked.to_json(table.state, table.names)
    state["version"] = table.version
    state["code"] = table.code
    # What a player keeps secret (a conspiracy prepared) is not in the log every phone reads.
    public = getattr(table.tracked, "public_entry", lambda _state, entry: entry)
    state["log"] = [{"version": seq, **public(table.state, action)} for seq, action in table.log]
    return state


@api.post("")
def create():
    limits.spend_write("games")            # bounded per client: the API needs no cookie
    code, token = store.create(get_db(), inputs.json_body(), access.own_group())
    access.note_network(code)
    return jsonify({"code": code, "url": url_for("games.table", code=code), "token": token,
                    "join_url": url_for("games.table", code=code, t=token)}), 201


@api.get("/<code>")
def state(code):
    table = table_of(code)
    etag = f'"{table.code}-{table.version}"'
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag})
    response = jsonify(state_json(table))
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


def _version(expected) -> None:
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
        raise BadInput(_("version must be the number the game answered"), "version")


@api.post("/<code>/actions")
def act(code):
    doc = inputs.json_body()
    expected = doc.pop("version", None)
    _version(expected)
    table = table_of(code)
    version, paid = store.act(get_db(), table.code, inputs.action(doc), expected)
    changed(table.code, version)
    return jsonify({"ok": True, "paid": paid, "version": version})


@api.post("/<code>/undo")
def undo(code):
    doc = inputs.json_body(optional=True)
    expected, by = doc.get("version"), doc.get("by")
    _version(expected)
    table = table_of(code)
    if by is not None and by != EVERY_SEAT and by not in table.names:     # who undid it, for the log
        raise BadInput(_("by must be the name of a player at this table, or \"all\""), "by")
    version = store.undo(get_db(), table.code, expected, by=by)
    changed(table.code, version)
    return jsonify({"ok": True, "version": version})


@api.errorhandler(404)
def _unknown(exc):
    """A game the request may not see: unknown, or its token missing or wrong, answered alike (the
    contract). Said as such, with where the token goes: Werkzeug's "The requested URL was not found
    on the server. If you entered the URL manually please check your spelling" sent a client that
    had only forgotten the Authorization header to look at its address."""
    code = "".join(c for c in str((request.view_args or {}).get("code", "")) if c.isalnum())[:12].upper()
    return jsonify({"error": _("No game %(code)s answers to this token: check the code, and send the token "
                               "the game was created with as Authorization: Bearer <token>.", code=code),
                    "where": "Authorization"}), 404


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
