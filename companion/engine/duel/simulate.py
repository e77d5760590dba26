"""Random Duel games through the same rules a tracked game uses, invariants checked.

A Dealer plays the box: it shuffles each age's deck, puts three cards back
unseen, then shuffles three guilds drawn at random into what is left of
the Age III deck (seeds 000 and 002), and answers every chance event (a card turned face up, a token or a wonder shown, a Great Library
draw) from its seeded shuffle. The players pick a random legal move, a
build or a wonder more often than a discard. After every player's move,
once the chance events it leads to are dealt (and once after setup), the
invariants are checked, in full once an age and at the end and by their
running counts in between (see Watch):

- every card of the game is in exactly one place (box, structure, a city,
  under a wonder, the discard), and every card face up in the structure is
  the card dealt in its slot;
- every progress token is in exactly one place (board, box, a city, the
  Great Library's draw);
- coins are never negative;
- at most 7 wonders are built, at most 4 by a player;
- each player's score equals the sum of its categories (once an age and
  at the end: it takes a whole scoring);
- the player to move has a legal move;
- a game ends by a supremacy (the pawn in a capital, six different
  symbols, for the player who holds it) or after Age III's last card.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from ..collector import without_cyclic_collector
from . import military, science
from .actions import Action, Discard, DrawToken, Reveal, ShowProgress, ShowWonder
from .facts import tables
from .pricing import affordable, unit_prices
from .pyramid import Pyramid
from .rules import BUILDS, DISCARDS, apply, legal_actions, move, wonder_move, wonders_open
from .scoring import CATEGORIES, Victory, categories, result
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


def where_cards_are(state: GameState, dealer: Dealer) -> list[str]:
    """Every card once per place it is found (box, structure, a city, under a wonder, the discard)."""
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
            taken = pyr.taken
            places += [c for s, c in enumerate(dealer.decks[age]) if not taken >> s & 1]
    return places


@lru_cache(maxsize=1)
def all_cards() -> frozenset[str]:
    """Every card of the box: each exists once, so a set says it all."""
    t = tables()
    cards = list(t.by_age[1]) + list(t.by_age[2]) + list(t.by_age[3]) + list(t.guilds)
    assert len(set(cards)) == len(cards)
    return frozenset(cards)


@lru_cache(maxsize=1)
def all_tokens() -> frozenset[str]:
    return frozenset(tables().tokens)


def _conserved(found: list[str], every: frozenset[str]) -> bool:
    """`found` holds each of `every` exactly once (they are all different)."""
    return len(found) == len(every) and every.issuperset(found) and len(set(found)) == len(every)


def violations(state: GameState, dealer: Dealer, *, score: bool = True) -> list[str]:
    """What is wrong with `state`; `score`: the scores too (a whole scoring, so simulate
    asks once an age and at the end rather than after every move)."""
    out = []
    places = where_cards_are(state, dealer)
    if not _conserved(places, all_cards()):
        every = Counter(all_cards())
        extra, lost = Counter(places) - every, every - Counter(places)
        out.append(f"cards not conserved: extra {dict(extra)}, lost {dict(lost)}")
    pyr = state.pyramid
    if pyr is not None:
        dealt = dealer.decks[pyr.age]
        for s, c in enumerate(pyr.cards):
            if c is not None and c != dealt[s]:
                out.append(f"slot {s} shows {c}, dealt {dealt[s]}")
    out.extend(_city_violations(state))
    tokens = list(state.board) + list(state.unused) + list(state.cities[0].progress) + list(state.cities[1].progress)
    for p in state.pending:
        tokens += p.options
    if not _conserved(tokens, all_tokens()):
        out.append(f"progress tokens not conserved: {sorted(tokens)}")
    if score:
        # The whole result (standings, winners) at the end; between ages the scores alone.
        c0, c1 = state.cities
        scores = (result(state.cities, state.conflict).scores if state.over else
                  (categories(c0, c1, state.conflict, 0), categories(c1, c0, state.conflict, 1)))
        for p in (0, 1):
            total = sum(scores[p].values())
            if total != sum(map(scores[p].__getitem__, CATEGORIES)):
                out.append(f"player {p}: total {total} is not the sum of its categories")
    if state.over:
        out.extend(_end_violations(state))
    return out


def _city_violations(state: GameState) -> list[str]:
    """Coins never below zero, at most 4 wonders a city and 7 in all (the full and the running check both ask)."""
    c0, c1 = state.cities
    if c0.coins >= 0 and c1.coins >= 0 and len(c0.wonders) <= 4 and len(c1.wonders) <= 4 \
            and len(c0.wonders) + len(c1.wonders) <= 7:
        return []       # the usual answer, found without building one
    out = []
    for p, city in enumerate(state.cities):
        if city.coins < 0:
            out.append(f"player {p} has {city.coins} coins")
        if len(city.wonders) > 4:
            out.append(f"player {p} built {len(city.wonders)} wonders")
    if state.wonders_built > 7:
        out.append(f"{state.wonders_built} wonders built")
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


class Watch:
    """The invariants of one game, checked after every player's move.

    Each move, the cheap forms: how many cards are in play (cities, under
    wonders, the discard) against how many were taken from the structures,
    how many progress tokens there are, the cards newly face up against the
    deck, coins and wonders. Once an age (as the next begins) and at the end,
    everything `violations` checks: which card and which token is where, box
    included, and the scores.
    """

    def __init__(self, dealer: Dealer):
        self.dealer = dealer
        self.age: int | None = None
        self.checked_up = 0           # the slots of this age's structure already compared with the deck
        self.tokens = len(all_tokens())

    def check(self, state: GameState) -> list[str]:
        pyr = state.pyramid
        if state.age != self.age or state.over:
            self.age = state.age
            self.checked_up = pyr.up if pyr is not None else 0
            return violations(state, self.dealer)
        c0, c1 = state.cities
        in_play = len(c0.cards) + len(c0.buried) + len(c1.cards) + len(c1.buried) + len(state.discard)
        taken = 0 if pyr is None else CARDS_PER_AGE * (state.age - 1) + pyr.taken.bit_count()
        tokens = len(state.board) + len(state.unused) + len(c0.progress) + len(c1.progress)
        for p in state.pending:
            tokens += len(p.options)
        wrong = self._newly_up(pyr) if pyr is not None and pyr.up != self.checked_up else None
        if (wrong is None and in_play == taken and tokens == self.tokens and c0.coins >= 0 and c1.coins >= 0
                and len(c0.wonders) + len(c1.wonders) <= 7 and len(c0.wonders) <= 4 and len(c1.wonders) <= 4):
            return []       # the usual answer, found at once
        out = wrong or []
        if in_play != taken:
            out.append(f"cards not conserved: {in_play} in play, {taken} taken from the structures")
        if tokens != self.tokens:
            out.append(f"progress tokens not conserved: {tokens} of {self.tokens}")
        out.extend(_city_violations(state))
        return out

    def _newly_up(self, pyr: Pyramid) -> list[str] | None:
        """The cards turned face up since the last check compared with the deck: what is
        wrong, or None."""
        new = pyr.up & ~self.checked_up
        self.checked_up = pyr.up
        dealt = self.dealer.decks[pyr.age]
        cards = pyr.cards
        out = None
        while new:
            s = new.bit_length() - 1
            new ^= 1 << s
            if cards[s] is not None and cards[s] != dealt[s]:
                out = (out or []) + [f"slot {s} shows {cards[s]}, dealt {dealt[s]}"]
        return out


CARDS_PER_AGE = 20


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
