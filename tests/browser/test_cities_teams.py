"""Cities' team variant in a phone's browser at 390x844: four players tally a Cities game by numbers,
open the team scores under the chart and see each team (partners side by side), its score and rank,
updated as a number changes. English and French."""
import re

import pytest
from playwright.sync_api import expect

from .sheet_page import tr
from .test_armada_edifice_sheet import start


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_cities_game_in_teams_shows_each_teams_score(live_server, phone, shoot, lang):
    names = ["Ana", "Bogdan", "Chloé", "Dimitri"]
    start(phone, live_server, lang, "7wonders", names, ["Cities"])
    phone.goto(phone.url + "?section=civil")
    for seat, points in enumerate((20, 15, 30, 4)):
        field = phone.locator(f'input[name="v-{seat}-civil"]')
        field.fill(str(points))
        field.press("Enter")
    expect(phone.locator("[data-total]")).to_have_text(["20", "15", "30", "4"])
    teams = phone.locator("#teams")
    teams.locator("summary").tap()
    expect(teams.locator("summary")).to_have_text(tr(lang, "Playing in teams? Team scores"))
    expect(teams.locator("[data-team] > span:first-child")).to_have_text(["Ana + Bogdan", "Chloé + Dimitri"])
    expect(teams.locator("[data-team-total]")).to_have_text(["35", "34"])
    expect(teams.locator("[data-team-rank]")).to_have_text([re.compile("^1"), re.compile("^2")])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert teams.locator("summary").bounding_box()["height"] >= 44
    teams.scroll_into_view_if_needed()
    shoot(phone, f"sheet-cities-teams-{lang}")
    field = phone.locator('input[name="v-3-civil"]')           # Dimitri's 4 becomes 6: his team leads
    field.fill("6")
    field.press("Enter")
    expect(phone.locator("[data-team-total]")).to_have_text(["35", "36"])
