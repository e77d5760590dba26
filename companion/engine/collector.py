"""Python's cyclic garbage collector, held off while a simulator plays.

The engines' values hold no reference cycles (each simulator's lean test fails
on a game that leaves one), so reference counting frees every game; the
collector would only walk the thousands of young copies a game makes.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def without_cyclic_collector():
    """The collector off inside, and back on after if it was on before."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
