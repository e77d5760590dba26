"""gunicorn's gevent worker, with a cap on the connections one client holds open at once.

One client opening thousands of connections (slow uploads, live streams) took
every one of a worker's `--worker-connections` slots: everyone else waited in
the listen queue and timed out. Here a worker counts its open connections by
client address and closes a connection past the cap as soon as it is
accepted, before anything is read, so it costs one accept and one close.

The cap, CONNECTIONS_PER_CLIENT a worker (COMPANION_CONNECTIONS_PER_CLIENT),
is 128: a home router puts a household behind one address, and two tables of
seven phones, each browser holding at most 6 connections to a site over
HTTP/1.1 (its live stream among them), make 84; a worker may be handed all
of them. A client gets at most workers x 128 (256 with the Procfile's 2) of
the 20,000 slots (the Procfile's 10,000 a worker: 2,000 tables of 4 phones
hold 8,000 streams, and with 4,000 a worker nothing was left to answer them). IPv6 clients are counted by /64, as the guess throttle does.

Connections from gunicorn's trusted proxies (`--forwarded-allow-ips`, the
FORWARDED_ALLOW_IPS variable; 127.0.0.1 and ::1 by default) are not capped:
behind a reverse proxy every client arrives from the proxy's address, and the
proxy limits each client itself (deploy/nginx.conf).

A new connection's first request line and headers must arrive within
FIRST_REQUEST_TIMEOUT (10 s, nginx's client_header_timeout in deploy/nginx.conf);
a kept-alive connection waits gunicorn's keep-alive (the Procfile's 30 s: a phone's
next tap, a price or a move 10-30 s later, reuses its connection instead of queueing
for a new one behind the worker's accepts; nginx lets its idle ones go after 2 s,
first) for its next request.
gunicorn's own worker gave the first request the keep-alive (then 2 s) too, counted
from when the worker first looked at the connection: a request that came later
(a phone on a lossy network, a client or a worker running seconds behind under
overload) was closed unanswered, not a byte sent (issue 29: 287 answers cut at
2,000 tables, read by the bench as IndexError). A client that stops sending in
the middle of a body is let go after the app's body timeout
(companion/web/body.py).

A worker puts what it holds once started (the app, its catalogue, the modules'
objects) out of the garbage collector's sight (gc.freeze): a full collection
stops every stream and request of the worker while it walks every object, and
these never become garbage (issue 29: at 300 tables a worker's full collections
took half the CPU, 0.19 -> 0.09 s the longest). Nothing is collected while the
app loads: a start makes little garbage (1,500 of 75,000 objects), kept for good. What survives
later is frozen as it ages, and full collections wait for a rare sweep (collector.py).

The access log's lines are written every 50 ms, by the loop where the file or pipe has room for them,
else by a thread of the worker's pool: a full pipe stops that thread, not the worker (access_log.py).

A connection whose first request is for a table another worker owns is handed to that worker, so a
table's phones and moves are served by one process (affinity.py).

The WAL's checkpoints (a copy of the log and two syncs, 20-60 ms) run in a thread of the worker's
pool every CHECKPOINT_SECONDS, not inside the commit that fills the log (store/db.py).
"""
from __future__ import annotations

import gc
import ipaddress
import os
import zlib
from collections import Counter

import gevent
from gevent.pool import Pool
from gunicorn.workers import ggevent
from gunicorn.workers.ggevent import GeventWorker

from ..store import db
from . import access_log, affinity, response
from .collector import SWEEP_SECONDS, YOUNG_SECONDS, Collector

CONNECTIONS_PER_CLIENT = int(os.environ.get("COMPANION_CONNECTIONS_PER_CLIENT", "128"))
FIRST_REQUEST_TIMEOUT = float(os.environ.get("COMPANION_FIRST_REQUEST_TIMEOUT", "10"))
CHECKPOINT_SECONDS = 1.0     # a move writes ~2 pages: ~400 a second at 1,000 tables, under SQLite's 1,000
CHECKPOINT_SOON = 0.05


def client_key(host: str) -> str:
    """Whom a connection is counted for: its IPv4 address, or its IPv6 /64 (one household's network)."""
    if ":" not in host:
        return host
    try:
        ip = ipaddress.IPv6Address(host.split("%", 1)[0])
    except ValueError:
        return host
    if ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))


