"""The − beside a blank cell of a row that starts at 0 (every Duel row): tapped, it answered with a
refusal under the cell ("Militar: între 0 și 10 într-un joc real.") and the page's "some numbers were not
saved", though the player had asked nothing wrong. A + and − counter stops at its ends now: nothing
saved, nothing said; what is saved stays."""
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage, new_sheet, settled, sheet_without_javascript, tr


def minus(page, lang, row, name):
    return page.get_by_role("button", name=tr(lang, "%(row)s minus one for %(name)s")
                            % {"row": tr(lang, row), "name": name}, exact=True)


def plus(page, lang, row, name):
    return page.get_by_role("button", name=tr(lang, "%(row)s plus one for %(name)s")
                            % {"row": tr(lang, row), "name": name}, exact=True)


def test_minus_on_a_blank_duel_cell_says_nothing_and_saves_nothing_in_romanian(phone, live_server):
    new_sheet(phone, live_server, "duel", ["Ana", "Bruno"], lang="ro", boxes=["pantheon", "agora"], by_enter=True)
    sheet = SheetPage(phone, "ro")
    sheet.section("military")
    cell = phone.locator('input[name="v-0-military"]')
    expect(cell).to_have_value("")
    minus(phone, "ro", "Military", "Ana").tap()
    settled(phone)
    expect(phone.locator(".error:visible")).to_have_count(0)
    expect(cell).to_have_value("")
    expect(cell).not_to_have_attribute("aria-invalid", "true")
    plus(phone, "ro", "Military", "Ana").tap()
    expect(cell).to_have_value("1")
    minus(phone, "ro", "Military", "Ana").tap()
    expect(cell).to_have_value("0")
    minus(phone, "ro", "Military", "Ana").tap()                # at 0 already: stays
    settled(phone)
    expect(cell).to_have_value("0")
    expect(phone.locator(".error:visible")).to_have_count(0)
    phone.reload()
    expect(phone.locator('input[name="v-0-military"]')).to_have_value("0")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_minus_on_a_blank_cell_without_javascript_in_italian(browser, live_server):
    with sheet_without_javascript(browser, live_server, "duel", ["Ana", "Bruno"], lang="it") as (page, _):
        with page.expect_navigation():
            minus(page, "it", "Civil", "Bruno").click()
        expect(page.locator(".error:visible")).to_have_count(0)
        expect(page.locator('input[name="v-1-civil"]')).to_have_value("")
