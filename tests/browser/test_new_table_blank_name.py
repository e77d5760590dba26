"""The new-table form with a seat left blank, in French: the page's own word, not the browser's English
"Please fill out this field" bubble (which stopped the form before the server could say anything):
the seat named at the top in the page's language, the blank field marked, every name and wonder
typed kept."""
from playwright.sync_api import expect

from .sheet_page import tr


def test_a_blank_seat_is_named_in_french_and_nothing_typed_is_lost(phone, live_server):
    phone.goto(f"{live_server}/g/new?kind=7wonders&players=3&lang=fr")
    names = phone.locator('input[name="name"]')
    names.nth(0).fill("Ana")
    names.nth(2).fill("Chloé")
    phone.locator('select[name="wonder"]').nth(0).select_option("gizah")
    phone.get_by_role("button", name=tr("fr", "Start the table"), exact=True).tap()
    alert = phone.locator("#new-table-error")
    expect(alert).to_have_text(tr("fr", "%(at)s: %(why)s") % {"at": tr("fr", "Player %(n)s") % {"n": 2},
                                                               "why": tr("fr", "each player needs a name")})
    names = phone.locator('input[name="name"]')
    expect(names).to_have_count(3)
    expect(names.nth(0)).to_have_value("Ana")
    expect(names.nth(2)).to_have_value("Chloé")
    expect(names.nth(1)).to_have_attribute("aria-invalid", "true")
    expect(names.nth(1)).to_be_focused()                 # where the player types
    expect(phone.locator('select[name="wonder"]').nth(0)).to_have_value("gizah")
    # Named now, the table starts.
    names.nth(1).fill("Bruno")
    phone.get_by_role("button", name=tr("fr", "Start the table"), exact=True).tap()
    phone.wait_for_url("**/g/**")
    expect(phone.locator("#new-table-error")).to_have_count(0)
