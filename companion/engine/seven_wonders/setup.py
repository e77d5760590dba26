"""Setting up a game (seeds 003/004, Setup; 001 for the 2nd edition).

- Each age's deck holds the cards whose printed minimum is at most the player
  count (one entry a copy); the Age III deck adds players + 2 guilds drawn at
  random from the ten. Every card of a deck is dealt: 7 a player.
- Each player gets a wonder board, at random or chosen, on one side, and 3 coins.
- 2-player Free City variant (1st edition, seeds 003/004): the 3-player decks;
  the two players and the Free City get a board and 3 coins each; each player
  is dealt 7 cards and the other 7 make the Free City's draw pile.

Chance is explicit: `new_game` takes the decks in the order they will be
dealt (a table enters what was dealt); `random_game` shuffles with the
caller's seeded RNG, for simulations.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..errors import BadInput
from .city import City
from .state import HAND_SIZE, GameState
from .facts import tables

START_COINS = 3
MIN_PLAYERS, MAX_PLAYERS = 3, 7
FREE_CITY_SEAT = 2


def guild_count(players: int) -> int:
    """Players + 2 guilds (seeds 003/004: 5 at 3 players ... 9 at 7); the Free City plays the 3-player deck."""
    return max(players, MIN_PLAYERS) + 2


def check_decks(edition: int, seats: int, decks: Sequence[Sequence[str]]) -> None:
    """Refuse decks that are not those of this player count (BadInput, with where)."""
    t = tables(edition)
    if len(decks) != 3:
        raise BadInput("three age decks are needed", "decks")
    for age, deck in enumerate(decks, start=1):
        where = f"decks[{age - 1}]"
        if len(deck) != HAND_SIZE * seats:
            raise BadInput(f"the Age {age} deck must hold {HAND_SIZE * seats} cards, not {len(deck)}", where)
        unknown = [c for c in deck if c not in t.cards]
        if unknown:
            raise BadInput(f'"{unknown[0]}" is not a card id of the edition {edition}', where)
        base = Counter(c for c in deck if not t.cards[c].card.is_guild)
        if base != Counter(t.deck(age, seats)):
            raise BadInput(f"the Age {age} deck is not the deck for {seats} players", where)
        guilds = [c for c in deck if t.cards[c].card.is_guild]
        wanted = guild_count(seats) if age == 3 else 0
        if len(guilds) != wanted or len(set(guilds)) != len(guilds):
            raise BadInput(f"the Age {age} deck must hold {wanted} different guilds", where)


def new_game(edition: int, boards: Sequence[tuple[str, str]], decks: Sequence[Sequence[str]],
             *, free_city: bool = False, names: Sequence[str] | None = None) -> GameState:
    """A game at the first turn of Age I.

    `boards`: (wonder id, side) a seat, clockwise; with `free_city`, three
    boards, the third being the Free City's. `decks`: the three age decks in
    the order dealt (seat i gets cards 7i to 7i + 6; the Free City's pile last).
    """
    t = tables(edition)
    seats = len(boards)
    if free_city:
        if edition != 1:
            raise BadInput("the Free City variant is a 1st-edition variant", "free_city")
        if seats != 3:
            raise BadInput("the Free City variant has two players and the Free City", "boards")
    elif not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise BadInput(f"7 Wonders is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {seats}", "boards")
    wonders = [w for w, _ in boards]
    for i, (wonder, side) in enumerate(boards):
        if (wonder, side.lower()) not in t.boards:
            raise BadInput(f"no board {wonder!r} side {side!r} in the edition {edition}", f"boards[{i}]")
        if wonders.index(wonder) != i:
            raise BadInput(f"two players cannot have the same wonder ({wonder})", f"boards[{i}]")
    check_decks(edition, seats, decks)
    names = list(names) if names else [f"player {i + 1}" for i in range(seats)]
    fc_seat = FREE_CITY_SEAT if free_city else None
    # a box's board may add coins of its own at the start (the Wonder Pack's Manneken Pis)
    cities = tuple(City(edition, wonder, t.board(wonder, side).side,
                        coins=START_COINS + t.wonder(wonder).start_coins, name=names[i],
                        free_city=(i == fc_seat))
                   for i, (wonder, side) in enumerate(boards))
    state = GameState(edition, cities, tuple(tuple(d) for d in decks), hands=(), pending=(None,) * seats,
                      free_city=fc_seat)
    return deal(state, 1)


def deal(state: GameState, age: int) -> GameState:
    """The deal of an age: 7 cards a seat from its deck (the Free City's 7 make its pile)."""
    deck = state.decks[age - 1]
    hands = [tuple(deck[HAND_SIZE * i:HAND_SIZE * (i + 1)]) for i in range(state.seats)]
    changes = {}
    if state.free_city is not None:
        changes["fc_pile"] = hands[state.free_city]
        hands[state.free_city] = ()
        # Ages I and III: the player on the Free City's left starts with its card; Age II: on its right.
        changes["fc_holder"] = state.left_of(state.free_city) if age != 2 else state.right_of(state.free_city)
    state = state.but(age=age, turn=1, hands=tuple(hands), pending=(None,) * state.seats, **changes)
    return draw_for_free_city(state)


def draw_for_free_city(state: GameState) -> GameState:
    """At the start of a turn the Free City card's holder adds the top card of its pile to the hand."""
    if state.free_city is None or not state.fc_pile:
        return state
    hands = list(state.hands)
    hands[state.fc_holder] = hands[state.fc_holder] + state.fc_pile[:1]
    return state.but(hands=tuple(hands), fc_pile=state.fc_pile[1:])


def random_decks(edition: int, seats: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    t = tables(edition)
    decks = []
    for age in (1, 2, 3):
        deck = t.deck(age, seats)
        if age == 3:
            deck += rng.sample(sorted(t.guilds()), guild_count(seats))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    return tuple(decks)


def random_game(rng: random.Random, players: int, edition: int = 1) -> GameState:
    """Wonders, sides and decks at random; `players` = 2 plays the Free City variant."""
    t = tables(edition)
    free_city = players == 2
    seats = 3 if free_city else players
    wonders = rng.sample(sorted(t.wonders), seats)
    boards = [(w, rng.choice(t.sides)) for w in wonders]
    return new_game(edition, boards, random_decks(edition, seats, rng), free_city=free_city)
