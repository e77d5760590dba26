"""One abusive client against gunicorn as the Procfile starts it (loopback, a fresh database).

`python -m bench abuse`: for BENCH_ABUSE_SECONDS (15) each, one client (its own loopback address) as fast as it can
  - guesses codes (/g/join?code=...): requests answered, and guesses the server looked at
    (its miss count in the database: refused-unlooked-at guesses are not counted there);
  - creates games through the API, starts groups (a cookie-less sheet each time), imports a file.
Limits are per hour, so what a client gets accepted in this run is what it gets in a minute
(and in the hour). Bounded: one connection, at most MAX_REQUESTS a phase.
"""
from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import sqlite3
import tempfile
import time
from pathlib import Path

from .table_load_bench import _start

SECONDS = float(os.environ.get("BENCH_ABUSE_SECONDS", "15"))
MAX_REQUESTS = 20_000
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


class Client:
    """One keep-alive connection with its own cookies."""

    def __init__(self, port: int, source: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
        self.cookie = ""

    def send(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        headers = dict(headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        self.conn.request(method, path, body=body, headers=headers)
        answer = self.conn.getresponse()
        data = answer.read()
        cookie = answer.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return answer.status, data

    def csrf(self) -> str:
        _status, html = self.send("GET", "/sheets/new")
        return re.search(rb'name="csrf_token" value="([^"]+)"', html).group(1).decode()


def _phase(step) -> dict:
    statuses: dict[int, int] = {}
    end, sent = time.monotonic() + SECONDS, 0
    while time.monotonic() < end and sent < MAX_REQUESTS:
        status = step()
        statuses[status] = statuses.get(status, 0) + 1
        sent += 1
    return {"requests": sent, "per_second": round(sent / SECONDS, 1), "statuses": statuses}


def _form(fields: dict, file: bytes) -> tuple[bytes, str]:
    boundary = "benchboundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n' for k, v in fields.items()]
    head = "".join(parts) + (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="h.json"\r\n'
                             "Content-Type: application/json\r\n\r\n")
    return head.encode() + file + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def run() -> dict:
    out = {"seconds_each": SECONDS}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        server, port = _start(workdir)
        try:
            out.update(_measure(port, workdir / "bench.sqlite3"))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
    for name, figures in out.items():
        print(f"  {name}: {json.dumps(figures)}", flush=True)
    return out


def _measure(port: int, database: Path) -> dict:
    out = {}
    guesser = Client(port, "127.0.0.2")       # each phase its own address: limits are per client
    out["guess_codes"] = _phase(lambda: guesser.send(
        "GET", "/g/join?code=" + "".join(random.choices(LETTERS, k=6)))[0])
    with sqlite3.connect(database) as db:
        looked = db.execute("select count from throttle where key = 'code:127.0.0.2'").fetchone()[0]
    out["guess_codes"]["looked_at"] = looked

    api = Client(port, "127.0.0.3")
    game = json.dumps({"game": "duel", "players": [{"name": "A"}, {"name": "B"}]}).encode()
    out["api_games"] = _phase(lambda: api.send("POST", "/api/v1/games", game,
                                               {"Content-Type": "application/json"})[0])

    def new_group():
        visitor = Client(port, "127.0.0.4")            # cookie-less: each sheet would start a group
        token = visitor.csrf()
        body = f"csrf_token={token}&pad=duel&name=A&name=B".encode()
        return visitor.send("POST", "/sheets/new", body, {"Content-Type": "application/x-www-form-urlencoded"})[0]
    out["new_groups"] = _phase(new_group)

    family = Client(port, "127.0.0.5")
    token = family.csrf()
    family.send("POST", "/sheets/new", f"csrf_token={token}&pad=duel&name=A&name=B".encode(),
                {"Content-Type": "application/x-www-form-urlencoded"})
    exported = family.send("GET", "/history/export.json")[1]
    body, kind = _form({"csrf_token": token}, exported)
    out["imports"] = _phase(lambda: family.send("POST", "/history/import", body, {"Content-Type": kind})[0])
    return out
