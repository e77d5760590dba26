"""Small builders for the 7 Wonders tests: cities by card name, tables with chosen hands."""
from __future__ import annotations

from companion.catalog import Game, catalog
from companion.engine.seven_wonders.city import City
from companion.engine.seven_wonders.state import GameState, Phase
from companion.engine.seven_wonders.facts import tables


def ids(edition: int, *names: str) -> tuple[str, ...]:
    cat = catalog()
    return tuple(cat.find(Game.SEVEN_WONDERS, edition, n, kinds=("card",)).id for n in names)


def wonder(edition: int, name: str) -> str:
    return catalog().find(Game.SEVEN_WONDERS, edition, name, kinds=("wonder",)).id


def city(wonder_name: str, *cards: str, side: str | None = None, stages: int = 0, coins: int = 3,
         military=(), edition: int = 1, name: str = "", stage_cards=None, **more) -> City:
    stage_cards = stage_cards or ()
    side = side or tables(edition).sides[0]
    return City(edition, wonder(edition, wonder_name), side, stages, ids(edition, *cards), coins,
                tuple(military), name, stage_cards=stage_cards, **more)


def table(cities, hands, *, age: int = 1, turn: int = 1, discard=(), edition: int | None = None,
          **more) -> GameState:
    """A game in its PICK phase with the given cities and hands (card names or ids)."""
    cities = tuple(cities)
    edition = edition or cities[0].edition
    hands = tuple(ids(edition, *h) for h in hands)
    discard = ids(edition, *discard)
    dealt = tuple(c for h in hands for c in h)
    decks = tuple(dealt if a == age else () for a in (1, 2, 3))
    return GameState(edition, cities, decks, hands, (None,) * len(cities), age=age, turn=turn,
                     phase=Phase.PICK, discard=discard, **more)
