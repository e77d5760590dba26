"""The new-table page (ro with JavaScript, de without, 390x844): "− a player" pressed by keyboard
reloaded the page with the keys lost (on <body>), the button a walk of Tabs away to press it again.
The page comes back with the focus on "− a player", or on "+ a player" once at the fewest seats."""
import pytest
from playwright.sync_api import expect

from .conftest import speaking
from .test_score_sheet import tr


@pytest.mark.parametrize("lang,javascript", [("ro", True), ("de", False)])
def test_fewer_seats_keeps_the_keys_on_the_button(live_server, browser, lang, javascript):
    page = speaking(browser, lang, javascript)
    page.goto(f"{live_server}/g/new?kind=duel")
    page.locator("p.choices .chip").get_by_text("7 Wonders", exact=True).click()
    names = page.locator("input[name=name]")
    expect(names).to_have_count(4)
    names.nth(0).fill("Ana")
    fewer = page.get_by_role("button", name=tr(lang, "− a player"), exact=True)
    fewer.focus()
    page.keyboard.press("Enter")
    expect(names).to_have_count(3)
    expect(fewer).to_be_focused()
    page.keyboard.press("Enter")                                  # again, from where the keys are
    expect(fewer).to_have_count(0)                                # two players (and the Free City): the fewest
    expect(names.nth(0)).to_have_value("Ana")
    expect(page.get_by_role("button", name=tr(lang, "+ a player"), exact=True)).to_be_focused()
    page.context.close()
