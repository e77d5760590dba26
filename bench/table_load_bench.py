"""Tracked tables under load: gunicorn as the Procfile starts it, phones as asyncio clients.

Each table is a 4-player 7 Wonders game with 4 phones, each seated, each
holding the page's pushed-change stream (GET /g/<code>/events) open as the
page does. Every MOVE_EVERY seconds one phone of each table (starting at a
random moment) makes a move as htmx posts it (the form, HX-Request) and gets
the new board back; each phone hearing "changed" asks for its board as htmx
does (?v=<the version it shows>, 204 when it has it).

Reported for each run: a move's answer (post sent -> new board read), its
delivery (post sent -> the other three phones have read a board showing it),
errors (any answer not 200/204/303, a stream lost, a move never delivered),
and the server's CPU (all gunicorn processes, from /proc) with the load
average. The client runs on the same 2 cores as the server.

Runs: 200 tables; 500 tables; 200 tables with SLOW extra connections each
sending one byte of a request header a second (never finishing).
BENCH_TABLES="200,500" picks the sizes, BENCH_TABLE_SECONDS the length of each
run (35), BENCH_SLOW the slow connections (200; 0 skips that run),
BENCH_SERVER_WORKERS overrides the Procfile's --workers (for choosing it);
BENCH_POLL=1 makes the phones poll their board every second instead, as the
page did before its changes were pushed (to measure the old server).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from . import UNBOUNDED_WRITES
from .stats import summary_ms

ROOT = Path(__file__).resolve().parents[1]
MOVE_EVERY = 10.0
PLAYERS = [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus"), ("Dan", "Babylon")]
SOLD = ["lumber-yard", "stone-pit", "clay-pool", "ore-vein"]     # one a player: 4 legal moves a table
SETUP_AT_ONCE = 16
RUNNING: set = set()
VERSION = re.compile(rb'id="board"[^>]*data-version="(\d+)"', re.S)
CSRF = re.compile(rb'"X-CSRF-Token": "([^"]+)"')        # the page sends it with every htmx request


def run() -> dict:
    sizes = [int(n) for n in os.environ.get("BENCH_TABLES", "200,500").split(",") if n.strip()]
    seconds = float(os.environ.get("BENCH_TABLE_SECONDS", "35"))
    slow = int(os.environ.get("BENCH_SLOW", "200"))
    out = {"server": _server_command("$PORT"), "seconds_a_run": seconds, "move_every_s": MOVE_EVERY}
    runs = [(n, 0) for n in sizes] + ([(sizes[0], slow)] if slow and sizes else [])
    for tables, slow_count in runs:
        name = f"{tables}_tables" + (f"_with_{slow_count}_slow_connections" if slow_count else "")
        print(f"  {name} ...", flush=True)
        out[name] = _one_run(tables, slow_count, seconds)
        print(f"  {name}: {json.dumps(out[name])}", flush=True)
    return out


# -- the server -------------------------------------------------------------------------

def _server_command(port: str) -> str:
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    command = line.split(":", 1)[1].strip()
    command = (command.replace("gunicorn", f"{sys.executable} -m gunicorn", 1)
               .replace("$PORT", port).replace("0.0.0.0", "127.0.0.1"))
    workers = os.environ.get("BENCH_SERVER_WORKERS")
    if workers:
        command = re.sub(r"--workers \d+", f"--workers {workers}", command)
    return command + " --no-control-socket"      # other gunicorns on this machine keep theirs


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(workdir: Path) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    env = dict(os.environ, FLASK_DATABASE=str(workdir / "bench.sqlite3"), FLASK_SECRET_KEY="bench",
               FLASK_WRITE_LIMITS=UNBOUNDED_WRITES)
    server = subprocess.Popen(_server_command(str(port)), shell=True, cwd=ROOT, env=env,
                              stdout=open(workdir / "access.log", "wb"), stderr=open(workdir / "gunicorn.log", "wb"),
                              start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return server, port
        except OSError:
            time.sleep(0.3)
    os.killpg(server.pid, signal.SIGKILL)
    raise RuntimeError("gunicorn did not start: " + (workdir / "gunicorn.log").read_text()[-2000:])


def _processes(root: int) -> list[int]:
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                todo += [int(c) for c in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
        except OSError:
            pass
    return found


def _cpu_seconds(root: int) -> float:
    ticks = 0
    for pid in _processes(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])          # utime, stime
        except OSError:
            pass
    return ticks / os.sysconf("SC_CLK_TCK")


# -- a minimal HTTP/1.0 client: one connection a request, as a phone's after keep-alive ---

class Errors:
    def __init__(self):
        self.counts: dict[str, int] = {}

    def add(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1


async def _request(port: int, method: str, path: str, cookie: str = "", body: bytes = b"",
                   headers: dict | None = None) -> tuple[int, dict, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [f"{method} {path} HTTP/1.0", "Host: 127.0.0.1"]
        if cookie:
            lines.append(f"Cookie: {cookie}")
        for k, v in (headers or {}).items():
            lines.append(f"{k}: {v}")
        if body:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        raw = await reader.read(-1)
    finally:
        writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found: dict[str, str] = {}
    for line in header_lines:
        k, _, v = line.partition(":")
        if k.lower() == "set-cookie":
            found["set-cookie"] = v.strip().split(";", 1)[0]
        else:
            found[k.lower()] = v.strip()
    return int(status_line.split()[1]), found, content


class Phone:
    def __init__(self, table: "Table", seat: int):
        self.table, self.seat, self.cookie, self.csrf, self.version = table, seat, "", "", 1
        self.heard_at: list[float] = []        # when each "changed" arrived

    async def join(self, port: int) -> None:
        t = self.table
        status, headers, _ = await _request(port, "GET", f"/g/{t.code}?t={t.token}")
        self.cookie = headers.get("set-cookie", "")
        name = urllib.parse.quote(PLAYERS[self.seat][0])
        status, headers, body = await _request(port, "GET", f"/g/{t.code}?as={name}", self.cookie)
        self.cookie = headers.get("set-cookie", self.cookie)
        assert status == 200, status
        self.csrf = CSRF.search(body).group(1).decode()
        self.version = int(VERSION.search(body).group(1))

    async def listen(self, port: int, stop: float, errors: Errors) -> None:
        """The page's stream; at each "changed", the board as htmx asks for it."""
        t = self.table
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /g/{t.code}/events HTTP/1.0\r\nHost: 127.0.0.1\r\nCookie: {self.cookie}\r\n"
                     f"Accept: text/event-stream\r\n\r\n".encode())
        try:
            while True:
                left = stop - time.monotonic()
                if left <= 0:
                    return
                try:
                    line = await asyncio.wait_for(reader.readline(), left)
                except asyncio.TimeoutError:
                    return
                if not line:
                    errors.add("stream closed")
                    return
                if line.startswith(b"data: "):
                    self.heard_at.append(time.monotonic())
                    task = asyncio.ensure_future(self.fetch_board(port, int(line[6:]), errors))
                    RUNNING.add(task)                      # a task nobody holds may be collected mid-way
                    task.add_done_callback(RUNNING.discard)
        finally:
            writer.close()

    async def poll(self, port: int, stop: float, errors: Errors) -> None:
        """The page as it was before pushed changes (BENCH_POLL=1): the board asked for every second."""
        await asyncio.sleep(random.uniform(0, 1))
        self.heard_at.append(time.monotonic())
        while time.monotonic() < stop:
            started = time.monotonic()
            await self.fetch_board(port, self.version + 1, errors)
            await asyncio.sleep(max(0.0, 1 - (time.monotonic() - started)))

    async def fetch_board(self, port: int, heard: int, errors: Errors) -> None:
        if heard <= self.version:
            return
        t = self.table
        try:
            status, _, body = await _request(port, "GET", f"/g/{t.code}/board?v={self.version}", self.cookie,
                                             headers={"HX-Request": "true"})
        except (OSError, ValueError, IndexError) as exc:
            errors.add(f"board: {type(exc).__name__}")
            return
        if status == 204:
            return
        if status != 200:
            errors.add(f"board {status}")
            return
        self.version = max(self.version, int(VERSION.search(body).group(1)))
        t.delivered(self, self.version, time.monotonic())

    async def move(self, port: int, errors: Errors, answers: list) -> None:
        t = self.table
        doc = json.dumps({"player": PLAYERS[self.seat][0], "action": "sell", "card": SOLD[self.seat]})
        body = urllib.parse.urlencode({"csrf_token": self.csrf, "version": self.version, "doc": doc}).encode()
        expected = self.version + 1          # its own stream may bring the board before the answer does
        t.pending[expected] = (time.monotonic(), {p for p in t.phones if p is not self})
        start = time.monotonic()
        try:
            status, headers, content = await _request(port, "POST", f"/g/{t.code}/act", self.cookie, body,
                                                      {"HX-Request": "true", "HX-Boosted": "true",
                                                       "X-CSRF-Token": self.csrf})
            if status == 303:        # the old server: the browser follows to the whole page
                status, headers, content = await _request(port, "GET", headers["location"], self.cookie,
                                                          headers={"HX-Request": "true", "HX-Boosted": "true"})
        except OSError as exc:
            errors.add(f"move: {type(exc).__name__}")
            return
        answers.append(time.monotonic() - start)
        if status != 200:
            errors.add(f"move {status}")
            return
        new = int(VERSION.search(content).group(1))
        if new != expected:
            errors.add("a move landed on another version than the one its phone showed + 1")
        self.version = max(self.version, new)


