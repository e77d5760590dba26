"""Tracked tables under load, each phone doing what the table page does (issue 29).

gunicorn starts as the Procfile says (gevent workers). Each table is a 4-player
7 Wonders game with 4 phones; what a phone asks is read from the page it is
served (bench/table_page.py), so a change to the page changes the bench:

- it joins as the page does (the join link, then its seat), and holds the
  page's stream (sse-connect), reconnecting as EventSource does (its `retry:`);
- the board asks for itself on each stream event its hx-trigger names, with the
  version it shows, one request at a time (hx-sync on #board), and again while
  it shows less than the newest "changed" heard (static/js/table.js's catch-up),
  and not for the version it shows when table.js cancels that request;
  a poll in its hx-trigger ("every 3s") is kept too;
- at its turn, after a random wait (exponential, so that each player moves
  every MOVE_EVERY seconds on average), the player picks a verb and a card of
  the action form (one price asked: the form's hx-get, as its "change" does),
  then posts the first way to pay the answer offers; a card it cannot afford
  is priced, refused, and sold instead. REFUSED_SHARE of moves are posted
  wrong on purpose (a card already gone, or an old version) and must be
  refused (409/422), not fail.

Reported for each run: the move's answer (post sent -> board back), its
delivery to each other phone (post sent -> that phone's board shows it; p50,
p99, max) and to the last of the three, requests by kind, errors (any other
status, a lost stream, a move never delivered), whether every phone ends on
the game's last version, the server's CPU (all gunicorn processes, /proc) and
peak memory (RSS), the client's own CPU, and the load average before and
after. The client runs on the same cores as the server: how late its one loop
ran a 10 ms timer is reported (client_loop_late), as is each pushed board's
arrival apart from its showing (pushed_board_read_by_each_other_phone: the
page leaves a pushed board while the phone has a request out, and asks after
it) and the answers to the phones' GETs by kind (answer_by_kind: a price,
asked some 10 s after the last request, mostly opens a new connection).

Each phone speaks HTTP/1.1 as Chromium does (bench/browser_http.py): its stream on a connection of
its own, its other requests on kept-alive connections, at most 6 to the server with the stream's;
BENCH_CONNECTIONS=new sends each request on a new connection (HTTP/1.0, the bench's earlier client).
Reported too: the connections opened against the requests sent.

BENCH_TABLES="1000,2000" picks the sizes, BENCH_TABLE_SECONDS the length of
each run (60, measured), BENCH_START when the tables begin (below), BENCH_RESTART=1 adds a run at the first size whose server is
restarted mid-game, a move written at every table while it is down (each phone,
from the server's first answer to anyone until it shows its game's last version
on a reopened stream; the server's CPU a phone back), BENCH_MOVE_EVERY the seconds between a player's moves
(a large number measures tables at rest), BENCH_TREE serves (and reads the page of) another
checkout, to measure the same runs before a change.
The client's loop is uvloop's when installed (BENCH_LOOP=asyncio: asyncio's own).

When the tables begin (BENCH_START): "staggered" (the default), each table's first turn at its own
moment, spread evenly over the first MOVE_EVERY seconds, and the run measured from then on, every table
playing: a move per player every MOVE_EVERY seconds on average throughout, as tables started at
different times play. "together": every table's first turn at the same instant, measured from it (the
bench before 28 November 2026): every player of every table then waits for a first card at once, so the
first turn's moves come at twice the average pace (later turns wait for the slowest of four players),
beyond two cores at 2,000 tables (delivery_to_each_other_phone_by_ten_seconds shows that wave).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from . import UNBOUNDED_WRITES
from . import browser_http
from .stats import summary_ms
from .table_page import (Board, Priced, board_holds_back, board_version, is_board, read_board, read_page, read_pick,
                         scripts_ask_on_a_timer, takes_pushed_boards)

ROOT = Path(os.environ.get("BENCH_TREE") or Path(__file__).resolve().parents[1])
MOVE_EVERY = float(os.environ.get("BENCH_MOVE_EVERY", "20"))   # seconds: a move per player, on average
REFUSED_SHARE = 0.05
# Players move at once and a turn waits for the slowest of the four: each waits an exponential time of
# mean MOVE_EVERY / TURN_PACE, so that the slowest (its mean: that times 1 + 1/2 + 1/3 + 1/4) takes
# MOVE_EVERY on average, and each player moves once every MOVE_EVERY seconds.
TURN_PACE = 1 + 1 / 2 + 1 / 3 + 1 / 4
PLAYERS = [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus"), ("Dan", "Babylon")]
SETUP_AT_ONCE = 32
START = os.environ.get("BENCH_START", "staggered")
if START not in ("staggered", "together"):
    raise SystemExit(f"BENCH_START={START!r}: staggered or together")
RUNNING: set = set()


def run() -> dict:
    sizes = [int(n) for n in os.environ.get("BENCH_TABLES", "1000,2000").split(",") if n.strip()]
    seconds = float(os.environ.get("BENCH_TABLE_SECONDS", "60"))
    timers = scripts_ask_on_a_timer(ROOT)
    if timers:
        raise SystemExit(f"the table page's scripts ask on a timer the bench does not know: {timers}")
    out = {"server": _server_command("$PORT"), "tree": str(ROOT), "seconds_a_run": seconds,
           "move_every_s": MOVE_EVERY}
    runs = [(n, False) for n in sizes] + ([(sizes[0], True)] if os.environ.get("BENCH_RESTART") and sizes else [])
    for tables, restart in runs:
        name = f"{tables}_tables" + ("_restarted" if restart else "")
        print(f"  {name} ...", flush=True)
        out[name] = _one_run(tables, seconds, restart)
        print(f"  {name}: {json.dumps(out[name])}", flush=True)
    return out


# -- the server -------------------------------------------------------------------------

def _server_command(port: str) -> str:
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    command = line.split(":", 1)[1].strip()
    command = (command.replace("gunicorn", f"{sys.executable} -m gunicorn", 1)
               .replace("$PORT", port).replace("0.0.0.0", "127.0.0.1"))
    return command + " --no-control-socket"      # other gunicorns on this machine keep theirs


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(workdir: Path, port: int) -> subprocess.Popen:
    env = dict(os.environ, FLASK_DATABASE=str(workdir / "bench.sqlite3"), FLASK_SECRET_KEY="bench",
               FLASK_WRITE_LIMITS=UNBOUNDED_WRITES)
    # A server on a host writes its modules' bytecode at its first start and reads it at the next; this
    # machine's shells say not to write it (PYTHONDONTWRITEBYTECODE), which made every worker of every
    # start compile the modules changed since (0.1-0.2 s of CPU a worker).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.Popen(_server_command(str(port)), shell=True, cwd=ROOT, env=env,
                            stdout=open(workdir / "access.log", "ab"), stderr=open(workdir / "gunicorn.log", "ab"),
                            start_new_session=True)


def _answering(port: int, server: subprocess.Popen, workdir: Path) -> float:
    """When this request of the bench's own was first answered (a restart also takes the first answer
    any phone had, which may come before: this one may queue behind the reconnecting phones)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return time.monotonic()
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("gunicorn did not start: " + (workdir / "gunicorn.log").read_text()[-2000:])


