"""The "Save to history?" page by keyboard. Walked at 390x844 (7 Wonders + Armada in ro, with and without
JavaScript): Enter on "Save to history" with empty columns brought the question with the focus on nothing,
so the next Tab went through the header's links first. The keys now rest on what is asked; Tab reaches
"Back to the sheet", then "Save anyway"."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet, settled, tr


@pytest.mark.parametrize("lang, js", [("ro", True), ("de", False)])
def test_the_question_has_the_keys(browser, live_server, lang, js):
    context = browser.new_context(viewport=PHONE, java_script_enabled=js)
    page = context.new_page()
    url = new_sheet(page, live_server, "7wonders", ["Ana", "Bo", "Cy"], lang=lang, boxes=["armada"], by_enter=True)
    cell = page.locator('input[name="v-0-military"]')
    cell.fill("3")
    if js:
        cell.press("Enter")
        settled(page)
    else:
        with page.expect_navigation():
            cell.press("Enter")
    page.get_by_role("button", name=tr(lang, "Save to history")).focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page).to_have_url(f"{url}/save")
    if js:
        settled(page)                        # htmx's boosted answer swapped in and settled (its focus given)
    expect(page.locator("p.error[role=alert][tabindex]")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name=tr(lang, "Back to the sheet"))).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name=tr(lang, "Save anyway"))).to_be_focused()
    context.close()
