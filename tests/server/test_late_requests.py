"""Issue 29, point 4: a request that comes late on its connection is answered, not cut.

Against gunicorn as the Procfile starts it. gunicorn's gevent worker gave a new
connection's first request its keep-alive time (2 s), counted from when the
worker first looked at it: a request sent later (a phone on a lossy network, a
client or a worker seconds behind under overload) had its connection closed
without a byte (the load bench's 287 "IndexError" answers at 2,000 tables).
The first request now has FIRST_REQUEST_TIMEOUT (10 s, as nginx's
client_header_timeout); a connection that sends nothing is still let go.
"""
import re
import socket
import time
from pathlib import Path

import pytest

from companion.serving.worker import FIRST_REQUEST_TIMEOUT

from ..test_first_start import procfile_command
from .conftest import Gunicorn

KEEP_ALIVE = float(re.search(r"--keep-alive (\d+)", procfile_command()).group(1))
SHORT_KEEP_ALIVE = 2       # gunicorn's own default: the first request's window was this, from the first look
NGINX = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf").read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Gunicorn(tmp_path_factory.mktemp("late"), args=f"--keep-alive {SHORT_KEEP_ALIVE}")
    yield running
    running.stop()


def late_request(port: int, late_by: float) -> bytes:
    """A GET sent `late_by` seconds after its connection was accepted; the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        time.sleep(late_by)                 # the client's lateness is what is tested, not a wait for the server
        sock.sendall(b"GET /g/join HTTP/1.0\r\nHost: x\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


def test_a_first_request_later_than_keep_alive_is_answered(server):
    """Later than the keep-alive (a short one here: the Procfile's is longer than the first request's
    window), within FIRST_REQUEST_TIMEOUT: answered."""
    assert SHORT_KEEP_ALIVE + 1 < FIRST_REQUEST_TIMEOUT
    answer = late_request(server.port, SHORT_KEEP_ALIVE + 1)
    assert answer.startswith(b"HTTP/1.0 200 "), answer[:200]
    assert b"</html>" in answer


def test_a_connection_that_sends_nothing_is_let_go(tmp_path):
    running = Gunicorn(tmp_path, env={"COMPANION_FIRST_REQUEST_TIMEOUT": "1"})
    try:
        with socket.create_connection(("127.0.0.1", running.port), timeout=30) as sock:
            assert sock.recv(65536) == b""            # closed by the server, unanswered, long before 30 s
        # one that sends in time is answered by the same server
        assert late_request(running.port, 0).startswith(b"HTTP/1.0 200 ")
    finally:
        running.stop()


def test_nginx_lets_an_idle_connection_to_gunicorn_go_before_gunicorn_does():
    """A request nginx sends on a kept connection gunicorn is closing is lost (a 502; a move is not
    sent again): nginx's idle time to gunicorn is shorter than gunicorn's keep-alive, with room for a
    worker running late."""
    upstream = re.search(r"upstream companion \{(.*?)\}", NGINX, re.S).group(1)
    idle = re.search(r"^\s*keepalive_timeout (\d+)s;", upstream, re.M)
    assert "keepalive " in upstream and idle is not None
    assert float(idle.group(1)) + 2 <= KEEP_ALIVE
