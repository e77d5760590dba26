"""Helpers to set up Duel positions by printed names."""
from __future__ import annotations

from companion.catalog import Game, catalog
from companion.engine.duel.city import City
from companion.engine.duel.pyramid import Pyramid, geometry
from companion.engine.duel.state import GameState


def ident(name: str, kind: str = "card") -> str:
    return catalog().find(Game.DUEL, None, name, kinds=(kind,)).id


def make_city(cards=(), wonders=(), left=(), progress=(), coins=7, buried=()) -> City:
    return City(cards=tuple(ident(c) for c in cards), wonders=tuple(ident(w, "wonder") for w in wonders),
                wonders_left=tuple(ident(w, "wonder") for w in left),
                progress=tuple(ident(p, "progress") for p in progress), coins=coins,
                buried=tuple(ident(c) for c in buried))


def make_game(age: int = 1, slots: dict[int, str] | None = None, cities=None, *, taken=(), current=0,
              **fields) -> GameState:
    """A game in `age`, every face-up slot known: `slots` names the cards that matter.

    Other slots hold the age's remaining cards in catalog order, so nothing
    waits to be revealed. `taken` lists slots already played.
    """
    from companion.engine.duel.facts import tables
    t = tables()
    g = geometry(age)
    named = {s: ident(n) for s, n in (slots or {}).items()}
    cities = cities or (City(), City())
    owned = {c for city in cities for c in city.cards + city.buried}
    filler = [c for c in t.by_age[age] if c not in named.values() and c not in owned]
    cards = tuple(named.get(s) or filler.pop(0) for s in range(g.size))
    pyr = Pyramid(age, cards, g.face_up)
    for s in taken:
        pyr = pyr.take(s)
    return GameState(cities=tuple(cities), age=age, pyramid=pyr, current=current, last=current, **fields)
