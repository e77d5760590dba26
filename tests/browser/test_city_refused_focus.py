"""A refused city page gives the keys to what it refused. Walked at 390x844 (7 Wonders + Leaders, Cities,
Armada in es; a Duel in it without JavaScript): "Score this city" with a number out of bounds came back
with the refusal beside the field and the focus on nothing (<body>), so the phone's keyboard closed and
the field was to find in a long page. The first refused field in the page now has the keys."""
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet, settled, tr


def test_the_refused_coins_take_the_keys_in_spanish(phone, live_server):
    url = new_sheet(phone, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang="es",
                    boxes=["leaders", "cities", "armada"], by_enter=True)
    phone.goto(f"{url}/city/0")
    phone.locator("select[name=wonder]").select_option("gizah")
    coins = phone.locator("input[name=coins]")
    coins.fill("abc")
    phone.locator("input[name=debt]").fill("2")
    phone.get_by_role("button", name=tr("es", "Score this city")).tap()
    settled(phone)
    coins = phone.locator("input[name=coins]")
    expect(coins).to_have_attribute("aria-invalid", "true")
    expect(coins).to_be_focused()
    expect(coins).to_have_value("abc")
    expect(phone.locator("input[name=debt]")).to_have_value("2")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_first_refused_field_takes_the_keys_without_javascript_in_italian(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    url = new_sheet(page, live_server, "duel", ["Ana", "Bruno"], lang="it", boxes=["pantheon", "agora"], by_enter=True)
    page.goto(f"{url}/city/1")
    page.locator("input[name=conflict]").fill("12")
    page.locator("input[name=coins]").fill("-3")
    with page.expect_navigation():
        page.locator("input[name=coins]").press("Enter")
    expect(page.locator("input[name=conflict]")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("input[name=coins]")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("input[name=conflict]")).to_be_focused()          # the first of the two
    context.close()
