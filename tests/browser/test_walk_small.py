"""The smaller things seen on the walk (issue 27), each as a player sees it on a 390x844 phone."""
import pytest
from playwright.sync_api import expect

from .test_score_sheet import tr

LANGS = ["en", "fr", "de", "es", "it", "pt", "ro"]


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_the_duel_calculator_asks_each_production_once(live_server, phone, shoot, lang):
    """The Caravansery (wood/clay/stone) and the Great Lighthouse (stone/clay/wood) make the same
    choice: one box for it, and no two boxes of "You produce" count the same resources."""
    phone.goto(f"{live_server}/calc/duel?lang={lang}")
    words = phone.locator("fieldset").first.locator(".count-word")
    expect(words.first).to_be_visible()
    sets = [frozenset(w.split(" / ")) for w in words.all_inner_texts()]
    assert len(sets) == len(set(sets)), sets
    names = phone.locator("fieldset").first.locator("input").evaluate_all("els => els.map(e => e.name)")
    assert "me-wood-stone-clay" in names and "me-glass-papyrus" in names
    shoot(phone, f"walk-calc-duel-{lang}")


def test_the_duel_calculator_counts_a_three_way_choice(live_server, phone):
    """One wood/stone/clay choice pays for the Baths' stone (the merged box is still read)."""
    phone.goto(f"{live_server}/calc/duel?card=baths&me-wood-stone-clay=1")
    expect(phone.locator("[data-total]")).to_have_text("0")
