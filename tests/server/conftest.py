"""A real gunicorn, started as the Procfile says, on a free loopback port and a fresh database."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from ..test_first_start import free_port, procfile_command

ROOT = Path(__file__).resolve().parents[2]


class Gunicorn:
    def __init__(self, tmp_path: Path, env: dict | None = None, args: str = ""):
        """`args`: gunicorn options after the Procfile's (the last of an option wins)."""
        self.port, self.tmp = free_port(), tmp_path
        self.base = f"http://127.0.0.1:{self.port}"
        self.access_log, self.error_log = tmp_path / "access.log", tmp_path / "error.log"
        env = {**os.environ, "PORT": str(self.port), "FLASK_DATABASE": str(tmp_path / "server.sqlite3"),
               "FLASK_SECRET_KEY": "server-tests", **(env or {}),
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        command = procfile_command().replace("0.0.0.0", "127.0.0.1") + " --no-control-socket " + args
        with open(self.access_log, "wb") as out, open(self.error_log, "wb") as err:
            self.process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=ROOT, env=env, stdout=out,
                                            stderr=err, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.error_log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(self.base + "/", timeout=10):
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("gunicorn did not start: " + self.error_log.read_text()[-3000:])

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


@pytest.fixture
def gunicorn(tmp_path):
    server = Gunicorn(tmp_path)
    yield server
    server.stop()


def raw(port: int, data: bytes, *, source: str = "127.0.0.1", close_sending: bool = True,
        timeout: float = 30) -> bytes:
    """Send `data` as it is on a fresh connection and read the answer until the server closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as sock:
        sock.sendall(data)
        if close_sending:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
            if not close_sending and _complete(answer):
                break
        return answer


def _complete(answer: bytes) -> bool:
    head, sep, body = answer.partition(b"\r\n\r\n")
    found = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    return bool(sep) and found is not None and len(body) >= int(found.group(1))


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def session(base: str, path: str = "/sheets/new") -> tuple[str, str]:
    """A phone's cookie and the page's CSRF token, as a browser gets them."""
    with urllib.request.urlopen(base + path, timeout=30) as response:
        cookie = response.headers["Set-Cookie"].split(";", 1)[0]
        html = response.read().decode()
    return cookie, re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
