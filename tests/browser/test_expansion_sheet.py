"""Phones at 390x844 tally 7 Wonders with its expansions: a Leaders + Cities game by numbers for five
players, saved to history; a city with leaders, cards and debt scored from the city page. English and
French; what the players see is asserted."""
import re

import pytest
from playwright.sync_api import expect

from .test_score_sheet import ranks_of, settled, tr


def start_with_boxes(phone, base, lang, names, boxes):
    """The new-sheet page as a player fills it: seats, the expansions ticked, the names, Start."""
    phone.goto(f"{base}/sheets/new?pad=7wonders&players={len(names)}&lang={lang}")
    for box in boxes:
        tick = phone.get_by_role("checkbox", name=tr(lang, box))
        tick.tap()
        expect(tick).to_be_checked()
    for i, name in enumerate(names):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.get_by_role("button", name=tr(lang, "Start the sheet"), exact=True).click()
    phone.wait_for_url(re.compile(r".*/sheets/[\w-]+$"))


def boxes_title(lang):
    return " + ".join(tr(lang, t) for t in ("7 Wonders", "Leaders", "Cities"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_leaders_and_cities_game_tallied_by_numbers_for_five_players(live_server, phone, shoot, lang):
    names = ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena"]
    start_with_boxes(phone, live_server, lang, names, ["Leaders", "Cities"])
    expect(phone.locator("h1")).to_contain_text(boxes_title(lang))
    rows = ["military", "treasury", "wonder", "civil", "science", "commercial", "guilds", "leaders", "debt", "cities"]
    scores = {row: [(3 * r + 5 * p) % 11 for p in range(5)] for r, row in enumerate(rows)}
    scores["military"] = [3, -2, 5, 0, -6]
    scores["debt"] = [0, -3, -1, -7, 0]
    expected = [sum(scores[row][p] for row in rows) for p in range(5)]
    sections = phone.locator(".sections button").evaluate_all("bs => bs.map(b => b.value)")
    assert sections[:len(rows)] == rows                 # the boxes' rows where their pads print them
    phone.locator("input[data-field]").first.click()
    for row in rows:
        expect(phone.locator("h2#section-title")).to_have_text(tr(lang, row.capitalize()))
        for p in range(5):
            expect(phone.locator(f'input[name="v-{p}-{row}"]')).to_be_focused()
            phone.keyboard.type(str(scores[row][p]))
            phone.keyboard.press("Enter")
        phone.keyboard.press("Enter")                                    # "Next: ..."
    expect(phone.locator("[data-total]")).to_have_text([str(t) for t in expected])
    expect(phone.locator("[data-rank]")).to_have_text([re.compile(rf"^{r}") for r in ranks_of(expected)])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, f"sheet-leaders-cities-5-{lang}")
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/"))
    best = names[expected.index(max(expected))]
    expect(phone.locator("main")).to_contain_text(f"{best} — {max(expected)}")
    expect(phone.locator("main")).to_contain_text(boxes_title(lang))
    shoot(phone, f"history-leaders-cities-{lang}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_city_with_leaders_black_rows_and_debt_scored_on_the_city_page(live_server, phone, shoot, lang):
    start_with_boxes(phone, live_server, lang, ["Ana", "Bogdan", "Chloé"], ["Leaders", "Cities"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    phone.locator('select[name="wonder"]').select_option("alexandria")
    phone.locator('select[name="side"]').select_option("A")
    phone.locator('input[name="stages"]').fill("2")
    phone.locator('input[name="coins"]').fill("9")
    phone.locator('input[name="debt"]').fill("6")
    # Altar (2 civil), Lumber Yard; Cleopatra (5), Amytis (2 a stage: 4), Phidias (1 a brown card: 1)
    for name, ident in (("Altar", "altar"), ("Lumber", "lumber-yard"), ("Cleopatra", "cleopatra"),
                        ("Amytis", "amytis"), ("Phidias", "phidias")):
        with phone.expect_response(lambda r: "/city/0" in r.url and r.request.method == "GET"):
            phone.get_by_placeholder(tr(lang, "Find a card")).fill(name)
        settled(phone)
        box = phone.locator(f'#picker input[value="{ident}"]')
        expect(box).to_be_visible()
        box.check()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, f"city-leaders-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    pad = phone.locator("#pad-check")
    expect(pad.locator('td[data-cell="v-0-leaders"]')).to_have_text("10")
    expect(pad.locator('td[data-cell="v-0-debt"]')).to_have_text("-6")
    expect(pad.locator('td[data-cell="v-0-civil"]')).to_have_text("2")
    # 3 (wonder) + 3 (treasury) + 2 (civil) + 10 (leaders) - 6 (debt)
    expect(phone.locator("[data-total]").first).to_have_text(re.compile(r"^12\b"))
    shoot(phone, f"sheet-city-leaders-{lang}")
