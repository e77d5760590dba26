"""7 Wonders: the payment search on a worst-case corpus, and random games a second.

Payment corpus: Palace (one of each of the 7 resources) or a 5- to 7-unit
guild or Pantheon, for a city with several choice productions of its own
(Caravansery, Forum, Alexandria B's stages, brown doubles) between two
neighbours holding many brown doubles (every pair of raw materials is one
card) and grey cards, under random discounts. Each search is timed cold
(every cache cleared first: what a player asking once waits) and warm (the
same question again, as in a game's legality checks). The garbage of the
cleared caches is collected before each timed search.

Throughput: `simulate` at 3, 5 and 7 players in both editions, 1,000 games a
configuration (and the 2-player Free City variant), the invariants checked
after every move that resolves something (README: what simulate checks); the
violations found are reported.
"""
from __future__ import annotations

import gc
import os
import random
import time

from companion.catalog import Resource
from companion.engine.resources import RESOURCES, options_mask, remainders, shortfalls, vector
from companion.engine.seven_wonders.payment import Offer, _cover, quote, quote_shortfalls
from companion.engine.seven_wonders.simulate import simulate
from companion.engine.seven_wonders.facts import tables

from .stats import summary_ms

SEED = 20261121
QUERIES = 2000
GAMES = int(os.environ.get("SEVEN_WONDERS_GAMES", "1000"))

RAW = [Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE]
MANUFACTURED = [Resource.GLASS, Resource.TEXTILE, Resource.PAPYRUS]
DOUBLES = [options_mask(p) for p in ((Resource.WOOD, Resource.CLAY), (Resource.STONE, Resource.CLAY),
                                     (Resource.CLAY, Resource.ORE), (Resource.WOOD, Resource.STONE),
                                     (Resource.WOOD, Resource.ORE), (Resource.STONE, Resource.ORE))]
ANY_RAW, ANY_MANUFACTURED = options_mask(RAW), options_mask(MANUFACTURED)
BIG_COSTS = ("palace", "pantheon", "workers-guild", "philosophers-guild", "shipowners-guild",
             "scientists-guild", "magistrates-guild", "builders-guild")


def _one(resource) -> tuple[int, ...]:
    return vector([(resource, 1)])


def _add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def neighbour(rng: random.Random) -> Offer:
    fixed = _one(rng.choice(RESOURCES))                      # the starting resource
    for r in rng.sample(RESOURCES, rng.randint(1, 6)):       # single brown and grey cards
        fixed = _add(fixed, _one(r))
    if rng.random() < 0.5:                                   # Age II doubles (Sawmill, Quarry ...)
        fixed = _add(fixed, _add(_one(rng.choice(RAW)), _one(rng.choice(RAW))))
    return Offer(fixed, tuple(sorted(rng.sample(DOUBLES, rng.randint(3, 6)))))


def own_city(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    fixed = _one(rng.choice(RESOURCES))
    choices = rng.sample([ANY_RAW, ANY_MANUFACTURED, ANY_RAW, ANY_MANUFACTURED], rng.randint(1, 4))
    choices += rng.sample(DOUBLES, rng.randint(0, 3))
    return fixed, tuple(sorted(choices))


def prices(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    left, right = [2] * 7, [2] * 7
    for i, r in enumerate(RESOURCES):
        raw = r in RAW
        if raw and rng.random() < 0.3:                       # West Trading Post / Olympia B
            left[i] = 1
        if raw and rng.random() < 0.3:                       # East Trading Post / Olympia B
            right[i] = 1
        if not raw and rng.random() < 0.3:                   # Marketplace
            left[i] = right[i] = 1
    return tuple(left), tuple(right)


def corpus(n: int) -> list[tuple]:
    rng = random.Random(SEED)
    cards = tables(1).cards
    out = []
    for _ in range(n):
        need = cards[rng.choice(BIG_COSTS[:1] * 3 + BIG_COSTS[1:])].need
        own_fixed, own_choices = own_city(rng)
        lp, rp = prices(rng)
        out.append((need, own_fixed, own_choices, neighbour(rng), neighbour(rng), lp, rp))
    return out


def clear_caches() -> None:
    quote.cache_clear()
    quote_shortfalls.cache_clear()
    remainders.cache_clear()
    shortfalls.cache_clear()
    _cover.cache_clear()


def bench_payment() -> dict:
    queries = corpus(QUERIES)
    cold, cold_cpu, warm = [], [], []
    splits = possible = 0
    for q in queries:
        clear_caches()
        gc.collect()                  # the garbage of the cleared caches is not the search's cost
        start, start_cpu = time.perf_counter(), time.thread_time()
        answer = quote(*q)
        cold.append(time.perf_counter() - start)
        cold_cpu.append(time.thread_time() - start_cpu)
        start = time.perf_counter()
        quote(*q)
        warm.append(time.perf_counter() - start)
        possible += answer.possible
        splits += len(answer.purchases)
    cold_s, cpu_s, warm_s = summary_ms(cold), summary_ms(cold_cpu), summary_ms(warm)
    print(f"payment search, {QUERIES} worst-case questions (Palace, big guilds; many choice cards on "
          f"all three cities): cold p50 {cold_s['p50_ms']:.3f} ms, p99 {cold_s['p99_ms']:.3f} ms, "
          f"max {cold_s['max_ms']:.3f} ms; warm p99 {warm_s['p99_ms']:.4f} ms")
    # CPU time of the thread: the same figures without the waits of a busy machine.
    print(f"  cold CPU time: p50 {cpu_s['p50_ms']:.3f} ms, p99 {cpu_s['p99_ms']:.3f} ms; "
          f"{possible} payable, {splits / max(possible, 1):.2f} cheapest splits a payable question")
    return {"cold": cold_s, "cold_cpu": cpu_s, "warm": warm_s, "payable": possible,
            "splits_per_payable": round(splits / max(possible, 1), 2)}


def bench_simulate() -> dict:
    out = {}
    configs = [(p, e) for e in (1, 2) for p in (3, 5, 7)] + [(2, 1)]
    for players, edition in configs:
        r = simulate(games=GAMES, seed=players * 100 + edition, players=players, edition=edition)
        name = f"{players}p_e{edition}" + ("_free_city" if players == 2 else "")
        print(f"simulate {name}: {r['games']} games in {r['seconds']:.1f} s = {r['games_per_second']:.1f} "
              f"games/s, {r['moves']} moves, {r['violations']} violations"
              + (f" e.g. {r['examples'][0]}" if r["examples"] else ""))
        out[name] = {k: r[k] for k in ("games", "seconds", "games_per_second", "moves", "violations")}
    return out


def run() -> dict:
    return {"payment": bench_payment(), "simulate": bench_simulate()}
