"""A new Duel game: coins, the progress tokens on the board, the wonder draft.

Seed 000 (PREGATIREA JOCULUI): 7 coins each; 5 of the 10 progress tokens face
up on the board, the rest back in the box; the wonder draft shows 4 wonders,
the first player takes 1, the second 2, the first the last; 4 more with the
second player first. For a first game the rules hand out fixed wonders
instead. What is random (tokens, wonders shown) is entered as chance events.
"""
from __future__ import annotations

from functools import lru_cache

from .city import City
from .facts import tables
from .state import CHANCE, GameState, Pending, Wait

START_COINS = 7
BOARD_TOKENS = 5
DRAFT_SHOWN = 4

# Seed 000 / 002: the wonders of a first game, Player 1 then Player 2.
FIRST_GAME = (("the-pyramids", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"),
              ("circus-maximus", "piraeus", "the-appian-way", "the-colossus"))


@lru_cache(maxsize=2)      # frozen values: one tuple a leader serves every game
def draft_round(leader: int) -> tuple[Pending, ...]:
    """Four wonders shown, then picked leader 1, other 2, leader the last."""
    other = 1 - leader
    return ((Pending(Wait.SHOW_WONDER, CHANCE),) * DRAFT_SHOWN
            + tuple(Pending(Wait.PICK_WONDER, p) for p in (leader, other, other, leader)))


def new_game(first: int = 0, *, first_game: bool = False) -> GameState:
    """The state before anything is revealed; `first` is the first player (0 or 1)."""
    if first not in (0, 1):
        raise ValueError("the first player is 0 or 1")
    t = tables()
    wonders = t.base_wonders
    pending = (Pending(Wait.SHOW_PROGRESS, CHANCE),) * BOARD_TOKENS
    cities = [City(coins=START_COINS), City(coins=START_COINS)]
    if first_game:
        cities[first] = City(coins=START_COINS, wonders_left=FIRST_GAME[0])
        cities[1 - first] = City(coins=START_COINS, wonders_left=FIRST_GAME[1])
        unseen = tuple(w for w in wonders if w not in FIRST_GAME[0] + FIRST_GAME[1])
    else:
        pending += draft_round(first) + draft_round(1 - first)
        unseen = wonders
    return GameState(cities=tuple(cities), first=first, current=first, last=first,
                     unused=t.base_tokens, unseen_wonders=unseen, pending=pending)
