"""The new-table page (pt, 390x844): names typed for one game, then another game's chip tapped (the Duel
was shown first, the table meant for 7 Wonders): the chips were links, and every name typed was lost.
They post the form now: the names stay, the new game's own seat count and choices are shown, and the
table starts as typed. With and without JavaScript."""
import pytest
from playwright.sync_api import expect

from .conftest import speaking


@pytest.mark.parametrize("javascript", [True, False])
def test_names_typed_stay_when_the_game_is_changed(live_server, browser, javascript):
    page = speaking(browser, "pt", javascript)
    page.goto(f"{live_server}/g/new?kind=duel")
    names = page.locator("input[name=name]")
    expect(names).to_have_count(2)
    names.nth(0).fill("Ana")
    names.nth(1).fill("Bruno")
    page.locator("p.choices .chip").get_by_text("7 Wonders", exact=True).click()
    expect(page.locator("p.choices .chip.on")).to_have_text("7 Wonders")
    expect(page.locator("select[name=wonder]").first).to_be_visible()          # 7 Wonders' seats, with boards
    seats = page.locator("input[name=name]")
    expect(seats).to_have_count(4)                                             # its own default count
    expect(seats.nth(0)).to_have_value("Ana")
    expect(seats.nth(1)).to_have_value("Bruno")
    expect(page.locator("#new-table-error")).to_have_count(0)                  # nothing started, nothing refused
    seats.nth(2).fill("Chloé")
    page.locator("button", has_text="− um jogador").click()
    expect(page.locator("input[name=name]")).to_have_count(3)
    page.locator("button[data-enter-last]").click()
    page.wait_for_url("**/g/*?as=Ana")
    expect(page.locator("section.city")).to_have_count(3)
    page.context.close()
