"""A number below 0 typed on a phone whose numeric keypad has no minus key (an iPhone's, for
inputmode="numeric"): the fields that take numbers either side of 0 (the sheet's military, the scan
preview's military, the Duel's Conflict pawn) have a ± beside them that gives the digits typed their
sign, tapped with JavaScript and posted without, its name in the page's language."""

from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage, new_sheet, post_preview, settled, sheet_without_javascript, tr

NAMES = ["Ana", "Björn", "Chloé"]
ROWS = ["military", "treasury", "wonder", "civil", "science", "commercial", "guilds"]


def sign(page, lang, row, name):
    return page.get_by_role("button", name=tr(lang, "%(row)s: change the sign for %(name)s")
                            % {"row": tr(lang, row), "name": name}, exact=True)


def test_the_sheets_military_gets_its_minus_by_a_tap_in_german(phone, live_server):
    sheet = SheetPage(phone, "de")
    sheet.start(live_server, "7wonders", NAMES)
    field = phone.locator('input[name="v-0-military"]')
    field.tap()
    phone.keyboard.type("3")                             # the keypad's digits, no minus among them
    button = sign(phone, "de", "Military", "Ana")
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    button.tap()
    expect(field).to_have_value("-3")
    settled(phone)
    expect(sheet.pad(0, "military")).to_have_text("\u22123")
    sheet.expect_totals_and_ranks([-3, 0, 0])
    sign(phone, "de", "Military", "Ana").tap()          # and back
    expect(field).to_have_value("3")
    sheet.expect_totals_and_ranks([3, 0, 0])
    # A blank field: the minus first, then the digits, on the field's keys.
    other = phone.locator('input[name="v-1-military"]')
    sign(phone, "de", "Military", "Björn").tap()
    expect(other).to_have_value("-")
    expect(other).to_be_focused()
    phone.keyboard.type("2")
    phone.keyboard.press("Enter")
    expect(other).to_have_value("-2")
    sheet.expect_totals_and_ranks([3, -2, 0])
    phone.reload()
    expect(phone.locator('input[name="v-1-military"]')).to_have_value("-2")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_sheets_minus_without_javascript(browser, live_server):
    with sheet_without_javascript(browser, live_server, "7wonders", NAMES, lang="fr") as (page, _):
        page.locator('input[name="v-2-military"]').fill("4")
        with page.expect_navigation():
            sign(page, "fr", "Military", "Chloé").click()
        expect(page.locator('input[name="v-2-military"]')).to_have_value("-4")
        SheetPage(page, "fr").expect_totals_and_ranks([0, 0, -4])
        # Enter in a field still saves, never flips a sign (the form's first button is Save).
        field = page.locator('input[name="v-0-military"]')
        field.fill("5")
        with page.expect_navigation():
            field.press("Enter")
        expect(page.locator('input[name="v-0-military"]')).to_have_value("5")
        expect(page.locator('input[name="v-2-military"]')).to_have_value("-4")


def preview(page, base, lang):
    """The scan preview as "check again" answers it: three columns of 3s (the reader's -3 read as 3)."""
    page.goto(f"{base}/scan/?lang={lang}")
    token = page.locator("input[name=csrf_token]").first.input_value()
    fields = {"csrf_token": token, "pad": "7wonders", "players": "3"}
    for p, name in enumerate(NAMES):
        fields[f"name-{p}"] = name
        fields.update({f"v-{p}-{key}": "3" for key in ROWS})
    post_preview(page, fields)
    expect(page.locator("h1")).to_have_text(tr(lang, "Check the scanned pad"))


def test_the_scan_previews_military_read_as_3_is_made_minus_3_in_portuguese(phone, live_server):
    preview(phone, live_server, "pt")
    button = sign(phone, "pt", "Military", "Björn")
    button.tap()
    expect(phone.locator('input[name="v-1-military"]')).to_have_value("-3")
    phone.get_by_role("button", name=tr("pt", "Check again")).tap()
    expect(phone.locator("td[data-sum]")).to_have_text(["21", "15", "21"])
    expect(phone.locator('input[name="v-1-military"]')).to_have_value("-3")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_scan_previews_minus_without_javascript(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    preview(page, live_server, "en")
    with page.expect_navigation():
        sign(page, "en", "Military", "Chloé").click()
    expect(page.locator('input[name="v-2-military"]')).to_have_value("-3")
    expect(page.locator("td[data-sum]")).to_have_text(["21", "21", "15"])
    assert page.url.endswith("#v-2-military")            # back at the cell, not the page's top
    with page.expect_navigation():                        # Enter checks again, never flips a sign
        page.locator('input[name="v-0-military"]').press("Enter")
    expect(page.locator('input[name="v-0-military"]')).to_have_value("3")
    expect(page.locator('input[name="v-2-military"]')).to_have_value("-3")
    context.close()


def test_the_duels_conflict_pawn_toward_your_own_capital(phone, browser, live_server):
    sheet = SheetPage(phone, "it")
    sheet.start(live_server, "duel", ["Antoine", "Bruno"])
    url = phone.url
    phone.goto(f"{url}/city/0")
    field = phone.locator('input[name="conflict"]')
    expect(field).to_have_value("0")
    button = phone.get_by_role("button", name=tr("it", "Change the sign of the Conflict pawn's spaces"))
    button.tap()                                          # at 0: the minus, the digits to come (never "-0")
    expect(field).to_have_value("-")
    expect(field).to_be_focused()
    phone.keyboard.type("2")
    expect(field).to_have_value("-2")
    button.tap()
    expect(field).to_have_value("2")
    # Without JavaScript the same tap posts the page, which comes back flipped and unsaved.
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    url = new_sheet(page, live_server, "duel", ["Antoine", "Bruno"], lang="it", by_enter=True)
    page.goto(f"{url}/city/1")
    page.locator('input[name="conflict"]').fill("6")
    page.locator('input[name="coins"]').fill("7")
    with page.expect_navigation():
        page.get_by_role("button", name=tr("it", "Change the sign of the Conflict pawn's spaces")).click()
    expect(page.locator('input[name="conflict"]')).to_have_value("-6")
    expect(page.locator('input[name="coins"]')).to_have_value("7")
    with page.expect_navigation():                        # Enter scores the city, never flips a sign
        page.locator('input[name="coins"]').press("Enter")
    page.wait_for_url(url)
    page.goto(f"{url}/city/1")
    expect(page.locator('input[name="conflict"]')).to_have_value("-6")
    context.close()
