"""Real tables, one Chromium context a phone: each phone joins by the link, says who it is, and plays.

The Duel: Age I entered (slot, then a few letters of the card's name) and played
from two phones; Bruno undoes Ana's move only after confirming. 7 Wonders: three
phones play three turns; every phone keeps its controls through each turn with
no reload (a mark left on each page's window survives). In English and French.
"""
import json
import re
import urllib.request
from urllib.parse import quote

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .test_live_table import KEYS, api, open_a_slot, set_up, settled

SAY = {
    "en": {"who": "Who are you?", "wait2": "Your card is in. Waiting for Bruno and Chloé.",
           "turn": "Age 1, turn {t}.", "pay": "2 coins: pay Chloé 2", "undo_other": "Undo Ana's move…",
           "confirm": "This takes back Ana's move", "yes": "Yes, take it back", "took_back": "Bruno took back: Ana",
           "slot": "Slot {n}: which card is it?", "ends": ("Ana's capital", "Bruno's capital")},
    "fr": {"who": "Qui êtes-vous ?", "wait2": "Votre carte est jouée. On attend : Bruno et Chloé.",
           "turn": "Âge 1, tour {t}.", "pay": "2 pièces : payer 2 à Chloé", "undo_other": "Annuler le coup joué par Ana…",
           "confirm": "Ceci annule le coup joué par Ana", "yes": "Oui, l’annuler", "took_back": "Bruno a annulé : Ana",
           "slot": "Emplacement {n} : quelle carte est-ce ?", "ends": ("Capitale : Ana", "Capitale : Bruno")},
}


def phone(browser, lang):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang,
                                  extra_http_headers={"Accept-Language": lang})
    return context, context.new_page()


def join_as(page, base, code, name, say):
    """The join link (the QR code) without a seat: the phone asks who it is, and remembers it."""
    page.goto(f"{base}/g/{code}?t={KEYS[code]}")
    expect(page.locator("[data-seat-ask] h2")).to_have_text(say["who"])
    assert page.locator("[data-move], [data-reveal]").count() == 0       # nothing to play before a seat
    page.locator(f"[data-seat-ask] a[href='?as={quote(name)}']").click()
    expect(page.locator("#board")).to_have_attribute("data-seat", name)
    page.evaluate("window.noReload = true")


def kept_without_reload(page):
    assert page.evaluate("window.noReload === true")


def enter_a_card(page, say):
    """The next face-up slot: a few letters of one of the names offered, then that card."""
    panel = page.locator("#reveal")
    n = panel.get_attribute("data-reveal-slot")
    expect(panel.locator("h2")).to_have_text(say["slot"].format(n=n))
    name = panel.locator("form[data-name]").first.get_attribute("data-name")
    panel.locator("input[type=search]").fill(name[:4])
    panel.locator("form[data-name]:not([hidden])", has_text=name).first.locator("button").click()
    return int(n), name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_duel_age_entered_and_played_from_two_phones_with_a_confirmed_undo(live_server, browser, shoot, lang):
    say = SAY[lang]
    code = set_up(live_server)
    (c1, ana), (c2, bruno) = phone(browser, lang), phone(browser, lang)
    join_as(ana, live_server, code, "Ana", say)
    join_as(bruno, live_server, code, "Bruno", say)
    expect(ana.locator(".track-ends")).to_contain_text(say["ends"][0])
    expect(ana.locator(".track-ends")).to_contain_text(say["ends"][1])
    phones = {"Ana": ana, "Bruno": bruno}
    entered, moves, undone = 0, 0, False
    while True:
        state = api(live_server, f"/api/v1/games/{code}")
        if state["age"] != 1 or state["waiting_for"] not in ("turn", "reveal"):
            break
        actor = ana if state["to_move"] == "chance" else phones[state["to_move"]]
        expect(actor.locator("#board")).to_have_attribute("data-version", str(state["version"]))
        if state["to_move"] == "chance":
            slot, name = enter_a_card(actor, say)
            entered += 1
            if entered == 3:
                shoot(actor, f"table-duel-enter-{lang}")
            seen = bruno if actor is ana else ana
            expect(seen.locator(f".slot[data-slot='{slot - 1}']")).to_have_text(name)
            continue
        other = bruno if actor is ana else ana
        expect(other.locator("#slot-moves")).to_have_count(0)         # never another seat's moves
        open_a_slot(actor)
        actor.locator("#slot-moves button").last.click()              # discard: always legal
        expect(actor.locator("#board")).not_to_have_attribute("data-version", str(state["version"]))
        moves += 1
        if actor is ana and not undone:
            # Bruno takes back Ana's move: his phone names it and asks first.
            expect(bruno.locator("[data-undo] button")).to_have_text(say["undo_other"])
            bruno.locator("[data-undo] button").click()
            expect(bruno.locator("#undo-confirm")).to_contain_text(say["confirm"])
            assert api(live_server, f"/api/v1/games/{code}")["version"] == state["version"] + 1
            shoot(bruno, f"table-duel-undo-confirm-{lang}")
            bruno.get_by_role("button", name=say["yes"]).click()
            expect(ana.locator("details.log")).to_contain_text(say["took_back"])
            assert api(live_server, f"/api/v1/games/{code}")["to_move"] == "Ana"
            moves -= 1
            undone = True
    final = api(live_server, f"/api/v1/games/{code}")
    assert undone and moves == 20 and entered >= 12         # the 12 face-up cards at least, all 20 taken
    assert final["waiting_for"] == "starter" or final["age"] == 2
    kept_without_reload(bruno)
    for context in (c1, c2):
        context.close()


SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
    {"name": "Chloé", "wonder": "Ephesus", "side": "A"}]}


def pick_priced(page, action, card, tries=3):
    """Pick the action, then the card, each change asking the price (htmx, no reload). A pick made as
    a pushed board is swapped in is lost with the form it was made in (seen twice on a loaded machine,
    just after joining): the player picks again, as on the phone."""
    form = page.locator("section.act7 form.filters")
    for field, value in (("action", action), ("card", card)):
        for attempt in range(tries):
            settled(page)
            try:
                with page.expect_response(lambda r: "card=" in r.url and "v=" not in r.url,    # the form's ask
                                          timeout=10_000):
                    form.locator(f"select[name={field}]").select_option(value)
                break
            except PlaywrightTimeout:
                if attempt == tries - 1:
                    raise
        settled(page)
    return form


def choose(page, action, card):
    """Pick the action and the card, and see the move's price on its button."""
    form = pick_priced(page, action, card)
    expect(form.locator("select[name=action]")).to_have_value(action)
    expect(form.locator("select[name=card]")).to_have_value(card)        # as picked, once the price is in
    assert form.locator("select[name=card]").bounding_box()["width"] >= 300    # a long name in full, not cut
    button = page.locator("section.act7 [data-quote] button").first
    expect(button).to_contain_text(page.locator("section.act7 select[name=card] option:checked").inner_text())
    return button


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_three_phones_play_three_seven_wonders_turns_keeping_their_controls(live_server, browser, shoot, lang):
    say = SAY[lang]
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    KEYS[code] = made["token"]
    contexts, phones = [], {}
    for name in ("Ana", "Bruno", "Chloé"):
        context, page = phone(browser, lang)
        contexts.append(context)
        join_as(page, live_server, code, name, say)
        phones[name] = page
    plays = [("Ana", "build", "scriptorium"), ("Bruno", "sell", "lumber-yard"), ("Chloé", "sell", "stone-pit"),
             ("Ana", "sell", "clay-pool"), ("Bruno", "sell", "ore-vein"), ("Chloé", "sell", "baths"),
             ("Ana", "sell", "altar"), ("Bruno", "sell", "theater"), ("Chloé", "sell", "marketplace")]
    for turn in (1, 2, 3):
        for name, page in phones.items():
            expect(page.locator("[data-status]")).to_contain_text(say["turn"].format(t=turn))
            expect(page.locator(f"section.act7[data-act-for='{name}']")).to_be_visible()
            assert page.locator("section.act7").count() == 1       # only this phone's seat
        for i, (name, action, card) in enumerate(plays[(turn - 1) * 3:turn * 3]):
            page = phones[name]
            # The last move is pushed to this phone at once: a player looks at the board it brings
            # before choosing (a menu changed while the board is being swapped is swapped away).
            version = api(live_server, f"/api/v1/games/{code}")["version"]
            expect(page.locator("#board")).to_have_attribute("data-version", str(version))
            settled(page)
            button = choose(page, action, card)
            if card == "scriptorium":
                expect(button).to_contain_text(say["pay"])          # the price, named neighbour, no reload
                shoot(page, f"table-7w-price-{lang}")
            button.click()
            if i < 2:                                   # in, until the turn resolves
                expect(page.locator("section.act7")).to_have_count(0)
            if name == "Ana":
                expect(page.locator("[data-status]")).to_contain_text(say["wait2"])
    for page in phones.values():
        expect(page.locator("[data-status]")).to_contain_text(say["turn"].format(t=4))
        expect(page.locator("section.act7")).to_have_count(1)
        kept_without_reload(page)
    state = api(live_server, f"/api/v1/games/{code}")
    assert state["turn"] == 4 and [p["coins"] for p in state["players"]] == [3 - 2 + 3 + 3, 3 + 3 * 3, 3 + 2 + 3 * 3]
    expect(phones["Ana"].locator(".city[data-player='Chloé'] [data-coins]")).to_have_text("14 coins" if lang == "en" else "14 pièces")
    for context in contexts:
        context.close()


