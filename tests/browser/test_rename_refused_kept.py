"""Renaming a player refused (a blank new name) keeps what the player chose and typed: the player chosen
stays chosen, and the new name's field takes the keys. A player walk (es, fr at 390x844) chose Bruno, typed
only spaces, and got the message with the menu back on Ana: the next try would have renamed Ana."""
import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage, tr


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_refused_rename_keeps_the_choice(live_server, phone, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "duel", ["Ana", "Bruno"])
    sheet.section("civil")
    sheet.type(0, "civil", 5)
    sheet.type(1, "civil", 7)
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url("**/history/**")
    phone.goto(f"{live_server}/history/players")
    phone.locator('select[name="old"]').select_option("Bruno")
    new = phone.locator('input[name="new"]')
    new.fill("   ")
    new.press("Enter")
    expect(phone.locator("main .error:not(#refusal)")).to_have_text(tr(lang, "A name is 1 to %(n)s letters.") % {"n": 24})
    expect(phone.locator('select[name="old"]')).to_have_value("Bruno")
    new = phone.locator('input[name="new"]')
    expect(new).to_have_attribute("aria-invalid", "true")
    expect(new).to_be_focused()
    new.fill("Bruna")
    new.press("Enter")
    expect(phone.get_by_role("status")).to_have_text(
        tr(lang, "%(old)s is now %(new)s (%(num)s game).") % {"old": "Bruno", "new": "Bruna", "num": 1})
    expect(phone.locator("ul.plain li")).to_have_text(["Ana", "Bruna"])
