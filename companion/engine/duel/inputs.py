"""Reading Duel cities from the JSON contract, with errors that say where.

Every card exists once in Duel, so a card may appear in one city only; a
player builds at most 4 wonders and only 7 are built in a game.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...catalog import Game, LookupFailed, catalog
from ..errors import BadInput
from ..messages import M, Name, shown, unknown_name
from .city import City

KINDS = {"cards": "card", "wonders": "wonder", "progress": "progress"}
MAX_WONDERS_EACH = 4
MAX_WONDERS = 7


@dataclass(frozen=True)
class NamedCity:
    name: str
    city: City
    coins_known: bool


def resolve(text, kind: str, where: str, boxes: tuple[str, ...] = ()) -> str:
    """The id of a card, wonder or token typed by a player (a box's too, with `boxes`)."""
    if not isinstance(text, str) or not text.strip():
        raise BadInput(M(f"in.expected_name.{kind}", value=shown(text)), where)
    try:
        return catalog().find(Game.DUEL, None, text, kinds=(kind,), boxes=boxes).id
    except LookupFailed as missing:
        raise BadInput(unknown_name(Game.DUEL, None, text, (kind,), missing), where) from None


def _names(doc: dict, key: str, where: str, boxes: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(id, path) for each entry of doc[key]."""
    raw = doc.get(key, [])
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise BadInput(M("in.names_list", key=key), f"{where}.{key}")
    return [(resolve(text, KINDS[key], f"{where}.{key}[{i}]", boxes), f"{where}.{key}[{i}]")
            for i, text in enumerate(raw)]


def city(doc, where: str, default_name: str, boxes: tuple[str, ...] = ()) -> NamedCity:
    if not isinstance(doc, dict):
        raise BadInput(M("in.duel_city_object"), where)
    name = doc.get("name", default_name)
    if not isinstance(name, str):
        raise BadInput(M("in.name_text"), f"{where}.name")
    coins = doc.get("coins")
    if coins is not None and (not isinstance(coins, int) or isinstance(coins, bool)):
        raise BadInput(M("in.duel_coins", value=shown(coins)), f"{where}.coins")
    if coins is not None and coins < 0:
        raise BadInput(M("in.coins_negative", value=coins), f"{where}.coins")
    parts = {key: _names(doc, key, where, boxes) for key in KINDS}
    for key, entries in parts.items():
        seen: dict[str, str] = {}
        for ident, path in entries:
            if ident in seen:
                raise BadInput(M("in.listed_twice", name=Name(ident, Game.DUEL), at=seen[ident]), path)
            seen[ident] = path
    if len(parts["wonders"]) > MAX_WONDERS_EACH:
        raise BadInput(M("in.wonders_each", num=MAX_WONDERS_EACH, count=len(parts["wonders"])),
                       parts["wonders"][MAX_WONDERS_EACH][1])
    built = City(cards=tuple(i for i, _ in parts["cards"]), wonders=tuple(i for i, _ in parts["wonders"]),
                 progress=tuple(i for i, _ in parts["progress"]), coins=coins or 0)
    return NamedCity(name, built, coins is not None)


def pair(docs: list, paths: tuple[str, str], boxes: tuple[str, ...] = ()) -> tuple[NamedCity, NamedCity]:
    """Two cities read from `docs` (at `paths`), checked against each other."""
    cities = [city(d, paths[i], f"Player {i + 1}", boxes) for i, d in enumerate(docs)]
    first, second = cities
    for key in KINDS:
        mine = set(getattr(first.city, key))
        for i, ident in enumerate(getattr(second.city, key)):
            if ident in mine:
                raise BadInput(M(f"in.both_cities.{KINDS[key]}", name=Name(ident, Game.DUEL)),
                               f"{paths[1]}.{key}[{i}]")
    total = len(first.city.wonders) + len(second.city.wonders)
    if total > MAX_WONDERS:
        raise BadInput(M("in.wonders_all", num=MAX_WONDERS, count=total),
                       f"{paths[1]}.wonders[{MAX_WONDERS - len(first.city.wonders)}]")
    return first, second

