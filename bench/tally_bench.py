"""Tallying a game at the table: taps, keys and seconds for a 7-player game entered
on a phone (Chromium at 390x844, scripted as a player types), and a sheet
update's latency on an idle server (gunicorn as the Procfile starts it).

A "tap" is a touch on the screen; a "key" is a key on the phone's keyboard
(a digit, a minus, Enter). Loopback only; bounded in count.
"""
from __future__ import annotations

import re
import time

from . import UNBOUNDED_WRITES
from .stats import summary_ms
from .web_bench import Phone, _free_port, _wait_for

NAMES = ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena", "Florin", "Gabriela"]
IDLE_UPDATES = 300


def run() -> dict:
    import os
    import signal
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    from .web_bench import ROOT
    port = _free_port()
    workdir = tempfile.mkdtemp(prefix="bench-tally-")
    env = dict(os.environ, FLASK_DATABASE=str(Path(workdir) / "bench.sqlite3"), FLASK_SECRET_KEY="bench",
               FLASK_WRITE_LIMITS=UNBOUNDED_WRITES)
    procfile = (ROOT / "Procfile").read_text().split(":", 1)[1].strip()
    command = (procfile.replace("gunicorn", f"{sys.executable} -m gunicorn", 1)
               .replace("$PORT", str(port)).replace("0.0.0.0", "127.0.0.1"))
    server = subprocess.Popen(command, shell=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=open(Path(workdir) / "gunicorn.log", "w"), start_new_session=True)
    try:
        _wait_for(port)
        result = {"tally_7_players": _tally(f"http://127.0.0.1:{port}"), "idle_update": _idle_updates(port)}
        return result
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)


def _tally(base: str) -> dict:
    """A 2nd-edition 7-player game typed as a player does: one tap on the first field,
    then each number and Enter; Enter after the last player goes on to the next section."""
    from playwright.sync_api import expect, sync_playwright   # expect: no eval, which the CSP forbids
    rows = ["military", "treasury", "wonder", "civil", "commercial", "guilds", "science"]
    scores = {row: [(3 * r + 5 * p) % 11 + (1 if row == "military" else 0) for p in range(7)]
              for r, row in enumerate(rows)}
    taps = keys = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        page.goto(f"{base}/sheets/new?pad=7wonders-2e&players=7")
        for i, name in enumerate(NAMES):
            page.locator('input[name="name"]').nth(i).fill(name)
        page.locator("button[data-enter-last]").click()
        page.wait_for_url(re.compile(r".*/sheets/[\w-]+$"))
        began = time.perf_counter()
        page.locator('input[name="v-0-military"]').click()
        taps += 1
        for row in rows:
            expect(page.locator(f'input[name="v-0-{row}"]')).to_be_focused()
            for value in scores[row][:-1] + [scores[row][-1]]:
                page.keyboard.type(str(value))
                page.keyboard.press("Enter")
                keys += len(str(value)) + 1
            page.keyboard.press("Enter")                  # "Next: ..."
            keys += 1
        expected = [sum(scores[row][p] for row in rows) for p in range(7)]
        expect(page.locator("[data-total]")).to_have_text([str(t) for t in expected], timeout=30_000)
        seconds = time.perf_counter() - began
        browser.close()
    numbers = 7 * len(rows)
    print(f"tally a 7-player game on a phone: {numbers} numbers in {taps} tap and {keys} keys "
          f"({keys / numbers:.1f} keys a number), {seconds:.1f} s scripted (Chromium, 390x844)")
    return {"numbers": numbers, "taps": taps, "keys": keys, "seconds": round(seconds, 2)}


def _idle_updates(port: int) -> dict:
    """One phone typing into a sheet, one cell at a time as htmx posts it, nobody else on the server."""
    phone = Phone(port)
    path, token = phone.new_sheet()
    latencies = []
    for n in range(IDLE_UPDATES):
        cell = f"v-{n % 4}-civil"
        start = time.perf_counter()
        status, _, _ = phone.request("POST", path, {"csrf_token": token, cell: str(n % 17), "section": "civil"},
                                     {"HX-Request": "true"})
        latencies.append(time.perf_counter() - start)
        assert status == 200, status
    result = summary_ms(latencies)
    print(f"sheet update on an idle server: {IDLE_UPDATES} posts, p50 {result['p50_ms']:.1f} ms, "
          f"p99 {result['p99_ms']:.1f} ms")
    return result
