"""card_db/ loaded, validated and indexed: the single source of game facts."""
from __future__ import annotations

from functools import lru_cache

from .catalog import Catalog
from .errors import CatalogError, LookupFailed
from .loader import default_card_db, load_catalog
from .model import (LANGUAGES, BoardWonder, Card, Colour, Cost, DuelWonder, Effect, Entity, Game,
                    ProgressToken, Resource)
from .text import fold

__all__ = ["Catalog", "CatalogError", "LookupFailed", "load_catalog", "default_card_db", "catalog",
           "Card", "Colour", "Cost", "DuelWonder", "BoardWonder", "Effect", "Entity", "Game",
           "ProgressToken", "Resource", "LANGUAGES", "fold"]


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The catalog of the project's own card_db/, loaded once per process (and kept between a
    server's starts for the same data and code: kept.py)."""
    from .kept import kept_or_loaded
    return kept_or_loaded(default_card_db(), load_catalog)
