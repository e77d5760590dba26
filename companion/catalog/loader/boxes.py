"""boxes.toml: the expansion boxes, their editions, players, combinations and score-pad rows."""
from __future__ import annotations

from ..boxes import AFTER_BASE, SUPREMACY_WORDS, TITLES, Box, BoxRow
from ..errors import CatalogError
from ..model import Game
from .fields import check_source
from .files import CardDbFiles, entry_name, list_of, top_keys
from .pads import check_step

FILE = "boxes.toml"
BOX_KEYS = {"key", "game", "editions", "combines", "ready", "source", "most_players", "doubt", "row", "supremacies", "teams"}
ROW_KEYS = {"key", "label", "colour", "min", "max", "after"}


def read_boxes(files: CardDbFiles, base_rows: dict[Game, set[str]]) -> dict[str, Box]:
    """Every box of boxes.toml, checked: `base_rows` are the row keys of each game's base pads."""
    file, raw = files.toml(FILE)
    top_keys(file, raw, {"box"})
    boxes: dict[str, Box] = {}
    for index, entry in enumerate(list_of(file, raw, "box")):
        where = entry_name("box", index, entry)
        box = _box(file, where, entry)
        if box.key in boxes:
            raise CatalogError(f'box "{box.key}" is listed twice', file, where)
        boxes[box.key] = box
        if box.doubt:
            files.doubts.append(f"{file} {box.key}: {box.doubt}")
    _check_together(file, boxes, base_rows)
    return boxes


def _box(file: str, where: str, raw) -> Box:
    if not isinstance(raw, dict) or not {"key", "game", "editions", "combines", "ready", "source"} <= set(raw) \
            or set(raw) - BOX_KEYS:
        raise CatalogError(f"a box has key, game, editions, combines, ready, source "
                           f"(and most_players, doubt, row, supremacies, teams); allowed: {sorted(BOX_KEYS)}", file, where)
    key = raw["key"]
    if key not in TITLES:
        raise CatalogError(f'box "{key}" has no title in companion/catalog/boxes.py TITLES', file, where)
    try:
        game = Game(raw["game"])
    except ValueError:
        raise CatalogError(f"game {raw['game']!r} is not a game of card_db", file, where) from None
    editions = raw["editions"]
    if not (isinstance(editions, list) and all(e in (1, 2) for e in editions)
            and (bool(editions) == (game is Game.SEVEN_WONDERS))):
        raise CatalogError("editions lists 1 and/or 2 for 7 Wonders, and is [] for a game without editions",
                           file, where)
    combines = raw["combines"]
    if not (isinstance(combines, list) and all(isinstance(c, str) for c in combines)) or key in combines:
        raise CatalogError("combines lists other boxes' keys", file, where)
    most = raw.get("most_players")
    if most is not None and (not isinstance(most, int) or isinstance(most, bool) or not 2 <= most <= 8):
        raise CatalogError("most_players must be a whole number of players (2 to 8)", file, where)
    if not isinstance(raw["ready"], bool):
        raise CatalogError("ready must be true or false", file, where)
    check_source(file, where, raw["source"])
    supremacies = raw.get("supremacies", [])
    if not (isinstance(supremacies, list) and all(s in SUPREMACY_WORDS for s in supremacies)) \
            or (supremacies and game is not Game.DUEL):
        raise CatalogError(f"supremacies lists new ways a Duel ends at once, among {sorted(SUPREMACY_WORDS)}",
                           file, where)
    teams = _teams(file, where, raw.get("teams", {}), editions, most)
    rows = tuple(_row(file, f"{where}.row[{i}]", row) for i, row in enumerate(list_of(file, raw, "row")))
    if raw["ready"] is False and rows:
        raise CatalogError("a box with rows is ready (ready = true)", file, where)
    return Box(key=key, game=game, editions=tuple(editions), combines=tuple(combines), rows=rows,
               source=raw["source"], most_players=most, ready=raw["ready"], doubt=raw.get("doubt"),
               supremacies=tuple(supremacies), teams=teams)


def _teams(file: str, where: str, raw, editions: list, most: int | None) -> tuple:
    """A team variant's seats by edition ({"1" = [4, 6, 8]}): teams are pairs of neighbours, so each
    count is even, from 4 to the box's most players."""
    if not isinstance(raw, dict):
        raise CatalogError('teams is a table of edition = [player counts], e.g. { "2" = [4, 6] }', file, where)
    out = []
    for edition, counts in raw.items():
        if not (edition.isdigit() and int(edition) in editions):
            raise CatalogError(f"teams names an edition of the box, not {edition!r}", file, where)
        if not (isinstance(counts, list) and counts and all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 4 and n % 2 == 0 and n <= (most or 7)
                for n in counts)):
            raise CatalogError("teams' player counts are even, from 4 to the box's most players", file, where)
        out.append((int(edition), tuple(sorted(set(counts)))))
    return tuple(sorted(out))


def _row(file: str, where: str, raw) -> BoxRow:
    if not isinstance(raw, dict) or not ROW_KEYS <= set(raw) <= ROW_KEYS | {"step"}:
        raise CatalogError(f"a box's row has exactly {sorted(ROW_KEYS)} (and step)", file, where)
    if not all(isinstance(raw[k], int) and not isinstance(raw[k], bool) for k in ("min", "max")) \
            or raw["min"] > raw["max"]:
        raise CatalogError("min and max must be whole numbers with min <= max", file, where)
    if not all(isinstance(raw[k], str) and raw[k] for k in ("key", "label", "colour", "after")):
        raise CatalogError("key, label, colour and after are words", file, where)
    check_step(file, where, raw)
    return BoxRow(**raw)


def _check_together(file: str, boxes: dict[str, Box], base_rows: dict[Game, set[str]]) -> None:
    """What no single entry shows: combinations both ways, rows anchored and each once."""
    rows_of = {row.key: box for box in boxes.values() for row in box.rows}
    seen: set[str] = set()
    for box in boxes.values():
        for other in box.combines:
            if other not in boxes:
                raise CatalogError(f'box "{box.key}" combines with "{other}", which is not a box', file)
            if boxes[other].game is not box.game:
                raise CatalogError(f'box "{box.key}" combines with "{other}", a box of another game', file)
            if box.key not in boxes[other].combines:
                raise CatalogError(f'box "{box.key}" combines with "{other}" but not "{other}" with it', file)
        for row in box.rows:
            if row.key in seen or row.key in base_rows.get(box.game, set()):
                raise CatalogError(f'row "{row.key}" of box "{box.key}" is already a row of a pad', file)
            seen.add(row.key)
            anchor = row.after
            hops = 0
            while anchor in rows_of and hops <= len(rows_of):
                anchor = next(r.after for r in rows_of[anchor].rows if r.key == anchor)
                hops += 1
            if anchor != AFTER_BASE and anchor not in base_rows.get(box.game, set()):
                raise CatalogError(f'row "{row.key}" of box "{box.key}" is printed after "{row.after}", '
                                   f"which leads to no row of the base pad", file)
