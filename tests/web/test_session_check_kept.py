"""Issue 29: a session cookie's signature is checked once a minute, not at every request.

The same cookie checks the same way, so what its check gave is kept for a minute:
a phone's requests read it from there. A cookie changed by one byte, or signed
with another key, is checked (and refused) as before; a session changed by a
request is its new cookie, checked once.
"""
from flask import Request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

from companion.web import security


def loads_counted(monkeypatch) -> list:
    """Each session cookie's signature checked (Flask's own reading of the cookie), counted."""
    calls = []
    real = SecureCookieSessionInterface.open_session

    def counting(self, app, request):
        calls.append(request.path)
        return real(self, app, request)
    monkeypatch.setattr(SecureCookieSessionInterface, "open_session", counting)
    return calls


def seat_cookie(client) -> str:
    return client.get_cookie("session").value


def test_a_cookie_checked_is_read_from_its_check_for_a_minute(app, client, monkeypatch):
    client.get("/?lang=fr")                              # a session with something in it
    calls = loads_counted(monkeypatch)
    for _ in range(5):
        assert '<html lang="fr">' in client.get("/").get_data(as_text=True)
    assert len(calls) == 1, calls
    app.session_interface._checked = {k: (t - 61, v) for k, (t, v) in app.session_interface._checked.items()}
    client.get("/")
    assert len(calls) == 2, calls                               # a minute on: checked again


def test_a_tampered_or_foreign_cookie_is_refused_as_before(app, client, monkeypatch):
    client.get("/?lang=fr")
    good = seat_cookie(client)
    client.get("/")                                      # kept
    tampered = good[:-2] + ("A" if good[-2] != "A" else "B") + good[-1]
    client.set_cookie("session", tampered)
    assert '<html lang="fr">' not in client.get("/").get_data(as_text=True)
    foreign = URLSafeTimedSerializer("another key", salt="cookie-session").dumps({"lang": "fr"})
    client.set_cookie("session", foreign)
    assert '<html lang="fr">' not in client.get("/").get_data(as_text=True)
    client.set_cookie("session", good)
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)


def test_what_a_request_changes_in_its_session_is_not_shared_with_the_kept_check(app, client):
    client.get("/?lang=fr")
    assert isinstance(app.session_interface, security.SessionCookie)
    client.get("/?lang=de")                              # the same cookie sent, its session changed
    assert '<html lang="de">' in client.get("/").get_data(as_text=True)
    checked = list(app.session_interface._checked.values())
    assert all(v.get("lang") in ("fr", "de") for _t, v in checked)
    assert any(v.get("lang") == "fr" for _t, v in checked)          # the first cookie's check, unchanged


def test_an_unchanged_session_is_not_signed_again_at_every_answer(client):
    # a cookie set anew each second changed between a phone's requests, so its kept check was never
    # found again; it is set again once a week, or when the session changes
    client.get("/?lang=fr")
    answers = [client.get("/") for _ in range(3)]
    assert not [a for a in answers if any(c.startswith("session=") for c in a.headers.getlist("Set-Cookie"))]
    changed = client.get("/?lang=de")
    assert any(c.startswith("session=") for c in changed.headers.getlist("Set-Cookie"))


def test_a_cookie_of_an_earlier_week_is_set_again(app, client, monkeypatch):
    client.get("/?lang=fr")
    later = security.time.time() + 8 * 24 * 3600                           # eight days on
    monkeypatch.setattr(security.time, "time", lambda: later)
    renewed = client.get("/")
    assert any(c.startswith("session=") for c in renewed.headers.getlist("Set-Cookie"))
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)      # what it held kept


def test_the_kept_check_is_found_by_the_cookie_header_as_sent(app, client, monkeypatch):
    """Kept by the Cookie header (no cookie parsed at a kept request): a header that differs in any way
    is checked afresh, a tampered cookie beside another is refused, and a long header is kept by the
    session cookie alone (padding cookies make no new entries)."""
    client.get("/?lang=fr")
    good = seat_cookie(client)
    client.get("/")
    calls = loads_counted(monkeypatch)
    parsed = []
    real_cookies = Request.cookies.fget                         # werkzeug's parse of every cookie sent

    def cookies(request):
        parsed.append(request.path)
        return real_cookies(request)
    monkeypatch.setattr(Request, "cookies", property(cookies))
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)
    assert calls == [] and parsed == []                       # found by the header, nothing parsed
    client.set_cookie("other", "1")                           # another header: checked once, still French
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)
    assert len(calls) == 1
    tampered = good[:-2] + ("A" if good[-2] != "A" else "B") + good[-1]
    client.set_cookie("session", tampered)
    assert '<html lang="fr">' not in client.get("/").get_data(as_text=True)
    client.set_cookie("session", good)
    client.delete_cookie("other")
    for pad in ("x" * 1100, "y" * 1100):                      # past LONGEST_KEY: kept by the cookie
        client.set_cookie("padding", pad)
        assert '<html lang="fr">' in client.get("/").get_data(as_text=True)
    assert len(calls) == 3                                    # the tampered one, the first padded one
    assert all(len(key[2]) <= security.SessionCookie.LONGEST_KEY for key in app.session_interface._checked)
