"""Issue 27, point 9: one client holding hundreds of connections no longer takes the server from the others.

Against gunicorn as the Procfile starts it (2 workers). One client (127.0.0.2,
not a trusted proxy) opens live streams (/g/<code>/events) one after another:
the first 128 are all served, whichever worker takes them (a household of two
7-phone tables needs at most 84), no more than 2 x 128 are ever open, and the
rest are closed unanswered; meanwhile another client (127.0.0.3) is answered.
Before, every one of the 300 streams was held open.
"""
import json
import socket

import pytest

from companion.serving.worker import CONNECTIONS_PER_CLIENT

from .conftest import Gunicorn

FLOODER, OTHER = "127.0.0.2", "127.0.0.3"
WORKERS = 2
ATTEMPTS = WORKERS * CONNECTIONS_PER_CLIENT + 44


@pytest.fixture
def server(tmp_path):
    running = Gunicorn(tmp_path)
    yield running
    running.stop()


def http(port: int, source: str, method: str, path: str, headers: dict | None = None, body: bytes = b""):
    """One request on its own connection from `source`: (status, headers, body)."""
    from http.client import HTTPConnection
    conn = HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        conn.close()


def stream_cookie(port: int) -> tuple[str, str]:
    """The flooding client's table and the cookie that lets it watch it (by the join link)."""
    doc = json.dumps({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]}).encode()
    status, _, made = http(port, FLOODER, "POST", "/api/v1/games", {"Content-Type": "application/json"}, doc)
    assert status == 201, made
    made = json.loads(made)
    status, headers, _ = http(port, FLOODER, "GET", made["join_url"])
    assert status == 303
    return made["code"], headers["Set-Cookie"].split(";", 1)[0]


def open_stream(port: int, code: str, cookie: str) -> socket.socket | None:
    """A live stream held open, once its first event came; None when the server closed it unanswered."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(FLOODER, 0))
    sock.sendall(f"GET /g/{code}/events HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode())
    seen = b""
    try:
        while b"event: changed" not in seen:
            chunk = sock.recv(4096)
            if not chunk:
                break
            seen += chunk
    except ConnectionResetError:
        pass
    if b"event: changed" in seen:
        return sock
    sock.close()
    assert seen == b"", seen[:300]            # refused before anything was answered
    return None


def test_one_client_holds_at_most_its_share_and_others_are_served(server):
    code, cookie = stream_cookie(server.port)
    held, refused = [], 0
    try:
        for attempt in range(ATTEMPTS):
            sock = open_stream(server.port, code, cookie)
            if sock is None:
                assert attempt >= CONNECTIONS_PER_CLIENT, f"refused after only {attempt}"
                refused += 1
            else:
                held.append(sock)
        assert len(held) <= WORKERS * CONNECTIONS_PER_CLIENT and refused >= ATTEMPTS - WORKERS * CONNECTIONS_PER_CLIENT
        status, _, page = http(server.port, OTHER, "GET", "/")
        assert status == 200 and b"<html" in page
    finally:
        for sock in held:
            sock.close()



def test_a_body_that_stops_arriving_is_let_go_with_408(tmp_path):
    """A slow upload does not hold its connection for ever: past the body timeout (1 s here, 30 s by
    default) the app answers 408 and nothing is saved. Before, the read waited as long as the client did."""
    from .conftest import raw, session, status_of
    server = Gunicorn(tmp_path, env={"COMPANION_BODY_TIMEOUT": "1"})
    try:
        cookie, csrf = session(server.base)
        body = f"csrf_token={csrf}&pad=7wonders&name=Ana&name=Bruno".encode()
        head = (f"POST /sheets/new HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\nContent-Length: {len(body) + 10}\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n\r\n").encode()
        answer = raw(server.port, head + body, source=FLOODER, close_sending=False, timeout=60)
        assert status_of(answer) == 408 and b"othing was saved" in answer, answer[:400]
    finally:
        server.stop()
