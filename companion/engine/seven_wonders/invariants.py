"""What must hold after every move; each check returns the violations it finds (text).

Used by `simulate` after every move that changes the cities, the hands or the
phase (a turn resolved, a Babylon or Halicarnassus move), and by the tests.
"""
from __future__ import annotations

from collections import Counter

from .scoring import score_cities
from .state import BANK, HAND_SIZE, TURNS_PER_AGE, GameState, Phase


def card_places(state: GameState) -> Counter:
    """Every card where it lies: hands, the Free City's pile, the discard, cities, under stages."""
    every = []
    for hand in state.hands:
        every += hand
    every += state.fc_pile
    every += state.discard
    for city in state.cities:
        every += city.cards
        every += city.stage_cards
    return Counter(every)


_last_dealt: list = [(None, 0, None)]     # one tuple, swapped whole: safe between threads


def _dealt(decks: tuple[tuple[str, ...], ...], age: int) -> Counter:
    """The cards dealt up to `age`: the same for every move of an age, so the last
    answer is kept, for the very same decks (a game's decks are one tuple from its
    deal to its end; hashing them would cost as much as counting them)."""
    kept_decks, kept_age, kept = _last_dealt[0]
    if kept_decks is decks and kept_age == age:
        return kept
    counted = Counter(c for deck in decks[:age] for c in deck)
    _last_dealt[0] = (decks, age, counted)
    return counted


def turns_played(state: GameState) -> int:
    """Turns each seat has completed (one card played each)."""
    done = TURNS_PER_AGE * (state.age - 1) + state.turn
    if state.phase is Phase.PICK:
        done -= 1
    return done


def check_state(state: GameState) -> list[str]:
    out = []
    dealt = _dealt(state.decks, state.age)
    places = card_places(state)
    if not dict.__eq__(places, dealt):      # Counter's == walks both in Python; counts are positive here
        diff = (places - dealt) + (dealt - places)
        out.append(f"cards out of place: {dict(diff)}")
    played = turns_played(state)
    for seat, city in enumerate(state.cities):
        who = f"seat {seat}"
        if city.coins < 0:
            out.append(f"{who} has {city.coins} coins")
        if len(city.names) != len(city.cards):
            names = [c.name for c in city.infos]
            out.append(f"{who} holds two cards of one name: {sorted(names)}")
        if not 0 <= city.stages <= len(city.board.stages) or len(city.stage_cards) != city.stages:
            out.append(f"{who} has {city.stages} stages and {len(city.stage_cards)} stage cards")
        turns = len(city.cards) - city.from_discard + len(city.stage_cards) + city.sold - city.seventh
        if turns != played:
            out.append(f"{who} has played {turns} turns, not {played}")
    if state.phase is Phase.PICK:
        for seat, hand in enumerate(state.hands):
            want = HAND_SIZE + 1 - state.turn
            if seat == state.free_city:
                want = 0
            elif seat == state.fc_holder:
                want += 1
            if len(hand) != want:
                out.append(f"seat {seat} holds {len(hand)} cards in turn {state.turn}, not {want}")
        if state.free_city is not None and len(state.fc_pile) != HAND_SIZE - state.turn:
            out.append(f"the Free City's pile holds {len(state.fc_pile)} cards in turn {state.turn}")
    if state.phase is Phase.OVER:
        for seat, (city, score) in enumerate(zip(state.cities, score_cities(state.cities))):
            if score.total != sum(score.scores.values()):
                out.append(f"seat {seat}: total {score.total} is not the sum of {score.scores}")
            if turns_played(state) != 3 * TURNS_PER_AGE:
                out.append(f"the game ended after {turns_played(state)} turns")
    return out


def check_move(before: GameState, after: GameState) -> list[str]:
    """Coins: every change is in the ledger; trades move coins between neighbours, creating none."""
    out = []
    n = after.seats
    delta = [0] * n
    paid = [0] * n
    bank = 0                                    # coins the bank paid out, net
    for payer, payee, amount, why in after.ledger:
        if amount <= 0:
            out.append(f"a transfer of {amount} coins ({why})")
        if payer == BANK:
            bank += amount
        else:
            delta[payer] -= amount
            paid[payer] += amount
        if payee == BANK:
            bank -= amount
        else:
            delta[payee] += amount
            if payer != BANK and payee != (payer + 1) % n and payee != (payer - 1) % n:
                out.append(f"seat {payer} paid seat {payee}, who is not a neighbour")
    made = 0
    for seat, (b, a) in enumerate(zip(before.cities, after.cities)):
        made += a.coins - b.coins
        if a.coins - b.coins != delta[seat]:
            out.append(f"seat {seat}'s coins went from {b.coins} to {a.coins}; the ledger says {delta[seat]:+d}")
        if paid[seat] > b.coins:
            out.append(f"seat {seat} paid {paid[seat]} coins holding {b.coins}")
    if made != bank:
        trade = sum(tr.amount for tr in after.ledger if BANK not in (tr.payer, tr.payee))
        out.append(f"trading created {made - bank} coins (trades moved {trade})")
    return out + check_state(after)
