"""Errors the catalog raises: each names the file and the entry at fault."""
from __future__ import annotations


class CatalogError(Exception):
    """card_db/ holds something malformed or inconsistent."""

    def __init__(self, message: str, file: str | None = None, entry: str | None = None):
        self.message = message
        self.file = file
        self.entry = entry
        where = ": ".join(part for part in (file, entry) if part)
        super().__init__(f"{where}: {message}" if where else message)


class LookupFailed(LookupError):
    """A name or id that matches nothing, or more than one thing."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()):
        self.message = message
        self.suggestions = suggestions
        super().__init__(message)
