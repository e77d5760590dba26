"""Without JavaScript a refused number on the sheet gives the keys back to its field, as with it. Walked
by keyboard without JavaScript at 390x844 (a Duel + Pantheon, Agora in it; 7 Wonders in ro): "abc" typed
and Enter came back with the refusal beside the cell and the focus on nothing (<body>): the field's
data-autofocus is keys.js's, which did not run. The page (not brought by htmx) has autofocus there too."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet


@pytest.mark.parametrize("lang, pad, boxes, names, row", [
    ("it", "duel", ["pantheon", "agora"], ["Ana", "Bruno"], "civil"),
    ("ro", "7wonders", [], ["Ana", "Bogdan", "Chloé"], "military")])
def test_the_refused_cell_has_the_keys(browser, live_server, lang, pad, boxes, names, row):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    new_sheet(page, live_server, pad, names, lang=lang, boxes=boxes, by_enter=True)
    page.locator(f'input[name="v-0-{row}"]').fill("4")
    cell = page.locator(f'input[name="v-1-{row}"]')
    cell.fill("abc")
    with page.expect_navigation():
        cell.press("Enter")
    cell = page.locator(f'input[name="v-1-{row}"]')
    expect(cell).to_have_attribute("aria-invalid", "true")
    expect(cell).to_have_value("abc")
    expect(cell).to_be_focused()
    expect(page.locator(f'input[name="v-0-{row}"]')).to_have_value("4")        # the other saved
    context.close()
