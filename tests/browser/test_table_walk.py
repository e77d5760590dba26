"""A player's walk over tracked tables at 390x844 (issue 29's walk, helper 54): what tripped them.

- Players lose the network mid-game: a tap then reaches no server, and htmx dropped the failure
  silently: a price asked or a move seemed to do nothing. The page now says so in the reader's
  language, at the top of the screen, and the line goes with the next answer; a price lost so is
  asked again once the network is back (with JavaScript there is no "See the price" to tap again).
- A phone with a card chosen (its picks under way) that lost the network stayed on the old board once
  it was back: its board's five catch-up tries had all failed within milliseconds offline, and its
  stream, still open, told nothing new. A try never sent is not counted now, the board catches up
  when the network is back, and the table says it is reconnecting meanwhile.
- A table started with a seat's name left blank was refused as "players[0].name: every player needs a
  name"; the browser now stops the start at that field, and a seat more or less still posts.
"""
from urllib.parse import quote

from playwright.sync_api import expect

from .sheet_page import tr
from .test_live_table import KEYS, api, settled
from .test_table_journeys import SEVEN, phone, pick_priced

OFFLINE = "No network: nothing was sent. Tap again once this phone is back online."
RECONNECTING = "Reconnecting… the board may be behind."


def test_a_tap_without_network_is_told_and_the_line_goes_when_it_is_back(live_server, browser, shoot):
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    KEYS[code] = made["token"]
    contexts, phones = [], {}
    for name, lang in (("Ana", "fr"), ("Bruno", "pt")):
        context, page = phone(browser, lang)
        contexts.append(context)
        page.goto(f"{live_server}/g/{code}?t={KEYS[code]}&as={quote(name)}")      # the QR code's link
        expect(page.locator("#board")).to_have_attribute("data-seat", name)
        phones[name] = (context, page, lang)
    for context, page, lang in phones.values():
        context.set_offline(True)
        settled(page)
        section = page.locator("section.act7")
        page.mouse.wheel(0, 600)               # the player has scrolled down the board: the line is still in view
        section.locator("select[name=card]").select_option("altar")       # its price asked: nothing sent
        line = page.locator("#refusal")
        expect(line).to_have_text(tr(lang, OFFLINE))
        box = line.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(page, f"table-offline-{lang}")
        context.set_offline(False)             # back online: the price lost is asked again, untapped
        expect(page.locator("section.act7 [data-quote] button").first).to_be_visible()
        expect(line).to_be_hidden()            # the answer came: the line is gone
        expect(page.locator("section.act7 select[name=card]")).to_have_value("altar")     # the choice kept
    for context in contexts:
        context.close()


def test_a_table_started_with_a_blank_name_stops_at_that_field(live_server, browser, shoot):
    context, page = phone(browser, "de")
    page.goto(f"{live_server}/g/new?kind=7wonders-2&players=3")
    names = page.locator("input[name=name]")
    names.nth(0).fill("Ana")
    names.nth(2).fill("Chloé")
    page.get_by_role("button", name=tr("de", "Start the table"), exact=True).click()
    expect(names.nth(1)).to_be_focused()                     # the seat left blank, where the player types
    assert names.nth(1).evaluate("e => !e.validity.valid")
    assert "players[" not in page.locator("main").inner_text()
    assert "/g/new" in page.url
    shoot(page, "table-new-blank-name-de")
    page.get_by_role("button", name=tr("de", "+ a player")).click()      # blank names and all: a seat more
    expect(names).to_have_count(4)
    assert [names.nth(i).input_value() for i in range(4)] == ["Ana", "", "Chloé", ""]
    names.nth(1).fill("Bruno")
    names.nth(3).fill("Dan")
    names.nth(3).press("Enter")                              # the last name's Enter starts it
    page.wait_for_url(lambda url: "/g/new" not in url)
    expect(page.locator("#board")).to_have_attribute("data-seat", "Ana")
    context.close()


def test_a_phone_back_online_catches_up_with_the_moves_made_meanwhile(live_server, browser, shoot):
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    KEYS[code] = made["token"]
    phones = {}
    for name, lang in (("Ana", "fr"), ("Bruno", "de")):
        context, page = phone(browser, lang)
        page.goto(f"{live_server}/g/{code}?t={KEYS[code]}&as={quote(name)}")      # the QR code's link
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
        phones[name] = (context, page)
    (ana_phone, ana), (_, bruno) = phones["Ana"], phones["Bruno"]
    ana.evaluate("window.unsent = 0; document.addEventListener('htmx:sendError', function (e) {"
                 " if (e.detail.elt && e.detail.elt.id === 'board') window.unsent += 1; })")
    before = int(ana.locator("#board").get_attribute("data-version"))
    pick_priced(ana, "sell", "altar")         # Ana's picks under way: pushed boards leave her board be
    ana_phone.set_offline(True)
    live = ana.locator("[data-live]")
    expect(live).to_have_attribute("data-live", "lost")
    shown = live.evaluate("e => getComputedStyle(e, '::before').content")
    assert shown == f'"{tr("fr", RECONNECTING)}"', shown
    shoot(ana, "table-reconnecting-fr")
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390

    pick_priced(bruno, "sell", "stockade")          # Bruno's card goes in meanwhile
    bruno.locator("section.act7 [data-quote] button").first.click()
    expect(bruno.locator("#board")).to_have_attribute("data-version", str(before + 1))
    ana.wait_for_function("() => window.unsent > 0")            # Ana's board asked, and nothing was sent
    settled(ana)
    assert ana.locator("#board").get_attribute("data-version") == str(before)

    ana_phone.set_offline(False)                       # back: the board catches up, unasked
    expect(ana.locator("#board")).to_have_attribute("data-version", str(before + 1))
    expect(live).to_have_attribute("data-live", "open")
    expect(ana.locator("section.act7 select[name=card]")).to_have_value("altar")      # her pick kept
    for context, _ in phones.values():
        context.close()
