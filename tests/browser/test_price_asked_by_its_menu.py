"""The table's "See the price": with JavaScript the pick's menus ask the price as they change, so the
button is neither shown nor a Tab stop (by keyboard it stood between the card and its priced move);
without JavaScript it is the way to the price, shown and working. In English and German."""
import re
from urllib.parse import quote

from playwright.sync_api import expect

from .sheet_page import tr
from .test_live_table import KEYS, api
from .test_price_kept import focus_on_card
from .test_table_journeys import SAY, SEVEN, choose, join_as, phone


def test_with_javascript_the_card_menus_next_tab_stop_is_the_priced_move(live_server, browser):
    made = api(live_server, "/api/v1/games", SEVEN)
    KEYS[made["code"]] = made["token"]
    context, ana = phone(browser, "en")
    join_as(ana, live_server, made["code"], "Ana", SAY["en"])
    section = ana.locator("section.act7")
    expect(section.get_by_role("button", name="See the price")).to_be_hidden()
    choose(ana, "build", "scriptorium")
    expect(section.get_by_role("button", name="See the price")).to_be_hidden()
    section.locator("select[name=card]").focus()
    focus_on_card(ana)
    ana.keyboard.press("Tab")
    expect(section.locator("[data-quote] button").first).to_be_focused()
    context.close()


def test_without_javascript_the_price_is_asked_by_its_button_in_german(live_server, browser):
    made = api(live_server, "/api/v1/games", SEVEN)
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False,
                                  extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    page.goto(f"{live_server}/g/{made['code']}?t={made['token']}&as={quote('Ana')}")
    section = page.locator("section.act7")
    section.locator("select[name=action]").select_option("build")
    section.locator("select[name=card]").select_option("scriptorium")
    button = section.get_by_role("button", name=tr("de", "See the price"))
    expect(button).to_be_visible()
    with page.expect_navigation():
        button.click()
    assert re.search(r"card=scriptorium", page.url)
    expect(page.locator("section.act7 [data-quote] button").first).to_be_visible()
    context.close()
