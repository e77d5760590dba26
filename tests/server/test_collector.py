"""A worker's garbage collection (companion/serving/collector.py): what survives the middle
generation is frozen, no full collection comes by itself, and a sweep still frees frozen cycles."""
from __future__ import annotations

import gc
import weakref

import pytest

from companion.serving import collector as collector_module
from companion.serving.collector import Collector


class Node:
    """A container the collector tracks; `me` makes it a cycle."""


@pytest.fixture
def installed():
    gc.collect()
    gc.unfreeze()
    kept = Collector()
    kept.install()
    yield kept
    kept.uninstall()
    gc.unfreeze()            # this process's objects back where they were (all in the oldest generation)
    gc.collect()


def in_generation(generation: int, obj) -> bool:
    return any(o is obj for o in gc.get_objects(generation))


def test_what_survives_the_middle_generation_is_frozen_not_aged(installed):
    survivor = [Node()]
    gc.collect(1)
    assert not in_generation(2, survivor)          # without: the survivors move to the oldest, walked by full ones
    assert gc.get_freeze_count() > 0


def test_no_full_collection_comes_by_itself(installed):
    full = []

    def heard(phase, info):
        if phase == "stop" and info["generation"] == 2:
            full.append(info)
    gc.callbacks.append(heard)
    try:
        held = []
        for i in range(300_000):                 # a growing heap: CPython's own rule would collect it whole
            held.append([i])
    finally:
        gc.callbacks.remove(heard)
    assert full == []                            # without: several full collections
    assert gc.get_count()[2] == 0                # the oldest generation stays empty: nothing ages into it


def test_a_sweep_frees_a_cycle_that_became_garbage_once_frozen(installed):
    node = Node()
    node.me = node
    gone = weakref.ref(node)
    live = [Node() for _ in range(100)]
    gc.collect(1)                                # both frozen
    del node
    gc.collect()                                 # a full collection does not see frozen objects
    assert gone() is not None
    said = installed.sweep()
    assert gone() is None
    assert "collected" in said
    assert not in_generation(2, live)            # what is still alive is frozen again
    assert installed.after_sweep == gc.get_freeze_count()


def test_a_sweep_is_due_only_after_its_time_and_when_the_frozen_grew(installed, monkeypatch):
    monkeypatch.setattr(collector_module, "SWEEP_SECONDS", 600)
    installed.after_sweep = gc.get_freeze_count()
    later = installed.swept_at + 601
    assert not installed.due(later)              # nothing new frozen
    held = [[i] for i in range(10_000)]
    gc.collect(1)
    installed.after_sweep = int(gc.get_freeze_count() / 1.3)
    assert not installed.due(installed.swept_at + 60)
    assert installed.due(later)
    assert held


def test_young_objects_pile_up_unseen_while_old_ones_die_and_young_collects_them(installed):
    """CPython's count of the youngest generation goes down for every object freed, the frozen
    ones too: made as fast as old ones die, young objects are never collected by themselves."""
    old = [[i] for i in range(30_000)]
    gc.collect(1)                                # frozen, as a worker's kept state is
    new = []
    for i in range(30_000):
        old[i] = None                            # a table's old state goes...
        new.append([i])                          # ...as its new one is made
    assert len(gc.get_objects(0)) > 10_000       # never collected: the count stayed under 700
    installed.young()
    assert len(gc.get_objects(0)) < 100          # without: no such collection (AttributeError)


def test_the_middle_generation_is_collected_after_ten_young_collections(installed):
    survivors = []
    for tick in range(25):
        survivors.append([[tick] for _ in range(200)])
        installed.young()
    assert len(gc.get_objects(1)) < 10 * 200 + 100    # without: each tick's survivors pile up in it


def test_a_sweep_that_freed_almost_nothing_makes_the_next_wait_longer(installed, monkeypatch):
    """A sweep walks every object (380 ms at 1,000 tables) and, while a server fills, freed a few
    hundred of 500,000: the next waits twice as long, up to SWEEP_MOST; a sweep that frees more
    brings the wait back (fails without: every sweep due after SWEEP_SECONDS)."""
    monkeypatch.setattr(collector_module, "SWEEP_SECONDS", 600)
    held = [[i] for i in range(20_000)]
    gc.collect(1)
    waits = []
    for _ in range(5):
        installed.sweep()                        # nothing to free: 20,000 objects and more walked
        installed.after_sweep = 0                # as though the frozen objects had grown since
        # a second past each multiple: swept_at + t - swept_at may round to just under t
        waits.append(next(t for t in range(600, 10_000, 600) if installed.due(installed.swept_at + t + 1)))
    assert waits == [1200, 2400, 4800, 4800, 4800]
    cycles = []
    for _ in range(gc.get_freeze_count() // 500 + 100):     # a node and its dict: over one in a thousand
        node = Node()
        node.me = node
        cycles.append(node)
    gc.collect(1)
    cycles.clear()                               # frozen cycles become garbage: only a sweep frees them
    said = installed.sweep()
    installed.after_sweep = 0
    assert installed.due(installed.swept_at + 601), said
    assert held
