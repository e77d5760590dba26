"""An expansion box's things: card_db/duel/<box>.toml (the Duel's boxes) and
card_db/seven_wonders/<box>_<n>e.toml (7 Wonders' boxes, one file an edition).

A box file holds the box's buildings ([[card]], each with its `kind`), wonders
([[wonder]]), progress tokens ([[token]]) and every other piece ([[piece]]: a
divinity, the Gate, a token, a senator, a conspiracy, a decree). Each thing
carries the box's name as `expansion` and what it is there as `piece`, the
contract's "kind". A box without its file has no things yet.
"""
from __future__ import annotations

from dataclasses import replace

from ..boxes import Box
from ..errors import CatalogError
from ..model import BoxPiece, Card, Colour, Entity, Game
from .cards import cards
from .duel import layouts, progress_token, wonder
from .fields import ENTITY_KEYS, check_source, cost, effects, entity_fields
from .files import CardDbFiles, entry_name, list_of, top_keys
from .seven_wonders import board

# What a box's building may be, and every other piece, with the fields each needs
# and allows besides the shared ones (id, name, aliases, source, doubt, notes).
CARD_PIECES = frozenset({"temple", "leader", "city", "building"})
PIECES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "divinity": (frozenset({"mythology", "effects"}), frozenset()),
    "gate": (frozenset({"effects", "cost_factor"}), frozenset()),
    "mythology-token": (frozenset({"mythology", "copies"}), frozenset()),
    "offering-token": (frozenset({"effects"}), frozenset({"copies"})),
    "senator": (frozenset({"copies", "effects"}), frozenset({"section"})),
    "conspiracy": (frozenset({"effects"}), frozenset()),
    "decree": (frozenset({"effects"}), frozenset()),
    # 7 Wonders Armada: an island (its level 1-3) and a naval conflict token (its points, how many)
    "island": (frozenset({"level", "effects"}), frozenset()),
    "naval-token": (frozenset({"value", "copies"}), frozenset()),
    # 7 Wonders Edifice: an edifice (its Age as level; its reward as effects, what is lost as penalty)
    "edifice": (frozenset({"level", "effects", "penalty"}), frozenset()),
    # 7 Wonders Babel: a tile of the Tower (a rule while it shows), a Great Project (as an edifice)
    "tower-tile": (frozenset({"effects"}), frozenset()),
    "great-project": (frozenset({"level", "effects", "penalty"}), frozenset()),
}
MYTHOLOGIES = ("greek", "phoenician", "mesopotamian", "egyptian", "roman")
SECTIONS = ("left", "centre", "right")


def box_file(box: Box, edition: int | None) -> str:
    if box.game is Game.DUEL:
        return f"duel/{box.key}.toml"
    return f"seven_wonders/{box.key}_{edition}e.toml"


TABLES = ("board", "senate")     # a box's own board (Pantheon) or Senate (Agora): numbers the rules read


def read_box_things(files: CardDbFiles, boxes: dict[str, Box], editions) -> tuple[dict, dict, dict]:
    """Every box's things, tables and structures ([[layout]], the Duel's), by (game, edition, box key);
    a box whose file is missing has none."""
    out: dict[tuple[Game, int | None, str], tuple[Entity, ...]] = {}
    tables: dict[tuple[Game, int | None, str], dict[str, dict]] = {}
    structures: dict[tuple[Game, int | None, str], dict] = {}
    for box in boxes.values():
        for edition in editions(box.game):
            if box.editions and edition not in box.editions:
                continue
            relative = box_file(box, edition)
            if not (files.root / relative).is_file():
                continue
            out[(box.game, edition, box.key)] = box_things(files, relative, box, edition)
            tables[(box.game, edition, box.key)] = box_tables(files, relative)
            file, raw = files.toml(relative)
            if "layout" in raw:
                structures[(box.game, edition, box.key)] = layouts(file, raw)
    return out, tables, structures


def box_tables(files: CardDbFiles, relative: str) -> dict[str, dict]:
    """The box's [board] or [senate]: whole numbers and lists of them, with a source."""
    file, raw = files.toml(relative)
    out = {}
    for key in TABLES:
        if key not in raw:
            continue
        table = raw[key]
        if not isinstance(table, dict) or not isinstance(table.get("source"), str):
            raise CatalogError(f"[{key}] must be a table with a source", file, key)
        check_source(file, key, table["source"])
        if table.get("doubt"):
            files.doubts.append(f"{file}: {key}: {table['doubt']}")
        for name, value in table.items():
            if name in ("source", "doubt", "notes"):
                continue
            if not _numbers(value):
                raise CatalogError(f"{key}.{name} must be whole numbers (or a table of them)", file, key)
        out[key] = {k: v for k, v in table.items() if k not in ("doubt", "notes")}
    return out


