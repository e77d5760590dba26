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
    expect(teams).to_have_attribute("open", "")       # the save swapped the scores, not the open fold


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_team_scores_stay_as_the_player_left_them_across_saves(live_server, phone, shoot, lang):
    """Open, the panel stays open through each number saved (htmx), its scores following; closed,
    it stays closed."""
    start(phone, live_server, lang, "7wonders", ["Ana", "Bogdan", "Chloé", "Dimitri"], ["Cities"])
    phone.goto(phone.url + "?section=civil")
    teams = phone.locator("#teams")
    teams.locator("summary").tap()
    expect(teams).to_have_attribute("open", "")
    expected = [["5", "0"], ["12", "0"], ["12", "9"], ["12", "10"]]
    for seat, (points, totals) in enumerate(zip((5, 7, 9, 1), expected)):
        field = phone.locator(f'input[name="v-{seat}-civil"]')
        field.fill(str(points))
        field.press("Enter")
        expect(phone.locator("[data-team-total]")).to_have_text(totals)
        expect(teams).to_have_attribute("open", "")
        assert teams.locator("[data-team]").first.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    teams.scroll_into_view_if_needed()
    shoot(phone, f"sheet-cities-teams-open-{lang}")
    teams.locator("summary").tap()                          # closed by the player: a save leaves it closed
    expect(teams).not_to_have_attribute("open", "")
    field = phone.locator('input[name="v-0-civil"]')
    field.fill("6")
    field.press("Enter")
    expect(teams.locator("[data-team-total]")).to_have_text(["13", "10"])
    expect(teams).not_to_have_attribute("open", "")
