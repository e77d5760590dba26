"""A city scored on the sheet (it with JavaScript, pt without, 390x844): "Score this city" brought the
sheet back with the focus on nothing, the next city a walk of Tabs away. The sheet opens with the keys
on the next city to count, and on the one just counted once every city is; its address stays the sheet's own
(the browser tests that score a city wait for it)."""
import re

import pytest
from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import tr

NAMES = ["Ana", "Bruno", "Chloé"]


@pytest.mark.parametrize("lang,javascript", [("it", True), ("pt", False)])
def test_the_keys_go_on_to_the_next_city(live_server, browser, lang, javascript):
    page = speaking(browser, lang, javascript)
    page.goto(f"{live_server}/sheets/new?pad=7wonders&players=3")
    for i, name in enumerate(NAMES):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator('input[name="name"]').nth(2).press("Enter")
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    chips = page.locator("p.city-links a")
    for player in (1, 2, 0):
        chips.nth(player).focus()
        page.keyboard.press("Enter")
        page.locator('select[name="wonder"]').select_option(index=player + 1)      # its board, a different one each
        score = page.get_by_role("button", name=tr(lang, "Score this city"), exact=True)
        score.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
        expect(chips.nth(player)).to_contain_text("✓")
        following = {1: 2, 2: 0, 0: 0}[player]                  # the next city without ✓, this one's last
        expect(chips.nth(following)).to_be_focused()
    page.context.close()


def test_the_keys_are_told_once(live_server, browser):
    """The sheet opened again by its address (not after scoring) has the keys on nothing."""
    page = speaking(browser, "it", True)
    page.goto(f"{live_server}/sheets/new?pad=7wonders&players=3")
    for i, name in enumerate(NAMES):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator('input[name="name"]').nth(2).press("Enter")
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    sheet = page.url
    page.locator("p.city-links a").nth(0).click()
    page.locator('select[name="wonder"]').select_option(index=1)
    page.get_by_role("button", name=tr("it", "Score this city"), exact=True).click()
    page.wait_for_url(sheet)
    expect(page.locator("p.city-links a").nth(1)).to_be_focused()
    page.goto(sheet)
    expect(page.locator("p.city-links a[autofocus]")).to_have_count(0)
    page.context.close()
