"""Join pressed with the code field empty (helper 123's walk, de and es, 390x844): the join page came back
as it was with the keys on <body>, the keyboard closed and nothing said; the field to type in a tap away.
The code field has the keys on the join page, on arrival and after an empty Join, with and without
JavaScript; the code typed then joins."""
import pytest
from playwright.sync_api import expect

from .conftest import speaking
from .sheet_page import tr
from .test_live_table import set_up


@pytest.mark.parametrize("lang, javascript", [("de", True), ("es", False)])
def test_an_empty_join_gives_the_field_back(live_server, browser, lang, javascript):
    code = set_up(live_server)
    page = speaking(browser, lang, javascript)
    try:
        page.goto(f"{live_server}/g/join")
        field = page.locator("input[name=code]")
        expect(field).to_be_focused()
        with page.expect_navigation():
            page.get_by_role("button", name=tr(lang, "Join"), exact=True).click()
        expect(page.locator("h1")).to_have_text(tr(lang, "Join a game"))
        expect(page.locator("#join-error")).to_have_count(0)
        expect(field).to_be_focused()
        page.keyboard.type(code.lower())
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator("#board")).to_be_visible()
    finally:
        page.context.close()
