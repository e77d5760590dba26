"""Issue 29, point 4: a phone that stops reading its stream holds up no other phone, and once it reads
again its stream brings the game's last version.

Against gunicorn as the Procfile starts it. Two phones joined at a Duel hold their
streams; one stops reading (a phone in a pocket, a network stalled: its socket's
buffers fill with pushed boards). Moves are written meanwhile by another process
(as the CLI would; each worker's watcher sees them). The phone still reading
hears every change up to the last; then the stalled one reads, and its stream,
never closed, says the last version.
"""
from __future__ import annotations

import http.client
import json
import socket
import threading

from companion.engine.tracked import EVERY_SEAT
from companion.store import games
from companion.store.db import open_database

from .conftest import Gunicorn

MOVES = 30


def api(port: int, method: str, path: str, body: dict | None = None) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=json.dumps(body) if body else None, headers={"Content-Type": "application/json"})
        return json.loads(conn.getresponse().read())
    finally:
        conn.close()


def joined(port: int, code: str, token: str, name: str) -> str:
    """A phone's cookie once it has joined by the link and opened the table page as `name`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", f"/g/{code}?t={token}")
        answer = conn.getresponse()
        answer.read()
        cookie = answer.headers["Set-Cookie"].split(";", 1)[0]
        conn.request("GET", f"/g/{code}?as={name}", headers={"Cookie": cookie})
        answer = conn.getresponse()
        assert answer.status == 200 and b'id="board"' in answer.read()
        return (answer.headers["Set-Cookie"] or cookie).split(";", 1)[0]
    finally:
        conn.close()


def stream(port: int, code: str, cookie: str, receive_buffer: int | None = None) -> socket.socket:
    sock = socket.socket()
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(60)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /g/{code}/events HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    return sock


def events(sock: socket.socket):
    """(event, data) of each event the stream says, as they come; ends when the stream does."""
    buffer = b""
    while chunk := sock.recv(65536):
        buffer += chunk
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields = dict(line.split(b": ", 1) for line in block.split(b"\n") if b": " in line and not line.startswith(b":"))
            if b"event" in fields:
                yield fields[b"event"].decode(), fields.get(b"data", b"")


def test_a_stalled_stream_holds_up_no_one_and_ends_on_the_last_version(tmp_path):
    server = Gunicorn(tmp_path)
    stalled = reading = None
    try:
        made = api(server.port, "POST", "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]})
        code, token = made["code"], made["token"]
        stalled = stream(server.port, code, joined(server.port, code, token, "Ana"), receive_buffer=4096)
        reading = stream(server.port, code, joined(server.port, code, token, "Bo"))
        said = events(stalled)
        first = next(e for e in said if e[0] == "changed")          # open; then not read
        heard, last_heard = [], threading.Event()

        db = open_database(tmp_path / "server.sqlite3")
        for _ in range(MOVES):
            table = games.load(db, code)
            games.act(db, code, table.tracked.legal_moves(table.state, table.names, EVERY_SEAT)[0].doc)
        last = games.load(db, code).version
        db.close()

        def read():
            for kind, data in events(reading):
                if kind == "changed":
                    heard.append(int(data))
                    if int(data) == last:
                        last_heard.set()
                        return
        threading.Thread(target=read, daemon=True).start()
        assert last_heard.wait(60), f"the reading phone heard up to {heard[-1:]}, not {last}"
        assert int(first[1]) == 1 and last == MOVES + 1

        boards = 0
        for kind, data in said:                        # it reads again: the same stream, still open
            boards += kind == "board"
            if kind == "changed" and int(data) == last:
                break
        else:
            raise AssertionError("the stalled stream ended before the last version")
        assert boards >= 1                             # its boards were pushed while it did not read
    finally:
        for sock in (stalled, reading):
            if sock is not None:
                sock.close()
        server.stop()
