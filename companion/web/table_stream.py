"""A tracked game's pushed changes: the server-sent events stream every phone at the table keeps open.

A phone at the table keeps one stream open (/g/<code>/events, through htmx's
SSE extension): each change is pushed to it the moment it is made, and its
board then asks for itself (an unchanged game answers 204).
"""
from __future__ import annotations

import random

from flask import Response, current_app

from ..store import live

HEARTBEAT = 20.0        # seconds: a comment line keeps proxies from closing an idle stream, and finds dead phones
# How long a phone waits before reconnecting a lost stream (the browser's EventSource obeys `retry:`):
# a different wait for each stream, so that the phones of a server restarted (their streams all lost
# at once) come back spread over a second, not all at the same instant, again every second (issue 29).
RETRY_MS = (300, 1300)


def hub() -> live.Hub:
    return live.hub(current_app.config["DATABASE"])


def changed(code: str, version: int) -> None:
    """A change made here reaches the phones waiting in this process at once (others: by the watcher)."""
    hub().published(code, version)


def events(table_id: str, version: int) -> Response:
    """Server-sent events: `changed` (its data the version) on connecting, then on every change.

    The first event makes a reconnecting phone (after a restart or a lost
    network) look again at once; its board's request answers 204 when it
    already shows that version.
    """
    kept = hub()

    def run():
        with kept.subscribe(table_id, version) as sub:
            seen = sub.version()
            yield f"retry: {random.randint(*RETRY_MS)}\nid: {seen}\nevent: changed\ndata: {seen}\n\n"
            while True:
                now = sub.wait(seen, HEARTBEAT)
                if now == seen:
                    yield ": still here\n\n"
                    continue
                seen = now
                yield f"id: {seen}\nevent: changed\ndata: {seen}\n\n"

    return Response(run(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
