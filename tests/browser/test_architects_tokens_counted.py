"""An Italian player walk of the 7 Wonders Architects sheet at 390x844 (helper 125): the cat's + made 1
point (the pawn is 2), and 1 typed for the cat or 2 for two military victory tokens (3 points each) were
kept, each total short with nothing said. Now + and − move by one pawn or token, and a count typed for
its points is refused beside its cell, in Italian, the keys left on it to type the points."""
from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import SheetPage, settled, tr


def test_the_cat_and_military_rows_count_points_not_pawns_or_tokens(live_server, browser):
    lang = "it"
    phone = speaking(browser, lang)
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "architects", ["Giulia", "Marco", "Sara"])

    # Marco has the cat: one tap of + is its 2 points, a second stops there, − takes the pawn back.
    sheet.section("cat")
    plus = phone.get_by_role("button", name=tr(lang, "%(row)s plus %(step)s for %(name)s")
                             % {"row": tr(lang, "Cat"), "step": 2, "name": "Marco"})
    plus.click()
    expect(sheet.pad(1, "cat")).to_have_text("2")
    expect(phone.locator("#v-1-cat")).to_have_value("2")
    plus.click()
    settled(phone)
    expect(phone.locator("#v-1-cat")).to_have_value("2")
    expect(phone.locator(".cell-error")).to_have_count(0)

    # Giulia's cat typed as 1 (the pawn counted): refused beside her cell, in Italian; Marco's 2 stays.
    cell = phone.locator("#v-0-cat")
    cell.click()
    phone.keyboard.type("1")
    phone.keyboard.press("Enter")
    said = tr(lang, "%(row)s is %(low)s or %(high)s in a real game.") % {"row": tr(lang, "Cat"), "low": 0, "high": 2}
    expect(phone.locator("#v-0-cat-error")).to_have_text(said)
    # Enter has moved on to Marco: the refused cell is marked and tied to its words all the same.
    expect(cell).to_have_attribute("aria-invalid", "true")
    expect(cell).to_have_attribute("aria-describedby", "v-0-cat-error")
    expect(sheet.pad(0, "cat")).to_have_text("")
    sheet.expect_totals_and_ranks([0, 2, 0])
    cell.click()                                   # she has not the cat: 0, and the section can be left
    phone.keyboard.type("0")
    phone.keyboard.press("Enter")
    expect(sheet.pad(0, "cat")).to_have_text("0")
    expect(phone.locator("#v-0-cat-error")).to_have_count(0)
    expect(cell).not_to_have_attribute("aria-invalid", "true")
    expect(cell).not_to_have_attribute("aria-describedby", "v-0-cat-error")

    # Two military victory tokens typed as 2: refused, the words saying what the row holds.
    sheet.section("military")
    cell = phone.locator("#v-2-military")
    cell.click()
    phone.keyboard.type("2")
    phone.keyboard.press("Enter")
    said = (tr(lang, "%(row)s is a multiple of %(step)s between %(low)s and %(high)s in a real game.")
            % {"row": tr(lang, "Military"), "step": 3, "low": 0, "high": 45})
    expect(phone.locator("#v-2-military-error")).to_have_text(said)
    cell.click()
    phone.keyboard.type("6")
    phone.keyboard.press("Enter")
    expect(sheet.pad(2, "military")).to_have_text("6")
    expect(phone.locator("#v-2-military-error")).to_have_count(0)
    # Sara's + is one token more.
    phone.get_by_role("button", name=tr(lang, "%(row)s plus %(step)s for %(name)s")
                      % {"row": tr(lang, "Military"), "step": 3, "name": "Sara"}).click()
    expect(sheet.pad(2, "military")).to_have_text("9")
    sheet.expect_totals_and_ranks([0, 2, 9])
    sheet.fits_the_screen()
    phone.context.close()
