"""Random wonders dealt by keyboard alone: a number of players the game refuses is said, and the field
keeps the keys, so the corrected number is typed and dealt with Enter (a player walk in it and es, at
390x844: after "9" and Enter the page came back with the focus on nothing; a second Enter did nothing)."""
import re

import pytest
from playwright.sync_api import expect

from .sheet_page import tr


@pytest.mark.parametrize("lang", ["it", "es"])
def test_refused_players_keep_the_keys(live_server, phone, lang):
    phone.goto(f"{live_server}/calc/wonders?lang={lang}")
    field = phone.locator('input[name="players"]')
    for _ in range(40):                                  # Tab through the page to the players' field
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.name") == "players":
            break
    expect(field).to_be_focused()
    phone.keyboard.press("Control+a")
    phone.keyboard.type("9")
    phone.keyboard.press("Enter")
    expect(phone.locator("#answer .error")).to_have_text(
        tr(lang, "This game is played by %(low)s to %(high)s players, not %(num)s.") % {"low": 2, "high": 7, "num": 9})
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value("9")
    expect(field).to_be_focused()
    phone.keyboard.press("Control+a")
    phone.keyboard.type("5")
    phone.keyboard.press("Enter")
    expect(phone.locator("[data-dealt] li")).to_have_count(5)
    expect(phone).to_have_url(re.compile(r"players=5"))
