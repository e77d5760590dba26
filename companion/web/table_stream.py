"""A tracked game's pushed changes: the server-sent events stream every phone at the table keeps open.

A phone at the table keeps one stream open (/g/<code>/events, through htmx's
SSE extension): each change is pushed to it the moment it is made. The stream
carries the new board itself (event `board`, rendered for the stream's phone:
its seat, language and token), before the `changed` that says its version, so
a phone at rest asks nothing after another's move (issue 29: a request costs
the server about 1 ms of its own, whatever is answered). A phone with picks of
its own under way (a slot, a price) keeps them: it asks for its board with them,
as before.
"""
from __future__ import annotations

import random

from collections.abc import Callable

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


def _board_event(html: str, version: int) -> str:
    """A rendered board as one event: each of its lines a `data:` line (the browser joins them).

    Its line breaks are the event stream's own (CR, LF, CRLF), each made one `data:` line; the
    rest of the board is sent as it is (a line a formatted string cost a push 4.5 times this)."""
    if "\r" in html:
        html = html.replace("\r\n", "\n").replace("\r", "\n")
    if html.endswith("\n"):
        html = html[:-1]
    return f"id: {version}\nevent: board\ndata: {html.replace(chr(10), chr(10) + 'data: ')}\n\n"


def events(table_id: str, version: int = 0, board: Callable[[int], tuple[int, str | None]] | None = None,
           told: int | None = None) -> Response:
    """Server-sent events: `changed` (its data the version) on connecting, then on every change,
    each change's `changed` after a `board` event holding the new board (when `board` is given).

    The first event makes a reconnecting phone (after a restart or a lost
    network) look again at once. A phone reconnecting says the last version its
    stream told it (`told`, the Last-Event-ID its browser sends): when the game
    has moved on since, its board comes first, so it asks nothing (issue 29: at
    a restart every phone's request for its board queued behind the others');
    when it has not, nothing is rendered. `board(heard)` renders this phone's
    board as the game is now (its version, its HTML, None when the phone has it),
    in the stream's request: its session, seat and language. `version` is the game's as the caller
    read it, if it did: the hub reads the store once the stream waits (issue 29: a query less a stream
    opened, each phone's at a restart).
    """
    kept = hub()

    def pushing(seen: int, pushed: int) -> tuple[str, int]:
        """A change's chunk (its board first, when this phone has one to be pushed) and the newest
        board pushed since. The board and its "changed" go in one chunk: one write to the socket, not
        two (issue 29: a socket's send was a sixth of the server's CPU under load)."""
        out = ""
        if board is not None and seen > pushed:
            shown, html = board(seen)
            if shown > pushed and html is not None:
                out = _board_event(html, shown)
            pushed = max(pushed, shown)
        return f"{out}id: {seen}\nevent: changed\ndata: {seen}\n\n", pushed

    def run():
        with kept.subscribe(table_id, version) as sub:
            seen = sub.version()
            pushed = seen         # the newest board pushed (the store may be ahead of what this process heard)
            retry = f"retry: {random.randint(*RETRY_MS)}\n"
            first = retry
            if board is not None and told is not None and told < seen:
                at, html = board(seen)
                if html is not None:
                    first, pushed = retry + _board_event(html, at), max(pushed, at)
                del html
            yield f"{first}id: {seen}\nevent: changed\ndata: {seen}\n\n"
            del first             # a stream waits minutes for a change: it holds no board meanwhile
            while True:
                now = sub.wait(seen, HEARTBEAT)
                if now == seen:
                    yield ": still here\n\n"
                    continue
                seen = now
                chunk, pushed = pushing(seen, pushed)
                yield chunk
                del chunk

    return Response(run(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
