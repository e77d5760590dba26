"""CSRF protection for forms: a secret per session, checked on every form post.

The JSON API is exempt: it takes no cookies' authority, and a cross-site form
cannot send application/json without the browser asking first (a CORS
preflight, which this app never answers). So every state-changing API call
must be JSON, and anything else is refused with 415 before a route runs: a
plain form posted from another site cannot undo a move.
"""
from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, request, session
from flask_babel import gettext as _

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"


def token() -> str:
    if FIELD not in session:
        session[FIELD] = secrets.token_urlsafe(32)
    return session[FIELD]


def _check() -> None:
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if request.path.startswith("/api/"):
        if not request.is_json:
            abort(415, description="send the body as JSON (Content-Type: application/json)")
        return
    sent = request.form.get(FIELD) or request.headers.get(HEADER) or ""
    expected = session.get(FIELD, "")
    if not expected or not hmac.compare_digest(sent, expected):
        abort(400, description=_("This form has expired (or came from another site). Reload the page and try "
                                 "again; nothing saved was lost."))


def init_app(app: Flask) -> None:
    app.before_request(_check)
    app.jinja_env.globals["csrf_token"] = token
