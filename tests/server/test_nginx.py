"""Issue 27, point 9: deploy/nginx.conf, run as it is by Debian's nginx, in front of the Procfile's gunicorn.

Only the ports and the certificate (self-signed, made here with openssl) are
changed from the file; nginx runs on loopback with its files in a temporary
folder. Through it: a page over HTTPS with a Secure session cookie, plain HTTP
sent to HTTPS, a live stream whose events pass as they come, and the cap on
what one client holds open (the proxy's: gunicorn does not cap the proxy).
"""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest

from ..test_first_start import free_port
from .conftest import Gunicorn

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
OTHER = "127.0.0.3"


def per_client_cap() -> int:
    return int(re.search(r"limit_conn companion_conn (\d+);", CONF.read_text()).group(1))


def site(http_port: int, https_port: int, upstream: int, cert: Path, key: Path) -> str:
    """deploy/nginx.conf with this test's ports and certificate, nothing else changed."""
    text = CONF.read_text()
    for old, new in ((r"\n\s*listen \[::\]:\d+[^;]*;", ""),                   # loopback only: no IPv6 needed
                     (r"listen 80;", f"listen 127.0.0.1:{http_port};"),
                     (r"listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl"),
                     (r"ssl_certificate \S+;", f"ssl_certificate {cert};"),
                     (r"ssl_certificate_key \S+;", f"ssl_certificate_key {key};"),
                     (r"server 127\.0\.0\.1:8000;", f"server 127.0.0.1:{upstream};")):
        text, found = re.subn(old, new, text)
        assert found, f"deploy/nginx.conf no longer has {old!r}"
    return text


def main_conf(tmp: Path) -> str:
    """What Debian's /etc/nginx/nginx.conf gives the site, with every file in `tmp`."""
    user = "user root;\n" if os.geteuid() == 0 else ""      # workers may write their temporary files here
    temp = "".join(f"    {kind}_temp_path {tmp / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"{user}worker_processes 1;\npid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'} warn;\n"
            f"events {{ worker_connections 1024; }}\n"
            f"http {{\n    access_log {tmp / 'access.log'};\n{temp}    include {tmp / 'companion.conf'};\n}}\n")


class Nginx:
    def __init__(self, tmp: Path, upstream: int):
        assert Path(NGINX).exists(), "nginx is not installed (scripts/system-packages.txt; make setup)"
        self.http, self.https, self.tmp = free_port(), free_port(), tmp
        self.cert, key = tmp / "cert.pem", tmp / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext",
                        "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", str(key), "-out", str(self.cert)],
                       check=True, capture_output=True)
        (tmp / "companion.conf").write_text(site(self.http, self.https, upstream, self.cert, key))
        (tmp / "nginx.conf").write_text(main_conf(tmp))
        command = [NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-e", str(tmp / "error.log"),
                   "-g", "daemon off;"]
        checked = subprocess.run(command + ["-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (tmp / "error.log").read_text()
            try:
                socket.create_connection(("127.0.0.1", self.https), timeout=5).close()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("nginx did not start")

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.cert))

    def https_connection(self, source: str = "127.0.0.1") -> http.client.HTTPSConnection:
        return http.client.HTTPSConnection("127.0.0.1", self.https, timeout=30, context=self.tls(),
                                           source_address=(source, 0))

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGQUIT)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    app = Gunicorn(tmp_path_factory.mktemp("behind-nginx"), env={"FLASK_TRUSTED_PROXIES": "1"})
    try:
        front = Nginx(tmp_path_factory.mktemp("nginx"), app.port)
        yield front
        front.stop()
    finally:
        app.stop()


def request(proxy: Nginx, method: str, path: str, body: dict | None = None, headers: dict | None = None,
            source: str = "127.0.0.1"):
    conn = proxy.https_connection(source)
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers={**({"Content-Type": "application/json"} if data else {}),
                                                      **(headers or {})})
        answer = conn.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        conn.close()


def a_table(proxy: Nginx) -> tuple[dict, str]:
    """A Duel made through the API, and the cookie of a phone that opened its join link."""
    status, _, made = request(proxy, "POST", "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"},
                                                                                          {"name": "Bo"}]})
    assert status == 201, made
    made = json.loads(made)
    status, headers, _ = request(proxy, "GET", made["join_url"])
    assert status == 303
    return made, headers["Set-Cookie"].split(";", 1)[0]


