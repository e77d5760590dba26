"""A tracked table on phones whose network comes and goes (issue 29's walk, helper 54), at 390x844.

Players lose the network mid-game: a tap then reaches no server, and htmx dropped the failure
silently: "See the price" or a move seemed to do nothing. The page now says so in the reader's
language, at the top of the screen, and the line goes with the next answer.
"""
from urllib.parse import quote

from playwright.sync_api import expect

from .sheet_page import tr
from .test_live_table import KEYS, api, settled
from .test_table_journeys import SEVEN, phone

OFFLINE = "No network: nothing was sent. Tap again once this phone is back online."


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
        section.get_by_role("button", name=tr(lang, "See the price")).click()     # tapped again: still said
        expect(line).to_have_text(tr(lang, OFFLINE))
        context.set_offline(False)
        section.get_by_role("button", name=tr(lang, "See the price")).click()
        expect(page.locator("section.act7 [data-quote] button").first).to_be_visible()
        expect(line).to_be_hidden()            # the answer came: the line is gone
        expect(page.locator("section.act7 select[name=card]")).to_have_value("altar")     # the choice kept
    for context in contexts:
        context.close()