def test_letters_typed_in_the_card_search_survive_another_phones_entry(live_server, browser):
    """Ana types a few letters for her slot; meanwhile another phone enters another slot's card.
    The board refreshes with that card, and Ana's letters (and her filtered list) are still there."""
    say = SAY["en"]
    code = set_up(live_server)
    context, ana = phone(browser, "en")
    join_as(ana, live_server, code, "Ana", say)
    panel = ana.locator("#reveal")
    mine = int(panel.get_attribute("data-reveal-slot")) - 1
    name = panel.locator("form[data-name]").first.get_attribute("data-name")
    search = panel.locator("input[type=search]")
    # The list filters as letters are typed: no "Search" button beside the field, whose hint fits.
    expect(panel.locator(".filters button[type=submit]")).to_be_hidden()
    assert search.evaluate("s => s.clientWidth >= s.scrollWidth && s.clientWidth >= 280"), search.bounding_box()
    search.click()
    search.type(name[:3])
    state = api(live_server, f"/api/v1/games/{code}")
    other = next(s["slot"] for s in state["pyramid"] if s["face_up"] and not s["card"] and s["slot"] != mine)
    card = "lumber-yard" if not name.lower().startswith("lum") else "stone-pit"
    request = urllib.request.Request(
        f"{live_server}/api/v1/games/{code}/actions",
        data=json.dumps({"action": "reveal", "slot": other, "card": card}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {KEYS[code]}"}, method="POST")
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
    expect(ana.locator("#board")).to_have_attribute("data-version", str(state["version"] + 1))
    expect(ana.locator(".slot[data-slot='%d']" % other)).not_to_have_text("")
    expect(search).to_have_value(name[:3])
    expect(search).to_be_focused()
    assert panel.locator("form[data-name]:not([hidden])").count() < panel.locator("form[data-name]").count()
    context.close()


def test_a_late_answer_never_takes_the_board_back(live_server, browser):
    """A board request sent just before a move (a pushed change's) can be answered after it, with
    the board as it was: swapped in, the slot just entered was empty again and its card offered.
    The board asks as a pushed "changed" makes it ask (the event dispatched on it here)."""
    say = SAY["en"]
    code = set_up(live_server)
    context, ana = phone(browser, "en")
    join_as(ana, live_server, code, "Ana", say)
    board = ana.locator("#board")
    before = int(board.get_attribute("data-version"))
    stale = context.request.get(f"{live_server}/g/{code}/board?v=-1").text()
    assert f'data-version="{before}"' in stale
    slot, name = enter_a_card(ana, say)
    expect(board).to_have_attribute("data-version", str(before + 1))
    # The move may have reloaded the page (its form posted before htmx had loaded): wait for htmx.
    ana.wait_for_function("() => window.htmx !== undefined")
    ana.route("**/board?*", lambda route: route.fulfill(status=200, body=stale, content_type="text/html"),
              times=1)
    changed = "htmx.trigger(document.getElementById('board'), 'sse:changed')"
    with ana.expect_response(lambda r: "/board?" in r.url):          # the late answer arrives
        ana.evaluate(changed)
    ana.route("**/board?*", lambda route: route.abort())            # then no answer at all
    with ana.expect_request(lambda r: "/board?" in r.url):          # the next ask: the late one is done
        ana.evaluate(changed)
    expect(board).to_have_attribute("data-version", str(before + 1))
    expect(ana.locator(f".slot[data-slot='{slot - 1}']")).to_contain_text(name)
    context.close()


def test_a_change_announced_while_the_board_asks_is_not_lost(live_server, browser):
    """htmx drops a second request from the board while its first is out: a move pushed while
    the board was fetching the one before left the board a move behind until the next one. Chloé
    has a price asked (a pick under way): her board asks for each change with it, as the stream's
    pushed board would undo her pick."""
    import threading
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    KEYS[code] = made["token"]
    context, chloe = phone(browser, "en")
    join_as(chloe, live_server, code, "Chloé", SAY["en"])
    board = chloe.locator("#board")
    choose(chloe, "sell", "baths")
    start = int(board.get_attribute("data-version"))
    fetched = threading.Event()
    chloe.evaluate("window.heard = []; document.addEventListener('htmx:sseMessage', "
                   "function (e) { window.heard.push(Number(e.detail && e.detail.data)); })")

    def slow_answer(route):               # the board's answer for the first move, held back
        answer = route.fetch()
        fetched.set()
        # meanwhile the second move is pushed: held until the page has heard of it
        chloe.wait_for_function(f"() => window.heard.includes({start + 2})", timeout=60_000)
        route.fulfill(response=answer)
    chloe.route("**/board?v=*", slow_answer, times=1)

    def two_moves():
        api(live_server, f"/api/v1/games/{code}/actions", {"player": "Ana", "action": "sell", "card": "Altar"})
        fetched.wait(60)
        api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "Theater"})
    mover = threading.Thread(target=two_moves)
    mover.start()
    expect(board).to_have_attribute("data-version", str(start + 2), timeout=60_000)
    mover.join()
    expect(chloe.locator("[data-status]")).to_contain_text("Waiting for Chloé.")
    context.close()


