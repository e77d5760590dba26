"""Issue 14, item 4: security headers, the session cookie, JSON-only state changes."""
import re

import pytest

from companion.web import create_app
from companion.web.security import HTMX_CDN

PAGES = ["/", "/sheets/new", "/history/", "/cards/", "/calc/", "/calc/science", "/g/new", "/g/join", "/scan/",
         "/scan/pad/7wonders", "/cards/rulings", "/nope"]


def csp(response) -> dict[str, list[str]]:
    """The policy as directive -> sources."""
    parts = [p.split() for p in response.headers["Content-Security-Policy"].split(";")]
    return {p[0]: p[1:] for p in parts if p}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_carries_the_security_headers(client, path):
    response = client.get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    policy = csp(response)
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]


def test_the_api_and_errors_carry_them_too(client):
    for response in (client.post("/api/v1/score", json={"game": []}), client.get("/api/v1/games/NOPE"),
                     client.get("/static/css/app.css")):
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        response.close()


@pytest.mark.parametrize("path", PAGES)
def test_pages_have_no_inline_script_and_every_script_is_allowed(client, path):
    response = client.get(path)
    html, policy = response.get_data(as_text=True), csp(response)
    for tag in re.findall(r"<script\b[^>]*>", html):
        src = re.search(r'src="([^"]+)"', tag)
        assert src, f"an inline script: {tag}"
        url = src.group(1)
        assert url.startswith("/static/") or url in policy["script-src"], url
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"
    for tag in re.findall(r"<style\b[^>]*>", html):       # an inline style must carry this answer's nonce
        nonce = re.search(r'nonce="([^"]+)"', tag)
        assert nonce and f"'nonce-{nonce.group(1)}'" in policy["style-src"], tag


def test_the_pinned_htmx_is_the_one_the_policy_allows(client):
    html = client.get("/").get_data(as_text=True)
    assert f'<script src="{HTMX_CDN}"' in html
    assert 'integrity="sha384-' in html                  # and pinned by its hash


def test_the_nonce_changes_with_every_answer(client):
    first, second = (csp(client.get("/scan/pad/duel"))["style-src"] for _ in range(2))
    assert first != second


def session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, response.headers
    return cookies[0]


def test_the_session_cookie_is_httponly_and_samesite_lax_over_http(client):
    cookie = session_cookie(client.get("/sheets/new"))        # the form's CSRF secret starts a session
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie                             # `make run` on a LAN is plain HTTP


def test_the_session_cookie_is_secure_over_https(client):
    cookie = session_cookie(client.get("/sheets/new", base_url="https://localhost"))
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_a_proxy_is_trusted_only_when_configured(tmp_path):
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    plain = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite3"), "SECRET_KEY": "t"})
    assert "Secure" not in session_cookie(plain.test_client().get("/sheets/new", headers=forwarded))
    behind = create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.sqlite3"), "SECRET_KEY": "t",
                         "TRUSTED_PROXIES": 1})
    response = behind.test_client().get("/sheets/new", headers=forwarded)
    assert "Secure" in session_cookie(response)
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_the_proxy_setting_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_TRUSTED_PROXIES", "1")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite3"), "SECRET_KEY": "t"})
    response = app.test_client().get("/sheets/new", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in session_cookie(response)


def new_duel(client) -> str:
    response = client.post("/api/v1/games", json={"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]})
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {response.get_json()['token']}"   # the game's key
    return response.get_json()["code"]


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "multipart/form-data",
                                          "text/plain", None])
def test_a_cross_site_form_cannot_undo_a_move(client, content_type):
    code = new_duel(client)
    client.post(f"/api/v1/games/{code}/actions", json={"action": "show-progress", "token": "agriculture"})
    before = client.get(f"/api/v1/games/{code}").get_json()["version"]
    kwargs = {"content_type": content_type} if content_type else {}
    response = client.post(f"/api/v1/games/{code}/undo", data="version=2", **kwargs)
    assert response.status_code == 415
    assert "application/json" in response.get_json()["error"]
    assert client.get(f"/api/v1/games/{code}").get_json()["version"] == before      # nothing changed
    assert client.post(f"/api/v1/games/{code}/undo", json={"version": before}).status_code == 200


@pytest.mark.parametrize("path", ["/api/v1/score", "/api/v1/trade", "/api/v1/games", "/api/v1/games/ABCD/actions"])
def test_every_state_changing_api_call_is_json_only(client, path):
    response = client.post(path, data={"game": "duel"})
    assert response.status_code == 415
