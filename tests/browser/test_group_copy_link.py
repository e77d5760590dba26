"""The group page's 'Copy link' (the last player walk: the link had to be selected by hand on a phone).
At 390x844: the button copies the invitation link and says so in the reader's language, through the
clipboard API or, where the page may not use it, by selecting the field; without JavaScript the button
is not shown and the link is."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import tr


def group_phone(browser, lang, **options):
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang,
                               extra_http_headers={"Accept-Language": lang}, **options)


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_copy_link_copies_the_invitation_link_and_says_so(live_server, browser, shoot, lang):
    context = group_phone(browser, lang)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page = context.new_page()
    page.goto(f"{live_server}/group/")
    link = page.locator("[data-link]").input_value()
    assert "/group/join/" in link
    button = page.get_by_role("button", name=tr(lang, "Copy link"))
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    button.tap()
    expect(page.get_by_role("status").filter(has_text=tr(lang, "Copied"))).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, f"group-copy-link-{lang}")
    context.close()


def test_without_the_clipboard_api_the_field_is_selected_and_copied(live_server, browser):
    """An older browser, or a page served over plain http on the local network: no navigator.clipboard."""
    context = group_phone(browser, "fr")
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined});")
    page = context.new_page()
    page.goto(f"{live_server}/group/")
    page.get_by_role("button", name=tr("fr", "Copy link")).tap()
    expect(page.get_by_role("status").filter(has_text=tr("fr", "Copied"))).to_be_visible()
    selected = page.evaluate("""() => { const f = document.querySelector('[data-link]');
        return [document.activeElement === f, f.value.substring(f.selectionStart, f.selectionEnd) === f.value]; }""")
    assert selected == [True, True]
    context.close()


def test_without_javascript_the_link_is_shown_and_no_button(live_server, browser):
    context = group_phone(browser, "de", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/group/")
    expect(page.locator("[data-link]")).to_be_visible()
    assert "/group/join/" in page.locator("[data-link]").input_value()
    expect(page.get_by_role("button", name=tr("de", "Copy link"))).to_be_hidden()
    context.close()