class Stream:
    """GET /g/<code>/events over TLS, read event by event."""

    def __init__(self, proxy: Nginx, code: str, cookie: str, source: str = "127.0.0.1"):
        raw = socket.create_connection(("127.0.0.1", proxy.https), timeout=30, source_address=(source, 0))
        self.sock = proxy.tls().wrap_socket(raw, server_hostname="127.0.0.1")
        self.sock.sendall(f"GET /g/{code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\r\n".encode())
        self.seen = b""
        head = self.until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1]) if head else 0

    def until(self, mark: bytes) -> bytes:
        while mark not in self.seen:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            self.seen += chunk
        found, _, self.seen = self.seen.partition(mark)
        return found + mark if _ else found

    def next_change(self) -> int:
        """The version of the next `changed` event (the socket's 30 s timeout bounds the wait)."""
        while True:
            event = self.until(b"\n\n")
            assert event, "the stream ended"
            found = re.search(rb"event: changed\ndata: (\d+)", event)
            if found:
                return int(found.group(1))

    def close(self) -> None:
        self.sock.close()


def test_a_page_over_https_sets_a_secure_cookie(proxy):
    status, headers, page = request(proxy, "GET", "/sheets/new")
    assert status == 200 and b"csrf_token" in page
    cookie = headers["Set-Cookie"]
    assert "; Secure" in cookie and "HttpOnly" in cookie, cookie
    assert headers["Strict-Transport-Security"].startswith("max-age=")


def test_plain_http_is_sent_to_https(proxy):
    conn = http.client.HTTPConnection("127.0.0.1", proxy.http, timeout=30)
    conn.request("GET", "/history/?x=1")
    answer = conn.getresponse()
    assert answer.status == 301 and answer.headers["Location"].startswith("https://127.0.0.1/history/?x=1")
    conn.close()


def test_a_live_stream_passes_each_change_as_it_comes(proxy):
    made, cookie = a_table(proxy)
    stream = Stream(proxy, made["code"], cookie)
    try:
        assert stream.status == 200
        first = stream.next_change()
        status, _, moved = request(proxy, "POST", f"/api/v1/games/{made['code']}/actions",
                                   {"action": "show-progress", "token": "law"},
                                   {"Authorization": f"Bearer {made['token']}"})
        assert status == 200, moved
        assert stream.next_change() == json.loads(moved)["version"] > first
    finally:
        stream.close()


def test_the_proxy_caps_what_one_client_holds_open(proxy):
    """One client's streams past the cap answer 429; another client is served meanwhile."""
    made, cookie = a_table(proxy)
    cap, held = per_client_cap(), []
    try:
        for _ in range(cap):
            held.append(Stream(proxy, made["code"], cookie))
            assert held[-1].status == 200 and held[-1].next_change() >= 0
        refused = Stream(proxy, made["code"], cookie)
        held.append(refused)
        assert refused.status == 429
        status, _, _ = request(proxy, "GET", "/", source=OTHER)
        assert status == 200
    finally:
        for stream in held:
            stream.close()


@pytest.fixture(scope="module")
def proxy_to_nobody(tmp_path_factory):
    """deploy/nginx.conf in front of a port nothing listens on: gunicorn restarting."""
    front = Nginx(tmp_path_factory.mktemp("nginx-restart"), free_port())
    yield front
    front.stop()


def test_a_stream_asked_while_the_server_restarts_is_told_to_come_back_in_a_second(proxy_to_nobody):
    """An event stream, empty, with its retry: not a 502 (a page's other requests still get theirs)."""
    status, headers, body = request(proxy_to_nobody, "GET", "/g/ABCDEF/events")
    assert (status, headers.get_content_type()) == (200, "text/event-stream")
    assert body == b"retry: 1000\n\n" and headers["Cache-Control"] == "no-store"
    assert request(proxy_to_nobody, "GET", "/g/ABCDEF")[0] == 502


def test_a_phones_stream_keeps_trying_each_second_while_the_server_restarts(proxy_to_nobody, browser):
    """A phone's EventSource is never closed by the restart (an error status closes it, and htmx's SSE
    extension then waits 0.5, 1, 2, 4, 8 s... between its own tries, so phones came back seconds after
    the server did): it stays reconnecting, at the retry: nginx gives."""
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"https://127.0.0.1:{proxy_to_nobody.https}/")          # nginx's 502: an origin to open it from
        page.evaluate("""() => {
            window.seen = {errors: 0, closed: false};
            const stream = new EventSource('/g/ABCDEF/events');
            stream.onerror = () => {
                window.seen.errors += 1;
                if (stream.readyState === EventSource.CLOSED) window.seen.closed = true;
            };
        }""")
        page.wait_for_function("window.seen.errors >= 3 || window.seen.closed", timeout=60_000)
        assert page.evaluate("window.seen.closed") is False
    finally:
        context.close()
