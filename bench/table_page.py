"""What a table page asks of the server, read from the page itself (issue 29).

The load bench's phones do what this module finds in the page they are served
and in its scripts: the stream to hold (sse-connect), what makes the board ask
for itself (its hx-trigger: a stream event, a poll "every Ns"), the action
form that asks for a price (its hx-get and hx-trigger), the move forms to post.
A change to the page changes the bench: put back a poll and the phones poll. A
trigger or a script timer the bench does not know stops it, rather than
leaving it to measure some other page.
"""
from __future__ import annotations

import functools
import html
import json
import re
import weakref
from dataclasses import dataclass
from pathlib import Path

ATTR = re.compile(r'([\w:-]+)="([^"]*)"|([\w:-]+)=\'([^\']*)\'')
TAG = re.compile(r"<(div|form|section)\b([^>]*)>")
_left: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()     # a stream's unread bytes
EVERY = re.compile(r"^every (\d+(?:\.\d+)?)(ms|s)$")


def attributes(tag_text: str) -> dict[str, str]:
    found = {}
    for m in ATTR.finditer(tag_text):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        found[name] = html.unescape(value)
    return found


@dataclass(frozen=True)
class Triggers:
    """One element's hx-trigger: the stream events it asks on, its poll (seconds), DOM events."""
    stream_events: tuple[str, ...]
    poll_s: float | None
    dom_events: tuple[str, ...]


@functools.lru_cache(maxsize=256)
def triggers(spec: str) -> Triggers:
    """An hx-trigger read once a spec (the same few on every board: issue 29, a twentieth of the load
    bench's own CPU was reading them again)."""
    events, poll, dom = [], None, []
    for part in (p.strip() for p in spec.split(",") if p.strip()):
        every = EVERY.match(part)
        if part.startswith("sse:"):
            events.append(part[4:].split()[0])
        elif every:
            poll = float(every.group(1)) / (1000 if every.group(2) == "ms" else 1)
        elif part.split()[0] in ("change", "submit", "click", "input") and len(part.split()) == 1:
            dom.append(part)
        else:
            raise ValueError(f"the table page has a trigger the bench does not know: {part!r} (in {spec!r})")
    return Triggers(tuple(events), poll, tuple(dom))


class Board:
    """A board as the page holds it: what it shows, how it asks for itself, what this seat may do.

    Its action form, priced moves and refusal are read from its text when first asked (`pick`, `moves`,
    `refused`): a phone is shown some four boards a move and acts on one of them (issue 29: reading
    every board's form was a third of the load bench's own CPU, on the server's two cores). Which
    seat its form is for is read alone (`pick_player`)."""

    __slots__ = ("version", "url", "asks", "_text", "_read")

    def __init__(self, version: int, url: str, asks: Triggers, text: str):
        self.version, self.url, self.asks = version, url, asks
        self._text, self._read = text, None

    def _priced(self) -> tuple:
        if self._read is None:
            priced = read_pick(self._text)
            refused = priced.refused
            top = TOP_REFUSAL.search(self._text)
            if top:
                refused = html.unescape(top.group(1)).strip()
            self._read, self._text = (priced.pick, priced.moves, refused), ""
        return self._read

    @property
    def pick(self) -> dict | None:
        """{"url", "asks", "target", "player", "verbs", "cards"} when this seat picks a card."""
        return self._priced()[0]

    @property
    def moves(self) -> list[dict]:
        """The priced moves' forms: {"url", "fields"}."""
        return self._priced()[1]

    @property
    def refused(self) -> str | None:
        """The reason the board shows at its top, or the price's refusal."""
        return self._priced()[2]

    @property
    def pick_player(self) -> str | None:
        """The seat whose action form the board shows first (read_pick's section), None when none."""
        if self._read is not None:
            return self._read[0]["player"] if self._read[0] else None
        found = SECTION.search(self._text)          # read_pick's own section, its form not read
        return html.unescape(found.group(1)) if found else None


@dataclass
class Priced:
    """A seat's action form as shown: what it asks with, and the moves priced in it."""
    pick: dict | None
    moves: list[dict]
    refused: str | None


SECTION = re.compile(r'<section class="tile act7" data-act-for="([^"]*)">(.*?)</section>', re.S)
TOP_REFUSAL = re.compile(r'<p class="error" role="alert" id="table-message"[^>]*>(.*?)</p>', re.S)


