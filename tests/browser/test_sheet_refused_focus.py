"""A sheet's section that cannot be left (a number refused in it) gives the keys back to the refused
field: a player walk (fr, es at 390x844) typed "abc" in Bruno's civil cell, tapped the next section and
stayed on Civil, rightly, with the focus on nothing, so the keyboard closed and the cell was to find."""
import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage, tr


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_refused_number_keeps_the_keys(live_server, phone, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "duel", ["Ana", "Bruno"])
    sheet.section("civil")
    phone.locator('input[name="v-0-civil"]').fill("7")
    cell = phone.locator('input[name="v-1-civil"]')
    cell.fill("abc")
    phone.locator('.sections button[value="science"]').click()
    expect(phone.locator("#sheet-message")).to_have_text(tr(lang, "Some numbers were not saved: see the marked cells."))
    expect(phone.locator("h2#section-title")).to_have_text(tr(lang, "Civil"))
    cell = phone.locator('input[name="v-1-civil"]')
    expect(cell).to_have_attribute("aria-invalid", "true")
    expect(cell).to_be_focused()
    expect(cell).to_have_value("abc")                     # what was typed is kept to be corrected
    phone.keyboard.type("5")                             # the field's text is selected: typing replaces it
    phone.keyboard.press("Enter")
    expect(sheet.pad(1, "civil")).to_have_text("5")
    expect(sheet.pad(0, "civil")).to_have_text("7")
