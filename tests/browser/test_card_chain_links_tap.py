"""A card's chain links ("Free if you already built: ...", "Makes free later: ...") are tapped on a phone:
each is at least 44x44 px (a player walk in de and ro at 390x844: Workshop's "Schießplatz" and
"Laboratorium" links were 21 px high in their sentence, the Tavern's "Far" 27 px wide)."""
import pytest
from playwright.sync_api import expect

SMALL = """() => [...document.querySelectorAll('.card-row a')].map(a => a.getBoundingClientRect())
                 .filter(r => r.width < 44 || r.height < 44).map(r => [Math.round(r.width), Math.round(r.height)])"""


@pytest.mark.parametrize("lang, path", [("de", "7wonders/1/workshop"), ("ro", "duel/tavern")])
def test_chain_links_are_big_enough_to_tap(live_server, phone, lang, path):
    phone.goto(f"{live_server}/cards/{path}?lang={lang}")
    links = phone.locator(".card-row a")
    expect(links.first).to_be_visible()
    assert phone.evaluate(SMALL) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    links.first.click()                                   # and each still leads to its card
    expect(phone).not_to_have_url(f"{live_server}/cards/{path}?lang={lang}")
