"""What must hold in a Duel game; each check returns the violations it finds (text).

Used by `simulate` after every player's move, once the chance events it leads
to are dealt (and once after setup), and by the tests: in full once an age and
at the end (`violations`), by their running counts in between (`Watch`):

- every card of the game is in exactly one place (box, structure, a city,
  under a wonder, the discard), and every card face up in the structure is
  the card dealt in its slot;
- every progress token is in exactly one place (board, box, a city, the
  Great Library's draw);
- coins are never negative;
- at most 7 wonders are built, at most 4 by a player;
- each player's score equals the sum of its categories (once an age and
  at the end: it takes a whole scoring);
- a game ends by a supremacy (the pawn in a capital, six different
  symbols, for the player who holds it) or after Age III's last card.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from . import military, science
from .facts import tables
from .pyramid import Pyramid
from .scoring import CATEGORIES, Victory, categories, result
from .state import GameState

if TYPE_CHECKING:
    from .simulate import Dealer

CARDS_PER_AGE = 20


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
    return frozenset(tables().base_tokens)


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
