"""Issue 27, point 10: gunicorn's access log keeps the addresses asked for, without the secrets in them.

An invitation link's secret, a join link's token and a table's code (each lets a
phone in) were written in full by `--access-logfile -`. Against gunicorn as the
Procfile starts it: the pages are asked for, then the log is read.
"""
import json
import re
import time
import urllib.error
import urllib.request

import pytest

from .conftest import Gunicorn


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Gunicorn(tmp_path_factory.mktemp("access-log"))
    yield running
    running.stop()


def fetch(url: str, headers: dict | None = None, data: bytes | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def log_once_it_has(server, lines: list[str], seconds: float = 30) -> str:
    """The access log once it holds every one of `lines` (each is written as its answer ends, by
    either worker), or at the deadline."""
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        text = server.access_log.read_text(errors="replace")
        if all(line in text for line in lines):
            break
        time.sleep(0.1)
    return text


def test_links_tokens_and_codes_are_not_in_the_access_log(server):
    base = server.base
    _, group_page = fetch(base + "/group/")
    invitation = re.search(rb'value="https?://[^/]+(/group/join/([\w-]+))"', group_page)
    link, secret = invitation.group(1).decode(), invitation.group(2).decode()
    assert fetch(base + link)[0] == 200

    body = json.dumps({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]}).encode()
    status, made = fetch(base + "/api/v1/games", {"Content-Type": "application/json"}, body)
    assert status == 201
    made = json.loads(made)
    code, token = made["code"], made["token"]
    opener = urllib.request.build_opener(NoRedirects)
    try:
        opener.open(base + made["join_url"], timeout=30)
    except urllib.error.HTTPError as exc:
        assert exc.code == 303
    assert fetch(base + f"/g/join?code={code.lower()}")[0] in (200, 302, 303, 404)
    assert fetch(base + f"/api/v1/games/{code}", {"Authorization": f"Bearer {token}"})[0] == 200
    assert fetch(base + f"/g/{code}/board", {"Referer": base + made["join_url"]})[0] == 404

    kept = ['"GET /group/join/… HTTP/1.1" 200', '"POST /api/v1/games HTTP/1.1" 201', '"GET /g/…?t=… HTTP/1.1" 303',
            '"GET /g/join?code=… HTTP/1.1"', '"GET /api/v1/games/… HTTP/1.1" 200', '"GET /g/…/board HTTP/1.1" 404',
            f'"{base}/g/…?t=…"']
    log = log_once_it_has(server, kept)
    for secret_text in (secret, token, code, code.lower()):
        assert secret_text not in log, (secret_text, log)
    for line in kept:
        assert line in log, (line, log)


@pytest.mark.parametrize("form", [None, '%(h)s %(t)s "%(r)s" %(s)s %(B)s %(M)s %(p)s %(U)s?%(q)s', '%(h)s %({x-csrf-token}i)s'])
def test_the_lean_atoms_write_the_line_gunicorns_own_would(form):
    """Only the atoms a format names are computed (issue 29): the same line as gunicorn's atoms give,
    secrets written … alike; a format naming a header or environ entry gets gunicorn's own."""
    import datetime
    from types import SimpleNamespace

    from gunicorn.config import Config
    from gunicorn.glogging import Logger

    from companion.serving.access_log import RedactedAtoms, RedactingLogger
    cfg = Config()
    if form:
        cfg.set("access_log_format", form)
    logger = RedactingLogger(cfg)
    logger.now = lambda: "[27/Nov/2026:04:00:00 +0000]"          # one instant for both lines
    environ = {"REMOTE_ADDR": "10.0.0.7", "REQUEST_METHOD": "GET", "RAW_URI": "/g/ABCDEF/board?v=3&t=secret",
               "SERVER_PROTOCOL": "HTTP/1.0", "PATH_INFO": "/g/ABCDEF/board", "QUERY_STRING": "v=3&t=secret",
               "HTTP_USER_AGENT": 'phone "7"', "HTTP_X_CSRF_TOKEN": "tok", "HTTP_REFERER": 'http://x/g/AB"CD?t=s"e'}
    resp = SimpleNamespace(status="204 No Content", sent=0, headers=[("Vary", "HX-Request")])
    req = SimpleNamespace(headers=[("X-CSRF-Token", "tok"), ("User-Agent", "phone")])
    took = datetime.timedelta(seconds=1, microseconds=2345)
    lean = cfg.access_log_format % RedactedAtoms(logger.atoms(resp, req, environ, took))
    full = cfg.access_log_format % RedactedAtoms(Logger.atoms(logger, resp, req, environ, took))
    assert lean == full and "ABCDEF" not in lean and "secret" not in lean
    # The line as written: each atom escaped and redacted once, formatted from a plain dict (issue 29).
    assert logger._line(resp, req, environ, took) == full


