"""Server CPU for each kind of request a tracked table's phones make (issue 29), in one process.

The load bench (table_load) measures the whole server under the page's request
pattern, but on a shared machine its latencies are queueing behind other work.
This one measures what a request costs, whatever the machine's share: the app
is served by Flask's test client in this process, one request at a time, and
the process's CPU time is read around each request. The phones do what the
page does, read from the page (bench/table_page.py): each joins by the link and
its seat; at each turn a player asks a price (the action form's hx-get), then
posts the first way to pay; after each move every other phone asks its board
(it shows the version before), and the mover's own stream says "changed" too
(the board asks when the page's trigger does so for a version it shows).

Reported: CPU a request by kind (ms, mean and p50), requests a move, CPU a
move (all the requests a move makes). BENCH_CPU_TABLES (20) and
BENCH_CPU_MOVES (400) size it; BENCH_PROFILE=FILE writes a cProfile of the
measured part (`python -m pstats FILE`); BENCH_TREE measures another checkout.

BENCH_CPU_WORKERS=2 stands for the Procfile's two gunicorn workers (issue 29): a
phone's stream is often held by the worker that did not take the move, which
takes up each version itself (the game's catch-up, its state, log and shared
parts, then that phone's board). Every request is served here as before; the
streams of every other seat (the 2nd and 4th phone of each table) are served
by a second process, forked before the app is made, that hears each move as
its watcher would (`live.Hub.published`, its own watcher idled) and hands the
events back. Reported apart: that process's CPU a move, and by event. Under
callgrind each process writes its own count (`--callgrind-out-file=cg.%p`):
the second's, less a run of 0 moves, is what a version costs the worker that
did not take it; the first's, the mover's worker with the bench's phones.
"""
from __future__ import annotations

import cProfile
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from . import UNBOUNDED_WRITES
from .table_page import (board_holds_back, is_board, next_event, read_board, read_page, read_pick,
                         takes_pushed_boards)

