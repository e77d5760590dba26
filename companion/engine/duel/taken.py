"""What a box's power takes from the opponent's city, the same whichever box gives it."""
from __future__ import annotations

from ..errors import IllegalAction
from ..messages import Msg
from .state import GameState


def wonder_taken(base: GameState, taker: int, wonder: str, refused: Msg) -> GameState:
    """`taker` takes a wonder the opponent has not built yet, to build as one of theirs (Pantheon's Ra,
    Agora's Extortion); `refused` when the opponent holds no such wonder."""
    victim, city = base.cities[1 - taker], base.cities[taker]
    if wonder not in victim.wonders_left:
        raise IllegalAction(refused)
    base = base.with_city(1 - taker, victim.but(wonders_left=tuple(w for w in victim.wonders_left if w != wonder)))
    return base.with_city(taker, city.but(wonders_left=city.wonders_left + (wonder,)))
