"""card_db/'s files as the loader reads them: TOML in, its shape checked, doubts noted.

Every check names the file and the entry (its index and id), so a typo in the
data is found at load rather than as a wrong number at a table.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from ..errors import CatalogError


class CardDbFiles:
    """One card_db/ folder being read, and the doubts its entries admit to so far."""

    def __init__(self, root: Path):
        self.root = root
        self.doubts: list[str] = []

    def toml(self, relative: str) -> tuple[str, dict]:
        path = self.root / relative
        if not path.is_file():
            raise CatalogError("file is missing", relative)
        try:
            with path.open("rb") as fh:
                return relative, tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise CatalogError(f"not valid TOML: {exc}", relative) from None


def top_keys(file: str, raw: dict, allowed: set[str]) -> None:
    extra = set(raw) - allowed
    if extra:
        raise CatalogError(f"unexpected top-level keys {sorted(extra)} (allowed: {sorted(allowed)})", file)


def expect_edition(file: str, raw: dict, edition: int) -> None:
    if raw.get("edition") != edition:
        raise CatalogError(f"must say edition = {edition} at the top", file)


def list_of(file: str, raw: dict, key: str) -> list:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise CatalogError(f"[[{key}]] must be an array of tables", file)
    return value


def entry_name(key: str, index: int, raw) -> str:
    ident = raw.get("id") if isinstance(raw, dict) else None
    return f"{key}[{index}]" + (f" ({ident})" if ident else "")