ROOT = Path(os.environ.get("BENCH_TREE") or Path(__file__).resolve().parents[1])
HOLDS_BACK = board_holds_back(ROOT)
PUSHED = takes_pushed_boards(ROOT)      # the stream carries boards: each phone holds its stream here
PLAYERS = [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus"), ("Dan", "Babylon")]


class Phone:
    def __init__(self, app, code: str, token: str, name: str, costs: dict, other=None):
        self.client, self.code, self.name, self.costs = app.test_client(), code, name, costs
        self.client.get(f"/g/{code}?t={token}")
        page = read_page(self.client.get(f"/g/{code}?as={urllib.parse.quote(name)}").get_data(as_text=True))
        self.headers, self.board = page.headers, page.board
        self.stream, self.other, self.events = None, other, []
        if PUSHED and other is not None:      # its stream held by the other worker (its session's cookie)
            cookies = [(c.key, c.value, c.domain, c.path) for c in self.client._cookies.values()]
            own = {k: v for k, v in self.client.environ_base.items() if k.startswith("HTTP_")}     # its language
            other.send(("open", id(self), page.stream, self.headers, cookies, own))
            self.events = other.recv()
        elif PUSHED:        # its stream, served in this process: its events (and the boards it renders) read
            self.stream = iter(self.client.get(page.stream, headers=self.headers, buffered=False).response)
            self.event()

    def event(self) -> dict:
        """The stream's next event (its fields), comments skipped."""
        if self.events:
            return self.events.pop(0)
        event = next_event(self.stream)
        if event is None:
            raise SystemExit("a stream ended")
        return event

    def streamed(self, version: int) -> None:
        """The stream's events up to its "changed" for `version`, their CPU counted apart (no request):
        a pushed board is shown as table.js does (its phones choose a card only at their turn, right
        before posting: no pick is under way when another's move is pushed)."""
        while True:
            started = time.process_time()
            fields = self.event()
            self.costs.setdefault("stream: " + fields["event"], []).append(time.process_time() - started)
            if fields["event"] == "board":
                board = read_board(fields["data"])
                if board.version > self.board.version:
                    self.board = board
            elif int(fields["data"]) >= version:
                return

    def request(self, kind: str, method: str, url: str, headers: dict | None = None, **kwargs):
        started = time.process_time()
        answer = self.client.open(url, method=method, headers=headers or self.headers, **kwargs)
        data = answer.get_data()
        self.costs.setdefault(kind, []).append(time.process_time() - started)
        if answer.status_code not in (200, 204, 409):
            raise SystemExit(f"{kind}: {answer.status_code} {data[:300]!r}")
        return answer.status_code, data

    def heard(self, version: int) -> None:
        """A "changed" on the stream: the board asks (as its hx-trigger and table.js do)."""
        if "changed" not in self.board.asks.stream_events:
            raise SystemExit("the board no longer asks on the stream's 'changed': teach the bench what it does")
        if self.other is not None and PUSHED:
            self.other.send(("read", id(self), self.code, version))
            self.events = self.other.recv()
            self.streamed(version)
        elif self.stream is not None:
            self.streamed(version)
        if version <= self.board.version and "shown" in HOLDS_BACK:
            return                               # the page asks nothing for a version it shows
        kind = "board (changed)" if version > self.board.version else "board (changed, 204)"
        status, data = self.request(kind, "GET", self.board.url)
        if status == 200:
            self.board = read_board(data.decode())

    def move(self, rng: random.Random) -> bool:
        pick = self.board.pick
        verbs = [v for v in pick["verbs"] if v in ("build", "stage")]
        card = rng.choice(pick["cards"])
        priced = None
        for verb in (rng.choice(verbs), "sell"):
            query = urllib.parse.urlencode({"player": self.name, "action": verb, "card": card})
            status, data = self.request("price", "GET", f"{pick['url']}?{query}")
            text = data.decode()
            if is_board(text):           # the board itself (a whole board, or the answer retargeted to it)
                self.board = priced = read_board(text)
            else:                        # the form's own section (its hx-target), priced
                priced = read_pick(text)
            if priced.moves:
                break
        if not priced.moves:
            return False
        form = priced.moves[0]
        status, data = self.request("move", "POST", form["url"], data=form["fields"],
                                    headers={**self.headers, "HX-Boosted": "true"})
        self.board = read_board(data.decode())
        return status == 200


def _old_look(hub, conn, last: int) -> int:
    """The watcher's look of a tree whose hub has no `look` of its own (as its `_watch` made it)."""
    rows = conn.execute("select rowid, game_id, seq from events where rowid > ? order by rowid", [last]).fetchall()
    newest: dict[str, int] = {}
    for _rowid, code, seq in rows:
        newest[code] = max(newest.get(code, 0), seq)
    for code, seq in newest.items():
        hub.published(code, seq)
    return rows[-1][0] if rows else last


def _other_worker(conn, database: str) -> None:
    """The second worker: the streams opened in it, each read up to a version once its watcher has looked."""
    import sqlite3

    from companion.store import live
    live.INTERVAL = 3600.0       # its watcher idled: it looks when the driver says a move was made
    from companion.web import create_app
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench"})
    hub, streams, spent, heard = live.hub(database), {}, {}, {}
    watching, last = sqlite3.connect(database), 0
    profile = cProfile.Profile() if os.environ.get("BENCH_PROFILE") else None
    while True:
        what, *args = conn.recv()
        if what == "open":
            key, url, headers, cookies, own = args
            client = app.test_client()
            client.environ_base.update(own)
            for name, value, domain, path in cookies:
                client.set_cookie(name, value, domain=domain, path=path)
            streams[key] = iter(client.get(url, headers=headers, buffered=False).response)
            conn.send([next_event(streams[key])])
        elif what == "read":
            key, code, version = args
            started = time.process_time()
            if profile:
                profile.enable()
            if heard.get(code) != version:     # the watcher's look: one query, whatever it finds
                last = hub.look(watching, last) if hasattr(hub, "look") else _old_look(hub, watching, last)
            read = []
            while not read or read[-1]["event"] != "changed" or int(read[-1]["data"]) < version:
                fields = next_event(streams[key])
                if fields is None:
                    raise SystemExit("a stream ended")
                read.append(fields)
            if profile:
                profile.disable()
            kind = "a version's first read" if heard.get(code) != version else "its other phones' reads"
            spent.setdefault(kind, []).append(time.process_time() - started)
            heard[code] = version
            conn.send(read)
        elif what == "start":
            spent = {}
            last = watching.execute("select coalesce(max(rowid), 0) from events").fetchone()[0]
            conn.send(time.process_time())
        elif what == "stop":
            if profile:
                profile.dump_stats(os.environ["BENCH_PROFILE"] + ".other")
            conn.send((time.process_time(), spent))
            return


def run() -> dict:
    tables = int(os.environ.get("BENCH_CPU_TABLES", "20"))
    moves = int(os.environ.get("BENCH_CPU_MOVES", "400"))
    workdir = Path(tempfile.mkdtemp(prefix="bench-table-cpu-"))
    os.environ["FLASK_WRITE_LIMITS"] = UNBOUNDED_WRITES
    database = str(workdir / "bench.sqlite3")
    other = None
    if os.environ.get("BENCH_CPU_WORKERS", "1") == "2":     # forked before the app: nothing of it shared
        other, there = multiprocessing.Pipe()
        worker = multiprocessing.get_context("fork").Process(target=_other_worker, args=(there, database),
                                                             daemon=True)
        worker.start()
    sys.path.insert(0, str(ROOT))
    from companion.web import create_app
    if other is not None:
        from companion.store import live
        # Its watcher idled too: its own moves wake its streams at once (nobody else writes), and a look
        # every 20 ms would count with the run's length, not its moves (under callgrind, minutes).
        live.INTERVAL = 3600.0
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench"})
    costs: dict[str, list[float]] = {}
    made = []
    api = app.test_client()
    for _ in range(tables):
        doc = api.post("/api/v1/games", json={"game": "7wonders", "edition": 1, "players": [
            {"name": n, "wonder": w, "side": "A"} for n, w in PLAYERS]}).get_json()
        made.append([Phone(app, doc["code"], doc["token"], n, costs, other if i % 2 else None)
                     for i, (n, _w) in enumerate(PLAYERS)])
    costs.clear()
    if other is not None:
        other.send(("start",))
        other_started = other.recv()
    rng = random.Random(29)
    profile = cProfile.Profile() if os.environ.get("BENCH_PROFILE") else None
    if profile:
        profile.enable()
    done = 0
    while done < moves:
        phones = rng.choice(made)
        ready = [p for p in phones if p.board.pick and p.board.pick["player"] == p.name]
        if not ready:                    # the game is over: a table that has ended is left alone
            made.remove(phones)
            if not made:
                break
            continue
        mover = rng.choice(ready)
        if not mover.move(rng):
            continue
        done += 1
        version = mover.board.version
        for phone in phones:             # the stream's "changed" reaches every phone, the mover's too
            phone.heard(version)
    if profile:
        profile.disable()
        profile.dump_stats(os.environ["BENCH_PROFILE"])
    out = {"tables": tables, "moves": done, "tree": str(ROOT)}
    if other is not None:
        other.send(("stop",))
        other_stopped, pushes = other.recv()
        out["other worker"] = {"cpu_ms_a_move": round(1000 * (other_stopped - other_started) / max(done, 1), 3)}
        for kind, spent in sorted(pushes.items()):
            out["other worker"][kind] = {"reads": len(spent), "cpu_ms_mean": round(1000 * statistics.fmean(spent), 3)}
        worker.join()
    total = 0.0
    for kind, spent in sorted(costs.items()):
        out[kind] = {"requests": len(spent), "cpu_ms_mean": round(1000 * statistics.fmean(spent), 2),
                     "cpu_ms_p50": round(1000 * statistics.median(spent), 2)}
        total += sum(spent)
    out["requests_a_move"] = round(sum(len(s) for k, s in costs.items() if not k.startswith("stream:")) / max(done, 1), 2)
    out["cpu_ms_a_move"] = round(1000 * total / max(done, 1), 2)
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=1))
