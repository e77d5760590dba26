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
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def quick_replace(obj, changes: dict):
    cls = type(obj)
    names = _field_names(cls)
    unknown = changes.keys() - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    new = object.__new__(cls)
    state = new.__dict__
    old = obj.__dict__
    for name in names:
        state[name] = changes[name] if name in changes else old[name]
    return new
