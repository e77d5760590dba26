"""Random Duel games through the same rules a tracked game uses, invariants checked.

A Dealer plays the box: it shuffles each age's deck, puts three cards back
unseen, then shuffles three guilds drawn at random into what is left of the
Age III deck (seeds 000 and 002), and answers every chance
event (a card turned face up, a token or a wonder shown, a Great Library
draw) from its seeded shuffle. The players pick a random legal move, a
build or a wonder more often than a discard. After every move the
invariants are checked:

- every card of the game is in exactly one place (box, structure, a city,
  under a wonder, the discard);
- coins are never negative;
- at most 7 wonders are built, at most 4 by a player;
- a game ends by a supremacy or after Age III;
- each player's score equals the sum of its categories.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from . import military, science
from .actions import Action, Discard, DrawToken, Reveal, ShowProgress, ShowWonder
from .facts import tables
from .rules import apply, legal_actions
from .scoring import CATEGORIES, Victory, result
from .setup import new_game
from .state import CHANCE, GameState, Wait

REMOVED_PER_AGE = 3
GUILDS_PER_GAME = 3


@dataclass
class Dealer:
    """The hidden side of a game: the shuffled decks, known to no player."""
    rng: random.Random
    decks: dict[int, list[str]] = field(default_factory=dict)      # the 20 cards of each age, by slot
    removed: dict[int, list[str]] = field(default_factory=dict)    # put back unseen
    guilds_out: list[str] = field(default_factory=list)            # guilds not drawn
    tokens: list[str] = field(default_factory=list)
    wonders: list[str] = field(default_factory=list)

    @classmethod
    def shuffle(cls, rng: random.Random) -> "Dealer":
        t = tables()
        dealer = cls(rng)
        guilds = list(t.guilds)
        rng.shuffle(guilds)
        dealer.guilds_out = guilds[GUILDS_PER_GAME:]
        for age in (1, 2, 3):
            # Seeds 000 (PREGATIREA JOCULUI) and 002: three cards of each age go back
            # in the box unseen first; only then are three guilds, drawn at random,
            # shuffled into what is left of the Age III deck.
            deck = list(t.by_age[age])
            rng.shuffle(deck)
            dealer.removed[age] = deck[:REMOVED_PER_AGE]
            deck = deck[REMOVED_PER_AGE:]
            if age == 3:
                deck += guilds[:GUILDS_PER_GAME]
                rng.shuffle(deck)
            dealer.decks[age] = deck
        dealer.tokens = sorted(t.tokens)
        rng.shuffle(dealer.tokens)
        dealer.wonders = sorted(t.wonders)
        rng.shuffle(dealer.wonders)
        return dealer

    def event(self, state: GameState) -> Action:
        """The chance event the state waits for, as the shuffled box has it."""
        if state.pending:
            wait = state.pending[0].wait
            if wait == Wait.SHOW_PROGRESS:
                return ShowProgress(next(x for x in self.tokens if x in state.unused))
            if wait == Wait.SHOW_WONDER:
                return ShowWonder(next(x for x in self.wonders if x in state.unseen_wonders))
            if wait == Wait.LIBRARY_DRAW:
                return DrawToken(self.rng.choice(state.unused))
            raise AssertionError(wait)
        slot = state.pyramid.to_reveal()[0]
        return Reveal(slot, self.decks[state.pyramid.age][slot])


def where_cards_are(state: GameState, dealer: Dealer) -> list[str]:
    """Every card once per place it is found, sorted."""
    places: list[str] = list(dealer.guilds_out)
    for city in state.cities:
        places += city.cards
        places += city.buried
    places += state.discard
    pyr = state.pyramid
    for age in (1, 2, 3):
        places += dealer.removed[age]
        if pyr is None or age > pyr.age:
            places += dealer.decks[age]           # still in the box
        elif age == pyr.age:
            places += [c for s, c in enumerate(dealer.decks[age]) if not pyr.taken >> s & 1]
    places.sort()
    return places


@lru_cache(maxsize=1)
def all_cards() -> list[str]:
    t = tables()
    return sorted(list(t.by_age[1]) + list(t.by_age[2]) + list(t.by_age[3]) + list(t.guilds))


@lru_cache(maxsize=1)
def all_tokens() -> list[str]:
    return sorted(tables().tokens)


def violations(state: GameState, dealer: Dealer) -> list[str]:
    out = []
    places = where_cards_are(state, dealer)
    if places != all_cards():
        extra = Counter(places) - Counter(all_cards())
        lost = Counter(all_cards()) - Counter(places)
        out.append(f"cards not conserved: extra {dict(extra)}, lost {dict(lost)}")
    if state.pyramid is not None:
        for s, c in enumerate(state.pyramid.cards):
            if c is not None and c != dealer.decks[state.pyramid.age][s]:
                out.append(f"slot {s} shows {c}, dealt {dealer.decks[state.pyramid.age][s]}")
    for p, city in enumerate(state.cities):
        if city.coins < 0:
            out.append(f"player {p} has {city.coins} coins")
        if len(city.wonders) > 4:
            out.append(f"player {p} built {len(city.wonders)} wonders")
    if state.wonders_built > 7:
        out.append(f"{state.wonders_built} wonders built")
    tokens = list(state.board) + list(state.unused) + list(state.cities[0].progress) + list(state.cities[1].progress)
    for p in state.pending:
        tokens += p.options
    if sorted(tokens) != all_tokens():
        out.append(f"progress tokens not conserved: {sorted(tokens)}")
    res = result(state.cities, state.conflict)
    for p in (0, 1):
        if res.totals[p] != sum(res.scores[p][k] for k in CATEGORIES):
            out.append(f"player {p}: total {res.totals[p]} is not the sum of its categories")
    if state.over:
        out.extend(_end_violations(state))
    return out


def _end_violations(state: GameState) -> list[str]:
    if state.victory == Victory.MILITARY:
        if abs(state.conflict) != military.capital() or military.leader(state.conflict) != state.winner:
            return [f"military victory with the pawn at {state.conflict}"]
    elif state.victory == Victory.SCIENTIFIC:
        if not science.supremacy(state.cities[state.winner].symbols):
            return ["scientific victory without six different symbols"]
    elif state.victory == Victory.CIVILIAN:
        if state.age != 3 or not state.pyramid.empty:
            return [f"civilian victory before the end of Age III (age {state.age})"]
    else:
        return [f"game over without a victory: {state.victory}"]
    return []


BUILD_BIAS = 0.8


def choose(rng: random.Random, options: list[Action]) -> Action:
    """A random legal move, building rather than discarding most of the time so
    that games reach wonders, guilds and supremacies as real games do."""
    builds = [a for a in options if not isinstance(a, Discard)]
    if builds and rng.random() < BUILD_BIAS:
        return rng.choice(builds)
    return rng.choice(options)


@dataclass
class GameRecord:
    moves: int
    victory: str
    violations: list[str]
    final: GameState
    dealer: Dealer


def play_one(rng: random.Random, *, check: bool = True) -> GameRecord:
    dealer = Dealer.shuffle(rng)
    state = new_game(rng.randrange(2), first_game=rng.random() < 0.1)
    found: list[str] = []
    moves = 0
    while not state.over:
        mover = state.to_move()
        if mover == CHANCE:
            action = dealer.event(state)
        else:
            options = legal_actions(state, mover)
            if not options:
                found.append(f"no legal move for player {mover} in age {state.age}")
                break
            action = choose(rng, options)
            moves += 1
        state = apply(state, action)
        if check:
            found.extend(violations(state, dealer))
            if found:
                break
    return GameRecord(moves, state.victory or "", found, state, dealer)


def run(*, games: int, seed: int) -> dict:
    rng = random.Random(seed)
    start = time.perf_counter()
    moves = 0
    bad = 0
    victories: Counter = Counter()
    first_violation = None
    for _ in range(games):
        record = play_one(rng)
        moves += record.moves
        victories[record.victory] += 1
        if record.violations:
            bad += 1
            first_violation = first_violation or record.violations[0]
    seconds = time.perf_counter() - start
    out = {"games": games, "seconds": round(seconds, 3),
           "games_per_second": round(games / seconds, 1) if seconds else None,
           "moves": moves, "violations": bad, "victories": dict(sorted(victories.items()))}
    if first_violation:
        out["first_violation"] = first_violation
    return out
