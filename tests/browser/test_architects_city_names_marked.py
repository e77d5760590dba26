"""An Italian player walk of the 7 Wonders Architects city page (helper 125, 390x844): the wonders and
progress tokens showed their English names ("Alexandria", "Urbanism", "Crafts") as if Italian, unmarked:
card_db keeps the English name in the Italian file for want of a printed one (its doubt says "English:").
Such a name is marked * and said English under the list, as the other city pages mark theirs; in French,
whose printed names are known, nothing is marked."""
from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import SheetPage, tr

NOTE = "English name: none known in this language"


def test_english_names_on_the_architects_city_page_are_marked(live_server, browser):
    for lang, marked in (("it", True), ("fr", False)):
        phone = speaking(browser, lang)
        sheet = SheetPage(phone, lang)
        sheet.start(live_server, "architects", ["Giulia", "Marco"])
        phone.goto(phone.url + "/city/0")
        wonders = phone.locator("#city-form input[name=wonder]")
        expect(wonders).to_have_count(7)
        english = phone.locator("#city-form [lang=en]")
        if marked:
            names = english.all_inner_texts()
            assert {"Alexandria", "Rhodes", "Urbanism", "Crafts"} <= set(names), names
            expect(phone.locator("#city-form .en-mark").first).to_have_text("*")
            expect(phone.locator("#city-form p.note", has_text="*")).to_have_text(f"* {tr(lang, NOTE)}")
        else:
            expect(english).to_have_count(0)
            expect(phone.locator("#city-form .en-mark")).to_have_count(0)
            expect(phone.get_by_text(tr(lang, NOTE))).to_have_count(0)
            expect(phone.locator("#city-form label", has_text="Alexandrie")).to_have_count(1)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.context.close()
