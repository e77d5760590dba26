"""Duel: the trade-cost search's latency and `simulate` throughput.

Positions come from random games, so the cities priced are cities that occur
in play. The search is timed with its caches emptied first (every position
new to it), and again through the JSON contract (`companion trade`).
"""
from __future__ import annotations

import random
import time

from companion.engine import contract
from companion.engine.duel import pricing, rules
from companion.engine.duel.facts import tables
from companion.engine.duel.simulate import Dealer
from companion.engine.duel.simulate import run as simulate
from companion.engine.duel.setup import new_game
from companion.engine.duel.state import CHANCE
from companion.engine.resources import remainders, shortfalls

from .stats import summary_ms

SEED = 20261121
POSITIONS = 2000
GAMES = 2000


def positions(rng: random.Random, count: int) -> list[tuple]:
    """(player city, opponent city, target) met in random games: every card and wonder the mover could build."""
    t = tables()
    out: list[tuple] = []
    while len(out) < count:
        dealer = Dealer.shuffle(rng)
        state = new_game(rng.randrange(2))
        while not state.over and len(out) < count:
            mover = state.to_move()
            if mover == CHANCE:
                state = rules.apply(state, dealer.event(state))
                continue
            if not state.pending:
                city, opp = state.cities[mover], state.cities[1 - mover]
                for slot in state.pyramid.accessible():
                    out.append((city, opp, t.cards[state.pyramid.cards[slot]]))
                out.extend((city, opp, t.wonders[w]) for w in city.wonders_left)
            state = rules.apply(state, rng.choice(rules.legal_actions(state, mover)))
    return out[:count]


def _json_city(city) -> dict:
    return {"cards": list(city.cards), "wonders": list(city.wonders), "progress": list(city.progress),
            "coins": city.coins}


def run() -> dict:
    rng = random.Random(SEED)
    sample = positions(rng, POSITIONS)
    cold, warm = [], []
    for city, opp, target in sample:
        # A fresh city (no production cached on it) and empty search caches: the whole search.
        fresh = type(city)(city.cards, city.wonders, city.wonders_left, city.progress, city.coins)
        remainders.cache_clear()
        shortfalls.cache_clear()
        pricing.cheapest_purchase.cache_clear()
        pricing.cheapest_of.cache_clear()
        pricing.bought_price.cache_clear()
        pricing._unit_prices.cache_clear()
        start = time.perf_counter()
        pricing.price(fresh, opp, target)
        cold.append(time.perf_counter() - start)
    for city, opp, target in sample:
        # As in play: the city's production known, the search caches as the run left them.
        start = time.perf_counter()
        pricing.price(city, opp, target)
        warm.append(time.perf_counter() - start)
    search, cached = summary_ms(cold), summary_ms(warm)
    print(f"trade-cost search ({POSITIONS} positions from random games), every cache empty: "
          f"p50 {search['p50_ms']:.3f} ms, p99 {search['p99_ms']:.3f} ms, max {search['max_ms']:.3f} ms")
    print(f"  with the caches of play: p50 {cached['p50_ms']:.4f} ms, p99 {cached['p99_ms']:.4f} ms")

    times = []
    for city, opp, target in sample[:500]:
        kind = "card" if target.kind == "card" else "wonder"
        doc = {"game": "duel", "player": _json_city(city), "opponent": _json_city(opp), "build": {kind: target.id}}
        start = time.perf_counter()
        contract.trade(doc)
        times.append(time.perf_counter() - start)
    whole = summary_ms(times)
    print(f"companion trade (JSON in, JSON out, 500 positions): p50 {whole['p50_ms']:.3f} ms, "
          f"p99 {whole['p99_ms']:.3f} ms")

    sim = simulate(games=GAMES, seed=SEED)
    print(f"simulate --game duel --games {GAMES}: {sim['games_per_second']} games/s "
          f"({sim['moves']} moves in {sim['seconds']} s, invariants checked after every player's move), "
          f"violations {sim['violations']}, victories {sim['victories']}")
    return {"trade_search": search, "trade_search_cached": cached, "trade_contract": whole, "simulate": sim}