def _stop(server: subprocess.Popen) -> None:
    """Stopped as a process manager stops it: TERM, then wait until gunicorn's master and workers are
    gone (the shell the Procfile's line runs in dies at once; the workers may take the graceful timeout
    with streams open, and a restart must not start the next server beside them)."""
    tree = _processes(server.pid)
    os.killpg(server.pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(pid) for pid in tree):
        time.sleep(0.02)
    if any(_alive(pid) for pid in tree):
        os.killpg(server.pid, signal.SIGKILL)
    server.wait()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"                  # a zombie has exited: its parent has yet to collect it


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


def _rss_mb(root: int) -> float:
    kb = 0
    for pid in _processes(root):
        try:
            kb += int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1))
        except (OSError, AttributeError):
            pass
    return kb / 1024


# -- errors ---------------------------------------------------------------------------

class Errors:
    def __init__(self):
        self.counts: dict[str, int] = {}

    def add(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1


# -- a phone ----------------------------------------------------------------------------

async def _stream_events(reader: asyncio.StreamReader, http11: bool):
    """The stream's events as (kind, data, retry), each read whole: over HTTP/1.1 its body comes chunked
    (its head read first); over HTTP/1.0 the head comes first, passed over. An event ends at a blank
    line and its data lines are joined by line breaks, as EventSource joins them; a comment, or an
    event with no data, is none (the client's own CPU: a pushed board's some 300 lines were each a
    step of an async generator, 0.46 cores at 2,000 tables, issue 29)."""
    if http11:
        status, headers = await browser_http.read_head(reader, "stream")
        if status != 200:
            raise ValueError(f"stream {status}")
        chunked = "chunked" in headers.get("transfer-encoding", "").lower()
    else:
        await reader.readuntil(b"\r\n\r\n")
        chunked = False
    rest = b""
    while True:
        if chunked:
            size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
            if size == 0:
                return
            rest += (await reader.readexactly(size + 2))[:-2]
        else:
            got = await reader.read(65536)
            if not got:
                return
            rest += got
        *done, rest = rest.split(b"\n\n")
        for block in done:
            event = _event(block)
            if event is not None:
                yield event


def _event(block: bytes) -> tuple[bytes, bytes, int | None] | None:
    """One event's block (its lines, no blank line): (its kind, its data, its retry in ms)."""
    at = block.find(b"data: ")
    if at > 0 and block[at - 1] != 10:         # not at a line's start: no data line is before it
        at = block.find(b"\ndata: ") + 1 or -1
    head, data = (block, None) if at < 0 else (block[:at], block[at + 6:].replace(b"\ndata: ", b"\n"))
    kind, retry = b"message", None
    for line in head.split(b"\n"):
        if line.startswith(b"event: "):
            kind = line[7:].strip()
        elif line.startswith(b"retry: "):
            retry = int(line[7:])
    if data is None:
        return (b"", b"", retry) if retry is not None else None
    return kind, data, retry


class Phone:
    def __init__(self, table: "Table", seat: int, run: "Run"):
        self.table, self.seat, self.run = table, seat, run
        self.name = PLAYERS[seat][0]
        self.cookie, self.headers, self.stream = "", {}, ""
        self.board: Board | None = None
        self.announced = 0                 # the newest "changed" heard (table.js's catch-up)
        self.asking = asyncio.Lock()       # hx-sync on #board: one board request at a time
        self.opened = 0                    # streams opened
        self.opened_at = 0.0               # when the last stream opened said its first event
        self.seen: list[tuple[int, float]] = []     # (a version shown for the first time, when)
        self.arrived: list[tuple[int, float]] = []  # (a version the stream first brought a board of, when)
        self.retry = 1.0
        self.moving = False                # a move of this phone's board posted, not yet answered
        self.choosing = False              # a card chosen in the action form (priced), not yet played
        self.browser = browser_http.Phone(run.port, run.connections)     # its kept-alive connections

    async def request(self, method: str, path: str, cookie: str = "", body: bytes = b"",
                      headers: dict | None = None) -> tuple[int, dict, bytes]:
        """A request of the page's, on the phone's kept connections (BENCH_CONNECTIONS=new: one of its own)."""
        if self.run.kept_alive:
            return await self.browser.request(method, path, cookie, body, headers)
        return await browser_http.one_connection_a_request(self.run.port, method, path, cookie, body, headers,
                                                           self.run.connections)

    @property
    def version(self) -> int:
        return self.board.version if self.board else 0

    async def join(self) -> None:
        t = self.table
        _status, headers, _ = await self.request("GET", f"/g/{t.code}?t={t.token}")
        self.cookie = headers.get("set-cookie", "")
        status, headers, body = await self.request("GET", f"/g/{t.code}?as={urllib.parse.quote(self.name)}",
                                                  self.cookie)
        self.cookie = headers.get("set-cookie", self.cookie)
        assert status == 200, status
        page = read_page(body.decode())
        self.headers, self.stream, self.board = page.headers, page.stream, page.board

    def show(self, text: bytes | str) -> None:
        text = text.decode() if isinstance(text, bytes) else text
        if board_version(text) < self.version:     # table.js: a board never goes back in time (not read)
            return
        board = read_board(text)
        if board.version >= self.version:
            if board.version > self.version:
                self.seen.append((board.version, time.monotonic()))
                self.table.changed.set()
                self.table.changed = asyncio.Event()
            self.board = board

    async def get(self, url: str, kind: str) -> tuple[int, bytes] | None:
        run = self.run
        run.requests[kind] = run.requests.get(kind, 0) + 1
        sent = time.monotonic()
        try:
            status, _, body = await self.request("GET", url, self.cookie, headers=self.headers)
        except (OSError, ValueError, IndexError) as exc:
            run.error(f"{kind}: {type(exc).__name__}")
            return None
        run.answered.setdefault(kind.split(" (")[0], []).append(time.monotonic() - sent)
        if status not in (200, 204):
            run.error(f"{kind} {status}")
            return None
        return status, body

    async def ask_board(self, kind: str) -> None:
        """The board asks for itself (its hx-get holds the version it shows), then catches up."""
        for _ in range(6):                    # table.js: at most five catch-ups for one version
            async with self.asking:
                answer = await self.get(self.board.url, kind)
                if answer and answer[0] == 200:
                    self.show(answer[1])
            if self.announced <= self.version:
                return
            kind = "board (catch-up)"         # after an answer, or a failed request (htmx's afterRequest too)

    def heard(self, version: int) -> None:
        """A "changed": the board's trigger asks (for the version it shows too, answered 204, unless the
        page's scripts cancel that); htmx drops it while the board's request is out, and table.js asks
        again after it if still behind."""
        self.announced = max(self.announced, version)
        if version <= self.version and "shown" in self.run.holds_back:
            return
        if self.moving and "form out" in self.run.holds_back:      # its answer brings the board; catch-up after
            return
        if "changed" in self.board.asks.stream_events and not self.asking.locked():
            self.spawn(self.ask_board("board (changed)" if version > self.version else "board (changed, 204)"))

    def pushed(self, text: bytes) -> None:
        """A board the stream carries: table.js swaps it in unless the board shows it already, has a
        request out (its own, a price, a move), or a pick under way (a card chosen, priced, not yet played)."""
        text = text.decode()
        version = board_version(text)
        if version > (self.arrived[-1][0] if self.arrived else 0):
            self.arrived.append((version, time.monotonic()))
        if not self.run.takes_pushed or self.asking.locked() or self.moving or self.choosing:
            return
        self.run.pushed += 1
        self.show(text)

    def catch_up(self) -> None:
        """table.js after any request: the board asks again while it shows less than the newest "changed"."""
        if self.announced > self.version and not self.asking.locked():
            self.spawn(self.ask_board("board (catch-up)"))

    def spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        RUNNING.add(task)                          # a task nobody holds may be collected mid-way
        task.add_done_callback(RUNNING.discard)

    async def listen(self) -> None:
        """The page's stream, held and reopened as EventSource does (its retry: after a loss)."""
        run = self.run
        while not run.over:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", run.port)
            except OSError:
                run.failed_streams += 1
                await asyncio.sleep(self.retry)
                continue
            opened = False          # a stream is lost once it said something; before that it failed to open
            try:
                headers = "".join(f"{k}: {v}\r\n" for k, v in self.headers.items())
                version = "HTTP/1.1" if run.kept_alive else "HTTP/1.0"     # as the page's EventSource
                writer.write(f"GET {self.stream} {version}\r\nHost: 127.0.0.1\r\nCookie: {self.cookie}\r\n"
                             f"Accept: text/event-stream\r\nLast-Event-ID: {self.announced}\r\n{headers}\r\n".encode())
                run.streams_opened += 1
                async for kind, data, retry in _stream_events(reader, run.kept_alive):
                    if retry is not None:
                        self.retry = retry / 1000
                    if not kind:                   # a retry alone
                        continue
                    if not opened:
                        opened, self.opened, self.opened_at = True, self.opened + 1, time.monotonic()
                    if kind == b"board":
                        self.pushed(data)
                    else:
                        self.heard(int(data.split(b"\n", 1)[0]))
            except (OSError, ValueError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()
            if not run.over:
                if opened:
                    run.lost_streams += 1
                else:
                    run.failed_streams += 1
                await asyncio.sleep(self.retry)

    async def poll(self, every: float) -> None:
        """A poll the board's hx-trigger holds ("every 3s"): the board asks, changed or not."""
        await asyncio.sleep(random.uniform(0, every))
        while not self.run.over:
            async with self.asking:
                answer = await self.get(self.board.url, "board (poll)")
                if answer and answer[0] == 200:
                    self.show(answer[1])
            await asyncio.sleep(every)

    async def play(self, rng: random.Random) -> None:
        """At each turn this seat may play: a random wait, a price asked, a way to pay posted."""
        run, waited_for = self.run, 0
        await asyncio.sleep(self.table.begins)             # its table's first turn (BENCH_START)
        while not run.over:
            board = self.board
            # Its form's seat alone: a board's form is read when this phone acts on it (table_page.Board).
            if board.version == waited_for or board.pick_player != self.name:
                await self.table.changed.wait()           # the next version this phone is shown
                continue
            waited_for = board.version
            await asyncio.sleep(rng.expovariate(TURN_PACE / MOVE_EVERY))
            if run.paused:                                         # a restart under way
                await run.resumed.wait()
            if run.over or not self.board.pick:
                continue
            if rng.random() < REFUSED_SHARE:
                await self.refused_move(rng)
            await self.move(rng)
            self.catch_up()

    async def price(self, verb: str, card: str) -> Priced | None:
        pick = self.board.pick
        if "change" not in pick["asks"].dom_events:
            raise SystemExit("the action form no longer asks on change: teach the bench what it does")
        query = urllib.parse.urlencode({"player": self.name, "action": verb, "card": card})
        async with self.asking:
            answer = await self.get(f"{pick['url']}?{query}", "price")
            if not answer or answer[0] != 200:
                return None
            text = answer[1].decode()
            if is_board(text):               # a board (the answer retargeted to it): shown
                self.show(answer[1])
        self.catch_up()                      # table.js asks after each request if still behind
        return read_pick(text)               # the form's own section (its hx-target), priced

    async def move(self, rng: random.Random) -> None:
        self.choosing = True
        try:
            await self.choose_and_post(rng)
        finally:
            self.choosing = False

    async def choose_and_post(self, rng: random.Random) -> None:
        pick = self.board.pick
        verbs = [v for v in pick["verbs"] if v in ("build", "stage")]
        card = rng.choice(pick["cards"])
        priced = await self.price(rng.choice(verbs), card)
        if priced is not None and not priced.moves:               # cannot afford it: sold instead
            priced = await self.price("sell", card)
        if priced is None or not priced.moves:
            return
        form = priced.moves[0]
        await self.post(form["url"], form["fields"], expect_refusal=False)

    async def refused_move(self, rng: random.Random) -> None:
        """Wrong on purpose: a card no deck of this age holds, or a move on a board two versions old."""
        doc = {"player": self.name, "action": "sell", "card": rng.choice(["palace", "no-such-card"])}
        fields = {"csrf_token": self.headers.get("X-CSRF-Token", ""), "version": self.version, "doc": json.dumps(doc)}
        await self.post(f"/g/{self.table.code}/act", fields, expect_refusal=True)

    async def post(self, url: str, fields: dict, expect_refusal: bool) -> None:
        run, t = self.run, self.table
        body = urllib.parse.urlencode(fields).encode()
        sent = time.monotonic()
        run.requests["move"] = run.requests.get("move", 0) + 1
        run.posting += 1
        self.moving = True
        try:
            status, _, content = await self.request("POST", url, self.cookie, body,
                                                {**self.headers, "HX-Boosted": "true"})
        except OSError as exc:
            run.error(f"move: {type(exc).__name__}")
            return
        finally:
            run.posting -= 1
            self.moving = False
        if expect_refusal:
            if status in (409, 422):
                run.refused += 1
            else:
                run.error(f"a wrong move answered {status}")
            return
        run.answers.append(time.monotonic() - sent)
        if status == 409:            # another player's move took the card first: the board says why
            run.lost_races += 1
            self.show(content)
            return
        if status != 200:
            run.error(f"move {status}")
            return
        self.show(content)
        # The board it answers shows the move (and any landed just before): delivered to another
        # phone once that phone shows this version.
        t.moves.append((self, sent, board_version(content.decode())))


class Table:
    def __init__(self, code: str, token: str, run: "Run"):
        self.code, self.token = code, token
        self.phones = [Phone(self, seat, run) for seat in range(4)]
        self.begins = 0.0               # seconds from the start of play to this table's first turn
        self.moves: list[tuple[Phone, float, int]] = []       # (who moved, post sent, version shown after)
        self.changed = asyncio.Event()

    def arrivals(self) -> tuple[list[float], int]:
        """Each move's board brought by the stream of each other phone (post sent -> a board of that version
        or a newer one read from the stream, shown or not): the server's push alone, whatever the page does
        with it (table.js leaves it while the phone has a request out or a pick under way). A phone that
        showed that version or a newer one first through its own request (its move's answer) is owed no
        push of it: the stream sends no board a phone has, so its next board came at the table's next
        move, up to 47 s later, and was counted as a push that late. Those are counted apart."""
        found, not_owed = [], 0
        for mover, sent, version in self.moves:
            for phone in self.phones:
                if phone is mover:
                    continue
                at = next((t for v, t in phone.arrived if v >= version), None)
                shown = next((t for v, t in phone.seen if v >= version), None)
                if at is not None and shown is not None and shown < at:
                    not_owed += 1
                elif at is not None:
                    found.append(max(0.0, at - sent))
        return found, not_owed

    def deliveries(self) -> tuple[list[float], list[float], int]:
        """Each move's delivery to each other phone, to the last of them, and how many never arrived."""
        each, last, missing = [], [], 0
        for mover, sent, version in self.moves:
            times = []
            for phone in self.phones:
                if phone is mover:
                    continue
                at = next((t for v, t in phone.seen if v >= version), None)
                if at is None:
                    missing += 1
                else:
                    times.append(max(0.0, at - sent))
            each += times
            if len(times) == len(self.phones) - 1:
                last.append(max(times))
        return each, last, missing


def _by_ten_seconds(tables: list[Table], start: float) -> dict:
    """Each move's delivery to each other phone by when its post was sent (10 s slices of the run): the
    tables start at once, so the first turn's moves come at twice the later pace (every player of every
    table waits for its first card at the same moment); this tells the start's queue from the rest."""
    found: dict[int, list[float]] = {}
    for t in tables:
        for mover, sent, version in t.moves:
            for phone in t.phones:
                if phone is mover:
                    continue
                at = next((when for v, when in phone.seen if v >= version), None)
                if at is not None:
                    found.setdefault(int((sent - start) // 10), []).append(max(0.0, at - sent))
    return {f"{10 * k}-{10 * k + 10} s": {"moves": len(v) // 3, **{k2: v2 for k2, v2 in summary_ms(v).items() if k2 != "n"}}
            for k, v in sorted(found.items()) if k >= 0}


class Run:
    def __init__(self, port: int):
        self.port, self.over, self.paused = port, False, False
        # Set while no restart is under way: paused phones wait on it, not on a timer (4,000 phones
        # waking every 0.2 s to look were a tenth of the client's CPU while the phones came back).
        self.resumed = asyncio.Event()
        self.resumed.set()
        self.holds_back = board_holds_back(ROOT)     # table.js: when a "changed" asks nothing
        self.takes_pushed = takes_pushed_boards(ROOT)  # table.js: a board the stream carries is shown
        self.answers: list[float] = []
        self.answered: dict[str, list[float]] = {}     # a GET's kind (price, board) -> its answers' times
        self.loop_lag: list[float] = []                # how late this client's own loop ran a 10 ms timer
        self.requests: dict[str, int] = {}
        self.pushed = 0                   # boards shown from the stream (events, not requests)
        self.errors = Errors()
        self.refused = self.lost_races = self.lost_streams = self.failed_streams = self.posting = 0
        self.down = False                  # the server stopped on purpose (a restart run), until it answers
        self.refused_while_down: dict[str, int] = {}      # requests that met the stopped server: not errors
        self.cpu_of_the_stopped_server: float | None = None
        # A phone's requests on its kept-alive connections, as Chromium keeps them (bench/browser_http.py);
        # BENCH_CONNECTIONS=new: each on a connection of its own (the bench's earlier client).
        self.kept_alive = os.environ.get("BENCH_CONNECTIONS", "kept") != "new"
        self.connections = browser_http.Counts()
        self.streams_opened = 0           # the streams' own connections (not in `connections`)

    def error(self, what: str) -> None:
        if self.down:
            self.refused_while_down[what] = self.refused_while_down.get(what, 0) + 1
            return
        self.errors.add(what)


def _api(port: int, path: str, body: dict | None = None, token: str = "") -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})},
                                     method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def _until(condition, seconds: float, every: float = 0.05) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(every)
    return condition()


def _stagger(tables: list[Table], rng: random.Random, over: float = MOVE_EVERY) -> float:
    """Each table's first turn at its own moment, spread evenly over `over` seconds in a random order;
    the seconds until every table plays."""
    order = list(tables)
    rng.shuffle(order)
    for i, t in enumerate(order):
        t.begins = over * i / len(order)
    return over


async def _load(run: Run, tables: list[Table], seconds: float, server, restart) -> dict:
    at_once = asyncio.Semaphore(SETUP_AT_ONCE)
    phones = [p for t in tables for p in t.phones]

    async def join(phone):
        async with at_once:
            await phone.join()
    await asyncio.gather(*(join(p) for p in phones))
    page = phones[0].board
    tasks = [asyncio.ensure_future(p.listen()) for p in phones]
    if page.asks.poll_s:
        tasks += [asyncio.ensure_future(p.poll(page.asks.poll_s)) for p in phones]
    if not await _until(lambda: all(p.opened for p in phones), 120):
        run.error("streams not open after 120 s")
    run.requests.clear()
    run.connections, run.streams_opened = browser_http.Counts(), 0
    for p in phones:
        p.browser.counts = run.connections
    run.pushed = 0
    run.answered.clear()
    rng = random.Random(29)
    warm_up = _stagger(tables, rng) if START == "staggered" else 0.0
    tasks += [asyncio.ensure_future(p.play(random.Random(rng.random()))) for p in phones]
    if warm_up:                      # every table playing: measured from here (what came before, not counted)
        await asyncio.sleep(warm_up)
        run.answers.clear()
        run.answered.clear()
        run.requests.clear()
        run.pushed = run.refused = run.lost_races = 0          # errors and lost streams stay counted
        run.connections = browser_http.Counts()
        for p in phones:
            p.browser.counts = run.connections
        for t in tables:
            t.moves.clear()
    lag = asyncio.ensure_future(_loop_lag(run))
    cpu0, wall0, load0, client0 = _cpu_seconds(server().pid), time.monotonic(), os.getloadavg(), time.process_time()
    rss = [_rss_mb(server().pid)]
    restarted = None
    while time.monotonic() - wall0 < seconds:
        await asyncio.sleep(2)
        rss.append(_rss_mb(server().pid))
        if restart and restarted is None and time.monotonic() - wall0 > seconds / 2:
            restarted = await restart(run, tables)
    cpu, wall = _cpu_seconds(server().pid) - cpu0, time.monotonic() - wall0
    if run.cpu_of_the_stopped_server is not None:      # restarted: the first server's share, then the second's
        cpu = run.cpu_of_the_stopped_server - cpu0 + _cpu_seconds(server().pid)
    client = time.process_time() - client0
    load1 = os.getloadavg()
    lag.cancel()
    run.over = True                              # no new moves; those posted land, and reach every phone
    await _until(lambda: run.posting == 0, 30)
    loop = asyncio.get_running_loop()

    def last_version(t: Table) -> int:
        try:
            return _api(run.port, f"/api/v1/games/{t.code}", token=t.token)["version"]
        except OSError:
            run.error("the game's last version not answered (30 s)")
            return -1
    last = await loop.run_in_executor(None, lambda: {t.code: last_version(t) for t in tables})
    settled = time.monotonic()
    await _until(lambda: all(p.version >= last[t.code] for t in tables for p in t.phones), 10)
    settled = time.monotonic() - settled
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for p in phones:
        p.browser.close()
    behind = sum(1 for t in tables for p in t.phones if p.version != last[t.code])
    each, all_three, missing = [], [], 0
    for t in tables:
        e, a, m = t.deliveries()
        each, all_three, missing = each + e, all_three + a, missing + m
    arrived, not_owed = [], 0
    for t in tables:
        a, n = t.arrivals()
        arrived, not_owed = arrived + a, not_owed + n
    return {"tables": len(tables), "phones": len(phones),
            "start": START + (f", over {warm_up:g} s, measured after" if warm_up else ""),
            "moves": len(run.answers),
            "moves_a_second": round(len(run.answers) / wall, 1),
            "move_answer": summary_ms(run.answers) if run.answers else None,
            "delivery_to_each_other_phone": summary_ms(each) if each else None,
            "delivery_to_the_last_of_three": summary_ms(all_three) if all_three else None,
            "delivery_to_each_other_phone_by_ten_seconds": _by_ten_seconds(tables, wall0),
            "pushed_board_read_by_each_other_phone": summary_ms(arrived) if arrived else None,
            "pushes_not_owed_the_phone_showed_it_first": not_owed,
            "answer_by_kind": {k: summary_ms(v) for k, v in sorted(run.answered.items())},
            "undelivered": missing, "phones_not_on_the_last_version": behind,
            "seconds_until_every_phone_was_on_the_last_version_at_the_end": round(settled, 2),
            "errors": run.errors.counts, "streams_lost": run.lost_streams,
            **({"requests_refused_while_the_server_was_down": run.refused_while_down} if restart else {}),
            "stream_connections_failed_before_their_first_event": run.failed_streams, "refused_on_purpose": run.refused,
            "moves_beaten_to_a_card": run.lost_races,
            "requests_a_second": {k: round(v / wall, 1) for k, v in sorted(run.requests.items())},
            "boards_shown_from_the_stream_a_second": round(run.pushed / wall, 1),
            "requests_a_move": round(sum(run.requests.values()) / len(run.answers), 2) if run.answers else None,
            "connections": {"kept_alive": run.kept_alive, "streams_opened": run.streams_opened,
                            "opened_for_requests": run.connections.opened,
                            "requests": run.connections.requests, "sent_again": run.connections.resent,
                            "waited_for_a_free_one": run.connections.waited},
            "server_cpu_ms_a_move": round(1000 * cpu / len(run.answers), 1) if run.answers else None,
            "server_cpu_cores": round(cpu / wall, 2), "server_rss_mb_peak": round(max(rss)),
            "client_cpu_cores": round(client / wall, 2),
            # The bench's own client runs on the server's cores: a move's CPU with it, to the hundredth.
            "cpu_ms_a_move": {"server": round(1000 * cpu / len(run.answers), 2),
                              "client": round(1000 * client / len(run.answers), 2),
                              "both": round(1000 * (cpu + client) / len(run.answers), 2)} if run.answers else None,
            "client_loop_late": summary_ms(run.loop_lag) if run.loop_lag else None,
            "load_average_before": [round(x, 2) for x in load0], "load_average_after": [round(x, 2) for x in load1],
            **({"restart": restarted} if restarted else {})}


async def _loop_lag(run: Run) -> None:
    """How late this client's one loop (every phone's sockets) runs a 10 ms timer: a push read late by
    the client is in the delivery figures, not the server's doing."""
    while True:
        start = time.monotonic()
        await asyncio.sleep(0.01)
        run.loop_lag.append(max(0.0, time.monotonic() - start - 0.01))


def _client_loop() -> asyncio.AbstractEventLoop:
    """The client's one loop: uvloop's when installed (pyproject's `bench` extra), asyncio's with
    BENCH_LOOP=asyncio. The client holds every phone's sockets on the server's two cores; its CPU is
    CPU the server does not get (0.39 of 2 cores at 1,000 tables with asyncio's loop)."""
    if os.environ.get("BENCH_LOOP", "uvloop") != "asyncio":
        try:
            import uvloop
        except ImportError:
            pass
        else:
            return uvloop.new_event_loop()
    return asyncio.new_event_loop()


def _a_move_while_down(path: Path, codes: list[str]) -> int:
    """One more move a table written to the file while the server is down (as the CLI would): no phone
    has seen it, so each must catch up once the server answers again."""
    from companion.store import games
    from companion.store.db import open_database
    db, moved = open_database(path), 0
    for code in codes:
        table = games.load(db, code)
        tries = ({"player": pick.player, "action": "sell", "card": card}
                 for pick in table.tracked.picks(table.state, table.names, "all") for card in pick.cards)
        for action in tries:             # the first seat and card the rules take (a seat that has played
            try:                         # this turn takes none: many tables had no move written)
                games.act(db, code, action)
                moved += 1
                break
            except Exception:
                continue
    db.close()
    return moved


def _one_run(tables: int, seconds: float, restart: bool) -> dict:
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    workdir = Path(tempfile.mkdtemp(prefix="bench-table-load-"))
    port = _free_port()
    held = {"server": _start(workdir, port)}
    _answering(port, held["server"], workdir)
    if restart:
        time.sleep(2)                    # both workers up: what a start costs the server, before any phone
    started_cpu = _cpu_seconds(held["server"].pid)

    async def restart_server(run: Run, made: list[Table]) -> dict:
        """Stopped mid-game, a move a table written meanwhile, started again: once it answers, how long
        until each phone shows its game's last version. Moves from the phones pause meanwhile."""
        loop = asyncio.get_running_loop()
        run.paused = True
        run.resumed.clear()
        await _until(lambda: run.posting == 0, 30)
        run.down, run.cpu_of_the_stopped_server = True, _cpu_seconds(held["server"].pid)
        await loop.run_in_executor(None, _stop, held["server"])
        moved = await loop.run_in_executor(None, _a_move_while_down, workdir / "bench.sqlite3", [t.code for t in made])
        with sqlite3.connect(workdir / "bench.sqlite3") as db:
            last = dict(db.execute("select game_id, max(seq) from events group by game_id").fetchall())
        started, client0 = time.monotonic(), time.process_time()
        held["server"] = _start(workdir, port)
        answered = await loop.run_in_executor(None, _answering, port, held["server"], workdir)
        # The server answers from its first answer to anyone: the bench's request, or a phone's stream
        # (a request sent before the workers were up is answered once they are, and not timed from then).
        answering = min([answered] + [p.opened_at for t in made for p in t.phones if p.opened_at > started])
        run.down = False
        back: dict[Phone, float] = {}
        waiting = [(p, last[t.code]) for t in made for p in t.phones]

        def all_back() -> bool:
            # When each phone first showed its game's last version (not when this looked: the bench's own
            # first answer may come after every phone's, behind them). Only the phones not back yet are
            # looked at, and one whose newest board is older is passed at once: looking at every phone's
            # every board 20 times a second was a fifth of the client's CPU while the phones came back,
            # taken from the server it measures (py-spy, 1,000 tables).
            nonlocal waiting
            left = []
            for p, version in waiting:
                if not p.seen or p.seen[-1][0] < version or p.opened_at <= started:     # and its stream back
                    left.append((p, version))
                    continue
                at = next(when for v, when in p.seen if v >= version)
                back[p] = max(0.0, max(at, p.opened_at) - answering)
            waiting = left
            return not waiting
        # Looked at 4 times a second: the times are each phone's own (its boards' arrival), not this look's,
        # and each look at 4,000 phones is CPU the server being measured does not get.
        caught = await _until(all_back, 60, every=0.25)
        cpu = _cpu_seconds(held["server"].pid)           # the new server's, from its start
        client = time.process_time() - client0           # the bench's own, on the same cores
        run.paused = False
        run.resumed.set()
        times = sorted(back.values())
        return {"tables_moved_while_down": moved,
                # a start's own CPU (the first server's, measured alone) taken off: noisy under a few
                # hundred phones (a start varies by a tenth of a second)
                "server_cpu_s_until_every_phone_back": round(cpu, 2), "server_cpu_s_a_start": round(started_cpu, 2),
                "server_cpu_ms_a_phone_back": round(1000 * (cpu - started_cpu) / max(1, len(back)), 2),
                "phones_back_on_the_last_board": f"{len(back)} of {4 * len(made)}" if not caught else "all",
                "client_cpu_s_until_every_phone_back": round(client, 2),
                "seconds_from_the_server_start_to_its_first_answer": round(answering - started, 2),
                "seconds_from_the_server_start_to_every_phone_back": round(answering - started + max(times, default=0), 2),
                "time_after_the_server_answered": summary_ms(times) if times else None}

    try:
        made = []
        run = Run(port)
        for _ in range(tables):
            doc = _api(port, "/api/v1/games", {"game": "7wonders", "edition": 1, "players": [
                {"name": n, "wonder": w, "side": "A"} for n, w in PLAYERS]})
            made.append(Table(doc["code"], doc["token"], run))

        async def main():
            for t in made:
                t.changed = asyncio.Event()         # bound to this loop
            return await _load(run, made, seconds, lambda: held["server"], restart_server if restart else None)
        with asyncio.Runner(loop_factory=_client_loop) as runner:
            return {**runner.run(main()), "client_loop": type(runner.get_loop()).__module__.split(".")[0]}
    finally:
        _stop(held["server"])


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
