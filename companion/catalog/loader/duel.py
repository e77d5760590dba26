"""7 Wonders Duel: duel/cards.toml, wonders.toml, progress.toml, layouts.toml (the pyramids), military.toml."""
from __future__ import annotations

from ..errors import CatalogError
from ..model import (Card, DuelWonder, Game, LootToken, MilitaryTrack, MilitaryZone, ProgressToken,
                     PyramidLayout, PyramidSlot)
from .cards import cards
from .fields import ENTITY_KEYS, check_source, cost, effects, entity_fields
from .files import CardDbFiles, entry_name, list_of, top_keys


def read_cards(files: CardDbFiles) -> dict[tuple[Game, int | None], tuple[Card, ...]]:
    duel_file, duel_raw = files.toml("duel/cards.toml")
    top_keys(duel_file, duel_raw, {"card"})
    return {(Game.DUEL, None): cards(files, duel_file, duel_raw.get("card", []), Game.DUEL, None)}


def read_wonders(files: CardDbFiles) -> dict[tuple[Game, int | None], tuple]:
    dwfile, dwraw = files.toml("duel/wonders.toml")
    top_keys(dwfile, dwraw, {"wonder"})
    return {(Game.DUEL, None): tuple(
        wonder(files, dwfile, i, w) for i, w in enumerate(list_of(dwfile, dwraw, "wonder")))}


def wonder(files: CardDbFiles, file: str, index: int, raw: dict) -> DuelWonder:
    where = entry_name("wonder", index, raw)
    fields = entity_fields(files, file, where, raw, ENTITY_KEYS | {"cost", "effects"}, Game.DUEL, None)
    return DuelWonder(**fields, cost=cost(file, where, raw.get("cost")),
                      effects=effects(file, where, raw.get("effects", []), Game.DUEL))


def read_progress(files: CardDbFiles) -> tuple[ProgressToken, ...]:
    pfile, praw = files.toml("duel/progress.toml")
    top_keys(pfile, praw, {"token"})
    return tuple(progress_token(files, pfile, i, t) for i, t in enumerate(list_of(pfile, praw, "token")))


def progress_token(files: CardDbFiles, file: str, index: int, raw: dict) -> ProgressToken:
    where = entry_name("token", index, raw)
    fields = entity_fields(files, file, where, raw, ENTITY_KEYS | {"effects"}, Game.DUEL, None)
    return ProgressToken(**fields, effects=effects(file, where, raw.get("effects", []), Game.DUEL))


def read_layouts(files: CardDbFiles) -> dict[int, PyramidLayout]:
    """duel/layouts.toml: each age's pyramid, slot by slot."""
    file, raw = files.toml("duel/layouts.toml")
    top_keys(file, raw, {"layout"})
    return layouts(file, raw)


def layouts(file: str, raw: dict) -> dict[int, PyramidLayout]:
    """The [[layout]]s of a file (duel/layouts.toml, or a box's own structures), by age."""
    layouts = {}
    for index, layout in enumerate(list_of(file, raw, "layout")):
        where = f"layout[{index}]"
        if not isinstance(layout, dict) or set(layout) - {"age", "source", "slot"}:
            raise CatalogError("a layout has age, source and its [[layout.slot]]", file, where)
        age = layout.get("age")
        if age not in (1, 2, 3) or age in layouts:
            raise CatalogError(f"age must be 1, 2 or 3 and appear once, not {age!r}", file, where)
        check_source(file, where, layout.get("source", ""))
        slots = []
        for s_index, slot in enumerate(layout.get("slot", [])):
            s_where = f"{where} slot[{s_index}]"
            keys = {"slot", "row", "x", "face", "covered_by"}
            if not isinstance(slot, dict) or set(slot) != keys:
                raise CatalogError(f"a slot has exactly {sorted(keys)}", file, s_where)
            if slot["slot"] != s_index:
                raise CatalogError(f"slots are numbered in order: expected {s_index}", file, s_where)
            if slot["face"] not in ("up", "down"):
                raise CatalogError('face must be "up" or "down"', file, s_where)
            slots.append(PyramidSlot(slot=s_index, row=slot["row"], x=slot["x"],
                                     face_up=slot["face"] == "up",
                                     covered_by=tuple(slot["covered_by"])))
        layouts[age] = PyramidLayout(age=age, slots=tuple(slots), source=layout["source"])
    return layouts


def read_military(files: CardDbFiles) -> MilitaryTrack:
    """duel/military.toml: the conflict track, its zones and loot tokens."""
    file, raw = files.toml("duel/military.toml")
    top_keys(file, raw, {"spaces", "capital", "source", "zone", "loot"})
    check_source(file, "track", raw.get("source", ""))
    try:
        zones = tuple(MilitaryZone(start=z["start"], end=z["end"], points=z.get("points", 0),
                                   capital=z.get("capital", False)) for z in raw["zone"])
        loot = tuple(LootToken(at=t["at"], coins=t["coins"]) for t in raw["loot"])
        return MilitaryTrack(spaces=raw["spaces"], capital=raw["capital"], zones=zones,
                             loot=loot, source=raw["source"])
    except (KeyError, TypeError) as exc:
        raise CatalogError(f"malformed track: missing or wrong {exc}", file) from None
