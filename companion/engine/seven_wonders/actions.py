"""Moves as small hashable values, with a string form and back.

    "0 build temple"            build a card, nothing to buy
    "2 build temple L2 R1"      paying 2 coins to the left and 1 to the right neighbour
    "1 build palace power"      with Olympia A's free build of the age
    "0 stage baths L0 R2"       build the next wonder stage, Baths face down under it
    "3 sell baths"              sell for 3 coins
    "1 discard-build statue"    Halicarnassus: build a card of the discard for free
    "1 pass"                    Halicarnassus: build nothing from the discard

The coins paid to the bank (a card's coin cost) follow from the card; the
coins paid to each neighbour are the player's choice among the possible
payments, so they are part of the move.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Move(str, Enum):
    BUILD = "build"
    STAGE = "stage"
    SELL = "sell"
    DISCARD_BUILD = "discard-build"
    PASS = "pass"


@dataclass(frozen=True, order=True)
class Action:
    player: int
    move: Move
    card: str | None = None
    left: int = 0
    right: int = 0
    power: bool = False       # use Olympia A's free build of the age

    def __str__(self) -> str:
        parts = [str(self.player), self.move.value]
        if self.card:
            parts.append(self.card)
        if self.left or self.right:
            parts.append(f"L{self.left} R{self.right}")
        if self.power:
            parts.append("power")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> "Action":
        words = text.split()
        if len(words) < 2:
            raise ValueError(f"not a move: {text!r}")
        player, move, rest = int(words[0]), Move(words[1]), words[2:]
        card = None
        if rest and move is not Move.PASS:
            card, rest = rest[0], rest[1:]
        left = right = 0
        power = False
        for word in rest:
            if word == "power":
                power = True
            elif word[:1] == "L" and word[1:].isdigit():
                left = int(word[1:])
            elif word[:1] == "R" and word[1:].isdigit():
                right = int(word[1:])
            else:
                raise ValueError(f"not a move: {text!r}")
        return cls(player, move, card, left, right, power)
