"""The fields every entry shares: id, name, aliases, source, doubt, notes; and costs and effects."""
from __future__ import annotations

import re

from ..effects import parse_effect, parse_resource_table
from ..errors import CatalogError
from ..model import Cost, Game
from .files import CardDbFiles

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SEED_FILES = frozenset({
    "000_1c78c1f9066415b4.txt", "001_debd73f38ba2f4a6.txt", "002_d1b5eb6aa9ab4b95.txt",
    "003_5ad9654bae57ed2f.txt", "004_d662dfb47409e9d6.txt"})

ENTITY_KEYS = {"id", "name", "aliases", "source", "doubt", "notes"}


def entity_fields(files: CardDbFiles, file: str, where: str, raw: dict, allowed: set[str],
                  game: Game, edition: int | None) -> dict:
    if not isinstance(raw, dict):
        raise CatalogError("must be a table", file, where)
    extra = set(raw) - allowed
    if extra:
        raise CatalogError(f"unexpected keys {sorted(extra)}", file, where)
    for key in ("id", "name", "source"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise CatalogError(f"needs a non-empty {key}", file, where)
    if not ID_PATTERN.match(raw["id"]):
        raise CatalogError(f'id "{raw["id"]}" must be a lowercase slug like "lumber-yard"', file, where)
    check_source(file, where, raw["source"])
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        raise CatalogError("aliases must be a list of names", file, where)
    doubt = raw.get("doubt")
    if doubt is not None:
        if not isinstance(doubt, str) or not doubt.strip():
            raise CatalogError("doubt must say what is doubtful", file, where)
        files.doubts.append(f"{file}: {where}: {doubt}")
    return {"id": raw["id"], "game": game, "edition": edition, "name": raw["name"].strip(),
            "aliases": tuple(aliases), "source": raw["source"], "doubt": doubt,
            "notes": raw.get("notes")}


def check_source(file: str, where: str, source: str) -> None:
    if source == "general":
        return
    if re.match(r"^public:\s*\S", source):
        return
    match = re.match(r"^seed:(\S+)(\s.*)?$", source)
    if not match or match.group(1) not in SEED_FILES:
        raise CatalogError(f'source "{source}" must be "general", "seed:<file>" naming a seed '
                           f'or "public: <what was checked>"', file, where)


def cost(file: str, where: str, raw) -> Cost:
    if raw is None:
        return Cost()
    if not isinstance(raw, dict) or set(raw) - {"coins", "resources"}:
        raise CatalogError("cost must be a table with coins and/or resources", file, where)
    coins = raw.get("coins", 0)
    if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
        raise CatalogError(f"cost.coins must be a whole number, not {coins!r}", file, where)
    try:
        resources = parse_resource_table(raw.get("resources", {}), "cost.resources", allow_empty=True)
    except CatalogError as exc:
        raise CatalogError(exc.message, file, where) from None
    return Cost(coins=coins, resources=resources)


def effects(file: str, where: str, raw, game: Game):
    if not isinstance(raw, list):
        raise CatalogError("effects must be a list of tables", file, where)
    try:
        return tuple(parse_effect(e, game, f"effects[{i}]") for i, e in enumerate(raw))
    except CatalogError as exc:
        raise CatalogError(exc.message, file, where) from None