def test_a_line_written_straight_is_the_line_logging_writes(tmp_path, monkeypatch):
    """The access log's file handler is written to straight (issue 29: logging's record, filters and
    formatter at every request): the same line as through logging, secrets written … alike; any other
    setup (a filter on the log) goes through logging."""
    import datetime
    import logging
    from types import SimpleNamespace

    from gunicorn.config import Config

    from companion.serving.access_log import RedactingLogger
    # The access logger as a server has it: without the capture handlers pytest's logging plugin puts
    # on it (make test runs with the plugin), and with this test's filter taken off afterwards.
    access = logging.getLogger("gunicorn.access")
    monkeypatch.setattr(access, "handlers", [])
    monkeypatch.setattr(access, "filters", [])
    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    logger = RedactingLogger(cfg)
    assert logger._writers is not None
    environ = {"REMOTE_ADDR": "10.0.0.7", "REQUEST_METHOD": "GET", "RAW_URI": "/g/ABCDEF/board?v=3",
               "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": "/g/ABCDEF/board", "QUERY_STRING": "v=3"}
    resp = SimpleNamespace(status="204 No Content", sent=0, headers=[])
    req = SimpleNamespace(headers=[])
    took = datetime.timedelta(microseconds=345)
    logger.access(resp, req, environ, took)
    straight = logger._writers
    logger._writers = None
    logger.access(resp, req, environ, took)
    first, second = (tmp_path / "access.log").read_text().splitlines()
    assert first == second and "ABCDEF" not in first and '"GET /g/…/board?v=3 HTTP/1.1" 204' in first
    logger.access_log.addFilter(logging.Filter("nothing"))
    logger._writers = straight
    assert logger._plain_writers() is None
    for handler in access.handlers:               # the log file's handler, closed before it is put back
        handler.close()


def test_lines_past_the_waiting_limit_are_counted(tmp_path, monkeypatch):
    """In a gevent worker the lines wait for the writing thread (issue 29: a full log pipe stopped the
    worker); past PENDING_LINES they are counted, and the count is written with the next lines."""
    import datetime
    import logging
    from types import SimpleNamespace

    from gunicorn.config import Config

    from companion.serving import access_log
    access = logging.getLogger("gunicorn.access")
    monkeypatch.setattr(access, "handlers", [])
    monkeypatch.setattr(access, "filters", [])
    monkeypatch.setattr(access_log, "PENDING_LINES", 3)
    monkeypatch.setattr(access_log, "_has_room", lambda stream, size: False)     # as a full pipe
    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    logger = access_log.RedactingLogger(cfg)
    handed = []
    logger.write_off_loop(handed.append)
    resp = SimpleNamespace(status="200 OK", sent=5, headers=[])
    took = datetime.timedelta(microseconds=345)
    for n in range(5):
        environ = {"REMOTE_ADDR": "10.0.0.7", "REQUEST_METHOD": "GET", "RAW_URI": f"/page/{n}",
                   "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": f"/page/{n}", "QUERY_STRING": ""}
        logger.access(resp, SimpleNamespace(headers=[]), environ, took)
    assert not (tmp_path / "access.log").read_text()          # nothing written by the loop itself
    logger.flush_pending()
    assert len(handed) == 1
    handed.pop()()                                            # the thread's turn
    lines = (tmp_path / "access.log").read_text().splitlines()
    assert ["/page/0" in lines[0], "/page/1" in lines[1], "/page/2" in lines[2]] == [True] * 3
    assert lines[3] == "[access log] 2 lines dropped: the log was not read" and len(lines) == 4
    monkeypatch.setattr(access_log, "_has_room", lambda stream, size: True)      # as a file
    logger.access(resp, SimpleNamespace(headers=[]), environ, took)
    logger.flush_pending()
    assert handed == [] and len((tmp_path / "access.log").read_text().splitlines()) == 5   # by the loop
    logger.write_on_loop()
    for handler in access.handlers:
        handler.close()


def test_room_in_a_pipe():
    """The loop writes the lines itself only where that cannot block: a file, a pipe with room."""
    import fcntl
    import os

    from companion.serving.access_log import ROOM_TO_SPARE, _has_room
    read, write = os.pipe()
    with os.fdopen(read, "rb") as reader, os.fdopen(write, "w") as writer:
        assert _has_room(writer, 1000)
        os.write(write, b"x" * (fcntl.fcntl(write, fcntl.F_GETPIPE_SZ) - ROOM_TO_SPARE - 500))
        assert not _has_room(writer, 1000)         # 500 bytes left beside what is spared
        reader.read1(4096)
        assert _has_room(writer, 1000)
