"""Waiting for a condition a server brings about (never for a time): `until` polls it to a deadline."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def until(look: Callable[[], T], done: Callable[[T], bool], seconds: float, every: float = 0.05) -> T:
    """`look()` again every `every` seconds until `done` holds of what it saw or `seconds` passed; the
    last thing seen, for the caller's assertion to say what was there."""
    deadline = time.monotonic() + seconds
    seen = look()
    while not done(seen) and time.monotonic() < deadline:
        time.sleep(every)
        seen = look()
    return seen
