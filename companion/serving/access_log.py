"""gunicorn's access log without the secrets that travel in addresses.

An invitation link (/group/join/<secret>), a join link's token (/g/<code>?t=<token>)
and a table's code (in every /g/<code>/... and /api/v1/games/<code> address,
and typed at /g/join?code=...) each let a phone in: a right code always gets
in, however many wrong ones the throttle counted. Whoever reads the log would
read them all, so each is written `…`; the rest of the address is kept, so the
log still says which page was asked for. The Referer header and the Location
of an answer hold such addresses too, and are treated the same.
"""
from __future__ import annotations

import logging
import os
import fcntl
import re
import select
import stat
import struct
import termios
import time
import traceback

from gunicorn.glogging import Logger, SafeAtoms

HIDDEN = "…"
FLUSH_SECONDS = 0.05        # how long an access line may wait in a gevent worker before it is written
ROOM_TO_SPARE = 16_384      # a pipe written to by the loop itself keeps this much free after the lines
PENDING_LINES = 50_000      # lines kept waiting while the log is not read (~10 MB a worker), then counted

# Path segments that are secrets; /g/join and /g/new are pages, not codes.
_SEGMENTS = re.compile(r"(/group/join/|/g/(?!(?:join|new)(?:[/?#\s\"]|$))|/api/v1/games/)[^/?#\s\"]+")
# Query parameters that carry a secret: the join link's token, a typed code.
_PARAMETERS = re.compile(r"((?:^|[?&;])(?:t|token|code|secret)=)[^&;#\s\"]*", re.IGNORECASE)
_HIDE = rf"\g<1>{HIDDEN}"


def redact(text: str) -> str:
    """`text` (an address, a request line, a query string, a header) with its secrets written `…`."""
    # Each expression only where it can match (every secret segment's address holds "/g", a parameter
    # "="): a phone's User-Agent went through both at every request (issue 29).
    if "/g" in text:
        text = _SEGMENTS.sub(_HIDE, text)
    if "=" in text:
        text = _PARAMETERS.sub(_HIDE, text)
    return text


# The atoms that never hold an address or a header: the client's address, the time, the status, the
# sizes and durations, the method, the protocol, the process (the time's '/' sent each through redact's
# two expressions, as the request line's).
_PLAIN_VALUES = frozenset("hlutsbBTDMLpmH")


def _has_room(stream, size: int) -> bool:
    """Whether `size` more bytes written to `stream` cannot block: a regular file, or a pipe whose
    free space is that and ROOM_TO_SPARE more (the other worker may write meanwhile)."""
    try:
        fd = stream.fileno()
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode):
            return True
        if not stat.S_ISFIFO(mode):
            return False
        capacity = fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ)
        unread = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    except (AttributeError, OSError, ValueError):
        return False
    return capacity - unread >= size + ROOM_TO_SPARE


class RedactedAtoms(SafeAtoms):
    """The values of the log line, each redacted when the format asks for it (only those are computed)."""

    def __getitem__(self, key):
        value = super().__getitem__(key)
        return redact(value) if isinstance(value, str) and key not in _PLAIN_VALUES else value


def _redact_record(record) -> bool:
    """The error log too: gunicorn writes a failed request's address there ("Error handling request /g/...")."""
    if isinstance(record.args, tuple):
        record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
    return True


# The atoms a line may name that gunicorn computes without reading every header and environ entry.
_PLAIN = re.compile(r"%\(([hlutrsmUqHbBfaTDMLp])\)s")