def _numbers(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value >= 0
    if isinstance(value, list):
        return bool(value) and all(_numbers(v) for v in value)
    if isinstance(value, dict):
        return bool(value) and all(isinstance(k, str) and _numbers(v) for k, v in value.items())
    return False


def box_things(files: CardDbFiles, relative: str, box: Box, edition: int | None) -> tuple[Entity, ...]:
    file, raw = files.toml(relative)
    top_keys(file, raw, {"box", "edition", "source", "notes", "card", "wonder", "token", "piece", "layout", *TABLES})
    if raw.get("box") != box.key:
        raise CatalogError(f'must say box = "{box.key}" at the top', file)
    if box.game is Game.SEVEN_WONDERS and raw.get("edition") != edition:
        raise CatalogError(f"must say edition = {edition} at the top", file)
    things: list[Entity] = []
    entries = list_of(file, raw, "card")
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or entry.get("kind") not in CARD_PIECES:
            raise CatalogError(f"a box's card says its kind, one of {sorted(CARD_PIECES)}", file,
                               entry_name("card", index, entry if isinstance(entry, dict) else {}))
    dealt = [e for e in entries if e["kind"] != "leader"]
    built = cards(files, file, [{k: v for k, v in e.items() if k != "kind"} for e in dealt], box.game, edition)
    things += [replace(card, piece=e["kind"]) for card, e in zip(built, dealt)]
    things += [leader(files, file, i, e, box.game, edition) for i, e in enumerate(entries) if e["kind"] == "leader"]
    if box.game is Game.DUEL:
        things += [replace(wonder(files, file, i, w), piece="wonder")
                   for i, w in enumerate(list_of(file, raw, "wonder"))]
        things += [replace(progress_token(files, file, i, t), piece="progress")
                   for i, t in enumerate(list_of(file, raw, "token"))]
    else:
        # A 7 Wonders box's boards (Cities' Petra and Byzantium, the Wonder Pack's three), read as the
        # base game's are, sides and stages; a box has no progress tokens.
        things += [replace(board(files, file, i, w, edition, boxed=True), piece="wonder")
                   for i, w in enumerate(list_of(file, raw, "wonder"))]
        if raw.get("token"):
            raise CatalogError("a 7 Wonders box has no progress tokens", file)
    things += [piece(files, file, i, p, box.game, edition) for i, p in enumerate(list_of(file, raw, "piece"))]
    # A senator's price is the Senate's rule, one number for all: each senator says it on its page.
    per_senator = raw.get("senate", {}).get("recruit_coins_per_senator", 0)
    things = [replace(t, coins_per_held=per_senator) if getattr(t, "piece", None) == "senator" else t
              for t in things]
    return tuple(replace(t, expansion=box.key) for t in things)


def leader(files: CardDbFiles, file: str, index: int, raw: dict, game: Game, edition: int | None) -> Card:
    """A leader (7 Wonders Leaders): a white card bought with coins only, dealt apart from the Ages'
    decks, so it has no age (0) and no player counts."""
    where = entry_name("card", index, raw)
    fields = entity_fields(files, file, where, raw, ENTITY_KEYS | {"kind", "colour", "cost", "effects"},
                           game, edition)
    if raw.get("colour") != Colour.WHITE.value:
        raise CatalogError('a leader is a white card: colour = "white"', file, where)
    price = cost(file, where, raw.get("cost"))
    if price.resources:
        raise CatalogError("a leader costs coins only", file, where)
    return Card(**fields, piece="leader", age=0, colour=Colour.WHITE, cost=price,
                effects=effects(file, where, raw.get("effects", []), game))


def piece(files: CardDbFiles, file: str, index: int, raw: dict, game: Game, edition: int | None) -> BoxPiece:
    where = entry_name("piece", index, raw)
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if kind not in PIECES:
        raise CatalogError(f"kind must be one of {sorted(PIECES)}, not {kind!r}", file, where)
    required, optional = PIECES[kind]
    fields = entity_fields(files, file, where, raw, ENTITY_KEYS | {"kind", "cost"} | required | optional,
                           game, edition)
    missing = sorted(required - set(raw))
    if missing:
        raise CatalogError(f"a {kind} needs {missing}", file, where)
    mythology = raw.get("mythology")
    if mythology is not None and mythology not in MYTHOLOGIES:
        raise CatalogError(f"mythology must be one of {list(MYTHOLOGIES)}, not {mythology!r}", file, where)
    section = raw.get("section")
    if section is not None and section not in SECTIONS:
        raise CatalogError(f"section must be one of {list(SECTIONS)}, not {section!r}", file, where)
    whole = {}
    for key in ("copies", "cost_factor"):
        value = raw.get(key, 1)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise CatalogError(f"{key} must be a whole number of at least 1, not {value!r}", file, where)
        whole[key] = value
    level = raw.get("level", 0)
    if "level" in required and (not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 3):
        raise CatalogError(f"level must be 1, 2 or 3, not {level!r}", file, where)
    value = raw.get("value", 0)
    if not isinstance(value, int) or isinstance(value, bool) or ("value" in required and value == 0):
        raise CatalogError(f"value must be a whole number of points other than 0, not {value!r}", file, where)
    return BoxPiece(**fields, piece=kind, mythology=mythology, section=section,
                    cost=cost(file, where, raw.get("cost")),
                    effects=effects(file, where, raw.get("effects", []), game), level=level, value=value,
                    penalty=effects(file, where, raw.get("penalty", []), game), **whole)


def check_chains(things: tuple[Entity, ...], base: tuple[Card, ...], file: str) -> None:
    """A box's building chains from a base card of an earlier age, or from a piece of its box
    (a Grand Temple is free to whoever holds its mythology's token)."""
    by_id = {c.id: c for c in base} | {t.id: t for t in things}
    for card in (t for t in things if isinstance(t, Card)):
        for source in card.chains_from:
            other = by_id.get(source)
            if other is None:
                raise CatalogError(f'chains_from names "{source}", which is neither a card nor a piece here',
                                   file, f"card ({card.id})")
            if isinstance(other, Card) and other.age >= card.age:
                raise CatalogError(f'chains_from "{source}" is not of an earlier age', file, f"card ({card.id})")

