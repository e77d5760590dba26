"""The city page's card search without JavaScript, in French: it searched nothing (its cards are found
by htmx as letters are typed) and the only way on was Enter, which scored the city. A "Search" button
now shows the page again with the cards found, what was typed kept, nothing saved or checked; with
JavaScript it is not there (the search is live). Enter in the search field searches, with
JavaScript and without."""
import re

from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet, sheet_without_javascript, tr


def test_the_card_search_without_javascript_finds_and_keeps_what_was_typed(browser, live_server):
    with sheet_without_javascript(browser, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang="fr",
                                  boxes=["leaders"]) as (page, sheet):
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


def test_with_javascript_there_is_no_search_button(phone, live_server):
    url = new_sheet(phone, live_server, "duel", ["Ana", "Bruno"], lang="it", by_enter=True)
    phone.goto(f"{url}/city/0")
    expect(phone.locator("input[name=q]")).to_be_visible()
    expect(phone.get_by_role("button", name=tr("it", "Search"), exact=True)).to_have_count(0)


def test_enter_in_the_card_search_without_javascript_searches_and_scores_nothing(browser, live_server):
    """Enter in the search field pressed the form's first button, "Score this city": the city was
    scored (or refused for its board) and nothing searched. It searches now, the keys back in the field;
    Enter in another field, the search shown, scores the city."""
    with sheet_without_javascript(browser, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang="pt",
                                  boxes=["leaders"]) as (page, sheet):
        page.goto(f"{sheet}/city/0")
        page.locator("input[name=coins]").fill("7")
        find = page.locator("input[name=q]")
        find.fill("altar")
        with page.expect_navigation():
            find.press("Enter")
        expect(page).to_have_url(f"{sheet}/city/0")
        expect(page.locator("#city-form .error:visible")).to_have_count(0)      # no "choose the wonder board"
        expect(page.locator("#picker label.pick:visible")).to_have_count(1)
        altar = page.locator("#picker label.pick", has_text="Altar")
        expect(altar).to_be_visible()
        expect(page.locator("input[name=q]")).to_be_focused()
        expect(page.locator("input[name=coins]")).to_have_value("7")
        page.locator("select[name=wonder]").select_option("gizah")
        altar.click()
        with page.expect_navigation():
            page.locator("input[name=coins]").press("Enter")
        page.wait_for_url(sheet)
        page.goto(f"{sheet}/city/0")
        expect(page.locator('#picker input[value="altar"]')).to_be_checked()
        expect(page.locator("input[name=coins]")).to_have_value("7")


def test_enter_in_the_card_search_with_javascript_searches_and_scores_nothing(phone, live_server):
    sheet = new_sheet(phone, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang="de", by_enter=True)
    phone.goto(f"{sheet}/city/0")
    phone.locator("input[name=coins]").fill("7")
    find = phone.locator("input[name=q]")
    find.tap()
    phone.keyboard.type("altar")
    phone.keyboard.press("Enter")
    expect(phone.locator("#picker label.pick:visible")).to_have_count(1)
    expect(phone.locator("#picker label.pick", has_text=re.compile("Altar"))).to_be_visible()
    expect(phone).to_have_url(f"{sheet}/city/0")
    expect(phone.locator("input[name=coins]")).to_have_value("7")       # the page not sent: still as typed
    phone.goto(f"{sheet}/city/0")
    expect(phone.locator("input[name=coins]")).to_have_value("0")       # nothing scored
