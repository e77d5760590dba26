"""Home and history with 10 and with 100,000 saved sheets in one group: the pages should cost the same.

The sheets are written straight into the store (events, the group's items and
the filed-games projection, statistics summed by SQL), as fast as SQLite takes
them; then the pages are asked for through the app, as a phone of the group.
"""
from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

from companion.store import groups, open_database, results

from .stats import summary_ms

SIZES = (10, 100_000)
REQUESTS = 30
SEED = 20261123
NAMES = ["Ana", "Bruno", "Chloé", "Dan", "Eva", "Farid", "Greta", "Hugo", "Ines", "Jon", "Kai", "Lia"]
PAGES = {"home": "/", "history": "/history/", "history_page_2": None, "new_sheet": "/sheets/new"}


def fill(db, group_id: str, count: int, rng: random.Random) -> None:
    """`count` saved 7 Wonders sheets of 3 to 7 players in the group, with their events and projection."""
    keys = ("military", "treasury", "wonder", "civil", "science", "commercial", "guilds")
    events, items, result_rows, players = [], [], [], []
    for n in range(count):
        sheet_id = f"b{count}-{n:07d}"
        created = f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}T{n % 24:02d}:{n % 60:02d}:{(n // 60) % 60:02d}+00:00"
        names = rng.sample(NAMES, rng.randint(3, 7))
        events.append((sheet_id, 1, "sheet.created", json.dumps({"pad": "7wonders", "players": [
            {"name": name} for name in names]}), created))
        points = [{k: rng.randint(0, 12) for k in keys} for _ in names]
        seq = 2
        for seat, pts in enumerate(points):
            for key, value in pts.items():
                events.append((sheet_id, seq, "sheet.value", json.dumps({"player": seat, "row": key, "value": value}),
                               created))
                seq += 1
        events.append((sheet_id, seq, "sheet.saved", "{}", created))
        items.append((sheet_id, group_id, groups.SHEET, groups.SAVED, ", ".join(names), None, created, "7wonders"))
        totals = [sum(p.values()) for p in points]
        ranks = [1 + sum(t > total for t in totals) for total in totals]
        result_rows.append((sheet_id, group_id, "7wonders", created, "civilian", 0))
        for seat, (name, pts) in enumerate(zip(names, points)):
            players.append((sheet_id, seat, group_id, "7wonders", name, name.casefold(), totals[seat], ranks[seat],
                            None, None) + tuple(pts.get(c) for c in results.CATEGORIES))
    with db.atomic():
        db.conn.executemany("insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)", events)
        db.conn.executemany("insert into items (id, group_id, kind, status, label, token, created, pad) "
                            "values (?, ?, ?, ?, ?, ?, ?, ?)", items)
        db.conn.executemany("insert into results (sheet_id, group_id, pad, filed, victory, edited) "
                            "values (?, ?, ?, ?, ?, ?)", result_rows)
        db.conn.executemany(f"insert into result_players values ({', '.join('?' * len(players[0]))})", players)
    results.recount(db, group_id)


def measure(app, group_id: str) -> dict:
    client = app.test_client()
    with client.session_transaction() as session:
        session["group"] = group_id
    first = client.get("/history/").get_data(as_text=True)
    cursor = first.split('rel="next" href="/history/?before=')[1].split('"')[0] if 'rel="next"' in first else ""
    found = {}
    for name, url in PAGES.items():
        url = url or f"/history/?before={cursor}"
        samples = []
        for _ in range(REQUESTS):
            start = time.perf_counter()
            response = client.get(url)
            samples.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
        found[name] = summary_ms(samples)
    return found


def run() -> dict:
    from companion.web import create_app
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench"})
        db = open_database(path, migrate=False)
        db.execute("pragma synchronous = off")      # a throwaway file: write the 100,000 sheets fast
        rng = random.Random(SEED)
        for size in SIZES:
            group_id = groups.new_group(db)
            start = time.perf_counter()
            fill(db, group_id, size, rng)
            made = time.perf_counter() - start
            figures = measure(app, group_id)
            out[f"{size}_sheets"] = {"generated_s": round(made, 1), **figures}
            print(f"  {size:>7} sheets (made in {made:.1f} s): "
                  + ", ".join(f"{k} p50 {v['p50_ms']:.1f} ms p99 {v['p99_ms']:.1f} ms" for k, v in figures.items()),
                  flush=True)
        db.close()
    return out
