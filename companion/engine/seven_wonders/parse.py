"""The contract's JSON city, checked, into a City; BadInput says what is wrong and where.

Names resolve through the catalog: the English name (any case), an id, or an
unambiguous name in another language. A city may not hold two cards of one
name (an Age I and an Age II Loom included); a card of the other edition
only is named as such.
"""
from __future__ import annotations

from ...catalog import Game, LookupFailed, catalog
from ..errors import BadInput
from .city import City
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .tables import CardInfo, tables

ORDINAL = {1: "1st", 2: "2nd"}
TOKENS = (-1, 1, 3, 5)
GAME = Game.SEVEN_WONDERS


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def edition_of(doc: dict) -> int:
    edition = doc.get("edition", 1)
    if not _is_int(edition) or edition not in (1, 2):
        raise BadInput(f"edition must be 1 or 2, not {edition!r}", "edition")
    return edition


def find_card(text, edition: int, where: str) -> CardInfo:
    if not isinstance(text, str):
        raise BadInput(f"a card is named by a string, not {_type_name(text)}", where)
    cat = catalog()
    try:
        card = cat.find(GAME, edition, text, kinds=("card",))
    except LookupFailed as missing:
        other = 2 if edition == 1 else 1
        try:
            elsewhere = cat.find(GAME, other, text, kinds=("card",))
        except LookupFailed:
            raise BadInput(missing.message, where) from None
        raise BadInput(f'"{elsewhere.name}" is not a card of the {ORDINAL[edition]} edition '
                       f'(it is in the {ORDINAL[other]})', where) from None
    return tables(edition).cards[card.id]


def find_wonder(text, edition: int, where: str) -> str:
    if not isinstance(text, str):
        raise BadInput(f"a wonder is named by a string, not {_type_name(text)}", where)
    try:
        return catalog().find(GAME, edition, text, kinds=("wonder",)).id
    except LookupFailed as missing:
        raise BadInput(missing.message, where) from None


def parse_city(raw, where: str, edition: int, index: int, *, coins_default: int | None = 0) -> City:
    """One city of the contract. `coins_default` None: a city may leave its coins out (trade)."""
    if not isinstance(raw, dict):
        raise BadInput(f"a city is a JSON object, not {_type_name(raw)}", where)
    t = tables(edition)
    name = raw.get("name", f"player {index + 1}")
    if not isinstance(name, str):
        raise BadInput(f"name must be a string, not {_type_name(name)}", f"{where}.name")
    if "wonder" not in raw:
        raise BadInput("a city needs its wonder", f"{where}.wonder")
    wonder = find_wonder(raw["wonder"], edition, f"{where}.wonder")
    side = raw.get("side", t.sides[0])
    if not isinstance(side, str) or (wonder, side.lower()) not in t.boards:
        raise BadInput(f'unknown side {side!r}: the {ORDINAL[edition]} edition\'s boards have the sides '
                       f'{" and ".join(t.sides)}', f"{where}.side")
    board = t.board(wonder, side)
    stages = raw.get("stages", 0)
    if not _is_int(stages) or stages < 0:
        raise BadInput(f"stages must be a whole number, not {stages!r}", f"{where}.stages")
    if stages > len(board.stages):
        raise BadInput(f"{board.name} side {board.side} has {len(board.stages)} stages, not {stages}",
                       f"{where}.stages")
    cards = raw.get("cards", [])
    if not isinstance(cards, list):
        raise BadInput(f"cards must be a list, not {_type_name(cards)}", f"{where}.cards")
    ids: list[str] = []
    seen: dict[str, int] = {}
    for j, text in enumerate(cards):
        at = f"{where}.cards[{j}]"
        info = find_card(text, edition, at)
        if info.name in seen:
            raise BadInput(f'a city cannot hold two cards named "{info.name}" (also at {where}.cards'
                           f'[{seen[info.name]}])', at)
        seen[info.name] = j
        ids.append(info.id)
    coins = raw.get("coins", coins_default)
    if coins is not None and (not _is_int(coins) or coins < 0):
        raise BadInput(f"coins must be a whole number of at least 0, not {coins!r}", f"{where}.coins")
    military = raw.get("military", [])
    if not isinstance(military, list):
        raise BadInput(f"military must be a list of conflict tokens, not {_type_name(military)}",
                       f"{where}.military")
    for j, token in enumerate(military):
        if not _is_int(token) or token not in TOKENS:
            raise BadInput(f"a conflict token is -1, 1, 3 or 5, not {token!r}", f"{where}.military[{j}]")
    free_city = raw.get("free_city", False)
    if not isinstance(free_city, bool):
        raise BadInput(f"free_city must be true or false, not {free_city!r}", f"{where}.free_city")
    return City(edition, wonder, board.side, stages, tuple(ids), coins if coins is not None else 0,
                tuple(military), name, free_city)


def distinct_wonders(cities: list[City], wheres: list[str]) -> None:
    seen: dict[str, str] = {}
    for city, where in zip(cities, wheres):
        if city.wonder in seen:
            raise BadInput(f"{city.board.name} is already the wonder of {seen[city.wonder]}", f"{where}.wonder")
        seen[city.wonder] = where


def parse_players(doc: dict, edition: int) -> list[City]:
    players = doc.get("players")
    if not isinstance(players, list):
        raise BadInput(f"players must be a list of cities, not {_type_name(players)}", "players")
    cities = [parse_city(raw, f"players[{i}]", edition, i) for i, raw in enumerate(players)]
    free = [i for i, c in enumerate(cities) if c.free_city]
    if free:
        if edition != 1:
            raise BadInput("the Free City is a variant of the 1st edition", f"players[{free[0]}].free_city")
        if len(cities) != 3 or len(free) != 1:
            raise BadInput("the Free City variant has two players and one Free City", "players")
    elif not MIN_PLAYERS <= len(cities) <= MAX_PLAYERS:
        extra = " (or 2 and a Free City in the 1st edition)" if edition == 1 else ""
        raise BadInput(f"7 Wonders is played by {MIN_PLAYERS} to {MAX_PLAYERS} players{extra}, "
                       f"not {len(cities)}", "players")
    distinct_wonders(cities, [f"players[{i}]" for i in range(len(cities))])
    return cities
