"""Phones at 390x844 tally 7 Wonders with Armada, and the 2nd edition with Edifice, by numbers: the
boxes ticked on the new-sheet page, their rows in order under their own titles, naval and edifice
penalties typed as negative numbers, totals and ranks, saved to history. English and French."""
import re

import pytest
from playwright.sync_api import expect

from .test_score_sheet import ranks_of, tr

BASE_1E = ["military", "treasury", "wonder", "civil", "science", "commercial", "guilds"]
BASE_2E = ["military", "treasury", "wonder", "civil", "commercial", "guilds", "science"]
TITLES = {"naval": "Naval conflicts", "islands": "Islands", "shipyard": "Shipyard", "edifice": "Edifices"}


def start(phone, base, lang, pad, names, boxes):
    """The new-sheet page as a player fills it: the edition, seats, the boxes ticked, the names, Start."""
    phone.goto(f"{base}/sheets/new?pad={pad}&players={len(names)}&lang={lang}")
    for box in boxes:
        tick = phone.get_by_role("checkbox", name=tr(lang, box))
        tick.tap()
        expect(tick).to_be_checked()
    for i, name in enumerate(names):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.get_by_role("button", name=tr(lang, "Start the sheet"), exact=True).click()
    phone.wait_for_url(re.compile(r".*/sheets/[\w-]+$"))


def tally_by_numbers(phone, lang, rows, scores, players):
    """Every row typed with the keyboard, Enter to the next seat and to the next row."""
    sections = phone.locator(".sections button").evaluate_all("bs => bs.map(b => b.value)")
    assert sections[:len(rows)] == rows                    # the boxes' rows where boxes.toml puts them
    phone.locator("input[data-field]").first.click()
    for row in rows:
        expect(phone.locator("h2#section-title")).to_have_text(tr(lang, TITLES.get(row, row.capitalize())))
        for p in range(players):
            expect(phone.locator(f'input[name="v-{p}-{row}"]')).to_be_focused()
            phone.keyboard.type(str(scores[row][p]))
            phone.keyboard.press("Enter")
        phone.keyboard.press("Enter")                          # "Next: ..."


def save_and_see(phone, lang, names, expected, title, shoot, shot):
    expect(phone.locator("[data-total]")).to_have_text([str(t) for t in expected])
    expect(phone.locator("[data-rank]")).to_have_text([re.compile(rf"^{r}") for r in ranks_of(expected)])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, f"{shot}-{lang}")
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/"))
    best = names[expected.index(max(expected))]
    expect(phone.locator("main")).to_contain_text(f"{best} — {max(expected)}")
    expect(phone.locator("main")).to_contain_text(title)
    shoot(phone, f"history-{shot}-{lang}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_armada_game_tallied_by_numbers(live_server, phone, shoot, lang):
    names = ["Ana", "Bogdan", "Chloé", "Dimitri"]
    start(phone, live_server, lang, "7wonders", names, ["Armada"])
    title = " + ".join(tr(lang, t) for t in ("7 Wonders", "Armada"))
    expect(phone.locator("h1")).to_contain_text(title)
    rows = BASE_1E + ["naval", "islands", "shipyard"]
    scores = {row: [(2 * r + 3 * p) % 9 for p in range(4)] for r, row in enumerate(rows)}
    scores["military"] = [5, -2, 1, -3]
    scores["naval"] = [7, -3, 3, -1]                  # the naval victory and defeat tokens, in points
    expected = [sum(scores[row][p] for row in rows) for p in range(4)]
    tally_by_numbers(phone, lang, rows, scores, 4)
    save_and_see(phone, lang, names, expected, title, shoot, "sheet-armada-4")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_second_edition_edifice_game_tallied_by_numbers(live_server, phone, shoot, lang):
    names = ["Ana", "Bogdan", "Chloé"]
    start(phone, live_server, lang, "7wonders-2e", names, ["Edifice"])
    title = " + ".join(tr(lang, t) for t in ("7 Wonders (2nd edition)", "Edifice"))
    expect(phone.locator("h1")).to_contain_text(title)
    rows = BASE_2E + ["edifice"]
    scores = {row: [(3 * r + 5 * p) % 10 for p in range(3)] for r, row in enumerate(rows)}
    scores["edifice"] = [4, -5, 0]                    # a reward's points; a penalty's debt token of -5
    expected = [sum(scores[row][p] for row in rows) for p in range(3)]
    tally_by_numbers(phone, lang, rows, scores, 3)
    save_and_see(phone, lang, names, expected, title, shoot, "sheet-edifice-2e-3")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_second_edition_city_with_islands_and_edifices_scored_on_the_city_page(live_server, phone, shoot, lang):
    start(phone, live_server, lang, "7wonders-2e", ["Ana", "Bogdan", "Chloé"], ["Armada", "Edifice"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    phone.locator('select[name="wonder"]').select_option("alexandria")
    phone.locator('input[name="stages"]').fill("2")
    phone.locator('input[name="naval_points"]').fill("4")
    phone.locator('input[name="shipyard"]').fill("5")
    phone.locator('input[name="yellow_fleet"]').fill("3")
    for name, field in (("royal", "island"), ("lush", "island"), ("belvedere", "edifice")):
        find = phone.locator(f'[data-picks]:has(input[name="{field}"]) [data-picks-find]')   # the folded lists' filter
        find.fill(name)          # Royal Archipelago 7, Lush Archipelago 2 a level of the yellow fleet: 6;
        find.press("Enter")      # Belvedere a point a stage: 2
    phone.locator('input[name="edifice_debt"]').fill("2")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    small = phone.locator('#city-form label.pick:visible, #city-form input[data-field]').evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().height < 44).length")
    assert small == 0
    shoot(phone, f"city-armada-edifice-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    pad = phone.locator("#pad-check")
    for row, points in (("naval", "4"), ("islands", "13"), ("shipyard", "5"), ("edifice", "0")):
        expect(pad.locator(f'td[data-cell="v-0-{row}"]')).to_have_text(points)