def read_pick(text: str) -> Priced:
    """The first action form's section in `text` (a board, or the section a price asked answers)."""
    section = SECTION.search(text)
    if not section:
        return Priced(None, [], None)
    body, moves = section.group(2), []
    form = attributes(re.search(r"<form\b([^>]*)>", body).group(1))
    selects = dict(re.findall(r'<select name="(\w+)"[^>]*>(.*?)</select>', body, re.S))
    options = {k: [html.unescape(v) for v in re.findall(r'<option value="([^"]*)"', opts) if v]
               for k, opts in selects.items()}
    pick = {"url": form["hx-get"], "asks": triggers(form["hx-trigger"]), "target": form.get("hx-target"),
            "player": html.unescape(section.group(1)), "verbs": options.get("action", []),
            "cards": options.get("card", [])}
    for post in re.finditer(r'<form method="post" action="([^"]*)">(.*?)</form>', body, re.S):
        fields = {a["name"]: a.get("value", "") for a in map(attributes, re.findall(r"<input\b([^>]*)>", post.group(2)))}
        moves.append({"url": html.unescape(post.group(1)), "fields": fields})
    why = re.search(r'<p class="error" role="alert">(.*?)</p>', body, re.S)
    return Priced(pick, moves, html.unescape(why.group(1)).strip() if why else None)


def is_board(text: str) -> bool:
    return '<div id="board"' in text


VERSION = re.compile(r'<div id="board"[^>]*\bdata-version="(\d+)"')


def board_version(text: str) -> int:
    """The version a board shows, read alone (read_board reads it all)."""
    return int(VERSION.search(text).group(1))


def read_board(text: str) -> Board:
    """A board's version and own asking read now; its form when asked (Board)."""
    start = text.index('<div id="board"')
    tag = attributes(text[start:text.index(">", start)])
    return Board(int(tag["data-version"]), tag["hx-get"], triggers(tag["hx-trigger"]), text[start:])


@dataclass(frozen=True)
class Page:
    """The whole table page: its stream, and the headers htmx sends with every request."""
    stream: str
    headers: dict[str, str]
    board: Board


def read_page(text: str) -> Page:
    live = re.search(r'<div hx-ext="sse" sse-connect="([^"]+)"', text)
    if live is None:
        raise ValueError("the table page holds no stream (sse-connect): the bench would have nothing to hold")
    body = attributes(re.search(r"<body\b([^>]*)>", text).group(1))
    headers = {"HX-Request": "true", **json.loads(body.get("hx-headers", "{}"))}
    return Page(html.unescape(live.group(1)), headers, read_board(text))


def scripts_ask_on_a_timer(root: Path) -> list[str]:
    """The page's own scripts' timers that may send a request: none is what the bench knows how to do.

    table.js's one setTimeout of 0 runs the catch-up after a request (not a timer: it asks only when a
    "changed" heard is newer than the board); any other timer is reported."""
    found = []
    for name in ("table.js", "sse-fallback.js"):
        text = (root / "static" / "js" / name).read_text()
        for m in re.finditer(r"set(Interval|Timeout)\(([^;]*?),\s*(\d+)\)", text):
            if m.group(1) == "Interval" or int(m.group(3)) > 0:
                found.append(f"{name}: {m.group(0)}")
    return found


def board_holds_back(root: Path) -> set[str]:
    """When the page's scripts keep the board from asking on a stream's "changed" (table.js cancels the
    request in htmx:confirm): "shown", for the version it shows; "form out", while one of its forms
    (a move, a price) has a request out, the catch-up asking after it if still behind."""
    text = (root / "static" / "js" / "table.js").read_text()
    found = re.search(r"addEventListener\('htmx:confirm',(.*?)\n  \}\);", text, re.S)
    if not found or "'sse:changed'" not in found.group(1):
        return set()
    body = found.group(1)
    return ({"shown"} if "board.dataset.version" in body else set()) | (
        {"form out"} if "form.htmx-request" in body else set())


def takes_pushed_boards(root: Path) -> bool:
    """Whether the page's scripts swap in a board the stream carries (table.js's "board" listener):
    then a phone shows it without asking, unless its board has picks under way or a request out."""
    return "addEventListener('board'" in (root / "static" / "js" / "table.js").read_text()


def next_event(chunks) -> dict | None:
    """The next event of a server-sent stream (its fields), comments skipped; None once the stream ends.
    A write may hold more than one event (a board and its "changed"): what follows an event in its
    chunk is kept for the next call on the same stream."""
    fields = {}
    try:
        buffer = _left.pop(chunks, b"")
    except TypeError:            # a stream that cannot be weakly referenced: nothing kept
        buffer = b""
    pending = iter(chunks)
    while True:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if not line:
                if "event" in fields:
                    try:
                        _left[chunks] = buffer
                    except TypeError:
                        pass
                    return fields
                continue
            if not line.startswith(b":"):
                key, _, value = line.decode().partition(": ")
                fields[key] = fields[key] + "\n" + value if key == "data" and key in fields else value
        chunk = next(pending, None)
        if chunk is None:
            return None
        buffer += chunk
