"""gunicorn's HTTP/1 response, its head sent in the same socket write as the first body bytes.

gunicorn writes a response's status line and headers in one `sendall`, then each body item in
another: every answer (a move's board, a price) took two writes, and a stream's first event a
second one after its head. On the loopback and behind nginx alike a write is a system call and
a TCP segment, and the first one wakes the reader: at 200 tables the head's write was 15% of the
workers' samples against 2% for the body's that followed (issue 29: the sockets' sends were a
sixth of the server's CPU). Here the head waits for the body's first bytes (or the end of the
response) and both leave in one write; every later write (a stream's next event) is gunicorn's own.

The bytes on the wire are gunicorn's, the same and in the same order: its own `write` and `close`
run with the socket held, and what they would have sent goes in one `sendall`.

The Date header of every response was formatted anew (email.utils.formatdate, 2% of the workers'
CPU at 200 tables): it is formatted once a second, the same text (it names the second).
"""
from __future__ import annotations

import time

from gunicorn import util
from gunicorn.http import wsgi

_format_date = util.http_date


class _Held:
    """A stand-in socket that keeps what is sent to it (gunicorn's writes only call `sendall`)."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.parts.append(data)


class OneSendResponse(wsgi.Response):
    """`wsgi.Response` whose head goes out with the first body bytes, in one write."""

    def _joined(self, send, *args) -> None:
        """Run gunicorn's `send` with the socket held, then write all it sent at once."""
        sock, held = self.sock, _Held()
        self.sock = held
        try:
            send(*args)
        finally:
            self.sock = sock
        if held.parts:
            sock.sendall(held.parts[0] if len(held.parts) == 1 else b"".join(held.parts))

    def write(self, arg):
        if self.headers_sent:
            return super().write(arg)          # a stream's later events: one write each already
        self._joined(super().write, arg)

    def close(self):
        self._joined(super().close)            # a head never sent, a chunked body's end: one write


_said = (0, "")


def http_date(timestamp: float | None = None) -> str:
    """gunicorn's `util.http_date`, the current second's formatted once."""
    global _said
    if timestamp is not None:
        return _format_date(timestamp)
    second = int(time.time())
    if second != _said[0]:
        _said = (second, _format_date(second))
    return _said[1]


def install() -> None:
    """Make `wsgi.create` (what gunicorn's workers call for each HTTP/1 request) build OneSendResponse,
    and its Date header come from http_date. Called in a worker process only (CappedGeventWorker)."""
    wsgi.Response = OneSendResponse
    util.http_date = http_date