def test_a_slot_tapped_brings_the_board_alone_and_the_stream_stays_open(live_server, browser):
    """A slot tapped swapped the whole page (hx-boost): the page's stream closed and opened again
    at every tap, and a move landing in between reached nobody (a table stood still). The board
    alone comes now, the address says the slot, and the stream is the one opened with the page."""
    say = SAY["en"]
    code = set_up(live_server)
    context, ana = phone(browser, "en")
    streams = []
    ana.on("request", lambda r: streams.append(r.url) if r.url.endswith("/events") else None)
    join_as(ana, live_server, code, "Ana", say)
    expect(ana.locator("div[sse-connect]")).to_have_attribute("data-live", "open")
    opened = len(streams)
    panel = ana.locator("#reveal")
    first = panel.get_attribute("data-reveal-slot")
    other = ana.locator(f"a.slot.unknown:not([data-slot='{int(first) - 1}'])").first
    n = int(other.get_attribute("data-slot")) + 1
    other.click()
    expect(panel).to_have_attribute("data-reveal-slot", str(n))
    expect(panel.locator("h2")).to_have_text(say["slot"].format(n=n))
    expect(ana).to_have_url(re.compile(rf"\?slot={n - 1}$"))
    kept_without_reload(ana)
    assert len(streams) == opened, streams                    # no stream opened again
    expect(ana.locator("div[sse-connect]")).to_have_attribute("data-live", "open")
    context.close()
