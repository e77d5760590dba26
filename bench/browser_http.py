"""HTTP/1.1 as a phone's browser speaks it to the server, for the load benches (issue 29).

Chromium (the browser the page's tests use) keeps its connections: over HTTP/1.1 it holds at most
6 connections to one origin (net/socket/client_socket_pool_manager.cc, kDefaultMaxSocketsPerGroup),
a page's EventSource stream taking one of them for as long as it is open, so at most 5 carry the
page's other requests (htmx's boards, prices, moves). A request goes on an idle kept-alive
connection when there is one (Chromium reuses an idle socket it still sees open); a new one is
opened otherwise, up to the limit, beyond which the request waits for a connection to come free.
An idle connection is kept until the server closes it (gunicorn's --keep-alive, 30 s in the
Procfile, is shorter than Chromium's own idle limit of 5 min for a connection used). A request
sent on a reused connection that the server closed meanwhile, answered by nothing (no byte, or a
reset), is sent again once on a new connection, as Chromium does for any method
(HttpNetworkTransaction::ShouldResendRequest): the server never read it.

`Phone` holds one phone's pool. `one_connection_a_request` (BENCH_CONNECTIONS=new) is the bench's
earlier client: an HTTP/1.0 request on a new connection each time, closed after the answer.
"""
from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path

MAX_PER_ORIGIN = 6          # Chromium, HTTP/1.1


class EmptyReply(ConnectionError):
    """The server closed the connection without a byte of answer."""


@dataclass
class Counts:
    """Connections opened and requests sent, for the bench's report (shared by every phone of a run)."""
    opened: int = 0
    requests: int = 0
    resent: int = 0             # sent again on a new connection: a reused one was found closed
    waited: int = 0             # waited for one of the phone's connections to come free


def _head(method: str, path: str, version: str, host: str, cookie: str, headers: dict | None,
          body: bytes) -> bytes:
    lines = [f"{method} {path} {version}", f"Host: {host}"]
    if cookie:
        lines.append(f"Cookie: {cookie}")
    for k, v in (headers or {}).items():
        lines.append(f"{k}: {v}")
    if body:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def _parse_head(head: bytes) -> tuple[int, dict[str, str]]:
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found: dict[str, str] = {}
    for line in header_lines:
        k, _, v = line.partition(":")
        if k.lower() == "set-cookie":
            found["set-cookie"] = v.strip().split(";", 1)[0]
        else:
            found[k.lower()] = v.strip()
    return int(status_line.split()[1]), found


async def read_head(reader: asyncio.StreamReader, what: str) -> tuple[int, dict[str, str]]:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            raise EmptyReply(what) from None
        raise ConnectionError(f"{what}: an answer cut in its head") from None
    return _parse_head(head[:-4])


async def chunks(reader: asyncio.StreamReader):
    """A chunked body's chunks, as they come (the stream's events: one a chunk)."""
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
        if size == 0:
            await reader.readuntil(b"\r\n")
            return
        data = await reader.readexactly(size + 2)
        yield data[:-2]


async def _read_body(reader: asyncio.StreamReader, method: str, status: int, headers: dict) -> bytes:
    try:
        return await _body(reader, method, status, headers)
    except asyncio.IncompleteReadError:
        raise ConnectionError("an answer cut in its body") from None


async def _body(reader: asyncio.StreamReader, method: str, status: int, headers: dict) -> bytes:
    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        return b""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        return b"".join([c async for c in chunks(reader)])
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    return await reader.read(-1)              # until the server closes


