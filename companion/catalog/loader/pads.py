"""pads/*.toml: the paper score pads, their rows and our printable pad's geometry."""
from __future__ import annotations

from ..errors import CatalogError
from ..model import DUEL_CATEGORIES, SEVEN_WONDERS_CATEGORIES, Game, Pad, PadLayout, PadRow
from ..architects import ARCHITECTS_CATEGORIES
from .fields import check_source
from .files import CardDbFiles, list_of, top_keys

CATEGORIES = {Game.SEVEN_WONDERS: SEVEN_WONDERS_CATEGORIES, Game.DUEL: DUEL_CATEGORIES,
              Game.ARCHITECTS: ARCHITECTS_CATEGORIES}
PADS = ("7wonders", "7wonders-2e", "duel", "architects")


def read_pads(files: CardDbFiles) -> dict[str, Pad]:
    pads = {}
    for path in sorted((files.root / "pads").glob("*.toml")):
        file, raw = files.toml(str(path.relative_to(files.root)))
        top_keys(file, raw, {"id", "game", "edition", "players", "source", "row", "layout"})
        try:
            game = Game(raw.get("game"))
        except ValueError:
            raise CatalogError(f'game must be one of {[g.value for g in Game]}, not {raw.get("game")!r}', file) from None
        check_source(file, "pad", raw.get("source", ""))
        rows = []
        for index, row in enumerate(list_of(file, raw, "row")):
            where = f"row[{index}]"
            keys = {"key", "label", "colour", "min", "max"}
            if not isinstance(row, dict) or not keys <= set(row) <= keys | {"step"}:
                raise CatalogError(f"a row has exactly {sorted(keys)} (and step)", file, where)
            if not isinstance(row["min"], int) or not isinstance(row["max"], int) or row["min"] > row["max"]:
                raise CatalogError("min and max must be whole numbers with min <= max", file, where)
            check_step(file, where, row)
            rows.append(PadRow(**row))
        expected = CATEGORIES[game]
        if sorted(r.key for r in rows) != sorted(expected):
            raise CatalogError(f"rows must be the categories {list(expected)}, each once", file)
        players = raw.get("players")
        if not (isinstance(players, list) and len(players) == 2):
            raise CatalogError("players must be [fewest, most]", file)
        layout = pad_layout(file, raw["layout"], players) if "layout" in raw else None
        pads[raw["id"]] = Pad(id=raw["id"], game=game, edition=raw.get("edition"),
                              players=tuple(players), rows=tuple(rows), source=raw["source"],
                              layout=layout)
    if set(pads) != set(PADS):
        raise CatalogError(f"expected the pads {', '.join(PADS)}, found {sorted(pads)}", "pads")
    markers = [m for pad in pads.values() if pad.layout for m in pad.layout.markers]
    if len(markers) != len(set(markers)):
        raise CatalogError("each pad's layout needs markers of its own (an id names one pad)", "pads")
    return pads


def check_step(file: str, where: str, row: dict) -> None:
    """A row's step (optional): a whole number from 1 of which min and max are multiples."""
    step = row.get("step", 1)
    if not isinstance(step, int) or isinstance(step, bool) or step < 1 or row["min"] % step or row["max"] % step:
        raise CatalogError("step must be a whole number from 1 of which min and max are multiples", file, where)


def pad_layout(file: str, raw, players: list) -> PadLayout:
    """[layout]: our printable pad's geometry in millimetres (see PadLayout)."""
    pairs = {"page", "grid"}
    numbers = {"marker_size", "marker_margin", "label_width", "column_width", "name_height",
               "row_height", "total_height"}
    keys = pairs | numbers | {"markers", "columns"}
    if not isinstance(raw, dict) or not keys <= set(raw) <= keys | {"coins_height"}:
        raise CatalogError(f"[layout] has exactly {sorted(keys)} (and coins_height, a coins-left row)",
                           file, "layout")
    if "coins_height" in raw:
        numbers = numbers | {"coins_height"}

    def positive(value) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
    for key in pairs:
        if not (isinstance(raw[key], list) and len(raw[key]) == 2 and all(positive(v) for v in raw[key])):
            raise CatalogError(f"{key} must be two positive lengths in mm", file, "layout")
    for key in numbers:
        if not positive(raw[key]):
            raise CatalogError(f"{key} must be a positive length in mm", file, "layout")
    ids = raw["markers"]
    if not (isinstance(ids, list) and len(ids) == 4 and len(set(ids)) == 4
            and all(isinstance(i, int) and 0 <= i < 50 for i in ids)):
        raise CatalogError("markers must be four different ArUco 4x4_50 ids (0 to 49)", file, "layout")
    if raw["columns"] != players[1]:
        raise CatalogError("columns must be the most players", file, "layout")
    return PadLayout(page=tuple(raw["page"]), markers=tuple(ids), marker_size=raw["marker_size"],
                     marker_margin=raw["marker_margin"], grid=tuple(raw["grid"]),
                     label_width=raw["label_width"], column_width=raw["column_width"],
                     columns=raw["columns"], name_height=raw["name_height"],
                     row_height=raw["row_height"], total_height=raw["total_height"],
                     coins_height=raw.get("coins_height", 0))
