"""Science symbols: a pair brings a progress token, six different ones win.

Seed 000 (STIINTA SI PROGRESUL): when a player holds two identical symbols,
they take one progress token from the board at once; six different symbols
is scientific supremacy. The Law token carries a symbol and counts.
"""
from __future__ import annotations

from collections.abc import Mapping

SUPREMACY = 6


def completes_pair(symbols: Mapping[str, int], symbol: str | None) -> bool:
    """Whether the `symbol` just added to `symbols` made a pair of it.

    Each symbol is printed on two cards only, so a pair forms once.
    """
    return symbol is not None and symbols.get(symbol, 0) == 2


def different(symbols: Mapping[str, int]) -> int:
    counts = list(symbols.values())
    return len(counts) - counts.count(0)        # counts are never negative


def supremacy(symbols: Mapping[str, int]) -> bool:
    return different(symbols) >= SUPREMACY
