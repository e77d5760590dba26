"""A cached property for the engine's frozen values, without functools.cached_property's lock.

Python 3.11's cached_property takes a lock on every first computation; the
engine computes such facts hundreds of thousands of times in a simulation,
and a frozen value's fact is the same whichever thread computes it, so a
race costs at most one computation twice. The value is stored in the
instance's __dict__, which shadows this (non-data) descriptor afterwards.
"""
from __future__ import annotations


class cached:
    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


_set = object.__setattr__
set_dict = _set          # `set_dict(object.__new__(cls), "__dict__", values)`: instance() spelt out


def instance(cls: type, values: dict):
    """A `cls` whose __dict__ is `values` (a frozen dataclass too), without __init__: the
    engine's copies of its frozen values. Giving the new object a finished dict costs
    about half of filling its own empty one key by key."""
    new = object.__new__(cls)
    _set(new, "__dict__", values)
    return new
