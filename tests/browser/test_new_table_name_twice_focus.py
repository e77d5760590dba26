"""The new-table form refusing a name twice gives the keys to the name refused. Walked by keyboard at
390x844 (helper 123, de, a Duel with the Agora): "Ana", "ana", Enter came back with 'Spieler 2: die zwei
Spieler brauchen verschiedene Namen' at the top and the focus on nothing (<body>), the keyboard closed
and no field marked (only a blank seat was). The seat the refusal names is marked and focused now."""
import pytest
from playwright.sync_api import expect

from .conftest import speaking


@pytest.mark.parametrize("lang, kind, names, twice, js", [
    ("de", "duel", ["Ana", "ana"], 1, True),
    ("es", "7wonders", ["Ana", "Bruno", "ANA "], 2, False),
])
def test_a_name_twice_marks_and_focuses_its_seat(browser, live_server, lang, kind, names, twice, js):
    page = speaking(browser, lang, javascript=js)
    try:
        page.goto(f"{live_server}/g/new?kind={kind}&players={len(names)}&lang={lang}")
        if kind == "duel":
            page.locator('input[name=box][value="agora"]').check()
        fields = page.locator('input[name="name"]')
        for i, name in enumerate(names):
            fields.nth(i).fill(name)
        with page.expect_navigation():
            fields.nth(len(names) - 1).press("Enter")
        expect(page.locator("#new-table-error")).to_be_visible()
        fields = page.locator('input[name="name"]')
        refused = fields.nth(twice)
        expect(refused).to_have_attribute("aria-invalid", "true")
        expect(refused).to_be_focused()
        expect(fields.nth(0)).not_to_have_attribute("aria-invalid", "true")
        expect(refused).to_have_value(names[twice])               # what was typed is kept to be corrected
        if kind == "duel":
            expect(page.locator('input[name=box][value="agora"]')).to_be_checked()
        page.keyboard.type("Bea")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator("#board")).to_be_visible()
    finally:
        page.context.close()
