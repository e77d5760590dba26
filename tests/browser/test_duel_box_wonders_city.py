"""The Duel's city page with Pantheon and Agora, walked in French and Italian at 390 px: it offered
the base game's twelve wonders only, so a city that built the Divine Theater (2 points) or Knossos (3)
was scored short; the boxes' wonders are offered now, each one tap, and scored."""
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_boxes_wonders_are_offered_and_scored(phone, live_server, lang):
    sheet = SheetPage(phone, lang)
    phone.goto(f"{live_server}/sheets/new?pad=duel&players=2&lang={lang}")
    for box in ("pantheon", "agora"):
        phone.locator(f'input[name=box][value="{box}"]').check()
    for i, name in enumerate(["Ana", "Bruno"]):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.locator('input[name="name"]').nth(1).press("Enter")
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    url = phone.url
    phone.goto(f"{url}/city/0")
    for wonder in ("the-divine-theater", "knossos"):
        pick = phone.locator("label.pick", has=phone.locator(f'input[name=wonder][value="{wonder}"]'))
        box = pick.bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
        pick.tap()
        expect(pick.locator("input")).to_be_checked()
    phone.locator("button[data-enter-last]").tap()
    phone.wait_for_url(url)
    sheet.expect_totals_and_ranks([5, 0])
