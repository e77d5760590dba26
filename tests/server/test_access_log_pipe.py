"""The access log written to a pipe nobody reads does not stop the server (issue 29).

`--access-logfile -` writes each request's line to the server's output, a pipe to whatever runs
it (a process manager, a log collector). A pipe holds 64 KB: once its reader stops reading, a
gevent worker that wrote the line itself stopped at the next line, and with it every request and
stream it held. The lines are now written by a thread of the worker's pool; they wait, and are
written once the pipe is read again. Against gunicorn as the Procfile starts it.
"""
import http.client
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from ..test_first_start import free_port, procfile_command, wait_for_page
from .waiting import until

ROOT = Path(__file__).resolve().parents[2]
LONG = "x" * 3000          # a request line of 3 KB: its access line too, so a few fill the pipe


def start(tmp_path: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "PORT": str(port), "FLASK_DATABASE": str(tmp_path / "server.sqlite3"),
           "FLASK_SECRET_KEY": "server-tests",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = procfile_command().replace("0.0.0.0", "127.0.0.1") + " --no-control-socket"
    with open(tmp_path / "error.log", "wb") as err:
        process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=err, start_new_session=True)
    return process, port


def get(port: int, path: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_log_pipe_nobody_reads_stops_no_request(tmp_path):
    process, port = start(tmp_path)
    reader = None
    try:
        assert wait_for_page(port, process) == 200, (tmp_path / "error.log").read_text()
        # 150 lines of 3 KB: seven times what the pipe holds, none of it read meanwhile
        answered = [get(port, f"/g/join?{n}={LONG}") for n in range(150)]
        assert answered == [200] * 150              # without: a worker stopped at its ~20th line, unanswered
        lines = []
        reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)
        reader.start()                              # the pipe read again: every line comes
        written = until(lambda: sum(LONG in line.decode() for line in list(lines)), lambda n: n >= 150, 30)
        assert written == 150
        assert all(line.endswith(b"\n") and line.count(b'"GET ') == 1 for line in lines), "a line cut or mixed"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)
        if reader is not None:
            reader.join(10)                         # the server gone: the pipe ends
        process.stdout.close()
