"""Issue 29: every request and stream of one table is served by one worker (companion/serving/affinity.py).

gunicorn as the Procfile starts it (2 workers), its access lines carrying the worker's pid. Each request
and each of 20 streams on a connection of its own: a worker that accepts a connection for a table another
worker owns hands it over, so one pid answers them all, and a move still reaches every stream.
"""
import http.client
import json
import os
import re
import socket
import time
from pathlib import Path

import pytest

from .conftest import Gunicorn

STREAMS = 20


@pytest.fixture
def server(tmp_path):
    running = Gunicorn(tmp_path, args="--access-logformat '%(p)s %(m)s %(U)s %(s)s %(h)s'")
    yield running
    running.stop()


def api(port: int, method: str, path: str, body: dict | None = None, token: str = "") -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = conn.getresponse()
    assert answer.status in (200, 201), (answer.status, answer.read()[:300])
    doc = json.loads(answer.read())
    conn.close()
    return doc


def join(port: int, code: str, token: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", f"/g/{code}?t={token}&as=all")
    answer = conn.getresponse()
    answer.read()
    conn.close()
    assert answer.status == 303, answer.status
    return answer.getheader("Set-Cookie").split(";", 1)[0]


def open_stream(port: int, code: str, cookie: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(f"GET /g/{code}/events HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode())
    return sock


def read_until(sock: socket.socket, pattern: bytes, got: bytes = b"") -> bytes:
    while not re.search(pattern, got):
        chunk = sock.recv(65536)
        assert chunk, got[-300:]
        got += chunk
    return got


def workers(server) -> list[int]:
    """The pids of the server's workers (children of gunicorn's master)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == server.process.pid:
                found.append(int(entry.name))
    return found


def holder(server, client: socket.socket) -> set[int]:
    """The workers holding the server's end of `client`'s connection (by its inode in /proc/net/tcp)."""
    port = client.getsockname()[1]
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == server.port and int(fields[2].split(":")[1], 16) == port:
            inodes.add(f"socket:[{fields[9]}]")
    held = set()
    for pid in workers(server):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) in inodes:
                    held.add(pid)
            except OSError:
                pass
    return held


def wait_for_both_workers(server) -> None:
    """Until each worker has answered (each has taken its slot by then): before, a table whose owner is
    not up yet is served by the other, by design."""
    deadline = time.monotonic() + 60
    while len({line.split(" ", 1)[0] for line in server.access_log.read_text().splitlines()}) < 2:
        assert time.monotonic() < deadline, server.access_log.read_text()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", "/")
        conn.getresponse().read()                 # each request paces the next: no pause between
        conn.close()


def table_lines(server) -> list[str]:
    return [line for line in server.access_log.read_text().splitlines() if re.search(r" /(g|api/v1/games)/…", line)]


def table_lines_once(server, enough) -> list[str]:
    """The table's access lines once `enough(lines)` holds: the log is written every 50 ms, so it is read
    again until then (30 s at most), as the condition needs, never for a set time."""
    deadline = time.monotonic() + 30
    while not enough(lines := table_lines(server)):
        assert time.monotonic() < deadline, lines
        time.sleep(0.05)
    return lines


def test_a_tables_requests_and_streams_are_served_by_one_worker(server):
    wait_for_both_workers(server)
    made = api(server.port, "POST", "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]})
    code, token = made["code"], made["token"]
    cookie = join(server.port, code, token)
    for _ in range(5):
        assert api(server.port, "GET", f"/api/v1/games/{code}", token=token)["code"] == code
    version = api(server.port, "GET", f"/api/v1/games/{code}", token=token)["version"]

    streams = [open_stream(server.port, code, cookie) for _ in range(STREAMS)]
    got = [read_until(sock, rb"data: %d\n" % version) for sock in streams]
    api(server.port, "POST", f"/api/v1/games/{code}/actions", {"action": "show-progress", "token": "law"}, token)
    for i, sock in enumerate(streams):          # the move reaches every stream
        read_until(sock, rb"data: %d\n" % (version + 1), got[i].partition(b"\r\n\r\n")[2])
    held = [holder(server, sock) for sock in streams]     # each stream held by one worker, the same
    for sock in streams:
        sock.close()
    assert all(len(pids) == 1 for pids in held), held
    assert len(set().union(*held)) == 1, held

    lines = table_lines_once(server, lambda lines: any(" POST /api/v1/games/…/actions " in line for line in lines))
    pids = {line.split(" ", 1)[0] for line in lines}
    assert pids == {f"<{pid}>" for pid in set().union(*held)}, (lines, held)
    assert all(line.endswith(" 127.0.0.1") for line in lines), lines      # the client's own address


def test_tables_are_shared_between_the_workers(server):
    """Each worker owns some tables: codes spread over both pids, each code over one."""
    wait_for_both_workers(server)
    seen: dict[str, set[str]] = {}
    for _ in range(12):
        code = api(server.port, "POST", "/api/v1/games", {"game": "duel", "players": [
            {"name": "Ana"}, {"name": "Bruno"}]})["code"]
        before = len(table_lines(server))
        for _ in range(6):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            conn.request("GET", f"/g/{code}/board")
            conn.getresponse().read()
            conn.close()
        lines = table_lines_once(server, lambda lines, at_least=before + 6: len(lines) >= at_least)
        seen[code] = {line.split(" ", 1)[0] for line in lines[before:]}
    assert all(len(pids) == 1 for pids in seen.values()), seen
    assert len(set().union(*seen.values())) == 2, seen
