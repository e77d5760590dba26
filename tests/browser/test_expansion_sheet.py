"""Phones at 390x844 tally 7 Wonders with its expansions: a Leaders + Cities game by numbers for five
players, saved to history; one column filled from a city with leaders, black cards and debt, scored from
the city page. English and French; what the players see is asserted. The sheet's helpers are shared
(sheet_page.SheetPage: the new-sheet page, the keyboard's entry loop, the city page's card picker)."""
import re

import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage, tr


def boxes_title(lang):
    return " + ".join(tr(lang, t) for t in ("7 Wonders", "Leaders", "Cities"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_leaders_and_cities_game_tallied_by_numbers_for_five_players(live_server, phone, shoot, lang):
    names = ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena"]
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", names, ["Leaders", "Cities"])
    expect(phone.locator("h1")).to_contain_text(boxes_title(lang))
    rows = ["military", "treasury", "wonder", "civil", "science", "commercial", "guilds", "leaders", "debt", "cities"]
    scores = {row: [(3 * r + 5 * p) % 11 for p in range(5)] for r, row in enumerate(rows)}
    scores["military"] = [3, -2, 5, 0, -6]
    scores["debt"] = [0, -3, -1, -7, 0]
    expected = [sum(scores[row][p] for row in rows) for p in range(5)]
    assert sheet.sections()[:len(rows)] == rows                # the boxes' rows where their pads print them
    sheet.enter_rows(rows, scores)
    sheet.expect_totals_and_ranks(expected)
    sheet.fits_the_screen()
    shoot(phone, f"sheet-leaders-cities-5-{lang}")
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/"))
    best = names[expected.index(max(expected))]
    expect(phone.locator("main")).to_contain_text(f"{best} — {max(expected)}")
    expect(phone.locator("main")).to_contain_text(boxes_title(lang))
    shoot(phone, f"history-leaders-cities-{lang}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_column_filled_from_a_city_with_leaders_black_cards_and_debt(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", ["Ana", "Bogdan", "Chloé"], ["Leaders", "Cities"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    expect(phone.locator("main")).not_to_contain_text(
        tr(lang, "Type %(rows)s on the sheet: this page cannot count it yet.").split("%")[0])
    phone.locator('select[name="wonder"]').select_option("alexandria")
    phone.locator('select[name="side"]').select_option("A")
    phone.locator('input[name="stages"]').fill("2")
    phone.locator('input[name="coins"]').fill("9")
    phone.locator('input[name="debt"]').fill("6")
    # Altar (2 civil), Lumber Yard; Cleopatra (5), Amytis (2 a stage: 4), Phidias (1 a brown card: 1);
    # black: Tabularium (6), Secret Society (a point a black card: 2)
    sheet.pick_cards(0, [("Altar", "altar"), ("Lumber", "lumber-yard"), ("Cleopatra", "cleopatra"),
                         ("Amytis", "amytis"), ("Phidias", "phidias"), ("Tabular", "tabularium"),
                         ("Secret Soc", "secret-society")])
    sheet.fits_the_screen()
    shoot(phone, f"city-leaders-black-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    expect(sheet.pad(0, "leaders")).to_have_text("10")
    expect(sheet.pad(0, "debt")).to_have_text("\u22126")
    expect(sheet.pad(0, "civil")).to_have_text("2")
    expect(sheet.pad(0, "cities")).to_have_text("8")
    # 3 (wonder) + 3 (treasury) + 2 (civil) + 10 (leaders) - 6 (debt) + 8 (cities)
    expect(phone.locator("[data-total]").first).to_have_text(re.compile(r"^20\b"))
    sheet.fits_the_screen()
    shoot(phone, f"sheet-city-leaders-black-{lang}")
