"""The Duel's city page with Pantheon, walked in German at 390 px: the box's progress tokens are offered
beside the base ten with their effect, and Mysticism (2 points a mythology or offering token still held)
asks how many the city holds, a field shown once it is ticked; a count beyond the box is refused in
German beside it, what was typed kept. Without JavaScript the fields show at once and the same holds."""
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import SheetPage

TOO_MANY = "Mythologiemarker, die du noch hast: eine ganze Zahl von 0 bis 10."


def pantheon_duel(page, base, lang):
    page.goto(f"{base}/sheets/new?pad=duel&players=2&lang={lang}")
    page.locator('input[name=box][value="pantheon"]').check()
    for i, name in enumerate(["Ana", "Bruno"]):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator('input[name="name"]').nth(1).press("Enter")
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    return page.url


def fits(locator, width=0):
    box = locator.bounding_box()
    assert box["height"] >= 44 and box["width"] >= width and box["x"] + box["width"] <= PHONE["width"], box


def test_mysticism_asks_the_tokens_held_by_tap_and_keyboard(phone, live_server, shoot):
    url = pantheon_duel(phone, live_server, "de")
    phone.goto(f"{url}/city/0")
    held = phone.locator('input[name="mythology_tokens"]')
    expect(held).to_be_hidden()                        # asked only once Mysticism is ticked
    pick = phone.locator("label.pick", has=phone.locator('input[name=progress][value="mysticism"]'))
    expect(pick).to_contain_text("Am Ende: 2 Punkte für jeden Mythologie- oder Opfergabemarker, den du noch hast.")
    fits(pick)
    pick.tap()
    expect(pick.locator("input")).to_be_checked()
    expect(held).to_be_visible()
    fits(held, 44)
    shoot(phone, "duel-pantheon-mysticism-de")
    held.tap()
    phone.keyboard.type("12")
    phone.keyboard.press("Enter")                      # on to the next field, as on the paper pad
    offering = phone.locator('input[name="offering_tokens"]')
    expect(offering).to_be_focused()
    fits(offering, 44)
    phone.keyboard.type("1")
    phone.locator("button[data-enter-last]").tap()
    expect(phone.locator("p.error", has_text=TOO_MANY)).to_be_visible()
    expect(held).to_have_value("12")
    expect(offering).to_have_value("1")
    expect(pick.locator("input")).to_be_checked()
    shoot(phone, "duel-pantheon-mysticism-refused-de")
    held.tap()
    phone.keyboard.type("2")                           # a field selects what it holds: typing replaces it
    phone.locator("button[data-enter-last]").tap()
    phone.wait_for_url(url)
    SheetPage(phone, "de").expect_totals_and_ranks([6, 0])      # (2 + 1) tokens held, 2 points each


@pytest.fixture
def no_script(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_without_javascript_a_bad_count_is_refused_and_kept(no_script, live_server, shoot):
    page = no_script
    page.goto(f"{live_server}/sheets/new?pad=duel&players=2&lang=de")
    page.locator('input[name=box][value="pantheon"]').check()
    for i, name in enumerate(["Ana", "Bruno"]):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator("button[data-enter-last]").click()
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    url = page.url
    page.goto(f"{url}/city/0")
    page.locator('input[name=progress][value="mysticism"]').check()
    page.locator('input[name="mythology_tokens"]').fill("drei")
    page.locator("button[data-enter-last]").click()
    expect(page.locator("p.error", has_text=TOO_MANY)).to_be_visible()
    expect(page.locator('input[name="mythology_tokens"]')).to_have_value("drei")
    shoot(page, "duel-pantheon-mysticism-nojs-de")
    page.locator('input[name="mythology_tokens"]').fill("3")
    page.locator("button[data-enter-last]").click()
    page.wait_for_url(url)
    expect(page.locator("[data-total]")).to_have_text(["6", "0"])
