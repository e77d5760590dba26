"""Random Duel games through the same rules a tracked game uses, invariants checked.

A Dealer plays the box: it shuffles each age's deck, puts three cards back
unseen, then shuffles three guilds drawn at random into what is left of
the Age III deck (seeds 000 and 002), and answers every chance event (a card turned face up, a token or a wonder shown, a Great Library
draw) from its seeded shuffle. The players pick a random legal move, a
build or a wonder more often than a discard. After every player's move,
once the chance events it leads to are dealt (and once after setup), the
invariants of invariants.py are checked, in full once an age and at the end
and by their running counts in between (its Watch), and the player to move
must have a legal move.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from ..collector import without_cyclic_collector
from .actions import Action, Discard, DrawToken, Reveal, ShowProgress, ShowWonder
from .facts import tables
from .invariants import Watch
from .pricing import affordable, unit_prices
from .rules import BUILDS, DISCARDS, apply, legal_actions, move, wonder_move, wonders_open
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
        dealer.tokens = list(t.base_tokens)
        rng.shuffle(dealer.tokens)
        dealer.wonders = list(t.base_wonders)
        rng.shuffle(dealer.wonders)
        return dealer

    def event(self, state: GameState) -> Action:
        """The chance event the state waits for, as the shuffled box has it."""
        if state.pending:
            wait = state.pending[0].wait
            if wait == Wait.SHOW_PROGRESS:
                return move(ShowProgress, next(x for x in self.tokens if x in state.unused))
            if wait == Wait.SHOW_WONDER:
                return move(ShowWonder, next(x for x in self.wonders if x in state.unseen_wonders))
            if wait == Wait.LIBRARY_DRAW:
                return move(DrawToken, self.rng.choice(state.unused))
            raise AssertionError(wait)
        slot = state.pyramid.to_reveal()[0]
        return Reveal(slot, self.decks[state.pyramid.age][slot])

    def settle(self, state: GameState) -> GameState:
        """Every chance event the state waits for, until a player is to move or the game is over.

        The cards a move turns face up are laid from the deck directly, all at
        once: the dealer holds the box, so what `apply` checks of a card a
        person enters (that it may lie there) holds by construction, and the
        invariants check the structure against the deck. A revealed card
        changes nothing else (`apply` would only lay it). The tokens and
        wonders shown at setup are laid out the same way but for the last of
        each run, which goes through `apply` (so does what follows it: the
        draft, or Age I); the Great Library's draws all go through `apply`.
        """
        while not state.over:       # state.to_move() == CHANCE, spelt out: once a move at least
            if state.pending:
                if state.pending[0].player != CHANCE:
                    break
                state = self._shown_ahead(state)
                state = apply(state, self.event(state))
            else:
                pyr = state.pyramid
                if pyr is None or not pyr.waiting:
                    break
                state = state.evolve(pyramid=pyr.dealt(self.decks[pyr.age]))
        return state

    def _shown_ahead(self, state: GameState) -> GameState:
        """A run of tokens or wonders to show (setup) shown but for its last: each only moves
        from the box to the board or the draft, as `apply` would move it."""
        wait = state.pending[0].wait
        if wait != Wait.SHOW_PROGRESS and wait != Wait.SHOW_WONDER:
            return state
        run = 0
        for p in state.pending:
            if p.wait != wait:
                break
            run += 1
        if run < 2:
            return state
        # (the dealer's order, where they lie unseen, where they go)
        order, pool, to = ((self.tokens, "unused", "board") if wait == Wait.SHOW_PROGRESS
                           else (self.wonders, "unseen_wonders", "shown"))
        left = getattr(state, pool)
        shown = tuple([x for x in order if x in left][:run - 1])
        return state.evolve(**{to: getattr(state, to) + shown, pool: tuple(x for x in left if x not in shown),
                               "pending": state.pending[run - 1:]})


BUILD_BIAS = 0.8


def choose(rng: random.Random, options: list[Action]) -> Action:
    """A random legal move, building rather than discarding most of the time so
    that games reach wonders, guilds and supremacies as real games do."""
    builds = [a for a in options if a.__class__ is not Discard]    # isinstance, quicker (nothing derives from it)
    if builds and rng.random() < BUILD_BIAS:
        return rng.choice(builds)
    return rng.choice(options)


class TurnBuilds:
    """The builds a player's turn may offer, numbered, each priced only when asked.

    Candidate i is the card of accessible slot i // per when i % per is 0, else
    the wonder wonders[i % per - 1] built with it; `build(i)` is the move when
    the rules allow it (it is in `legal_actions`), else None. A wonder's price
    is the same whatever card goes under it: asked once."""
    __slots__ = ("city", "opp", "prices", "slots", "cards", "wonders", "per", "count", "wonder_ok", "facts")

    def __init__(self, state: GameState, player: int):
        self.city, self.opp = city, opp = state.cities[player], state.cities[1 - player]
        self.prices = unit_prices(city, opp)
        pyr = state.pyramid
        self.slots = pyr.open_slots
        self.cards = pyr.cards
        self.wonders = wonders_open(state, city)
        self.per = 1 + len(self.wonders)
        self.count = len(self.slots) * self.per      # candidates
        self.wonder_ok: dict[str, bool] = {}
        self.facts = tables()

    def build(self, i: int) -> Action | None:
        s, k = divmod(i, self.per)
        slot = self.slots[s]
        if not k:
            return BUILDS[slot] if affordable(self.city, self.opp, self.facts.cards[self.cards[slot]],
                                              self.prices) else None
        wonder = self.wonders[k - 1]
        ok = self.wonder_ok.get(wonder)
        if ok is None:
            ok = self.wonder_ok[wonder] = affordable(self.city, self.opp, self.facts.wonders[wonder], self.prices)
        return wonder_move(slot, wonder) if ok else None


def draw(rng: random.Random, state: GameState, player: int) -> Action | None:
    """The move `choose(rng, legal_actions(state, player))` would make on a player's
    turn, drawn with the same chances without pricing every card and wonder first;
    None when there is no legal move.

    With chance BUILD_BIAS a build, each legal one alike: the candidate builds
    are drawn in random order until one is legal (the first legal one of a
    random order is any legal one alike); when none is, a discard, each alike,
    as `choose` draws among moves that are all discards. Otherwise any legal
    move alike, drawn the same way from the builds and the discards (a discard
    is always legal). A turn prices two or three builds instead of every one."""
    turn = TurnBuilds(state, player)
    slots = turn.slots
    if not slots:
        return None
    builds = turn.count
    uniform = rng.random
    pool = list(range(builds if uniform() < BUILD_BIAS else builds + len(slots)))
    while pool:
        # int(random() * n): each of n alike but for n / 2**53, and a C call where randrange is
        # several Python ones; a turn draws three or four times.
        j = int(uniform() * len(pool))
        i = pool[j]
        found = DISCARDS[slots[i - builds]] if i >= builds else turn.build(i)
        if found is not None:
            return found
        pool[j] = pool[-1]          # drawn without putting back: the order stays random
        pool.pop()
    return DISCARDS[slots[int(uniform() * len(slots))]]


@dataclass
class GameRecord:
    moves: int
    victory: str
    violations: list[str]
    final: GameState
    dealer: Dealer


def play_one(rng: random.Random, *, check: bool = True, listed: bool = False) -> GameRecord:
    """One random game. The chance events a player's move leads to are dealt at
    once, then the invariants are checked (Watch): once a player's move and once
    after setup, the states the players decide in.

    A turn's move is drawn by `draw`; `listed`: chosen from every legal move
    listed instead (`choose` over `legal_actions`), the same chances by another
    draw of the dice, as simulations did before `draw`."""
    dealer = Dealer.shuffle(rng)
    watch = Watch(dealer)
    state = dealer.settle(new_game(rng.randrange(2), first_game=rng.random() < 0.1))
    found: list[str] = watch.check(state) if check else []
    moves = 0
    while not state.over and not found:
        mover = state.to_move()
        if state.pending or listed:
            options = legal_actions(state, mover)
            action = choose(rng, options) if options else None
        else:
            action = draw(rng, state, mover)
        if action is None:
            found.append(f"no legal move for player {mover} in age {state.age}")
            break
        state = dealer.settle(apply(state, action))
        moves += 1
        if check:
            found.extend(watch.check(state))
    return GameRecord(moves, state.victory or "", found, state, dealer)


def run(*, games: int, seed: int) -> dict:
    rng = random.Random(seed)
    start = time.perf_counter()
    moves = 0
    bad = 0
    victories: Counter = Counter()
    first_violation = None
    with without_cyclic_collector():        # tests/engine/duel/test_duel_lean.py: games make no cycles
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
