"""Enter after a ± by keyboard: the ± (a number's sign, for a phone's keypad without a minus) gives
the keys back to its number, so the next Enter does what Enter does in that field (the next field,
the form sent) rather than pressing the ± again and flipping the sign back. With JavaScript (the
score sheet in German, the Duel's Conflict pawn in French) and without (the score sheet in Italian,
the scan preview in English, whose ± posts to its cell's #fragment, which focuses it)."""
import re

from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage, settled, tr
from .test_sign_without_a_minus_key import NAMES, preview, sign


def no_script_sheet(browser, base, lang):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base}/sheets/new?pad=7wonders&players=3&lang={lang}")
    for i, name in enumerate(NAMES):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator('input[name="name"]').nth(2).press("Enter")
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    return context, page


def test_the_sheets_enter_after_its_sign_goes_on_in_german(phone, live_server):
    SheetPage(phone, "de").start(live_server, "7wonders", NAMES)
    field = phone.locator('input[name="v-0-military"]')
    field.click()
    phone.keyboard.type("3")
    phone.keyboard.press("Tab")                                    # "+"
    phone.keyboard.press("Tab")                                    # "±"
    expect(sign(phone, "de", "Military", "Ana")).to_be_focused()
    phone.keyboard.press("Enter")
    expect(field).to_have_value("-3")
    expect(field).to_be_focused()
    phone.keyboard.press("Enter")                                  # the next player's field, as in a field
    expect(phone.locator('input[name="v-1-military"]')).to_be_focused()
    expect(field).to_have_value("-3")
    settled(phone)
    phone.reload()
    expect(phone.locator('input[name="v-0-military"]')).to_have_value("-3")


def test_the_duels_conflict_pawn_enter_after_its_sign_in_french(phone, live_server):
    SheetPage(phone, "fr").start(live_server, "duel", ["Antoine", "Bruno"])
    url = phone.url
    phone.goto(f"{url}/city/0")
    field = phone.locator('input[name="conflict"]')
    field.click()
    phone.keyboard.type("4")                                       # the typed digits replace the 0
    button = phone.get_by_role("button", name=tr("fr", "Change the sign of the Conflict pawn's spaces"))
    phone.keyboard.press("Tab")
    expect(button).to_be_focused()
    phone.keyboard.press("Enter")
    expect(field).to_have_value("-4")
    expect(field).to_be_focused()
    phone.keyboard.type("2")                                       # the caret after the digits, none replaced
    expect(field).to_have_value("-42")
    phone.keyboard.press("Backspace")
    phone.keyboard.press("Enter")                                  # on to the next field, the sign kept
    expect(field).not_to_be_focused()
    expect(field).to_have_value("-4")


def test_the_sheets_enter_after_its_sign_without_javascript_in_italian(browser, live_server):
    context, page = no_script_sheet(browser, live_server, "it")
    field = page.locator('input[name="v-2-military"]')
    field.fill("4")
    sign(page, "it", "Military", "Chloé").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(field).to_have_value("-4")
    expect(field).to_be_focused()                                  # the page comes back at the number
    with page.expect_navigation():                                 # Enter saves it, the sign kept
        page.keyboard.press("Enter")
    expect(field).to_have_value("-4")
    SheetPage(page, "it").expect_totals_and_ranks([0, 0, -4])
    context.close()


def test_the_scan_previews_enter_after_its_sign_without_javascript(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    preview(page, live_server, "en")
    sign(page, "en", "Military", "Björn").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    field = page.locator('input[name="v-1-military"]')
    expect(field).to_have_value("-3")
    expect(field).to_be_focused()
    with page.expect_navigation():                                 # Enter checks again, the sign kept
        page.keyboard.press("Enter")
    expect(field).to_have_value("-3")
    expect(page.locator("td[data-sum]")).to_have_text(["21", "15", "21"])
    context.close()


def test_a_minus_left_alone_is_no_number_sent_in_french(phone, live_server):
    """± on a blank field gives '-' for the digits to come; Enter with none typed saved '-', and the
    sheet refused it ("« - » n'est pas un nombre entier"): the field is blank again, nothing sent."""
    SheetPage(phone, "fr").start(live_server, "7wonders", NAMES)
    field = phone.locator('input[name="v-0-military"]')
    sign(phone, "fr", "Military", "Ana").tap()
    expect(field).to_have_value("-")
    phone.keyboard.press("Enter")
    expect(phone.locator('input[name="v-1-military"]')).to_be_focused()
    expect(field).to_have_value("")
    settled(phone)
    expect(phone.locator(".cell-error")).to_have_count(0)
    expect(phone.locator('[aria-invalid="true"]')).to_have_count(0)


def test_the_conflict_pawns_minus_left_alone_is_its_0_again_in_german(phone, live_server):
    SheetPage(phone, "de").start(live_server, "duel", ["Antoine", "Bruno"])
    url = phone.url
    phone.goto(f"{url}/city/0")
    field = phone.locator('input[name="conflict"]')
    phone.get_by_role("button", name=tr("de", "Change the sign of the Conflict pawn's spaces")).tap()
    expect(field).to_have_value("-")
    phone.locator('input[name="coins"]').tap()                    # the keys leave it, no digit typed
    expect(field).to_have_value("0")
    phone.locator("button[data-enter-last]").tap()                 # scored, not refused
    phone.wait_for_url(url)
