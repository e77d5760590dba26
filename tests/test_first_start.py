"""Issue 14, item 6: the Procfile's command starts cleanly on an empty database, every time.

Each run starts gunicorn exactly as the Procfile says (several workers, each
creating the app, so several processes open the new file at once), waits for a
page, and checks that every worker booted and each migration was applied once.
Before the migrations took a lock, 7 of 27 such starts lost a worker.
"""
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STARTS = 5


def procfile_command() -> str:
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    return line.split(":", 1)[1].strip()


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


_BLOCK = 500
_handed: set[int] = set()


def free_port() -> int:
    """A free loopback port for a server a test starts (it binds it later, so the port must stay free):
    each pytest-xdist worker draws from its own block of ports below the kernel's ephemeral range, so
    neither another worker nor an outgoing connection takes it meanwhile; never the same port twice."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    start = 20000 + (int(worker) if worker.isdigit() else 0) * _BLOCK
    if start + _BLOCK > _ephemeral_low():             # a machine with a wide ephemeral range: ask the kernel
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    first = start + random.randrange(_BLOCK)         # two runs side by side rarely start on the same port
    for offset in range(_BLOCK):
        port = start + (first - start + offset) % _BLOCK
        if port in _handed:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed.add(port)
        return port
    raise RuntimeError(f"no free port in {start}..{start + _BLOCK - 1}")


def start(database: Path, port: int, log: Path) -> subprocess.Popen:
    env = {**os.environ, "PORT": str(port), "FLASK_DATABASE": str(database), "FLASK_SECRET_KEY": "first-start",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    with open(log, "wb") as out:
        return subprocess.Popen(["bash", "-c", "exec " + procfile_command()], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def wait_for_page(port: int, server: subprocess.Popen, seconds: float = 120) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return -1                     # gunicorn gave up (a worker failed to boot)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                return response.status
        except OSError:
            time.sleep(0.2)
    return 0


def booted_workers(log: Path, workers: int, seconds: float = 60) -> str:
    """The log once every worker said it booted (or the deadline passed)."""
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        if len(re.findall(r"Booting worker with pid", text)) >= workers and "Traceback" not in text:
            return text
        time.sleep(0.2)
    return text


def workers() -> int:
    return int(re.search(r"--workers (\d+)", procfile_command()).group(1))


def test_the_procfile_runs_several_workers():
    assert workers() >= 2 and "companion.web:create_app()" in procfile_command()


@pytest.mark.parametrize("attempt", range(STARTS))
def test_the_procfile_command_starts_on_an_empty_database(tmp_path, attempt):
    database, log, port = tmp_path / "fresh.sqlite3", tmp_path / "gunicorn.log", free_port()
    assert not database.exists()
    server = start(database, port, log)
    try:
        status = wait_for_page(port, server)
        text = booted_workers(log, workers())
        assert status == 200, text[-3000:]
        assert "Traceback" not in text and "Worker failed to boot" not in text, text[-3000:]
        for _ in range(6):                # the next pages land on other workers: all serve
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/sheets/new", timeout=10) as response:
                assert response.status == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
    text = log.read_text(errors="replace")        # the whole run: a worker that failed while the pages were asked
    assert "Traceback" not in text and "Worker failed to boot" not in text, text[-3000:]
    con = sqlite3.connect(database)
    applied = con.execute("select name, count(*) from _sqlite_migrations group by name").fetchall()
    mode = con.execute("pragma journal_mode").fetchone()[0]
    con.close()
    assert applied and all(n == 1 for _, n in applied), applied
    assert mode == "wal"
