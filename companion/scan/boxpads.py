"""The score pads that come in the game boxes: their printed layouts (card_db/pads/box/*.toml).

A box pad has no markers: the reader finds it by its paper and its printed
lines (locate_box.py). Its layout says, in millimetres from the sheet's
top-left corner, where the label column, the player columns, the names row,
the pad's rows (in their printed order) and the total row are as far as we
know; nobody here has measured a printed pad, so the reader takes from it
only how many rows and columns there are, their order and kinds, and the
proportions it prefers: the grid itself is found from the printed lines
(a printing's sizes may each be a quarter off these). Each file names the
game pad (card_db/pads/<pad>.toml) whose rows and bounds it fills, and says
where its facts come from and what is in doubt.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache

from ..catalog import catalog, default_card_db
from .layout import NAME_ROW, TOTAL_ROW, Grid

KEYS = {"pad", "title", "source", "doubt", "rows", "columns", "page", "grid", "label_width", "column_width",
        "name_height", "row_height", "total_height"}


class BoxPadError(ValueError):
    pass


@dataclass(frozen=True)
class BoxPad:
    pad_id: str                         # the game pad it fills
    title: str
    source: str
    doubt: str
    page: tuple[float, float]           # width, height (mm), portrait as printed
    grid: Grid

    @property
    def aspect(self) -> float:
        return self.page[1] / self.page[0]


def _load(pad_id: str) -> BoxPad:
    path = default_card_db() / "pads" / "box" / f"{pad_id}.toml"
    where = str(path.relative_to(default_card_db()))
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    if set(raw) != KEYS:
        raise BoxPadError(f"{where}: has exactly {sorted(KEYS)}")
    pad = catalog().pads[raw["pad"]]
    if raw["pad"] != pad_id or sorted(raw["rows"]) != sorted(r.key for r in pad.rows):
        raise BoxPadError(f"{where}: rows must be the rows of pad {pad_id}, each once")
    if raw["columns"] != pad.players[1]:
        raise BoxPadError(f"{where}: columns must be the most players")
    if not raw["source"] or not raw["doubt"]:
        raise BoxPadError(f"{where}: says where its facts come from (source) and what is unsure (doubt)")
    x, y = raw["grid"]
    xs = [x] + [x + raw["label_width"] + i * raw["column_width"] for i in range(raw["columns"] + 1)]
    ys = [y, y + raw["name_height"]]
    for _ in raw["rows"]:
        ys.append(ys[-1] + raw["row_height"])
    ys.append(ys[-1] + raw["total_height"])
    w, h = raw["page"]
    if xs[-1] > w or ys[-1] > h:
        raise BoxPadError(f"{where}: the grid runs off the sheet")
    grid = Grid(pad=pad, rows=(NAME_ROW, *raw["rows"], TOTAL_ROW), ys=tuple(ys), xs=tuple(xs))
    return BoxPad(pad_id, raw["title"], raw["source"], raw["doubt"], (w, h), grid)


@lru_cache(maxsize=8)
def box_pad(pad_id: str) -> BoxPad:
    return _load(pad_id)


def box_pads() -> list[BoxPad]:
    from .layout import PAD_IDS
    return [box_pad(p) for p in PAD_IDS]
