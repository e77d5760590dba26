"""A response's head leaves with its body's first bytes, in one socket write (issue 29: the sends).

gunicorn's own response wrote the status line and headers, then each body item, each with its own
`sendall`: two writes an answer. The worker installs companion.serving.response (its init), after
which `wsgi.create` builds a response that writes both at once, the bytes on the wire unchanged.
"""
import re
from types import SimpleNamespace

import pytest
from gunicorn.config import Config
from gunicorn.http import wsgi

from companion.serving import response


GUNICORN = next(c for c in wsgi.Response.__mro__ if c.__module__ == "gunicorn.http.wsgi")   # its own


class Socket:
    def __init__(self):
        self.writes: list[bytes] = []

    def sendall(self, data):
        self.writes.append(bytes(data))


def request(method="GET", version=(1, 1)):
    return SimpleNamespace(method=method, version=version, should_close=lambda: False)


@pytest.fixture
def installed(monkeypatch):
    monkeypatch.setattr(wsgi, "Response", wsgi.Response)      # put back after the test
    response.install()


def answer(cls, method, version, headers, items):
    sock = Socket()
    resp = cls(request(method, version), sock, Config())
    resp.start_response("200 OK", headers)
    for item in items:
        resp.write(item)
    resp.close()
    return sock.writes


def same_day(raw: bytes) -> bytes:
    return re.sub(rb"Date: [^\r]*", b"Date: -", raw)


CASES = [   # method, version, headers, body items
    ("GET", (1, 1), [("Content-Type", "text/html"), ("Content-Length", "11")], [b"hello world"]),
    ("GET", (1, 1), [("Content-Type", "text/event-stream")], [b"id: 3\n\n", b": still here\n\n", b"id: 4\n\n"]),
    ("HEAD", (1, 1), [("Content-Length", "11")], [b""]),
    ("GET", (1, 1), [("Content-Length", "0")], []),
    ("GET", (1, 0), [("Content-Type", "text/event-stream")], [b"", b"data: 1\n\n"]),
]


@pytest.mark.parametrize("method, version, headers, items", CASES)
def test_same_bytes_as_gunicorn(installed, method, version, headers, items):
    ours = answer(response.OneSendResponse, method, version, headers, items)
    theirs = answer(GUNICORN, method, version, headers, items)
    assert same_day(b"".join(ours)) == same_day(b"".join(theirs))


def test_an_answer_is_one_write(installed):
    """What the worker's requests get from wsgi.create: a page's answer in one write (fails without:
    gunicorn's Response wrote the head, then the body)."""
    sock = Socket()
    req = SimpleNamespace(method="GET", version=(1, 1), should_close=lambda: False, uri="/", path="/",
                          query="", fragment="", headers=[("HOST", "x")], body=None, scheme="http",
                          _expected_100_continue=False, proxy_protocol_info=None)
    resp, _environ = wsgi.create(req, sock, ("127.0.0.1", 5000), ("127.0.0.1", 8000), Config())
    resp.start_response("200 OK", [("Content-Length", "5")])
    resp.write(b"board")
    resp.close()
    assert len(sock.writes) == 1
    assert sock.writes[0].startswith(b"HTTP/1.1 200 OK\r\n") and sock.writes[0].endswith(b"\r\n\r\nboard")


def test_a_stream_head_with_its_first_event_then_one_write_an_event(installed):
    writes = answer(wsgi.Response, "GET", (1, 1), [("Content-Type", "text/event-stream")],
                    [b"id: 3\n\n", b"id: 4\n\n"])
    assert len(writes) == 3             # head + first event, the second event, the chunked body's end
    assert writes[0].startswith(b"HTTP/1.1 200 OK\r\n") and writes[0].endswith(b"\r\n\r\n7\r\nid: 3\n\n\r\n")
    assert writes[1:] == [b"7\r\nid: 4\n\n\r\n", b"0\r\n\r\n"]


def test_the_date_formatted_once_a_second(installed, monkeypatch):
    """The Date header is formatted once a second, the same text as gunicorn's (fails without: formatted
    at each response)."""
    from email import utils as email_utils

    from gunicorn import util
    monkeypatch.setattr(util, "http_date", util.http_date)      # put back after the test
    response.install()
    formatted = []
    real = email_utils.formatdate
    monkeypatch.setattr(email_utils, "formatdate", lambda *a, **k: formatted.append(a) or real(*a, **k))
    now = [1_800_000_000.25]
    monkeypatch.setattr(response.time, "time", lambda: now[0])
    heads = []
    for at in (0.25, 0.5, 0.99, 1.0, 1.7):
        now[0] = 1_800_000_000 + at
        heads.append(answer(wsgi.Response, "GET", (1, 1), [("Content-Length", "0")], [])[0])
    dates = [re.search(rb"Date: ([^\r]*)", h).group(1) for h in heads]
    assert dates[:3] == [b"Fri, 15 Jan 2027 08:00:00 GMT"] * 3
    assert dates[3:] == [b"Fri, 15 Jan 2027 08:00:01 GMT"] * 2
    assert len(formatted) == 2
