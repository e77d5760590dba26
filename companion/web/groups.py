"""The group page: the invitation link and its QR code, a new link, joining.

A first phone's group is made the first time it writes something (or opens
this page); the other phones of the family scan the QR code shown here.
"""
from __future__ import annotations

import io

import segno
from flask import Blueprint, Response, abort, redirect, request, url_for

from ..store import groups as store
from . import access, get_db
from .render import page

bp = Blueprint("group", __name__, url_prefix="/group")


def _link(secret: str) -> str:
    return url_for("group.join", secret=secret, _external=True)


@bp.get("/")
def index():
    group_id = access.current_group(create=True)
    return page("group/index.html", link=_link(store.secret_of(get_db(), group_id)),
                renewed=request.args.get("renewed"))


@bp.get("/qr.svg")
def qr():
    group_id = access.current_group()
    if group_id is None:
        abort(404)
    out = io.BytesIO()
    segno.make(_link(store.secret_of(get_db(), group_id)), error="m").save(
        out, kind="svg", scale=5, border=2, dark="#1d1a16", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.post("/link")
def renew():
    """A new invitation link; the old one finds nothing from now on (phones already in stay in)."""
    group_id = access.current_group()
    if group_id is None:
        abort(404)
    store.revoke(get_db(), group_id)
    return redirect(url_for("group.index", renewed=1), 303)


def _group_of(secret: str) -> str:
    access.guard_guesses("join")
    group_id = store.by_secret(get_db(), secret)
    if group_id is None:
        access.count_miss("join")
        abort(404)
    return group_id


@bp.get("/join/<secret>")
def join(secret):
    """The invitation: asked before joining, so a link opened by mistake changes nothing."""
    group_id = _group_of(secret)
    return page("group/join.html", secret=secret, already=group_id == access.current_group())


@bp.post("/join/<secret>")
def join_now(secret):
    access.enter(_group_of(secret))
    return redirect(url_for("home.index", joined=1), 303)
