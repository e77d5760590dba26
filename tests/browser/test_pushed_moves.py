"""Issue 15: a move is pushed to the other phone at the table, on the Procfile's server, across a restart.

Two phones (two Chromium contexts) at one Duel table served by gunicorn exactly
as the Procfile starts it (gevent workers), on a fixed port and one SQLite
file. A move on one phone is pushed to the other, whose board shows it; then the
server is stopped and started again on the same port and file, each phone's stream
reconnects by itself (no reload), and the next move is pushed too. (How soon a
move arrives is bench/table_load_bench.py's delivery, not asserted here.)
"""
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ..test_first_start import free_port, procfile_command
from .test_live_table import KEYS, set_up

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """The Procfile's command on one port and one database file, stopped and started at will."""

    def __init__(self, tmp_path: Path):
        self.port, self.tmp = free_port(), tmp_path
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self) -> None:
        env = {**os.environ, "PORT": str(self.port), "FLASK_DATABASE": str(self.tmp / "table.sqlite3"),
               "FLASK_SECRET_KEY": "restart", "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
        command = procfile_command().replace("0.0.0.0", "127.0.0.1") + " --no-control-socket"
        with open(self.tmp / "gunicorn.log", "ab") as log:
            self.process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=ROOT, env=env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (self.tmp / "gunicorn.log").read_text()[-3000:]
            try:
                with urllib.request.urlopen(self.base + "/", timeout=10):
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(30)


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path)
    running.start()
    yield running
    if running.process.poll() is None:
        running.stop()


def at_table(browser, base, code, name):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base}/g/{code}?t={KEYS[code]}&as={name}")          # the join link (the QR code)
    expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
    page.evaluate("window.heard = []; document.addEventListener('htmx:sseMessage', "
                  "function (e) { window.heard.push(Number(e.detail && e.detail.data)); })")
    return page


def version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def enter_a_card_and_watch(actor, watcher) -> None:
    """The actor enters a face-up card; the watcher's board shows it, unasked: the move is pushed to it
    through its stream (how soon: a move's delivery in bench/table_load_bench.py)."""
    seen = version(watcher)
    assert version(actor) == seen
    actor.locator("#reveal [data-reveal]").first.click()
    watcher.wait_for_function(f"() => window.heard.includes({seen + 1})")
    expect(watcher.locator("#board")).to_have_attribute("data-version", str(seen + 1))
    expect(actor.locator("#board")).to_have_attribute("data-version", str(seen + 1))


def test_a_move_reaches_the_other_phone_and_again_after_a_restart(server, browser):
    code = set_up(server.base)
    ana, bruno = at_table(browser, server.base, code, "Ana"), at_table(browser, server.base, code, "Bruno")
    for page in (ana, bruno):
        page.evaluate("window.noReload = true")
    enter_a_card_and_watch(ana, bruno)
    enter_a_card_and_watch(bruno, ana)

    server.stop()
    for page in (ana, bruno):
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "lost")
    server.start()
    for page in (ana, bruno):       # reconnected by itself, on the same page
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
    enter_a_card_and_watch(ana, bruno)
    enter_a_card_and_watch(bruno, ana)
    assert ana.evaluate("window.noReload === true") and bruno.evaluate("window.noReload === true")


def test_a_move_landed_while_the_server_was_down_reaches_every_phone_once_it_answers(server, browser):
    """Issue 29: a restart mid-game. The server stops; a move is written to the game's file meanwhile (as
    the CLI or another host would); once the server answers again each phone's stream reconnects by
    itself, saying the last version it was told (the browser's Last-Event-ID), and brings the board of
    the last version first: no request, no reload, nothing on a timer. (How soon:
    bench/table_load_bench.py's restarted run.)"""
    from companion.store import games
    from companion.store.db import open_database

    code = set_up(server.base)
    phones = [at_table(browser, server.base, code, name) for name in ("Ana", "Bruno")]
    asked = {id(page): [] for page in phones}
    for page in phones:
        page.evaluate("window.noReload = true")
        page.on("request", lambda r, page=page: "/board" in r.url and asked[id(page)].append(r.url))
    before = version(phones[0])
    server.stop()
    for page in phones:
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "lost")
    db = open_database(server.tmp / "table.sqlite3")
    state = games.load(db, code)
    move = next(m for m in state.tracked.legal_moves(state.state, state.names, "all") if m.reveal).doc
    games.act(db, code, move)
    db.close()
    server.start()
    for page in phones:
        expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
        assert page.evaluate("window.noReload === true")
    for page in phones:
        assert asked[id(page)] == []              # its stream brought the board (it asked once, before)
