"""Phones at 390x844 tally 7 Wonders Architects: a five-player game by numbers, the tie settled by the
stages built, one player's city counted from the table and scored by the engine, saved to history.
English and French; what the players see is asserted."""
import re

import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage, tr

NAMES = ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena"]
ROWS = ["wonder", "cat", "blue", "military", "progress"]
WORDS = {"wonder": "Wonder", "cat": "Cat", "blue": "Blue cards", "military": "Military", "progress": "Progress"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_five_player_game_by_numbers_and_a_city_from_the_table(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "architects", NAMES)
    expect(phone.locator("h1")).to_contain_text(tr(lang, "7 Wonders Architects"))
    assert sheet.sections() == ROWS + ["coins"]      # the count's order, then the stages for the tie
    scores = {"wonder": [14, 20, 9, 17, 12], "cat": [0, 2, 0, 0, 0], "blue": [9, 5, 12, 6, 8],
              "military": [6, 0, 3, 9, 3], "progress": [4, 6, 10, 0, 8]}
    totals = [sum(scores[r][p] for r in ROWS) for p in range(5)]       # 33, 33, 34, 32, 31
    sheet.enter_rows(ROWS, scores, title=WORDS.get)
    sheet.enter_tie_counts("Stages built", [4, 5, 3, 5, 4])
    # Chloé leads with 34; Ana and Bogdan tie on 33 and Bogdan built more stages.
    sheet.expect_totals_and_ranks(totals, ranks=[3, 2, 1, 4, 5])
    expect(phone.locator("main")).to_contain_text(tr(lang, "Equal totals: the most wonder stages built wins "
                                                           "(enter stages built); still equal, the victory is shared."))
    sheet.fits_the_screen()
    shoot(phone, f"architects-sheet-5-{lang}")

    # Elena's city from the table: Rhodes, all 5 stages (the page counts their 26 points), 2 blue cards
    # and 1 with the cat, 1 military victory, Decor (complete: 6) and Education (2 tokens: 4).
    sheet_url = phone.url.split("?")[0]
    phone.goto(f"{sheet_url}/city/4")
    phone.get_by_label("Rhodes").check()
    phone.locator('input[name="stages"]').fill("5")
    expect(phone.locator("#city-form .note")).to_have_text(
        tr(lang, "Counted from the wonder and the stages built; type them only when the page asks."))
    phone.locator('input[name="blue"]').fill("2")
    phone.locator('input[name="cat_cards"]').fill("1")
    phone.locator('input[name="victories"]').fill("1")
    # The tokens by the names printed in the player's language (French: the names two French sources give).
    phone.get_by_label("Decor" if lang == "en" else "Décoration", exact=True).check()
    phone.get_by_label("Education" if lang == "en" else "Éducation", exact=True).check()
    for control in phone.locator("#city-form input[type=checkbox], #city-form input[type=radio]").all()[:3]:
        box = control.evaluate("e => { const r = e.closest('label').getBoundingClientRect(); return [r.width, r.height]; }")
        assert box[0] >= 44 and box[1] >= 44, box
    sheet.fits_the_screen()
    shoot(phone, f"architects-city-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    pad = phone.locator("#pad-check")
    expect(pad.locator('td[data-cell="v-4-wonder"]')).to_have_text("26")
    expect(pad.locator('td[data-cell="v-4-blue"]')).to_have_text("8")
    expect(pad.locator('td[data-cell="v-4-military"]')).to_have_text("3")
    expect(pad.locator('td[data-cell="v-4-progress"]')).to_have_text("10")
    # 26 + 0 + 8 + 3 + 10 = 47: Elena now wins.
    expect(phone.locator("[data-total]").nth(4)).to_have_text(re.compile(r"^47\b"))
    expect(phone.locator("[data-rank]").nth(4)).to_have_text(re.compile(r"^1"))
    shoot(phone, f"architects-sheet-city-{lang}")

    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/"))
    expect(phone.locator("main")).to_contain_text("Elena — 47")
    expect(phone.locator("main")).to_contain_text(tr(lang, "7 Wonders Architects"))
    sheet.fits_the_screen()
    shoot(phone, f"architects-history-{lang}")
