"""A tracked game at the table, in taps: Chromium at 390x844, scripted as a player does it.

- Entering an age's face-up cards in the Duel (Age I: the cards face up when the
  pyramid is laid): for each, a tap on the search field, the letters of its name
  until it is the only one left, and Enter (which enters it).
- Playing a 7 Wonders turn with a purchase: the action and the card (each a
  select: a tap to open, a tap to pick), then the payment's button.

A "tap" is a touch on the screen; a "key" a key of the phone's keyboard.
Loopback only; the app runs in a thread on a fresh SQLite file.
"""
from __future__ import annotations

import json
import tempfile
import threading
import urllib.request
from pathlib import Path

TOKENS = ["agriculture", "architecture", "economy", "law", "masonry"]
SHOWN = [["the-pyramids", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"],
         ["circus-maximus", "piraeus", "the-appian-way", "the-colossus"]]


def run() -> dict:
    from werkzeug.serving import make_server

    from companion.web import create_app
    workdir = tempfile.mkdtemp(prefix="bench-tables-")
    app = create_app({"DATABASE": str(Path(workdir) / "bench.sqlite3"), "SECRET_KEY": "bench"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            result = {"duel_age_face_up_cards": _enter_face_up(browser, base),
                      "seven_wonders_turn_with_purchase": _seven_wonders_turn(browser, base)}
            browser.close()
        return result
    finally:
        server.shutdown()


def _api(base: str, token: str | None, path: str, body=None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers=headers, method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def _phone(browser):
    return browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()


def _enter_face_up(browser, base: str) -> dict:
    made = _api(base, None, "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]})
    code, token = made["code"], made["token"]
    act = f"/api/v1/games/{code}/actions"
    for t in TOKENS:
        _api(base, token, act, {"action": "show-progress", "token": t})
    for shown, order in zip(SHOWN, [("Ana", "Bruno", "Bruno"), ("Bruno", "Ana", "Ana")]):
        for wonder in shown:
            _api(base, token, act, {"action": "show-wonder", "wonder": wonder})
        for who, wonder in zip(order, shown):
            _api(base, token, act, {"player": who, "action": "pick", "wonder": wonder})
    page = _phone(browser)
    page.goto(f"{base}/g/{code}?t={token}&as=all")
    taps = keys = cards = 0
    rotate = 0
    while page.locator("#reveal").count():
        version = page.locator("#board").get_attribute("data-version")
        names = [f.get_attribute("data-name") for f in page.locator("#reveal form[data-name]").all()]
        name = names[(rotate * 7) % len(names)]        # a spread of names, not always the first
        rotate += 1
        field = page.locator("#reveal input[type=search]")
        field.tap()
        taps += 1
        typed = ""
        for letter in name:
            typed += letter
            field.press(letter if letter != " " else "Space")
            keys += 1
            if page.locator("#reveal form[data-name]:not([hidden])").count() == 1:
                break
        field.press("Enter")
        keys += 1
        page.wait_for_function(f"() => document.getElementById('board')?.dataset.version !== '{version}'")
        cards += 1
    assert cards == 12, cards                              # Age I lays 12 cards face up
    return {"cards": cards, "taps": taps, "keys": keys, "taps_per_card": round(taps / cards, 2),
            "keys_per_card": round(keys / cards, 2)}


def _seven_wonders_turn(browser, base: str) -> dict:
    made = _api(base, None, "/api/v1/games", {"game": "7wonders", "edition": 1, "players": [
        {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
        {"name": "Chloé", "wonder": "Ephesus", "side": "A"}]})
    code, token = made["code"], made["token"]
    page = _phone(browser)
    page.goto(f"{base}/g/{code}?t={token}&as=Ana")
    taps = 0
    form = page.locator("section.act7 form.filters")
    for field, value in (("action", "build"), ("card", "scriptorium")):
        with page.expect_response(lambda r: "card=" in r.url and "v=" not in r.url):
            form.locator(f"select[name={field}]").select_option(value)
        page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
        taps += 2                                           # open the list, pick
    button = page.locator("section.act7 [data-quote] button").first
    label = " ".join(button.inner_text().split())
    assert "pay Chloé 2" in label, label
    button.tap()
    taps += 1
    page.wait_for_function("() => document.getElementById('board')?.dataset.version === '2'")
    state = _api(base, token, f"/api/v1/games/{code}")
    assert state["waiting_for"] == ["Bruno", "Chloé"], state["waiting_for"]
    return {"taps": taps, "keys": 0, "button": label}


if __name__ == "__main__":
    print(run())