async def one_connection_a_request(port: int, method: str, path: str, cookie: str = "", body: bytes = b"",
                                   headers: dict | None = None, counts: Counts | None = None
                                   ) -> tuple[int, dict, bytes]:
    """An HTTP/1.0 request on a connection of its own, closed after the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if counts:
        counts.opened += 1
        counts.requests += 1
    try:
        writer.write(_head(method, path, "HTTP/1.0", "127.0.0.1", cookie, headers, body))
        raw = await reader.read(-1)
    finally:
        writer.close()
    if not raw:
        raise EmptyReply(f"{method} {path}")
    head, _, content = raw.partition(b"\r\n\r\n")
    status, found = _parse_head(head)
    return status, found, content


# Past the server's keep-alive (the Procfile's --keep-alive) an idle connection is closed at the
# server's end; a real phone finds that out on reuse, and its closed sockets cost it nothing. This one
# client holds every phone's sockets under one open-file limit (20,000 here, not raisable in this
# container): at 2,000 tables, 8,000 streams and the closed idle sockets left waiting for reuse ran it
# out (thousands of OSErrors at the end's catch-ups). So our end is closed a second after the server's:
# no request that would have found the connection open is changed.
def server_keep_alive() -> float:
    """The Procfile's --keep-alive in seconds (gunicorn's default, 2, when it sets none)."""
    procfile = (Path(__file__).resolve().parents[1] / "Procfile").read_text()
    found = re.search(r"--keep-alive (\d+)", procfile)
    return float(found.group(1)) if found else 2.0


IDLE_CLOSE_S = server_keep_alive() + 1.0


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    release: asyncio.TimerHandle | None = None

    def open(self) -> bool:
        return not (self.reader.at_eof() or self.writer.is_closing())

    def close(self) -> None:
        if self.release is not None:
            self.release.cancel()
        self.writer.close()


@dataclass
class Phone:
    """One phone's browser: its kept-alive connections to the server (the stream's one counted)."""
    port: int
    counts: Counts
    limit: int = MAX_PER_ORIGIN - 1           # the page's stream holds one of the six
    idle: list[_Connection] = field(default_factory=list)
    busy: int = 0
    freed: asyncio.Condition | None = None

    async def _take(self) -> tuple[_Connection | None, bool]:
        """An idle connection still open (reused), or room for a new one (None)."""
        if self.freed is None:
            self.freed = asyncio.Condition()
        async with self.freed:
            if self.busy + len(self.idle) >= self.limit and not self.idle:
                self.counts.waited += 1
                await self.freed.wait_for(lambda: self.busy + len(self.idle) < self.limit or self.idle)
            while self.idle:
                conn = self.idle.pop()               # the most recently used, as Chromium picks
                if conn.release is not None:
                    conn.release.cancel()
                    conn.release = None
                if conn.open():
                    self.busy += 1
                    return conn, True
                conn.close()
            self.busy += 1
            return None, False

    async def _give_back(self, conn: _Connection | None) -> None:
        async with self.freed:
            self.busy -= 1
            if conn is not None and conn.open():
                self.idle.append(conn)
                conn.release = asyncio.get_running_loop().call_later(IDLE_CLOSE_S, self._expire, conn)
            elif conn is not None:
                conn.close()
            self.freed.notify()

    async def _new(self) -> _Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.counts.opened += 1
        return _Connection(reader, writer)

    async def request(self, method: str, path: str, cookie: str = "", body: bytes = b"",
                      headers: dict | None = None) -> tuple[int, dict, bytes]:
        conn, reused = await self._take()
        kept = None
        try:
            self.counts.requests += 1
            for attempt in (0, 1):
                if conn is None:
                    conn = await self._new()
                try:
                    conn.writer.write(_head(method, path, "HTTP/1.1", "127.0.0.1", cookie, headers, body))
                    status, found = await read_head(conn.reader, f"{method} {path}")
                except (EmptyReply, ConnectionResetError, BrokenPipeError) as exc:
                    conn.close()
                    conn = None
                    if reused and attempt == 0:            # closed by the server while idle: sent again
                        self.counts.resent += 1
                        reused = False
                        continue
                    raise exc from None
                content = await _read_body(conn.reader, method, status, found)
                if found.get("connection", "").lower() != "close":
                    kept = conn
                else:
                    conn.close()
                return status, found, content
        except BaseException:
            if conn is not None and conn is not kept:
                conn.close()
            raise
        finally:
            await self._give_back(kept)

    def _expire(self, conn: _Connection) -> None:
        """An idle connection past the server's keep-alive: our end closed too (IDLE_CLOSE_S)."""
        conn.release = None
        if conn in self.idle:
            self.idle.remove(conn)
            conn.close()

    def close(self) -> None:
        for conn in self.idle:
            conn.close()
        self.idle.clear()