class Table:
    def __init__(self, code: str, token: str):
        self.code, self.token = code, token
        self.phones = [Phone(self, seat) for seat in range(4)]
        self.pending: dict[int, tuple[float, set]] = {}      # version -> (post sent, phones still to show it)
        self.deliveries: list[float] = []

    def delivered(self, phone: Phone, version: int, at: float) -> None:
        for v, (sent, waiting) in list(self.pending.items()):
            if v <= version and phone in waiting:
                waiting.discard(phone)
                if not waiting:
                    self.deliveries.append(at - sent)
                    del self.pending[v]


def _api(port: int, path: str, body: dict) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


async def _slow_client(port: int, stop: float) -> None:
    """One byte of a request header a second, never the blank line that ends it."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return
    text = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4000
    try:
        for byte in text:
            if time.monotonic() >= stop:
                return
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(1)
    except OSError:
        return
    finally:
        writer.close()


async def _load(port: int, tables: list[Table], slow: int, seconds: float, server_pid: int) -> dict:
    errors, answers = Errors(), []
    at_once = asyncio.Semaphore(SETUP_AT_ONCE)

    async def join(phone):
        async with at_once:
            await phone.join(port)
    await asyncio.gather(*(join(p) for t in tables for p in t.phones))
    stop = time.monotonic() + seconds + 120      # the streams end sooner: cancelled once the run is over
    slow_tasks = [asyncio.ensure_future(_slow_client(port, stop)) for _ in range(slow)]
    listen = Phone.poll if os.environ.get("BENCH_POLL") else Phone.listen
    listeners = [asyncio.ensure_future(listen(p, port, stop, errors)) for t in tables for p in t.phones]
    phones = [p for t in tables for p in t.phones]
    ready_by = time.monotonic() + 60
    while time.monotonic() < ready_by and not all(p.heard_at for p in phones):
        await asyncio.sleep(0.2)                 # every stream open (it says "changed" at once)
    await asyncio.sleep(1)
    cpu0, wall0, load0 = _cpu_seconds(server_pid), time.monotonic(), os.getloadavg()[0]
    client0 = time.process_time()
    rng = random.Random(7)

    async def play(table: Table) -> None:
        await asyncio.sleep(rng.uniform(0, MOVE_EVERY))
        for k in range(4):
            start = time.monotonic()
            if start - wall0 > seconds:
                return
            await table.phones[k].move(port, errors, answers)
            await asyncio.sleep(max(0.0, MOVE_EVERY - (time.monotonic() - start)))
    await asyncio.gather(*(play(t) for t in tables))
    await asyncio.sleep(max(0.0, wall0 + seconds - time.monotonic()))
    cpu, wall = _cpu_seconds(server_pid) - cpu0, time.monotonic() - wall0
    client = time.process_time() - client0
    load1 = os.getloadavg()[0]
    await asyncio.sleep(1.5)                     # the last deliveries land
    undelivered = sum(1 for t in tables for v, (sent, _) in t.pending.items() if time.monotonic() - sent > 1.5)
    for task in listeners + slow_tasks:
        task.cancel()
    await asyncio.gather(*listeners, *slow_tasks, return_exceptions=True)
    deliveries = [d for t in tables for d in t.deliveries]
    return {"tables": len(tables), "phones": 4 * len(tables), "slow_connections": slow,
            "moves": len(answers), "move_answer": summary_ms(answers) if answers else None,
            "delivery_to_the_other_three": summary_ms(deliveries) if deliveries else None,
            "undelivered": undelivered, "errors": errors.counts,
            "streams_not_open_at_start": sum(1 for p in phones if not p.heard_at or p.heard_at[0] > wall0),
            "server_cpu_cores": round(cpu / wall, 2), "client_cpu_cores": round(client / wall, 2),
            "load_average_1min": [round(load0, 2), round(load1, 2)]}


def _one_run(tables: int, slow: int, seconds: float) -> dict:
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    workdir = Path(tempfile.mkdtemp(prefix="bench-table-load-"))
    server, port = _start(workdir)
    try:
        made = []
        for _ in range(tables):
            doc = _api(port, "/api/v1/games", {"game": "7wonders", "edition": 1, "players": [
                {"name": n, "wonder": w, "side": "A"} for n, w in PLAYERS]})
            made.append(Table(doc["code"], doc["token"]))
        return asyncio.run(_load(port, made, slow, seconds, server.pid))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
