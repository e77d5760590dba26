"""The state of a game in play, a frozen value.

Seats are in clockwise order: seat i + 1 (wrapping) sits on the left of seat
i, as in the contract's `players`. In the 2-player variant the Free City is a
seat of its own, played in turn by the two players.

Phases:
  PICK     every seat picks a card and what to do with it; the picks are
           prepared one by one, then resolved together (seed 004, 2).
  SEVENTH  after the 6th turn, Babylon B plays the last card of its hand.
  DISCARD  Halicarnassus builds a card of the discard for free, at the end of
           the turn its stage was built (that turn's discards included).
  OVER     the game is over; score it.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import NamedTuple

from .actions import Action
from .city import City
from ..cached import instance

BANK = -1
HAND_SIZE = 7
TURNS_PER_AGE = 6
AGES = 3
VICTORY = {1: 1, 2: 3, 3: 5}
DEFEAT = -1


class Phase(str, Enum):
    PICK = "pick"
    SEVENTH = "seventh"
    DISCARD = "discard"
    OVER = "over"


class Transfer(NamedTuple):
    """Coins moved when a turn resolved: `payer` to `payee` (BANK is -1). A named
    tuple: a game makes thousands, and a tuple is made without a Python __init__."""
    payer: int
    payee: int
    amount: int
    why: str


@dataclass(frozen=True)
class GameState:
    edition: int
    cities: tuple[City, ...]
    decks: tuple[tuple[str, ...], ...]        # the three age decks, in the order dealt
    hands: tuple[tuple[str, ...], ...]
    pending: tuple[Action | None, ...]
    age: int = 1
    turn: int = 1
    phase: Phase = Phase.PICK
    discard: tuple[str, ...] = ()
    waiting: tuple[int, ...] = ()              # seats owing a move in SEVENTH or DISCARD, in order
    discard_builders: tuple[int, ...] = ()     # Halicarnassus seats to build from the discard this turn
    free_city: int | None = None               # the Free City's seat (2-player variant)
    fc_pile: tuple[str, ...] = ()              # the Free City's draw pile
    fc_holder: int | None = None               # the seat holding the Free City card this turn
    ledger: tuple[Transfer, ...] = ()          # the coins moved by the last resolution
    moves: int = 0

    def but(self, **changes) -> "GameState":
        if not changes.keys() <= _STATE_FIELDS:
            raise TypeError(f"GameState has no field {sorted(changes.keys() - _STATE_FIELDS)[0]!r}")
        d = self.__dict__.copy()     # a state caches nothing: its dict is its fields
        d.update(changes)
        return instance(GameState, d)

    @property
    def seats(self) -> int:
        return len(self.cities)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % len(self.cities)

    def right_of(self, seat: int) -> int:
        return (seat - 1) % len(self.cities)

    def neighbours(self, seat: int) -> tuple[City, City]:
        """(left, right) cities of a seat."""
        cities = self.cities
        return cities[(seat + 1) % len(cities)], cities[(seat - 1) % len(cities)]

    def controller(self, seat: int) -> int:
        """The seat whose player chooses for `seat` (the Free City is played by the holder of its card)."""
        if seat == self.free_city:
            return self.fc_holder
        return seat

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


_STATE_FIELDS = frozenset(f.name for f in fields(GameState))
