"""The group page: the invitation link and its QR code, a new link, joining, the phones in the group.

A phone with no group that opens this page sees the link of a group not stored
yet (see access): the group is stored when this phone first writes something
or another phone joins through the link, so a visit that only reads stores
nothing. Any phone of the group may remove another (asked first); the removed
phone is a stranger from its next request.
"""
from __future__ import annotations

import io
from datetime import timedelta

import segno
from flask import Blueprint, Response, abort, redirect, request, session, url_for
from flask_babel import gettext as _

from ..store import groups as store
from . import access, get_db, limits
from .render import page

bp = Blueprint("group", __name__, url_prefix="/group")

SESSION_DAYS = 365     # the README's "kept a year": a phone stays in its group that long without coming


@bp.record_once
def _session_lifetime(state) -> None:
    """A year, unless the host set its own (FLASK_PERMANENT_SESSION_LIFETIME)."""
    config = state.app.config
    if config["PERMANENT_SESSION_LIFETIME"] == timedelta(days=31):     # Flask's default
        config["PERMANENT_SESSION_LIFETIME"] = timedelta(days=SESSION_DAYS)


@bp.app_errorhandler(404)
def _not_found(exc):
    """A phone just removed from its group, on one of the group's pages (a sheet, a table), is told why it
    finds nothing there: a walk in ro and it had "Page not found: There is nothing at this address." on the
    sheet it was typing in. The flag stays for the group page, which tells it once (access.was_removed)."""
    from . import _error_answer, _http_error
    if not session.get("removed") or request.path.startswith("/api/"):
        return _http_error(exc)
    return _error_answer(404, _("Your group"), _(
        "This phone was removed from its group by another phone of the group: it no longer sees that group's "
        "games. To come back, ask for the group's link."))


def _link(secret: str) -> str:
    return url_for("group.join", secret=secret, _external=True)


@bp.get("/")
def index():
    removed = access.was_removed()
    group_id, secret, stored = access.shown_group()
    phones = store.members(get_db(), group_id) if stored else []
    return page("group/index.html", link=_link(secret), renewed=request.args.get("renewed"), removed=removed,
                put_out=request.args.get("removed"), phones=phones, me=access.this_phone())


@bp.get("/qr.svg")
def qr():
    group_id = access.current_group()
    if group_id is not None:
        secret = store.secret_of(get_db(), group_id)
    elif session.get("pending"):
        secret = access.pending_secret(session["pending"])
    else:
        abort(404)
    out = io.BytesIO()
    segno.make(_link(secret), error="m").save(
        out, kind="svg", scale=5, border=2, dark="#1d1a16", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.post("/link")
def renew():
    """A new invitation link; the old one finds nothing from now on (phones already in stay in)."""
    if access.current_group() is None and not session.get("pending"):
        abort(404)
    store.revoke(get_db(), access.current_group(create=True))
    return redirect(url_for("group.index", renewed=1), 303)


def _member_or_404(phone: str) -> store.Member:
    group_id = access.current_group()
    phones = store.members(get_db(), group_id) if group_id else []
    member = next((m for m in phones if m.phone == phone), None)
    if member is None or phone == access.this_phone():
        abort(404)
    return member


@bp.get("/phones/<phone>/remove")
def confirm_remove(phone):
    """Asked first: removing is not undone (the phone would need the link again)."""
    return page("group/remove.html", member=_member_or_404(phone))


@bp.post("/phones/<phone>/remove")
def remove(phone):
    member = _member_or_404(phone)
    store.remove_member(get_db(), member.group_id, member.phone)
    return redirect(url_for("group.index", removed=1), 303)


def _group_of(secret: str) -> str | None:
    return limits.guess(limits.LINK, lambda: access.group_by_secret(secret))


def _gone():
    """An invitation that leads nowhere (renewed since, or cut short when copied) says so and what to do:
    it was "Page not found", a dead end for the player it was sent to."""
    return page("group/join.html", status=404, secret=None, gone=True)


@bp.get("/join/<secret>")
def join(secret):
    """The invitation: asked before joining, so a link opened by mistake changes nothing."""
    group_id = _group_of(secret)
    if group_id is None:
        return _gone()
    return page("group/join.html", secret=secret, already=group_id == access.current_group())


@bp.post("/join/<secret>")
def join_now(secret):
    group_id = _group_of(secret)
    if group_id is None:
        return _gone()
    access.join_group(group_id)
    return redirect(url_for("home.index", joined=1), 303)
