"""The city page of a score sheet with expansions, walked in German and Italian at 390 px: the
Leaders box's board Rome was the one wonder of the menu in English ("Rome" between "Gizeh" and
"Petra", "Giza" and "Petra"): its city's name in the page's language now, as the other boards."""
import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage


@pytest.mark.parametrize("lang, rome", [("de", "Rom"), ("it", "Roma")])
def test_the_leaders_board_rome_in_the_pages_language(phone, live_server, lang, rome):
    sheet = SheetPage(phone, lang)
    phone.goto(f"{live_server}/sheets/new?pad=7wonders&players=3&lang={lang}")
    for box in ("leaders", "cities"):
        phone.locator(f'input[name=box][value="{box}"]').check()
    for i, name in enumerate(["Ana", "Björn", "Chloé"]):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.locator('input[name="name"]').nth(2).press("Enter")
    phone.wait_for_url(lambda url: "/sheets/new" not in url)
    phone.goto(f"{phone.url.split('?')[0]}/city/0")
    wonder = phone.locator("select[name=wonder]")
    expect(wonder.locator('option[value="rome"]')).to_have_text(rome)
    wonder.select_option(rome)
    phone.locator("input[name=stages]").fill("1")
    phone.locator("button[data-enter-last]").tap()
    phone.wait_for_url(lambda url: "/city/" not in url)
    sheet.expect_totals_and_ranks([4, 0, 0])                     # side A's first stage: 4 points
