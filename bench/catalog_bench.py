"""Catalog load time, index build time, and search latency with typos in every language."""
from __future__ import annotations

import random
import time

from companion.catalog import LANGUAGES, fold, load_catalog
from companion.catalog.search import SearchIndex

from .stats import summary_ms

QUERIES = 1000
SEED = 20261121
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def typo(text: str, rng: random.Random) -> str:
    """One random edit of a letter: drop, swap with the next, replace or insert."""
    positions = [i for i, ch in enumerate(text) if ch.isalpha()]
    if len(positions) < 4:
        return text
    i = rng.choice(positions[1:-1])
    kind = rng.choice(("drop", "swap", "replace", "insert"))
    if kind == "drop":
        return text[:i] + text[i + 1:]
    if kind == "swap":
        return text[:i] + text[i + 1] + text[i] + text[i + 2:]
    if kind == "replace":
        return text[:i] + rng.choice(LETTERS) + text[i + 1:]
    return text[:i] + rng.choice(LETTERS) + text[i:]


def make_queries(cat, rng: random.Random) -> list[tuple[str, str, str, str]]:
    """(query, expected id, lang, printed name): a name in a random language with 0-2 typos."""
    entities = cat.all_entities()
    queries = []
    while len(queries) < QUERIES:
        entity = rng.choice(entities)
        lang = rng.choice(LANGUAGES)
        printed = name = entity.name_in(lang)
        edits = rng.choice((0, 1, 1, 2))
        for _ in range(edits):
            name = typo(name, rng)
        if rng.random() < 0.3:
            name = name.lower()
        queries.append((name, entity.id, lang, printed))
    return queries


def run() -> dict:
    samples = []
    for _ in range(20):
        start = time.perf_counter()
        cat = load_catalog()
        samples.append(time.perf_counter() - start)
    load = summary_ms(samples)
    print(f"catalog load: p50 {load['p50_ms']:.1f} ms, max {load['max_ms']:.1f} ms "
          f"({len(cat.all_entities())} cards, wonders and tokens)")

    start = time.perf_counter()
    index = SearchIndex(cat)
    build_ms = (time.perf_counter() - start) * 1000
    print(f"search index build: {build_ms:.1f} ms")

    rng = random.Random(SEED)
    queries = make_queries(cat, rng)
    for text, *_ in queries[:50]:          # warm up
        index.search(text)
    latencies, top1, top3, named = [], 0, 0, 0
    for text, ident, lang, printed in queries:
        start = time.perf_counter()
        hits = index.search(text, lang=lang)
        latencies.append(time.perf_counter() - start)
        ids = [h.entity.id for h in hits]
        top1 += bool(ids) and ids[0] == ident
        top3 += ident in ids[:3]
        # Several cards share a printed name (Loom in two ages, "Hafen" for Port and
        # Haven): a first result bearing the typed name is the right answer too.
        named += bool(hits) and fold(printed) in {fold(n) for _, n in hits[0].entity.all_names()}
    search = summary_ms(latencies)
    print(f"search ({QUERIES} mixed-language queries, 0-2 typos): p50 {search['p50_ms']:.2f} ms, "
          f"p99 {search['p99_ms']:.2f} ms")
    print(f"  first result bears the typed name {100 * named / QUERIES:.1f}%; "
          f"is the very card {100 * top1 / QUERIES:.1f}%; the card is in the top 3 {100 * top3 / QUERIES:.1f}%")
    return {"load": load, "index_build_ms": round(build_ms, 1), "search": search,
            "first_bears_name_percent": round(100 * named / QUERIES, 1),
            "top1_percent": round(100 * top1 / QUERIES, 1), "top3_percent": round(100 * top3 / QUERIES, 1)}
