"""The new-sheet page's refusals keep the seats the player had. Walked by keyboard at 390x844 (helper 123,
de and es, 7 Wonders + Leaders for three): one name typed, Enter in the third seat: 'spielt man mit 2 bis 7
Personen; du hast 1 eingetragen' came back with two seats, the third gone without being asked; a name
twice after a blank seat came back moved up a seat. Blank seats stay where they were now, every name at
the seat it was typed in."""
import re

import pytest
from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import SheetPage


def refused(page, names, enter_at):
    fields = page.locator('input[name="name"]')
    for i, name in enumerate(names):
        fields.nth(i).fill(name)
    with page.expect_navigation():
        fields.nth(enter_at).press("Enter")


@pytest.mark.parametrize("lang, js", [("de", True), ("es", False)])
def test_too_few_names_keep_every_seat(browser, live_server, lang, js):
    page = speaking(browser, lang, javascript=js)
    try:
        page.goto(f"{live_server}/sheets/new?pad=7wonders&players=3&lang={lang}")
        page.locator('input[name=box][value="leaders"]').check()
        refused(page, ["Ana", "", ""], 2)
        expect(page.locator("#names-error")).to_be_focused()
        fields = page.locator('input[name="name"]')
        expect(fields).to_have_count(3)                           # the three seats asked for
        expect(fields.nth(0)).to_have_value("Ana")
        expect(page.locator('input[name=box][value="leaders"]')).to_be_checked()
        refused(page, ["Ana", "Bruno", "Chloé"], 2)
        page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
        expect(page.locator("[data-total]")).to_have_count(3)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["es"])
def test_a_name_twice_after_a_blank_seat_stays_at_its_seat(phone, live_server, lang):
    phone.goto(f"{live_server}/sheets/new?pad=7wonders&players=4&lang={lang}")
    refused(phone, ["Ana", "", "ana", "Dani"], 3)
    fields = phone.locator('input[name="name"]')
    expect(fields).to_have_count(4)
    twice = fields.nth(2)
    expect(twice).to_have_value("ana")
    expect(twice).to_have_attribute("aria-invalid", "true")
    expect(twice).to_be_focused()
    expect(fields.nth(3)).to_have_value("Dani")
    twice.fill("Bea")
    phone.locator("button[data-enter-last]").click()
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    assert SheetPage(phone, lang).totals() == [0, 0, 0]
