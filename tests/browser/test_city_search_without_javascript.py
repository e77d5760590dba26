"""The city page's card search without JavaScript, in French: it searched nothing (its cards are found
by htmx as letters are typed) and the only way on was Enter, which scored the city. A "Search" button
now shows the page again with the cards found, what was typed kept, nothing saved or checked; with
JavaScript it is not there (the search is live)."""
import re

from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import tr


def test_the_card_search_without_javascript_finds_and_keeps_what_was_typed(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/sheets/new?pad=7wonders&players=3&lang=fr")
    page.locator('input[name=box][value="leaders"]').check()
    for i, name in enumerate(["Ana", "Björn", "Chloé"]):
        page.locator('input[name="name"]').nth(i).fill(name)
    page.locator('input[name="name"]').nth(2).press("Enter")
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    sheet = page.url
    page.goto(f"{sheet}/city/0")
    page.locator("input[name=coins]").fill("7")
    page.locator("input[name=q]").fill("autel")
    search = page.get_by_role("button", name=tr("fr", "Search"), exact=True)
    box = search.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
    with page.expect_navigation():
        search.click()
    altar = page.locator("#picker label.pick", has_text="Autel")
    expect(altar).to_be_visible()                                   # found: its colour opened
    expect(page.locator("#picker label.pick:visible")).to_have_count(1)
    expect(page.locator("input[name=coins]")).to_have_value("7")
    expect(page.locator("#city-form .error")).to_have_count(0)              # a search, not a scoring: no board asked yet
    page.locator("select[name=wonder]").select_option("gizah")
    altar.click()
    with page.expect_navigation():
        page.get_by_role("button", name=tr("fr", "Score this city")).click()
    page.wait_for_url(sheet)
    page.goto(f"{sheet}/city/0")
    expect(page.locator('#picker input[value="altar"]')).to_be_checked()
    expect(page.locator("input[name=coins]")).to_have_value("7")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


def test_with_javascript_there_is_no_search_button(phone, live_server):
    phone.goto(f"{live_server}/sheets/new?pad=duel&players=2&lang=it")
    for i, name in enumerate(["Ana", "Bruno"]):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.locator('input[name="name"]').nth(1).press("Enter")
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    phone.goto(f"{phone.url}/city/0")
    expect(phone.locator("input[name=q]")).to_be_visible()
    expect(phone.get_by_role("button", name=tr("it", "Search"), exact=True)).to_have_count(0)
