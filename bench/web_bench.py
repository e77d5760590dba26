"""The score sheet under load: gunicorn on loopback, 200 sheets edited at once.

Each simulated phone owns one sheet and posts single-cell updates (as htmx
does) over a kept-alive connection. Bounded in time and count; loopback only.
"""
from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from . import UNBOUNDED_WRITES
from .stats import summary_ms

PHONES = 200
SECONDS = 15.0
MAX_REQUESTS_PER_PHONE = 400
WORKERS = int(os.environ.get("BENCH_WORKERS", "3"))
THREADS = int(os.environ.get("BENCH_THREADS", "2"))
ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Phone:
    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        try:
            return self._request(method, path, body, headers)
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed an idle kept-alive connection: reconnect, as a browser does.
            self.conn.close()
            return self._request(method, path, body, headers)

    def _request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        head = {"Cookie": self.cookie} if self.cookie else {}
        head.update(headers or {})
        data = None
        if body is not None:
            data = urlencode(body, doseq=True)
            head["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=data, headers=head)
        response = self.conn.getresponse()
        text = response.read().decode()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, response.getheader("Location"), text

    def new_sheet(self) -> tuple[str, str]:
        _, _, html = self.request("GET", "/sheets/new")
        token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
        status, location, _ = self.request("POST", "/sheets/new", {
            "csrf_token": token, "pad": "7wonders", "name": ["Ana", "Bruno", "Chloé", "Dan"]})
        assert status == 303, status
        return re.sub(r"^https?://[^/]+", "", location), token


def run() -> dict:
    port = _free_port()
    workdir = tempfile.mkdtemp(prefix="bench-web-")
    env = dict(os.environ, FLASK_DATABASE=str(Path(workdir) / "bench.sqlite3"), FLASK_SECRET_KEY="bench",
               FLASK_WRITE_LIMITS=UNBOUNDED_WRITES)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "companion.web:create_app()", "--bind", f"127.0.0.1:{port}",
         "--workers", str(WORKERS), "--worker-class", "gthread", "--threads", str(THREADS), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(Path(workdir) / "gunicorn.log", "w"))
    try:
        _wait_for(port)
        result = _measure(port)
        result["search_as_you_type"] = _typing(port)
        log = (Path(workdir) / "gunicorn.log").read_text()
        result["server_errors_logged"] = log.count("Traceback")
        return result
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(10)


def _wait_for(port: int) -> None:
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


def _measure(port: int) -> dict:
    weight = _page_weight(port)
    phones = [Phone(port) for _ in range(PHONES)]
    sheets = [phone.new_sheet() for phone in phones]
    latencies: list[list[float]] = [[] for _ in phones]
    errors = [0] * PHONES
    stop = time.perf_counter() + SECONDS
    barrier = threading.Barrier(PHONES)

    def edit(i: int) -> None:
        phone, (path, token) = phones[i], sheets[i]
        barrier.wait()
        n = 0
        while time.perf_counter() < stop and n < MAX_REQUESTS_PER_PHONE:
            cell = f"v-{n % 4}-civil"
            start = time.perf_counter()
            # No "was-" value: each phone owns its sheet, so no stale check is asked for.
            status, _, _ = phone.request("POST", path, {"csrf_token": token, cell: str(n % 17)},
                                         {"HX-Request": "true"})
            latencies[i].append(time.perf_counter() - start)
            errors[i] += status != 200
            n += 1

    elapsed = _run_all([threading.Thread(target=edit, args=(i,)) for i in range(PHONES)])
    every = [x for per in latencies for x in per]
    result = summary_ms(every)
    rps = len(every) / elapsed
    print(f"sheet updates: {PHONES} phones, {len(every)} requests in {elapsed:.1f} s: {rps:.0f} req/s; "
          f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms; errors {sum(errors)} "
          f"(gunicorn gthread, {WORKERS} workers x {THREADS} threads, 2 cores shared with the load generator)")
    print(f"sheet page weight: HTML {weight['html_bytes']} B + CSS {weight['css_bytes']} B = "
          f"{weight['total_kb']:.1f} KB (htmx excluded); gzip {weight['gzip_kb']:.1f} KB")
    return {"phones": PHONES, "requests": len(every), "seconds": round(elapsed, 2), "requests_per_second": round(rps),
            "update": result, "errors": sum(errors), "page_weight": weight}


def _run_all(threads: list[threading.Thread]) -> float:
    """Start every thread, wait for all; the seconds it took."""
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - began


def _page_weight(port: int) -> dict:
    import gzip
    phone = Phone(port)
    path, _ = phone.new_sheet()
    _, _, html = phone.request("GET", path)
    _, _, css = phone.request("GET", "/static/css/app.css")
    raw = html.encode() + css.encode()
    return {"html_bytes": len(html.encode()), "css_bytes": len(css.encode()),
            "total_kb": round(len(raw) / 1024, 1),
            "gzip_kb": round((len(gzip.compress(html.encode())) + len(gzip.compress(css.encode()))) / 1024, 1)}


TYPISTS = 10
NAMES_EACH = 20


def _typing(port: int) -> dict:
    """Phones typing card names letter by letter, each keystroke an htmx request."""
    import random
    from urllib.parse import quote

    from companion.catalog import LANGUAGES, catalog

    from .catalog_bench import typo
    rng = random.Random(7)
    entities = catalog().all_entities()
    words = []
    for _ in range(TYPISTS * NAMES_EACH):
        entity, lang = rng.choice(entities), rng.choice(LANGUAGES)
        name = entity.name_in(lang)
        words.append(typo(name, rng) if rng.random() < 0.5 else name)
    latencies: list[float] = []
    lock = threading.Lock()

    def type_names(chunk: list[str]) -> None:
        phone = Phone(port)
        for word in chunk:
            for end in range(2, len(word) + 1):
                start = time.perf_counter()
                status, _, _ = phone.request("GET", "/cards/?q=" + quote(word[:end]), headers={"HX-Request": "true"})
                elapsed = time.perf_counter() - start
                assert status == 200, status
                with lock:
                    latencies.append(elapsed)

    elapsed = _run_all([threading.Thread(target=type_names, args=(words[i::TYPISTS],)) for i in range(TYPISTS)])
    result = summary_ms(latencies)
    print(f"search as you type: {TYPISTS} phones typing {len(words)} names ({len(latencies)} keystrokes) "
          f"in {elapsed:.1f} s: p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms per keystroke")
    return {"typists": TYPISTS, "keystrokes": len(latencies), "latency": result}