class RedactingLogger(Logger):
    """gunicorn's logger (`--logger-class`): access lines through RedactedAtoms, error lines filtered.

    When the line's format names only plain atoms (the default does), only those are computed:
    gunicorn's own `atoms` also copies every request and response header and environ entry into
    it, a third of the access log's cost at every request (issue 29)."""

    atoms_wrapper_class = RedactedAtoms

    def setup(self, cfg):
        super().setup(cfg)
        self.error_log.addFilter(_redact_record)
        form = cfg.access_log_format
        self._plain = set(_PLAIN.findall(form)) if not re.search(r"%\((?![hlutrsmUqHbBfaTDMLp]\))", form) else None
        self._writers = self._plain_writers()

    def _plain_writers(self) -> list[logging.Handler] | None:
        """The access log's handlers when each only writes the line to a stream or file (as
        `--access-logfile` sets them): the line is then written to them straight, not through
        logging's record, filters and formatter (a fifth of the access log's cost, issue 29).
        None for any other setup (syslog, a logging config, a filter): logging's own way."""
        log = self.access_log
        if log.disabled or log.filters or not log.isEnabledFor(logging.INFO) or not log.handlers:
            return None
        for h in log.handlers:
            if type(h) not in (logging.StreamHandler, logging.FileHandler) or h.filters or h.level > logging.INFO:
                return None
            if h.formatter is None or h.formatter._fmt != self.access_fmt or h.formatter.usesTime():
                return None
        return list(log.handlers)

    def access(self, resp, req, environ, request_time):
        writers = self._writers
        if writers is None or not self.access_log_enabled:
            return super().access(resp, req, environ, request_time)
        try:
            line = self._line(resp, req, environ, request_time)
        except Exception:
            self.error(traceback.format_exc())
            return
        if self._pending is None:
            self._write(writers, [line])
        elif len(self._pending) < PENDING_LINES:
            self._pending.append(line)
        else:
            self._dropped += 1

    # -- off the worker's loop: its lines written by a thread ---------------------------------

    _pending: list[str] | None = None      # None: each line written at once (not in a gevent worker)
    _dropped = 0

    def write_off_loop(self, hand_over) -> None:
        """From now on lines wait in a list written every FLUSH_SECONDS (the worker's timer): by the
        loop where that cannot block, else by a thread (`hand_over(write)` runs `write` there). `--access-
        logfile -` is a pipe to whatever reads the server's output, and a pipe its reader does not
        empty fills (64 KB): a worker writing there itself would stop, every stream and request with
        it (issue 29). Past PENDING_LINES waiting, lines are counted, not kept, and the count is
        written when the log takes lines again. Called by the worker once it runs."""
        self._pending = []
        self._hand_over = hand_over

    def flush_pending(self) -> None:
        """Write the lines waiting: here where every stream has room for them (a file, a pipe with
        room to spare), else by the thread, waiting for it (the worker's timer; its exit). Handing
        lines to a thread costs the loop more than writing them (issue 29: 4% of a worker's CPU at
        20 batches a second), so the thread is only for a pipe that is filling."""
        lines = self._pending
        if not lines and not self._dropped:
            return
        if self._dropped:
            lines.append(f"[access log] {self._dropped} lines dropped: the log was not read")
            self._dropped = 0
        self._pending = []
        size = sum(map(len, lines)) + len(lines)
        if all(_has_room(h.stream, size) for h in self._writers):
            self._write(self._writers, lines)
        else:
            self._hand_over(lambda: self._write(self._writers, lines, locked=False))

    def write_on_loop(self) -> None:
        """Lines written at once again, those waiting first (the worker's exit)."""
        if self._pending is not None:
            self._hand_over = lambda write: write()
            self.flush_pending()
            self._pending = None

    def _write(self, writers: list[logging.Handler], lines: list[str], locked: bool = True) -> None:
        """Lines written to each handler's stream (looked up each time: reopened on USR1), in writes of
        whole lines of at most PIPE_BUF bytes (a pipe's writes that size are never interleaved with
        the other worker's). `locked`: under each handler's lock (not from another thread than the loop's:
        a gevent worker's locks are the loop's)."""
        for h in writers:
            chunk, size = [], 0
            for line in lines:
                line += h.terminator
                if chunk and size + len(line) > select.PIPE_BUF:
                    self._put(h, "".join(chunk), locked)
                    chunk, size = [], 0
                chunk.append(line)
                size += len(line)
            if chunk:
                self._put(h, "".join(chunk), locked)

    def _put(self, h: logging.Handler, text: str, locked: bool) -> None:
        if locked:
            h.acquire()
        try:
            for attempt in (1, 2):
                try:
                    if h.stream is None:                 # a FileHandler opened late, or closed
                        h.stream = h._open()
                    h.stream.write(text)
                    h.stream.flush()
                    return
                except ValueError:                       # closed by a reopen (USR1) meanwhile: the new one
                    if attempt == 2 or locked:
                        raise
        except Exception:
            self.error(traceback.format_exc())
        finally:
            if locked:
                h.release()

    def _line(self, resp, req, environ, request_time) -> str:
        """The access line, as RedactedAtoms would give it: when the format names plain atoms only, each
        escaped and redacted here, once, and the line formatted from a plain dict (the wrappers' copy
        of every atom and their look-up at each were half of a line's cost, issue 29)."""
        found = self.atoms(resp, req, environ, request_time)
        if self._plain is None:
            return self.cfg.access_log_format % self.atoms_wrapper_class(found)
        for key in self._plain:
            value = found[key]
            if isinstance(value, str):
                if '"' in value:
                    value = value.replace('"', '\\"')
                found[key] = value if key in _PLAIN_VALUES else redact(value)
        return self.cfg.access_log_format % found

    _second = (0, "")

    def now(self):
        """The time of the line, as gunicorn writes it: formatted once a second, not at every request."""
        second = int(time.time())
        if second != self._second[0]:
            self._second = (second, super().now())
        return self._second[1]

    def atoms(self, resp, req, environ, request_time):
        if self._plain is None:
            return super().atoms(resp, req, environ, request_time)
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        sent = getattr(resp, "sent", None)
        found = {"h": environ.get("REMOTE_ADDR", "-"), "l": "-", "s": status,
                 "b": str(sent) if sent is not None else "-", "B": sent,
                 "f": environ.get("HTTP_REFERER", "-"), "a": environ.get("HTTP_USER_AGENT", "-")}
        wanted = self._plain
        if "u" in wanted:
            found["u"] = self._get_user(environ) or "-"
        if "t" in wanted:
            found["t"] = self.now()
        if "r" in wanted:
            found["r"] = f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}"
        if wanted & set("mUqH"):
            found.update(m=environ.get("REQUEST_METHOD"), U=environ.get("PATH_INFO"), q=environ.get("QUERY_STRING"),
                         H=environ.get("SERVER_PROTOCOL"))
        if wanted & set("TDML"):
            seconds, micro = request_time.seconds, request_time.microseconds
            found.update(T=seconds, D=seconds * 1_000_000 + micro, M=seconds * 1000 + micro // 1000,
                         L=f"{seconds}.{micro:06d}")
        if "p" in wanted:
            found["p"] = f"<{os.getpid()}>"
        return found
