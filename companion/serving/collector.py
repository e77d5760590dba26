"""A worker's garbage collection without the long pauses of full collections (issue 29).

CPython collects young objects often and cheaply, and every object that survives two young
collections lands in the oldest generation, which a full collection walks whole. In a gevent worker
a collection holds the worker's only thread: every request and stream waits. At 1,000 tables a
worker holds 300,000-400,000 live objects (a kept-alive connection or an open stream is some 70:
its greenlet, socket, parser, request; the per-table caches some 50,000), almost none of them
garbage: a full collection took 350 ms of CPU (0.5-1.6 s on a loaded machine) and freed 0-256
objects, and came every 10-15 s, the move answers' and deliveries' p99.

So objects that survive a collection of the middle generation are frozen (gc.freeze: out of every
later collection) instead of aging into the oldest, and the automatic full collections are off.
Young cycles are collected as before. A frozen object is still freed as soon as nothing refers to
it; only a cycle that becomes garbage after it was frozen stays until the next sweep, which
unfreezes and collects everything, then freezes what is left. A sweep is one full collection, as
long as one was: it comes every SWEEP_SECONDS (COMPANION_GC_SWEEP_SECONDS, 600) at most, and only
when the frozen objects grew by SWEEP_GROWTH (a quarter, CPython's own rule) since the last one.

A sweep cannot be split: CPython 3.11 has no incremental full collection, and `gc.unfreeze` hands
back every frozen object at once. While a server fills (its tables' kept states are what grows)
sweeps found almost nothing: 0-256 objects freed of 234,000-513,000 walked (issue 29). So after a
sweep that freed fewer than one object in FEW_FREED it walked, the next waits twice as long, up to
SWEEP_MOST (eight times SWEEP_SECONDS); one that freed more brings the wait back to SWEEP_SECONDS.
What waits longer is only what such sweeps find: under a thousandth of the objects an interval.
"""
from __future__ import annotations

import gc
import os
import time

SWEEP_SECONDS = float(os.environ.get("COMPANION_GC_SWEEP_SECONDS", "600"))
YOUNG_SECONDS = 0.05
SWEEP_GROWTH = 0.25
SWEEP_MOST = 8              # the longest wait between sweeps, in SWEEP_SECONDS
FEW_FREED = 1000            # a sweep freeing under one object in this many it walked: the next waits longer
NEVER = 1 << 30             # a generation-2 threshold no count of collections reaches


class Collector:
    """Installed once in a worker (`install`); `sweep` is called by the worker's own timer."""

    def __init__(self) -> None:
        self.thresholds = gc.get_threshold()
        self.swept_at = time.monotonic()
        self.after_sweep = gc.get_freeze_count()
        self.waits = 1                         # SWEEP_SECONDS until the next sweep may come

    def install(self) -> None:
        young, middle, _full = self.thresholds
        gc.set_threshold(young, middle, NEVER)
        gc.callbacks.append(self._collected)

    def uninstall(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        gc.set_threshold(*self.thresholds)

    def _collected(self, phase: str, info: dict) -> None:
        # After the middle generation's collection its survivors have just moved to the oldest:
        # out of sight with it (the oldest is then empty, so no collection walks them).
        if phase == "stop" and info["generation"] >= 1:
            gc.freeze()

    def young(self) -> None:
        """Collect the youngest generation now, small (called every YOUNG_SECONDS).

        CPython collects it once 700 more objects were made than freed, counting the old ones freed
        too: a move makes a table's new state as its old one goes, so young objects piled up
        unseen, and the middle generation's collection after ten of those walked 30,000-44,000
        objects, 45-68 ms of CPU on the loaded machine (issue 29: the longest stall once full
        collections were gone). The middle one comes after as many of these as CPython's own
        (its count is of the youngest's collections; this one resets the count CPython's own waits
        for, so it would not come by itself: 64,000-128,000 objects, up to 115 ms, when left to it)."""
        gc.collect(1 if gc.get_count()[1] >= self.thresholds[1] else 0)

    def due(self, now: float | None = None) -> bool:
        """Whether a sweep is due: its time has come and the frozen objects grew since the last."""
        now = time.monotonic() if now is None else now
        return (now - self.swept_at >= self.waits * SWEEP_SECONDS
                and gc.get_freeze_count() > (1 + SWEEP_GROWTH) * self.after_sweep)

    def sweep(self) -> str:
        """Everything collected once (the frozen cycles that became garbage), the rest frozen again;
        what it did, in words for the worker's log."""
        started, before = time.perf_counter(), gc.get_freeze_count()
        gc.unfreeze()
        collected = gc.collect()
        gc.freeze()
        self.swept_at, self.after_sweep = time.monotonic(), gc.get_freeze_count()
        few = collected * FEW_FREED < before
        self.waits = min(2 * self.waits, SWEEP_MOST) if few else 1
        return (f"gc sweep: {before} objects, {collected} collected, "
                f"{1000 * (time.perf_counter() - started):.0f} ms, next in {self.waits * SWEEP_SECONDS:.0f} s at the earliest")
