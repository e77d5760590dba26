"""A player's walk of the German score sheet with Cities at 390 px: no 1 x 1 px "Speichern" to meet
(the form's unseen default button is hidden, and Enter still saves without JavaScript), and a debt
typed as the coins lost (5) is saved and shown as what was taken (-5), the total right."""
import re

from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage, settled, tr

NAMES = ["Ana", "Björn", "Chloé"]

# Every control a player can meet on the page (seen, or reached by Tab), and its size.
CONTROLS = """() => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')]
  .filter(el => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility !== 'hidden'
                && !el.closest('[hidden]'))
  .map(el => { const b = el.getBoundingClientRect();
               return {text: (el.textContent || el.value || '').trim().slice(0, 20), w: b.width, h: b.height,
                       tab: el.tabIndex}; })"""


def test_no_one_pixel_save_on_the_german_sheet_and_enter_still_saves(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    sheet = SheetPage(page, "de")
    page.goto(f"{live_server}/sheets/new?pad=7wonders&players=3&lang=de")
    for i, name in enumerate(NAMES):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator('input[name="name"]').nth(2).press("Enter")          # no JavaScript: the form's default button
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    tiny = [c for c in page.evaluate(CONTROLS) if (c["w"] or c["h"]) and min(c["w"], c["h"]) < 2]   # 0 x 0: unrendered
    assert tiny == [], f"controls a walker meets at 1 px: {tiny}"
    field = page.locator('input[name="v-0-military"]')
    field.fill("4")
    with page.expect_navigation():
        field.press("Enter")                                             # Enter presses the hidden Speichern
    expect(page.locator('input[name="v-0-military"]')).to_have_value("4")
    expect(page.locator("h2#section-title")).to_have_text(tr("de", "Military"))
    sheet.expect_totals_and_ranks([4, 0, 0])
    context.close()


def test_a_debt_typed_as_coins_lost_shows_as_taken_in_german(phone, live_server):
    sheet = SheetPage(phone, "de")
    sheet.start(live_server, "7wonders", NAMES, boxes=["Cities"])
    sheet.type(0, "civil", 12)
    settled(phone)
    sheet.section("debt")
    field = phone.locator('input[name="v-0-debt"]')
    field.click()
    phone.keyboard.type("5")
    phone.keyboard.press("Enter")
    expect(field).to_have_value("-5")                                   # what was taken, as saved
    expect(sheet.pad(0, "debt")).to_have_text("\u22125")
    sheet.expect_totals_and_ranks([7, 0, 0])
    # Out of the box's range is still refused, next to the field, naming the row, the typed kept.
    other = phone.locator('input[name="v-1-debt"]')
    expect(other).to_be_focused()
    phone.keyboard.type("48")
    phone.keyboard.press("Enter")
    expect(phone.locator("#v-1-debt-error")).to_have_text(
        tr("de", "%(row)s is between %(low)s and %(high)s in a real game.")
        % {"row": tr("de", "Debt"), "low": "\u221247", "high": 0})
    expect(other).to_have_value("48")
    sheet.fits_the_screen()
