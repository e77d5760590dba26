"""A card chosen by the keyboard on a 7 Wonders table, as a player with a keyboard does: the card menu
focused (Tab), a few letters of its name typed, Tab to the move and Enter. Each letter changed the
menu, each change asked the price and swapped the menu for a new one, whose type-ahead started again:
"alt" chose Loom, not Altar (walked in English). The price is asked once the letters are typed."""
import pytest
from playwright.sync_api import expect

from .sheet_page import settled
from .test_live_table import KEYS, api
from .test_stream_only import new_table


@pytest.mark.parametrize("letters, card, words", [("alt", "altar", "Sell Altar"), ("lum", "lumber-yard", "Sell Lumber Yard")])
def test_letters_typed_on_the_card_menu_choose_that_card(live_server, browser, letters, card, words):
    code = new_table(live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server}/g/{code}?t={KEYS[code]}&as=Ana")
    expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
    settled(page)
    form = page.locator("section.act7 form.filters")
    form.locator("select[name=action]").select_option("sell")
    expect(page.locator("section.act7 select[name=action]")).to_have_value("sell")
    settled(page)
    page.locator("section.act7 select[name=action]").focus()
    page.keyboard.press("Tab")
    expect(page.locator("section.act7 select[name=card]")).to_be_focused()
    page.keyboard.type(letters, delay=250)              # as a person types: the answers come between keys
    expect(page.locator("section.act7 select[name=card]")).to_have_value(card)
    move = page.locator("section.act7 [data-quote] button").first
    expect(move).to_contain_text(words)
    settled(page)
    expect(page.locator("section.act7 select[name=card]")).to_have_value(card)
    page.keyboard.press("Tab")                          # the move is the next stop (no "See the price")
    expect(move).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("section.act7")).to_have_count(0)
    assert api(live_server, f"/api/v1/games/{code}")["players"][0]["coins"] == 3      # in, not yet resolved
    context.close()
