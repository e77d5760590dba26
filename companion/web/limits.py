"""Bounds per client on a server strangers share: guesses of codes and links, and anonymous writes.

A client is its address (an IPv6 address by its /64, which one machine holds
whole). Counts live in SQLite (groups.throttle), not in each worker's memory:
gunicorn runs several workers, which would each give a client its own
allowance, and a restart would forget them; one upsert costs little beside the
write or lookup it guards.

Guesses are checked first and only misses are counted: a right code or link
gets in however many misses its address made, except while that address is
being used to guess fast. After GUESSES_PER_HOUR misses in an hour, a client's
misses answer 429 and its typed codes are looked at no more than SLOW_CODES
every five minutes (the others answer 429 unlooked-at): a table that mistyped
a lot waits five minutes at worst, while a guesser gets 20 + 3 x 12 = 56 codes
an hour looked at.
Invitation secrets and table tokens (192 bits) cannot be guessed: they are
always looked at. Neither is a code of a table made or joined from the same
network: a table's phones share their router's address, and a guesser there
finds only that network's own tables, which it could see anyway.
"""
from __future__ import annotations

import ipaddress
import time
from typing import Callable, TypeVar

from flask import abort, current_app, jsonify, make_response, request
from flask_babel import gettext as _

from ..store import groups
from . import get_db

T = TypeVar("T")

GUESSES_PER_HOUR = 20      # misses of a client an hour before it is slowed
SLOW_CODES = 3             # typed codes looked at every SLOW_WINDOW seconds once a client is slowed
SLOW_WINDOW = 300
CODE, LINK = "code", "join"
# Writes a client may make an hour; FLASK_WRITE_LIMITS='{"games": 500}' changes one on a host.
WRITES = {"groups": 30, "games": 200, "imports": 30}


def client() -> str:
    """Who is counted: the address, or an IPv6 address's /64 (a machine may pick any address in it)."""
    addr = request.remote_addr or "?"
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return addr[:64]
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def guess(kind: str, look: Callable[[], T | None], ours: Callable[[], bool] = lambda: False) -> T | None:
    """`look` up a typed code or a link's secret for this client: what it finds, or None for a miss.
    `ours`: whether the code is one this client's network already plays (looked at even when slowed)."""
    db, who = get_db(), client()
    slowed = groups.used(db, f"{kind}:{who}") >= GUESSES_PER_HOUR
    if slowed and kind == CODE and not ours() and not groups.spend(db, f"{kind}-slow:{who}", SLOW_CODES,
                                                                     SLOW_WINDOW):
        refuse_guess()
    found = look()
    if found is None and groups.missed(db, f"{kind}:{who}") > GUESSES_PER_HOUR:
        refuse_guess()
    return found


def refuse_guess() -> None:
    refuse(_("Too many codes or links that lead nowhere were tried from this network. Wait a few minutes and "
             "try again, or scan the table's QR code."), retry_after=SLOW_WINDOW - int(time.time()) % SLOW_WINDOW)


def spend_write(kind: str) -> None:
    """Count one write of `kind` ("groups", "games", "imports") for this client; 429 past its hourly limit."""
    limit = {**WRITES, **(current_app.config.get("WRITE_LIMITS") or {})}[kind]
    if groups.spend(get_db(), f"write-{kind}:{client()}", int(limit)):
        return
    messages = {
        "groups": _("Too many new groups were started from this network in the last hour. Wait a while, or "
                    "join your group with its link."),
        "games": _("Too many games were created from this network in the last hour. Wait a while and try "
                   "again."),
        "imports": _("Too many files were imported from this network in the last hour. Wait a while and try "
                     "again."),
    }
    refuse(messages[kind], retry_after=3600 - int(time.time()) % 3600)


def refuse(message: str, retry_after: int) -> None:
    """429 with `message`: the contract's JSON error on the API, the error page (or its line for htmx) on pages."""
    if request.path.startswith("/api/"):
        response = make_response(jsonify({"error": message, "where": "(request)"}), 429)
    else:
        from . import ERROR_TITLES, _error_answer
        response = make_response(_error_answer(429, ERROR_TITLES[429], message))
    response.headers["Retry-After"] = str(retry_after)
    abort(response)
