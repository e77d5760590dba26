"""A faster dataclasses.replace for the engine's frozen values.

`replace` runs __init__ and a frozen __setattr__ per field; a game makes
tens of thousands of copies, so the copy is made directly from the fields.
Only declared fields are copied: what cached_property stored on the old
value is left behind, as it may no longer hold.
"""
from __future__ import annotations

from dataclasses import fields
from functools import lru_cache


@lru_cache(maxsize=None)
def _field_names(cls) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def quick_replace(obj, changes: dict):
    cls = type(obj)
    names = _field_names(cls)
    if not changes.keys() <= names:
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
    old = obj.__dict__
    # Copied whole (in C), then what was cached on the old value is left behind.
    state = old.copy()
    if len(state) != len(names):
        for name in state.keys() - names:
            del state[name]
    state.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", state)
    return new
