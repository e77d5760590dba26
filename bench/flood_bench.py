"""One client opening thousands of connections, and what the other clients see meanwhile (issue 27, point 9).

`python -m bench flood`: gunicorn on loopback, a fresh database, started two ways:
  - before: the Procfile as it was (gunicorn's own gevent worker, no per-client cap);
  - after: the Procfile as it is (companion.serving.worker.CappedGeventWorker).
For each, and for two kinds of flood, one client (127.0.0.2) keeps BENCH_FLOOD_CONNECTIONS (8,000)
connections going for BENCH_FLOOD_SECONDS (10): live streams (GET /g/<code>/events) or slow uploads
(a photo upload announcing 100 kB that sends one byte); a connection the server closes is opened again a
second later. Another client (127.0.0.3), in this process, asks for the home page on a new
connection each time, one after another (5 s timeout): its p50/p99 before the flood and during it,
and after the flooder lets go, how long until a request is answered again. The flooder runs in
its own process, so its event loop does not slow the measuring client's.
Bounded: loopback only, at most BENCH_FLOOD_CONNECTIONS at once, each phase BENCH_FLOOD_SECONDS.
"""
from __future__ import annotations

import asyncio
import http.client
import json
import multiprocessing
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .stats import summary_ms

ROOT = Path(__file__).resolve().parents[1]
CONNECTIONS = int(os.environ.get("BENCH_FLOOD_CONNECTIONS", "8000"))
SECONDS = float(os.environ.get("BENCH_FLOOD_SECONDS", "10"))
FLOODER, OTHER = "127.0.0.2", "127.0.0.3"
TIMEOUT = 5.0
RAMP = 3.0                 # seconds the flood gets to open its connections before the measure starts
BEFORE = ("gunicorn 'companion.web:create_app()' --bind 0.0.0.0:$PORT --worker-class gevent --workers 2 "
          "--worker-connections 4000 --graceful-timeout 5 --access-logfile -")


def run() -> dict:
    _raise_file_limit()
    out = {"connections": CONNECTIONS, "seconds": SECONDS}
    after = next(l for l in (ROOT / "Procfile").read_text().splitlines() if l.startswith("web:")).split(":", 1)[1]
    for name, command in (("before", BEFORE), ("after", after.strip())):
        for kind in ("streams", "uploads"):
            with tempfile.TemporaryDirectory() as tmp:
                server, port = _start(command, Path(tmp))
                try:
                    result = _measure(port, kind)
                finally:
                    os.killpg(server.pid, signal.SIGKILL)
                    server.wait()
            out[f"{name}_{kind}"] = result
            print(f"  {name} {kind}: {json.dumps(result)}", flush=True)
    return out


def _raise_file_limit() -> None:
    # 8,000 sockets here, and in the server up to 4,000 a worker plus its SQLite files: the hard limit
    # (at most 65,536), which gunicorn, started after, inherits.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if wanted < CONNECTIONS + 1000:
        raise RuntimeError(f"the open-file limit ({hard}) is below {CONNECTIONS + 1000}: raise it (ulimit -Hn)")
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _start(command: str, workdir: Path) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = (command.replace("gunicorn", f"{sys.executable} -m gunicorn", 1).replace("$PORT", str(port))
               .replace("0.0.0.0", "127.0.0.1").replace("--access-logfile -", "") + " --no-control-socket")
    env = dict(os.environ, FLASK_DATABASE=str(workdir / "flood.sqlite3"), FLASK_SECRET_KEY="flood")
    with open(workdir / "gunicorn.log", "wb") as log:
        server = subprocess.Popen(command, shell=True, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if _ask(port) is not None:
            return server, port
        time.sleep(0.3)
    os.killpg(server.pid, signal.SIGKILL)
    raise RuntimeError("gunicorn did not start: " + (workdir / "gunicorn.log").read_text()[-2000:])


def _ask(port: int, source: str = OTHER) -> float | None:
    """Seconds the home page took on a new connection from `source`, None when it failed or timed out."""
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT, source_address=(source, 0))
    try:
        conn.request("GET", "/")
        answer = conn.getresponse()
        answer.read()
        return time.monotonic() - start if answer.status == 200 else None
    except OSError:
        return None
    finally:
        conn.close()


def _other_client(port: int, seconds: float) -> dict:
    took, failed = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        spent = _ask(port)
        if spent is None:
            failed += 1
        else:
            took.append(spent)
    return {**(summary_ms(took) if took else {"n": 0}), "failed_or_timed_out": failed}


def _measure(port: int, kind: str) -> dict:
    quiet = _other_client(port, min(SECONDS, 5))
    request = _flood_request(port, kind)
    ctx = multiprocessing.get_context("spawn")
    stop, results = ctx.Event(), ctx.Queue()
    flooder = ctx.Process(target=_flood, args=(port, request, stop, results))
    flooder.start()
    time.sleep(RAMP)                      # a bench, not a test: the flood opens its connections
    during = _other_client(port, SECONDS)
    stop.set()
    flood = results.get(timeout=60)
    flooder.join(30)
    released = time.monotonic()
    while _ask(port) is None and time.monotonic() - released < 60:
        pass
    return {"quiet": quiet, "during_flood": during, "flood": flood,
            "answered_again_after_s": round(time.monotonic() - released, 2)}


def _flood_request(port: int, kind: str) -> bytes:
    if kind == "uploads":
        return (b"POST /scan/ HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                b"Content-Length: 100000\r\n\r\n-")        # a photo upload; the form is read before anything
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(FLOODER, 0))
    doc = json.dumps({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]})
    conn.request("POST", "/api/v1/games", body=doc, headers={"Content-Type": "application/json"})
    made = json.loads(conn.getresponse().read())
    conn.request("GET", made["join_url"])
    answer = conn.getresponse()
    answer.read()
    cookie = answer.getheader("Set-Cookie").split(";", 1)[0]
    conn.close()
    return f"GET /g/{made['code']}/events HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode()


# -- the flooding client, in its own process ----------------------------------------

def _flood(port: int, request: bytes, stop, results) -> None:
    results.put(asyncio.run(_flood_async(port, request, stop)))


async def _flood_async(port: int, request: bytes, stop) -> dict:
    counts = {"opened": 0, "closed_by_server": 0, "connect_failed": 0, "open_at_end": 0}
    over = asyncio.Event()

    async def watch() -> None:            # the other process's Event, looked at 10 times a second
        while not stop.is_set():
            await asyncio.sleep(0.1)
        over.set()

    async def one() -> None:
        while not over.is_set():
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", port, local_addr=(FLOODER, 0)), TIMEOUT)
            except (OSError, asyncio.TimeoutError):
                counts["connect_failed"] += 1
                await asyncio.sleep(1)
                continue
            counts["opened"] += 1
            try:
                writer.write(request)
                while not over.is_set():
                    try:
                        if not await asyncio.wait_for(reader.read(65536), 0.5):
                            break
                    except asyncio.TimeoutError:
                        continue
                else:                     # held by the server, or still waiting in its accept queue
                    counts["open_at_end"] += 1
                    return
                counts["closed_by_server"] += 1
            except OSError:
                counts["closed_by_server"] += 1
            finally:
                writer.close()
            await asyncio.sleep(1)

    await asyncio.gather(watch(), *(one() for _ in range(CONNECTIONS)))
    return counts
