"""Table-affine workers: every connection whose first request is for one table served by one worker.

With two workers a table's phones landed in both: each took the table up, rendered its shared parts and
said its log at a restart and at every version, the other hearing of a move through its watcher (issue 29:
about 0.4 ms a phone more than in one process). Now a table has an owner, a stable hash of its code modulo
the workers, and a worker that accepts a connection for a table it does not own hands the connection to
the owner: it peeks at the request line (MSG_PEEK: nothing is read off the socket), and sends the
socket's file descriptor to the owner over a Unix socket (SCM_RIGHTS). The owner serves it as
if it had accepted it, with the client's own address (access log, throttling, the connection cap).

Workers find each other by slots: slot i is an abstract Unix address (a listening socket) named after the database and the
bind, which a worker takes by binding it; the kernel frees it when the worker dies, and a worker without
a slot (started while the one it replaces is still exiting) tries again every second. While a slot has
no worker, or the owner cannot take one more connection at once, the connection is served where it was
accepted: never refused, only served by the other worker, as before.

A connection stays with the worker that served its first request: a later request on it for another
table (a reverse proxy's kept connection mixing clients) is served there, as before this module.
"""
from __future__ import annotations

import array
import json
import re
import socket as stdsocket
import zlib

import gevent
from gevent import socket
from gevent.lock import Semaphore

# A table's addresses: the table pages (/g/<code>...) and the API (/api/v1/games/<code>...).
TABLE_PATH = re.compile(rb"[A-Z]+ (?:https?://[^/\s]*)?/(?:g|api/v1/games)/([A-Za-z0-9]+)(?=[/?# ])")
NOT_TABLES = {b"join", b"new"}      # /g/join, /g/new: pages of no table
PEEK_BYTES = 1024
PEEK_AGAIN = 0.01                   # a request line split over packets: rare, looked at again soon
RETRY_SLOT_SECONDS = 1.0
HAND_WAIT = 1.0                     # the owner's buffer full this long: served here


def table_of(line: bytes) -> bytes | None:
    """The table code a request line is for, upper-cased, or None."""
    found = TABLE_PATH.match(line)
    if found is None or found.group(1).lower() in NOT_TABLES:
        return None
    return found.group(1).upper()


def owner(code: bytes, workers: int) -> int:
    return zlib.crc32(code) % workers


def first_line(client, timeout: float) -> bytes | None:
    """The connection's first request line, left unread on the socket; None if it closes or is late."""
    with gevent.Timeout(timeout, False):
        while True:
            data = client.recv(PEEK_BYTES, stdsocket.MSG_PEEK)
            if not data:
                return None
            if b"\n" in data or len(data) >= PEEK_BYTES:
                return data
            gevent.sleep(PEEK_AGAIN)
    return None


class Slots:
    """This worker's slot among `workers` (its listening socket), and its connections to the others'.

    Connected SOCK_SEQPACKET sockets, not datagrams: a datagram socket queues 10 messages
    (net.unix.max_dgram_qlen), too few for a restart's burst; a connection's buffer holds hundreds, and
    a full one makes the sender wait (up to HAND_WAIT), not fail."""

    def __init__(self, name: str, workers: int):
        self.name, self.workers = name, workers
        self.slot: int | None = None
        self.listening = None
        self.peers: dict[int, tuple] = {}       # slot -> (connected socket, its lock)

    def address(self, slot: int) -> bytes:
        return b"\0" + f"companion-{self.name}-{slot}".encode()

    def take(self) -> bool:
        """Take the first free slot; whether one was taken."""
        for slot in range(self.workers):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                sock.bind(self.address(slot))
                sock.listen(16)
            except OSError:
                sock.close()
                continue
            self.slot, self.listening = slot, sock
            return True
        return False

    def leave(self) -> None:
        """Stop taking connections (shutting down): the address is free for the next worker."""
        if self.listening is not None:
            self.listening.close()
            self.listening, self.slot = None, None

    def owner_elsewhere(self, code: bytes) -> int | None:
        """The slot of the table's owner when it is not this worker, else None."""
        if self.slot is None:
            return None
        found = owner(code, self.workers)
        return None if found == self.slot else found

    def _peer(self, slot: int):
        peer = self.peers.get(slot)
        if peer is None:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            sock.settimeout(HAND_WAIT)
            sock.connect(self.address(slot))           # refused at once when no worker holds the slot
            peer = self.peers[slot] = (sock, Semaphore())
        return peer

    def hand(self, slot: int, client, addr, listener: int) -> bool:
        """Send the connection to `slot`'s worker; False if it cannot take it now (serve it here)."""
        message = json.dumps({"a": addr, "l": listener}).encode()
        try:
            sock, lock = self._peer(slot)
            with lock:                                  # one greenlet a socket at a time (gevent's rule)
                sock.sendmsg([message], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                          array.array("i", [client.fileno()]))])
        except OSError:                                 # timeouts too (socket.timeout is an OSError)
            dropped = self.peers.pop(slot, None)
            if dropped is not None:
                dropped[0].close()                      # connected again at the next hand
            return False
        return True

    def serve(self, take) -> None:
        """Accept the other workers' connections, and call take(socket, client address, listener index)
        for each connection handed over them; returns once leave() closed the slot."""
        while self.listening is not None:
            try:
                peer, _ = self.listening.accept()
            except OSError:
                return
            gevent.spawn(self._reading, peer, take)

    def _reading(self, peer, take) -> None:
        with peer:
            while True:
                try:
                    message, fds, _flags, _addr = stdsocket.recv_fds(peer, 4096, 4)
                except OSError:
                    return
                if not message and not fds:
                    return                              # the other worker is gone
                for extra in fds[1:]:
                    socket.socket(fileno=extra).close()
                if not fds:
                    continue
                try:
                    doc = json.loads(message)
                    addr = tuple(doc["a"]) if isinstance(doc["a"], list) else doc["a"]
                    client = socket.socket(fileno=fds[0])
                except (ValueError, KeyError, TypeError, OSError):
                    socket.socket(fileno=fds[0]).close()
                    continue
                take(client, addr, int(doc.get("l", 0)))
