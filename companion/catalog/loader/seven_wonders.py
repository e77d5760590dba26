"""7 Wonders: seven_wonders/cards_<n>e.toml (the 2nd edition's like_1e cards) and wonders_<n>e.toml."""
from __future__ import annotations

from ..errors import CatalogError
from ..model import BoardWonder, Card, Game, WonderSide, WonderStage
from ..effects import parse_resource
from .cards import cards
from .fields import ENTITY_KEYS, check_source, cost, effects, entity_fields
from .files import CardDbFiles, entry_name, expect_edition, list_of, top_keys

BASE_SIDES = {1: ("A", "B"), 2: ("day", "night")}


def read_cards(files: CardDbFiles) -> dict[tuple[Game, int | None], tuple[Card, ...]]:
    file1, raw1 = files.toml("seven_wonders/cards_1e.toml")
    file2, raw2 = files.toml("seven_wonders/cards_2e.toml")
    top_keys(file1, raw1, {"edition", "card"})
    top_keys(file2, raw2, {"edition", "card"})
    expect_edition(file1, raw1, 1)
    expect_edition(file2, raw2, 2)
    base1 = cards(files, file1, raw1.get("card", []), Game.SEVEN_WONDERS, 1)
    inherited = {c["id"]: c for c in raw1.get("card", []) if isinstance(c, dict) and "id" in c}
    base2_raw = [inherit(file2, i, entry, inherited) for i, entry in enumerate(raw2.get("card", []))]
    base2 = cards(files, file2, base2_raw, Game.SEVEN_WONDERS, 2)
    return {(Game.SEVEN_WONDERS, 1): base1, (Game.SEVEN_WONDERS, 2): base2}


def inherit(file: str, index: int, entry: dict, first: dict[str, dict]) -> dict:
    """A 2nd-edition entry with like_1e = true: the 1st edition's card, its own source and changes on top."""
    if not isinstance(entry, dict) or not entry.get("like_1e"):
        if isinstance(entry, dict) and "like_1e" in entry and entry["like_1e"] is not False:
            raise CatalogError("like_1e must be true or absent", file, entry_name("card", index, entry))
        return {k: v for k, v in entry.items() if k != "like_1e"} if isinstance(entry, dict) else entry
    ident = entry.get("id")
    if "source" not in entry:
        raise CatalogError("a like_1e entry needs its own source for the 2nd edition",
                           file, entry_name("card", index, entry))
    if ident not in first:
        raise CatalogError(f'like_1e = true but the 1st edition has no card "{ident}"',
                           file, entry_name("card", index, entry))
    merged = dict(first[ident])
    for drop in ("doubt", "notes"):
        merged.pop(drop, None)
    merged.update({k: v for k, v in entry.items() if k != "like_1e"})
    return merged


def read_wonders(files: CardDbFiles) -> dict[tuple[Game, int | None], tuple]:
    wonders: dict[tuple[Game, int | None], tuple] = {}
    for edition in (1, 2):
        wfile, wraw = files.toml(f"seven_wonders/wonders_{edition}e.toml")
        top_keys(wfile, wraw, {"edition", "wonder"})
        expect_edition(wfile, wraw, edition)
        wonders[(Game.SEVEN_WONDERS, edition)] = tuple(
            board(files, wfile, i, w, edition) for i, w in enumerate(list_of(wfile, wraw, "wonder")))
    return wonders


def board(files: CardDbFiles, file: str, index: int, raw: dict, edition: int, boxed: bool = False) -> BoardWonder:
    """A board of the base game or, `boxed`, of a box: a box's board may produce nothing and give coins
    at the start or a power of its own instead (Manneken Pis, Rome)."""
    where = entry_name("wonder", index, raw)
    keys = ENTITY_KEYS | {"resource", "side", "stages_any_order"} | ({"start_coins"} if boxed else set())
    fields = entity_fields(files, file, where, raw, keys, Game.SEVEN_WONDERS, edition)
    resource = None
    if "resource" in raw or not boxed:
        try:
            resource = parse_resource(raw.get("resource"), "resource")
        except CatalogError as exc:
            raise CatalogError(exc.message, file, where) from None
    start_coins = raw.get("start_coins", 0)
    if not isinstance(start_coins, int) or isinstance(start_coins, bool) or start_coins < 0:
        raise CatalogError(f"start_coins must be a whole number of at least 0, not {start_coins!r}", file, where)
    sides_raw = raw.get("side")
    if not isinstance(sides_raw, list):
        raise CatalogError("needs its sides as [[wonder.side]]", file, where)
    sides = []
    for s_index, side in enumerate(sides_raw):
        s_where = f"{where} side[{s_index}]"
        if not isinstance(side, dict) or set(side) - {"side", "stage", "source", "doubt", "effects"}:
            raise CatalogError("a side has side, stage, and optionally source, doubt and effects", file, s_where)
        if "effects" in side and not boxed:
            raise CatalogError("a base board's power is its resource: only a box's board has side effects",
                               file, s_where)
        stages = side.get("stage")
        if not isinstance(stages, list) or not 1 <= len(stages) <= 4:
            raise CatalogError("a side has one to four [[wonder.side.stage]]", file, s_where)
        parsed = []
        for t_index, stage in enumerate(stages):
            t_where = f"{s_where} stage[{t_index}]"
            if not isinstance(stage, dict) or set(stage) - {"cost", "effects"}:
                raise CatalogError("a stage has cost and effects only", file, t_where)
            parsed.append(WonderStage(cost=cost(file, t_where, stage.get("cost")),
                                      effects=effects(file, t_where, stage.get("effects", []),
                                                      Game.SEVEN_WONDERS)))
        source = side.get("source", raw["source"])
        check_source(file, s_where, source)
        if side.get("doubt"):
            files.doubts.append(f"{file}: {s_where}: {side['doubt']}")
        sides.append(WonderSide(side=str(side.get("side")), stages=tuple(parsed),
                                source=source, doubt=side.get("doubt"),
                                effects=effects(file, f"{s_where} effects", side.get("effects", []),
                                                Game.SEVEN_WONDERS)))
    names = tuple(s.side for s in sides)
    if names != BASE_SIDES[edition]:
        raise CatalogError(f"sides must be {list(BASE_SIDES[edition])} in that order, not {list(names)}",
                           file, where)
    any_order = raw.get("stages_any_order", False)
    if not isinstance(any_order, bool):
        raise CatalogError("stages_any_order is true or false", file, where)
    if resource is None and not start_coins and not all(s.effects for s in sides):
        raise CatalogError("a board without a resource gives start_coins or a power on every side (effects)",
                           file, where)
    return BoardWonder(**fields, resource=resource, start_coins=start_coins, sides=tuple(sides),
                       stages_any_order=any_order)
