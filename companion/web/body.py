"""A request body that is malformed or cut short is the client's mistake: 400 (408 when it stalls), never 500.

gunicorn hands the app a stream that raises its own parse errors while the app
reads (a chunk size that is not hex, a chunk without its CRLF): werkzeug lets
those through as 500s. And a body that ends before its Content-Length (the
client closed) reads as a shorter body, which the app took for the whole one:
a form cut after its third field was a form with three fields. This
middleware wraps the input stream so that every read failure, and an early
end, is an HTTP error raised where the app reads (request.form, get_data), and
answered by the app's error handlers like any other.

It also bounds the wait for a body: gunicorn's gevent worker reads it with no
timeout at all, so a client sending a byte now and then, or nothing, held its
connection for ever. Each read of the body waits at most BODY_TIMEOUT seconds
for the next bytes (COMPANION_BODY_TIMEOUT, 30 s: a phone on a poor network
still sends something every few seconds), then answers 408. Only reads: an
answer slow to download (a large export on a slow phone) is never cut.
"""
from __future__ import annotations

import os

from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, RequestTimeout

try:                                      # the server's own parse errors (gunicorn serves the app)
    from gunicorn.http.errors import NoMoreData, ParseException
except ImportError:                       # pragma: no cover - another WSGI server
    NoMoreData = ParseException = ()


BODY_TIMEOUT = float(os.environ.get("COMPANION_BODY_TIMEOUT", "30"))


class MalformedBody(BadRequest):
    where = "(body)"

    def __init__(self, why: str):
        super().__init__(_("The request's body could not be read (%(why)s); nothing was saved.", why=why[:120]))


class CutShort(BadRequest):
    where = "(body)"

    def __init__(self):
        super().__init__(_("The request's body ended early: the connection closed before all of it arrived. "
                           "Nothing was saved."))


class Stalled(RequestTimeout):
    where = "(body)"

    def __init__(self):
        super().__init__(_("The request's body stopped arriving; nothing was saved."))


class CheckedInput:
    """The server's wsgi.input, its failures turned into the errors above."""

    def __init__(self, stream, announced: int | None, sock=None):
        self._stream, self._announced, self._got, self._sock = stream, announced, 0, sock

    def _checked(self, read, size):
        try:
            data = self._waiting_at_most(BODY_TIMEOUT, read, size)
        except TimeoutError:
            raise Stalled() from None
        except NoMoreData:                # a chunked body whose connection closed mid-way
            raise CutShort() from None
        except (OSError, ParseException) as exc:
            raise MalformedBody(str(exc) or type(exc).__name__) from None
        self._got += len(data)
        if not data and size != 0 and self._announced is not None and self._got < self._announced:
            raise CutShort()
        return data

    def _waiting_at_most(self, seconds: float, read, size):
        """read(size), each wait on the socket bounded (gunicorn's socket; none under another server)."""
        if self._sock is None or seconds <= 0:
            return read(size)
        before = self._sock.gettimeout()
        self._sock.settimeout(seconds)
        try:
            return read(size)
        finally:
            self._sock.settimeout(before)

    def read(self, size: int | None = -1):
        return self._checked(self._stream.read, size)

    def readline(self, size: int | None = -1):
        return self._checked(self._stream.readline, size)

    def readlines(self, _hint: int = -1):
        return list(self)

    def __iter__(self):
        return iter(self.readline, b"")


class CheckedBodies:
    """WSGI middleware: every request with a body reads it through CheckedInput."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        length = environ.get("CONTENT_LENGTH")
        if length or environ.get("HTTP_TRANSFER_ENCODING"):
            announced = int(length) if length and length.isdigit() else None
            environ["wsgi.input"] = CheckedInput(environ["wsgi.input"], announced, environ.get("gunicorn.socket"))
        return self.app(environ, start_response)
