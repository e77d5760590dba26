"""The pages issue 33's Medals data and issue 32's localised names touch, on a phone at 390 x 844:
Rome's and the domesticated cat's card pages, an Architects city with Medals, the Gate's page and
the lookup finding it by its German name; in English and French, nothing wider than the screen,
every control big enough, no English left on the French pages."""
import pytest
from playwright.sync_api import expect

from .test_layout import MEASURE, PHONE, new_sheet


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_medals_and_gate_pages_fit_a_phone(live_server, browser, shoot, lang):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server}/?lang={lang}")
    medals = new_sheet(page, live_server, "architects&box=medals", ["Ana", "Bogdan", "Chloé"])
    problems = {}
    for name, path in [("rome", "/cards/architects/rome"), ("domestication", "/cards/architects/domestication"),
                       ("gate", "/cards/duel/the-gate"), ("lookup-tor", "/cards/?q=Tor&game=duel"),
                       ("medals-city", medals.replace(live_server, "") + "/city/0")]:
        response = page.goto(live_server + path)
        page.wait_for_load_state("load")
        assert response.status == 200, path
        found = page.evaluate(MEASURE)
        if found["width"] > PHONE["width"]:
            problems.setdefault(path, []).append(f"page is {found['width']} px wide")
        problems.setdefault(path, []).extend(found["small"])
        shoot(page, f"medals-gate-{name}-{lang}")
        if lang == "fr" and name in ("rome", "domestication"):
            text = page.locator("main").inner_text()
            assert "review" not in text and "names in English" not in text and "at all times" not in text
    context.close()
    assert {p: v for p, v in problems.items() if v} == {}


def test_a_phone_in_german_finds_the_gate_by_typing_tor(live_server, phone, shoot):
    phone.goto(f"{live_server}/cards/?lang=de&game=duel")
    phone.locator("#q").press_sequentially("Tor", delay=40)
    chip = phone.locator("#results .card-chip", has_text="Tor").first
    expect(chip).to_be_visible()
    shoot(phone, "lookup-tor-de")
    chip.click()
    expect(phone.locator("h1")).to_have_text("Tor")
    expect(phone.locator(".card-band .en")).to_have_text("Gate")
