"""A card with no name known in the page's language (the Cities' Black Market has none in Italian) shows
its English name, and says so: in the search's chip and on its page, marked as English (a player walk
found "Black Market" on the Italian page with nothing saying why, tagged as Italian)."""
import pytest
from playwright.sync_api import expect

from .test_score_sheet import tr

SAID = "English name: none known in this language"


@pytest.mark.parametrize("lang", ["it", "es"])
def test_english_name_said_as_such(live_server, phone, shoot, lang):
    phone.goto(f"{live_server}/cards/?lang={lang}")
    phone.locator("#q").fill("Black Market")
    chip = phone.locator("#results .card-chip", has_text="Black Market").first
    expect(chip.locator(".chip-name")).to_have_attribute("lang", "en")
    expect(chip).to_contain_text(tr(lang, SAID))
    # A name the language has is not marked: the Marketplace is "Mercato" / "Mercado".
    phone.locator("#q").fill("Marketplace")
    named = phone.locator("#results .card-chip").first
    expect(named.locator(".chip-name")).to_have_attribute("lang", lang)
    expect(named).not_to_contain_text(tr(lang, SAID))
    phone.goto(f"{live_server}/cards/7wonders/1/black-market?lang={lang}")
    expect(phone.locator("h1")).to_have_attribute("lang", "en")
    expect(phone.locator(".card-band")).to_contain_text(tr(lang, SAID))
    shoot(phone, f"card-black-market-{lang}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
