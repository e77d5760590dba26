"""A sheet just started has its first number's field take the keys. Walked by keyboard at 390x844
(helper 123, de and es, a Duel with the Agora): the names typed and Enter on the last, the new sheet came
with the keys on <body>: the first number was a walk of Tabs away (the top links, the sections' tabs).
Now the first field has them, once: the sheet opened again later leaves them where they are."""
import pytest
from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import new_sheet, settled


@pytest.mark.parametrize("lang, js", [("de", True), ("es", False)])
def test_the_sheet_just_started_gives_its_first_field_the_keys(browser, live_server, lang, js):
    page = speaking(browser, lang, javascript=js)
    try:
        url = new_sheet(page, live_server, "duel", ["Ana", "Bruno"], lang=lang, boxes=["agora"], by_enter=True)
        first = page.locator('input[name="v-0-civil"]')
        expect(first).to_be_focused()
        page.keyboard.type("7")
        if js:
            page.keyboard.press("Enter")
            settled(page)
            expect(page.locator('#pad-check td[data-cell="v-0-civil"]')).to_have_text("7")
            expect(page.locator('input[name="v-1-civil"]')).to_be_focused()
        page.goto(url)                                                    # opened again: the keys left alone
        expect(page.locator("h2#section-title")).to_be_visible()
        assert page.evaluate("document.activeElement === document.body")
    finally:
        page.context.close()
