"""The new-sheet page's refusals give the keys to what they refuse. Walked by keyboard at 390x844 (pt, de;
with and without JavaScript): a name twice ("Ana", "ana") or longer than 24 letters, then Enter, came
back refused with the focus on nothing (<body>), the keyboard closed. The refused name has the keys now;
a count of players refused (a Duel with one name) puts them on its sentence."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE


@pytest.mark.parametrize("lang, js", [("ro", True), ("fr", False)])
def test_a_name_twice_keeps_the_keys(browser, live_server, lang, js):
    context = browser.new_context(viewport=PHONE, java_script_enabled=js)
    page = context.new_page()
    page.goto(f"{live_server}/sheets/new?pad=7wonders&players=3&lang={lang}")
    names = page.locator('input[name="name"]')
    for i, name in enumerate(["Ana", "ana", "Cy"]):
        names.nth(i).fill(name)
    with page.expect_navigation():
        names.nth(2).press("Enter")
    twice = page.locator('input[name="name"]').nth(1)
    expect(twice).to_have_attribute("aria-invalid", "true")
    expect(twice).to_be_focused()
    expect(page.locator('input[name="name"]').nth(2)).to_have_value("Cy")
    context.close()


def test_too_few_players_puts_the_keys_on_the_sentence_without_javascript(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/sheets/new?pad=duel&players=2&lang=it")
    page.locator('input[name="name"]').first.fill("Ana")
    with page.expect_navigation():
        page.locator('input[name="name"]').first.press("Enter")
    expect(page.locator("#names-error")).to_be_focused()
    context.close()
