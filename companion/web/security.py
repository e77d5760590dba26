"""Security headers on every answer, and a session cookie a stranger's site cannot use.

A small after_request hook rather than flask-talisman: Talisman's cookie
setting is one switch for the whole app (Secure always, which breaks `make
run` on a LAN over plain HTTP, or never), while here the cookie is Secure
exactly when the request came over HTTPS; the headers themselves are six lines.

- Content-Security-Policy: scripts only from this site and the two pinned htmx
  files on their CDN (htmx and its SSE extension; each <script> carries its hash too); no inline script
  at all; inline <style> only with the page's nonce; style="" attributes allowed
  (the pyramid's custom properties), which can restyle but not run anything.
- frame-ancestors 'none' (and X-Frame-Options for old browsers): no clickjacking.
- nosniff, Referrer-Policy same-origin (join links carry a secret).
- Behind a proxy that terminates HTTPS, FLASK_TRUSTED_PROXIES=<how many> makes
  werkzeug's ProxyFix trust X-Forwarded-For/-Proto/-Host from that many hops,
  so the app knows the request was HTTPS; off by default, since a client
  could otherwise claim to be HTTPS by sending the header itself. The client's
  address is the right-most value(s) the proxies appended, split on plain
  commas (see ForwardedFix): it is what guesses and writes are counted by.
"""
from __future__ import annotations

import copy
import secrets
import time

from flask import Flask, g, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

HTMX_CDN = "https://unpkg.com/htmx.org@2.0.4/dist/htmx.min.js"    # templates/base.html loads exactly this
SSE_CDN = "https://unpkg.com/htmx-ext-sse@2.2.4/dist/sse.min.js"   # and htmx's server-sent events extension


def nonce() -> str:
    """This answer's nonce for an inline <style> (a new one each request)."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return g.csp_nonce


def policy(style_nonce: str) -> str:
    """The policy; `style_nonce` the nonce of the answer's inline <style>, or "" when it holds none."""
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' {HTMX_CDN} {SSE_CDN}",
        f"style-src 'self' 'nonce-{style_nonce}'" if style_nonce else "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",            # the scan preview shows each cell's crop as a data: URL
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


# The policy of an answer that holds no inline style: no nonce, since nothing carries one (an
# answer's nonce is made when its page asks for one). Built once, not at every answer (issue 29).
NO_INLINE_STYLE = policy("")
FIXED = (("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("Referrer-Policy", "same-origin"),
         ("Cross-Origin-Opener-Policy", "same-origin"))
HSTS = ("Strict-Transport-Security", "max-age=31536000")


def _headers(response):
    headers = response.headers
    present = {k.lower() for k in headers.keys()}        # one pass, where setdefault made one a header
    style_nonce = g.get("csp_nonce")
    wanted = [("Content-Security-Policy", policy(style_nonce) if style_nonce else NO_INLINE_STYLE), *FIXED]
    if request.is_secure:
        wanted.append(HSTS)
    for name, value in wanted:
        if name.lower() not in present:
            headers.add(name, value)
    return response


_PLAIN = (str, int, float, bool, type(None))


def _copy(values: dict) -> dict:
    """A kept session's values, copied so that a request changing its session leaves the kept one as
    it was: plain values as they are (they cannot change), the others (a list of tables) deep-copied.
    copy.deepcopy of the whole was most of a kept session's cost."""
    return {k: v if type(v) in _PLAIN else copy.deepcopy(v) for k, v in values.items()}


class SessionCookie(SecureCookieSessionInterface):
    """Flask's signed cookie session, Secure whenever the request itself is HTTPS.

    A cookie's check is kept for a minute (issue 29: building the signer, deriving its key and
    checking the signature were a tenth of a table request's CPU, at every request of every
    phone): the same cookie checks the same way, so a cookie seen checked in the last minute is
    read from what its check gave. Only cookies that checked and held something are kept; its
    age (a month) is checked again at least once a minute."""

    CHECKED_FOR = 60.0
    KEPT = 10_000
    LONGEST_KEY = 1024        # characters of a Cookie header kept as the key (ours: some 200-400)
    # A permanent session's cookie is set again once a week, not at every answer (Flask's
    # SESSION_REFRESH_EACH_REQUEST): a cookie signed anew each second changed between a phone's
    # requests, so its kept check was never found again, and every answer paid a signature.
    # Renewed weekly, a year's cookie still runs a year from the phone's last week of use.
    RENEW_EVERY = 7 * 24 * 3600
    RENEWED = "_renewed"

    def __init__(self):
        self._signers: dict = {}
        self._checked: dict = {}

    def get_signing_serializer(self, app: Flask):
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        signer = self._signers.get(keys)
        if signer is None:
            signer = self._signers[keys] = super().get_signing_serializer(app)
        return signer

    def open_session(self, app: Flask, request):
        # Kept by the request's Cookie header as sent, not by the cookie parsed out of it: werkzeug's
        # request.cookies walks every header and parses them all, at every request (issue 29: a third
        # of a kept session's cost). The same header holds the same session cookie. A long header
        # (cookies of other sites' making, or padding) is not a key: the cookie itself is.
        sent, kind = request.environ.get("HTTP_COOKIE", ""), "header"
        if len(sent) > self.LONGEST_KEY:
            sent, kind = request.cookies.get(self.get_cookie_name(app)), "cookie"
        if not sent or not app.secret_key:
            return super().open_session(app, request)
        key, now = (app.secret_key, kind, sent), time.monotonic()
        found = self._checked.get(key)
        if found is not None and now - found[0] < self.CHECKED_FOR:
            return self.session_class(_copy(found[1]))
        session = super().open_session(app, request)
        if session:
            if len(self._checked) >= self.KEPT:
                self._checked.clear()
            self._checked[key] = (now, _copy(dict(session)))
        return session

    def should_set_cookie(self, app: Flask, session) -> bool:
        week = int(time.time() // self.RENEW_EVERY)
        if session.permanent and session.get(self.RENEWED) != week:
            session[self.RENEWED] = week            # a cookie written carries its week
            return True
        return session.modified

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


class ForwardedFix(ProxyFix):
    """ProxyFix reading the forwarded lists as plain comma-separated values.

    werkzeug parses them as HTTP quoted-string lists: a client that sends
    `X-Forwarded-For: "x` (an open quote) makes the whole list, the proxy's
    appended address included, parse as nothing, so the request counted as the
    proxy's own address (shared by everyone, not the guesser's). Addresses hold
    no quotes or commas: the right-most `trusted` values are the proxies' own.
    """

    def _get_real_value(self, trusted: int, value: str | None) -> str | None:
        if not (trusted and value):
            return None
        values = [v.strip() for v in value.split(",")]
        if len(values) < trusted:
            return None
        return values[-trusted] or None


def init_app(app: Flask) -> None:
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.session_interface = SessionCookie()
    app.after_request(_headers)
    app.jinja_env.globals["csp_nonce"] = nonce
    hops = int(app.config.get("TRUSTED_PROXIES") or 0)      # FLASK_TRUSTED_PROXIES on a host
    if hops > 0:
        app.wsgi_app = ForwardedFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops)
