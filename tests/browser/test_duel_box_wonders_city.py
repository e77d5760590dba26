"""The Duel's city page with Pantheon and Agora, walked in French and Italian at 390 px: it offered
the base game's twelve wonders only, so a city that built the Divine Theater (2 points) or Knossos (3)
was scored short; the boxes' wonders are offered now, each one tap, and scored."""

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage, new_sheet


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_boxes_wonders_are_offered_and_scored(phone, live_server, lang):
    sheet = SheetPage(phone, lang)
    url = new_sheet(phone, live_server, "duel", ["Ana", "Bruno"], lang=lang, boxes=["pantheon", "agora"], by_enter=True)
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
