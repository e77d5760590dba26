"""A city scored on the sheet (it with JavaScript, pt without, 390x844): "Score this city" brought the
sheet back with the focus on nothing, the next city a walk of Tabs away. The sheet opens with the keys
on the next city to count, and on the one just counted once every city is."""
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
        page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+\?city=\d$"))
        expect(chips.nth(player)).to_contain_text("✓")
        following = {1: 2, 2: 0, 0: 0}[player]                  # the next city without ✓, this one's last
        expect(chips.nth(following)).to_be_focused()
    page.context.close()
