"""A box's boards on the city page in a phone's browser at 390x844 (issue 31): a 1st-edition sheet with
Cities and the Wonder Pack; Ana picks the Great Wall and taps its stages 2 and 3 (built in any order),
Bogdan Petra side B; the sheet scores them (the Great Wall's wildcard in science, Petra's 3 + 14).
English and French."""
import pytest
from playwright.sync_api import expect

from .test_armada_edifice_sheet import start
from .test_score_sheet import tr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_great_wall_and_petra_scored_from_the_city_page(live_server, phone, shoot, lang):
    start(phone, live_server, lang, "7wonders", ["Ana", "Bogdan", "Chloé"], ["Cities", "Wonder Pack"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    phone.locator('select[name="wonder"]').select_option("great-wall")
    picks = phone.locator("fieldset.stages-built label.stage-pick")
    expect(picks).to_have_count(4)
    for n in (2, 3):
        picks.nth(n - 1).tap()
        expect(picks.nth(n - 1).locator("input")).to_be_checked()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    sizes = picks.evaluate_all("els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])")
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
    picks.first.scroll_into_view_if_needed()
    shoot(phone, f"city-great-wall-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    pad = phone.locator("#pad-check")
    expect(pad.locator('td[data-cell="v-0-wonder"]')).to_have_text("0")
    expect(pad.locator('td[data-cell="v-0-science"]')).to_have_text("1")       # the stage's symbol alone
    phone.goto(f"{sheet_url}/city/1")
    phone.locator('select[name="wonder"]').select_option("petra")
    phone.locator('select[name="side"]').select_option("B")
    phone.locator('input[name="stages"]').fill("2")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    expect(phone.locator('#pad-check td[data-cell="v-1-wonder"]')).to_have_text("17")
    back = phone.goto(f"{sheet_url}/city/0")
    assert back.ok
    expect(phone.locator('fieldset.stages-built input[value="2"]')).to_be_checked()
    expect(phone.locator('fieldset.stages-built input[value="1"]')).not_to_be_checked()