class CappedGeventWorker(GeventWorker):
    """GeventWorker closing a client's connections past CONNECTIONS_PER_CLIENT at once."""

    # Set in run(); a worker told to stop while it still boots (gunicorn's SIGTERM at a start) has none.
    slots: affinity.Slots | None = None

    def init_process(self):
        self.open_by_client: Counter[str] = Counter()
        self._proxies: dict[str, bool] = {}
        response.install()             # a response's head and body in one write (response.py)
        super().init_process()

    def load_wsgi(self):
        db.checkpoint_elsewhere()      # before the app opens any connection
        gevent.spawn(self._checkpointing)
        gc.disable()           # no collection while the app loads (a sixth of a worker's start): it is all kept
        try:
            super().load_wsgi()
        finally:
            gc.freeze()        # what the started app holds: out of every later collection
            gc.enable()
        self.collector = Collector()
        self.collector.install()
        gevent.spawn(self._sweeping)
        gevent.spawn(self._collecting_young)
        if hasattr(self.log, "write_off_loop"):       # RedactingLogger (the Procfile's)
            self.log.write_off_loop(gevent.get_hub().threadpool.apply)
            gevent.spawn(self._flushing_access_log)

    def run(self):
        pools = self._pools = []

        class KnownPool(Pool):          # the accepting servers' pools: handed connections join them
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                pools.append(self)

        ggevent.Pool = KnownPool                  # this process's gunicorn module: one worker a process
        self.slots = None
        if self.cfg.workers > 1:
            config = getattr(self.wsgi, "config", None) or {}
            name = "%08x" % zlib.crc32(repr((config.get("DATABASE"), self.cfg.bind)).encode())
            self.slots = affinity.Slots(name, self.cfg.workers)
            gevent.spawn(self._taking_handed)
        try:
            super().run()
        finally:
            if hasattr(self.log, "write_on_loop"):
                self.log.write_on_loop()              # the lines still waiting, before the worker exits

    def _taking_handed(self):
        """Take a slot (again every second while none is free), then serve what other workers hand here."""
        while not self.slots.take():
            gevent.sleep(affinity.RETRY_SLOT_SECONDS)
            if not self.alive:
                return
        while not self._pools:
            gevent.sleep(0.01)
        self.slots.serve(self._take_handed)

    def _take_handed(self, client, addr, listener):
        if listener >= len(self.sockets):
            client.close()
            return
        self._pools[min(listener, len(self._pools) - 1)].spawn(self._serve, self.sockets[listener], client, addr)

    def handle_exit(self, sig, frame):
        if self.slots is not None:
            gevent.spawn(self.slots.leave)        # no more connections handed here: the slot is free
        super().handle_exit(sig, frame)

    def _handed_away(self, listener, client, addr) -> bool:
        """Whether the connection was handed to the worker that owns its table (then forget it here)."""
        if self.slots is None or self.slots.slot is None:
            return False
        client.setblocking(1)
        line = affinity.first_line(client, FIRST_REQUEST_TIMEOUT)
        if line is None:                 # closed, or nothing in time: as gunicorn would, unanswered
            client.close()
            return True
        code = affinity.table_of(line)
        slot = None if code is None else self.slots.owner_elsewhere(code)
        if slot is None or not self.slots.hand(slot, client, addr, self.sockets.index(listener)):
            return False
        client.close()                   # the owner holds its own copy of the connection
        return True

    def _flushing_access_log(self):
        while True:
            gevent.sleep(access_log.FLUSH_SECONDS)
            self.log.flush_pending()

    def _collecting_young(self):
        while True:
            gevent.sleep(YOUNG_SECONDS)
            self.collector.young()

    def _checkpointing(self):
        pool, held = gevent.get_hub().threadpool, 0
        while True:
            # again soon while the log is long: it starts over only once a checkpoint copied all of it
            gevent.sleep(CHECKPOINT_SECONDS if held < db.LOG_FRAMES else CHECKPOINT_SOON)
            try:
                held = pool.apply(db.checkpoint)   # a real thread: SQLite's copy and syncs let the loop run
            except Exception:
                held = 0
                self.log.exception("WAL checkpoint failed")

    def _sweeping(self):
        while True:
            gevent.sleep(min(SWEEP_SECONDS, 60))
            if self.collector.due():
                self.log.info(self.collector.sweep())

    def timeout_ctx(self):
        """How long a connection may take to send its next request's line and headers: the first,
        FIRST_REQUEST_TIMEOUT; the next on a kept-alive connection, gunicorn's keep-alive.
        (Called in the connection's own greenlet, once before each request is read.)"""
        greenlet = gevent.getcurrent()
        if getattr(greenlet, "companion_first_read", False):
            return super().timeout_ctx()
        greenlet.companion_first_read = True
        return gevent.Timeout(FIRST_REQUEST_TIMEOUT, False)

    def is_proxy(self, host: str) -> bool:
        """Whether `host` is one of gunicorn's trusted proxies (many clients behind one address)."""
        found = self._proxies.get(host)
        if found is None:
            allowed = self.cfg.forwarded_allow_ips
            try:
                ip = ipaddress.ip_address(host.split("%", 1)[0])
            except ValueError:
                ip = None
            found = "*" in allowed or (ip is not None and any(ip in net for net in self.cfg.forwarded_allow_networks()))
            if len(self._proxies) > 10_000:          # bounded, whatever addresses come
                self._proxies.clear()
            self._proxies[host] = found
        return found

    def handle(self, listener, client, addr):
        return self._serve(listener, client, addr, routed=False)

    def _serve(self, listener, client, addr, routed=True):
        """Serve an accepted connection (`routed`: one another worker handed here, served whatever it asks)."""
        gevent.getcurrent().companion_first_read = False        # a new connection: its first request
        if not isinstance(addr, tuple) or not addr or self.is_proxy(addr[0]):   # a Unix socket, or a proxy
            if not routed and self._handed_away(listener, client, addr):
                return None
            return super().handle(listener, client, addr)
        key = client_key(addr[0])
        if self.open_by_client[key] >= CONNECTIONS_PER_CLIENT:
            client.close()                  # nothing read, nothing written: as cheap as refusing gets
            return None
        if not routed and self._handed_away(listener, client, addr):
            return None
        self.open_by_client[key] += 1
        try:
            return super().handle(listener, client, addr)
        finally:
            left = self.open_by_client[key] - 1
            if left:
                self.open_by_client[key] = left
            else:
                del self.open_by_client[key]
