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

import re

from gunicorn.glogging import Logger, SafeAtoms

HIDDEN = "…"

# Path segments that are secrets; /g/join and /g/new are pages, not codes.
_SEGMENTS = re.compile(r"(/group/join/|/g/(?!(?:join|new)(?:[/?#\s\"]|$))|/api/v1/games/)[^/?#\s\"]+")
# Query parameters that carry a secret: the join link's token, a typed code.
_PARAMETERS = re.compile(r"((?:^|[?&;])(?:t|token|code|secret)=)[^&;#\s\"]*", re.IGNORECASE)


def redact(text: str) -> str:
    """`text` (an address, a request line, a query string, a header) with its secrets written `…`."""
    if "/" not in text and "=" not in text:
        return text
    return _PARAMETERS.sub(rf"\g<1>{HIDDEN}", _SEGMENTS.sub(rf"\g<1>{HIDDEN}", text))


class RedactedAtoms(SafeAtoms):
    """The values of the log line, each redacted when the format asks for it (only those are computed)."""

    def __getitem__(self, key):
        value = super().__getitem__(key)
        return redact(value) if isinstance(value, str) else value


def _redact_record(record) -> bool:
    """The error log too: gunicorn writes a failed request's address there ("Error handling request /g/...")."""
    if isinstance(record.args, tuple):
        record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
    return True


class RedactingLogger(Logger):
    """gunicorn's logger (`--logger-class`): access lines through RedactedAtoms, error lines filtered."""

    atoms_wrapper_class = RedactedAtoms

    def setup(self, cfg):
        super().setup(cfg)
        self.error_log.addFilter(_redact_record)
