"""A Duel tallied by numbers alone, every category typed on a phone (issue 27, point 1: the
Duel's "Wonders" row and the 7 Wonders boards' section once shared a key, so the Duel's
Wonders tab showed an empty board chooser and its points could not be typed)."""
import re

import pytest
from playwright.sync_api import expect

from .test_score_sheet import SheetPage, tr

DUEL = {  # every row of the Duel's pad, both players
    "civil": (12, 43), "science": (11, 0), "commercial": (6, 6), "guilds": (10, 14),
    "wonders": (15, 8), "progress": (16, 0), "treasury": (4, 2), "military": (2, 0),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_duel_category_typed_with_the_keyboard(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "duel", ["Ana", "Bruno"])
    for row, values in DUEL.items():
        sheet.section(row)
        expect(phone.locator("h2#section-title")).to_have_text(tr(lang, row.capitalize()))
        assert phone.locator(".board-entry select").count() == 0       # no board chooser in the Duel
        for player, value in enumerate(values):
            cell = phone.locator(f'input[name="v-{player}-{row}"]')
            cell.click()
            phone.keyboard.type(str(value))
            phone.keyboard.press("Enter")
            expect(sheet.pad(player, row)).to_have_text(str(value))
        if row == "wonders":
            shoot(phone, f"duel-number-sheet-wonders-{lang}")
    totals = [sum(v[p] for v in DUEL.values()) for p in (0, 1)]
    expect(phone.locator("[data-total]")).to_have_text([str(t) for t in totals])
    expect(phone.locator("[data-rank]")).to_have_text([re.compile("^1"), "2"])      # 76 against 73
    phone.reload()
    expect(sheet.pad(1, "wonders")).to_have_text("8")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_duel_wonders_typed_without_javascript(live_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    sheet = SheetPage(page)
    sheet.start(live_server, "duel", ["Ana", "Bruno"])
    page.locator('.sections button[value="wonders"]').click()
    page.fill('input[name="v-0-wonders"]', "9")
    page.fill('input[name="v-1-wonders"]', "5")
    page.press('input[name="v-1-wonders"]', "Enter")
    page.wait_for_load_state()
    assert sheet.totals() == [9, 5]
    expect(sheet.pad(0, "wonders")).to_have_text("9")
    context.close()


def test_seven_wonders_boards_still_chosen_in_their_own_section(live_server, phone):
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"])
    sheet.section("boards")
    phone.get_by_label("Wonder board of Ana").select_option("gizah")
    phone.get_by_label("Side of Ana").select_option("B")
    # the save answered before the reload (a reload at once could leave before it: failed once under load)
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.locator(".entries").get_by_role("button", name="Save", exact=True).click()
    phone.reload()
    expect(phone.get_by_label("Wonder board of Ana")).to_have_value("gizah")
    sheet.section("wonder")                                      # the pad's Wonder row: numbers
    expect(phone.locator('input[name="v-0-wonder"]')).to_be_visible()
