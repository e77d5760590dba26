"""A French player walk (helper 125, 390x844): the wonder board and side chosen in the sheet's "Wonder
boards" section were not on the player's city page, opened next to count the cards: it showed "—" and
side A, the board to be chosen again, and the side already chosen easily left wrong. The city page starts
from the board and side the sheet was told; counting the city keeps them."""
import re

from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import SheetPage, settled, tr


def test_the_city_page_starts_from_the_board_told_on_the_sheet(live_server, browser):
    lang = "fr"
    phone = speaking(browser, lang)
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", ["Amélie", "Bruno", "Chiara"])
    sheet_url = phone.url
    sheet.section("boards")
    phone.locator("#w-0").select_option("alexandria")
    settled(phone)
    phone.locator("#s-0").select_option("B")
    settled(phone)
    expect(phone.locator("#s-0")).to_have_value("B")

    phone.get_by_role("link", name="Amélie", exact=True).click()
    phone.wait_for_url(re.compile(r".*/city/0$"))
    expect(phone.locator("select[name=wonder]")).to_have_value("alexandria")
    expect(phone.locator("select[name=side]")).to_have_value("B")
    # Counted as it shows (two stages of Alexandria B), the sheet keeps the board and side.
    phone.locator('input[name="stages"]').fill("2")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    sheet.section("boards")
    expect(phone.locator("#w-0")).to_have_value("alexandria")
    expect(phone.locator("#s-0")).to_have_value("B")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.context.close()
