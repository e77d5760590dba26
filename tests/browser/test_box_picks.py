"""The city page's long lists at 390x844 (Armada's 27 islands, Edifice's 15 edifices): folded by level,
a player finds an island by typing part of its name, ticks the only one left with Enter, sees it among
the chosen and unticks one by tapping it there; the city scored from what was ticked. Also without
JavaScript: the groups open by a tap and the ticks are sent. English and French."""
import re

import pytest
from playwright.sync_api import expect

from .sheet_page import tr
from .test_armada_edifice_sheet import start


def city_page(phone, live_server, lang):
    start(phone, live_server, lang, "7wonders-2e", ["Ana", "Bogdan", "Chloé"], ["Armada", "Edifice"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    return sheet_url


def islands(phone):
    return phone.locator('[data-picks]:has(input[name="island"])')


def fits(phone):
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    small = phone.locator("#city-form .pick:visible, #city-form .chosen .chip, #city-form .pick-group summary, "
                          "#city-form [data-picks-find]").evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().height < 44).length")
    assert small == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_islands_found_by_typing_and_ticked_with_enter(live_server, phone, shoot, lang):
    sheet_url = city_page(phone, live_server, lang)
    box = islands(phone)
    # Folded: three levels, no island showing, the whole list shorter than a third of the screen.
    expect(box.locator("summary")).to_have_text([re.compile(re.escape(tr(lang, "Level %(n)s") % {"n": n}))
                                                 for n in (1, 2, 3)])
    expect(box.locator(".pick:visible")).to_have_count(0)
    assert box.bounding_box()["height"] < 844 / 3
    expect(box.locator("[data-chosen]")).to_have_text(tr(lang, "None yet"))
    fits(phone)
    shoot(phone, f"city-picks-folded-{lang}")

    find = box.get_by_role("searchbox", name=tr(lang, "Find an island"))
    find.fill("royal")                                    # one island: its level opens, it alone shows
    expect(box.locator(".pick:visible")).to_have_text(["Royal Archipelago"])
    shoot(phone, f"city-picks-found-{lang}")
    find.press("Enter")                                   # ticked; the filter empties for the next name
    expect(find).to_have_value("")
    expect(find).to_be_focused()
    expect(box.locator("[data-chosen] .chip")).to_have_text([re.compile("^Royal Archipelago")])
    find.press_sequentially("ARCHIPEL")                   # case and part of a word: several left
    expect(box.locator(".pick:visible")).to_have_count(
        box.locator(".pick").evaluate_all("ps => ps.filter(p => p.dataset.names.includes('archipel')).length"))
    box.locator(".pick:visible", has_text="Lush Archipelago").tap()
    expect(box.locator("[data-chosen] .chip")).to_have_count(2)
    expect(box.locator("summary").nth(2).locator("[data-count]")).to_have_text("✓ 2")
    find.fill("zzz")
    expect(box.locator("[data-picks-none]")).to_be_visible()
    find.fill("")
    expect(box.locator(".pick:visible")).to_have_count(0)  # folded again
    fits(phone)

    edifices = phone.locator('[data-picks]:has(input[name="edifice"])')
    edifices.get_by_role("searchbox", name=tr(lang, "Find an edifice")).fill("belv")
    edifices.get_by_role("searchbox").press("Enter")
    belvedere = {"en": "Belvedere", "fr": "Belvédère"}[lang]       # its French name (one source, doubted)
    expect(edifices.locator("[data-chosen] .chip")).to_have_text([re.compile("^" + belvedere)])
    phone.locator('select[name="wonder"]').select_option("alexandria")
    phone.locator('input[name="stages"]').fill("2")
    phone.locator('input[name="yellow_fleet"]').fill("3")
    shoot(phone, f"city-picks-chosen-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    pad = phone.locator("#pad-check")
    # Royal Archipelago 7, Lush Archipelago 2 a level of the yellow fleet (3): 13; Belvedere a point a stage: 2.
    expect(pad.locator('td[data-cell="v-0-islands"]')).to_have_text("13")
    expect(pad.locator('td[data-cell="v-0-edifice"]')).to_have_text("2")

    phone.goto(f"{sheet_url}/city/0")                     # back on the page: the chosen first, a tap unticks
    box = islands(phone)
    expect(box.locator("[data-chosen] .chip")).to_have_count(2)
    box.locator("[data-chosen] .chip", has_text="Royal Archipelago").tap()
    expect(box.locator("[data-chosen] .chip")).to_have_text([re.compile("^Lush Archipelago")])
    expect(box.locator("summary").nth(2).locator("[data-count]")).to_have_text("✓ 1")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    expect(phone.locator('#pad-check td[data-cell="v-0-islands"]')).to_have_text("6")


def test_islands_ticked_without_javascript(live_server, browser, shoot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  java_script_enabled=False)
    phone = context.new_page()
    try:
        sheet_url = city_page(phone, live_server, "fr")
        box = islands(phone)
        expect(box.locator("[data-picks-find]")).to_be_hidden()      # no filter that could not work
        box.locator("summary").nth(2).tap()
        box.locator(".pick", has_text="Royal Archipelago").tap()
        phone.locator('select[name="wonder"]').select_option("alexandria")
        phone.get_by_role("button", name=tr("fr", "Score this city")).click()
        phone.wait_for_url(sheet_url)
        expect(phone.locator('#pad-check td[data-cell="v-0-islands"]')).to_have_text("7")
        phone.goto(f"{sheet_url}/city/0")
        expect(islands(phone).locator("[data-chosen] .chip")).to_have_text([re.compile("^Royal Archipelago")])
        shoot(phone, "city-picks-no-js-fr")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_leaders_and_cities_city_page_folds_its_cards_by_colour(live_server, phone, shoot, lang):
    start(phone, live_server, lang, "7wonders", ["Ana", "Bogdan", "Chloé"], ["Leaders", "Cities"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    picker = phone.locator("#picker")
    expect(picker.locator(".pick:visible")).to_have_count(0)          # nine colours folded, white and black too
    expect(picker.locator("summary")).to_have_count(9)
    assert phone.evaluate("document.documentElement.scrollHeight") < 2 * 844
    fits(phone)
    shoot(phone, f"city-cards-folded-{lang}")
    white = picker.locator("details", has=phone.locator('input[value="cleopatra"]'))
    white.locator("summary").tap()                                     # opened by a tap: the leaders show
    white.locator(".pick", has=phone.locator('input[value="cleopatra"]')).tap()
    expect(white.locator("[data-count]")).to_have_text("✓ 1")
    expect(white.locator('.pick:has(input[value="cleopatra"]) [data-name]')).to_have_text(
        "Cleopatra" if lang == "en" else "Cléopâtre")
    with phone.expect_response(lambda r: "/city/0" in r.url and r.request.method == "GET"):
        phone.get_by_placeholder(tr(lang, "Find a card")).fill("tabul")   # a search opens what it finds
    box = phone.locator('#picker input[value="tabularium"]')
    expect(box).to_be_visible()
    box.check()
    phone.locator('select[name="wonder"]').select_option("rhodes")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    pad = phone.locator("#pad-check")
    expect(pad.locator('td[data-cell="v-0-leaders"]')).to_have_text("5")      # Cleopatra: 5 points
    expect(pad.locator('td[data-cell="v-0-cities"]')).to_have_text("6")       # Tabularium: 6 points
