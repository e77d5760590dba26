"""A number too long for the sheet (a finger held on a key): walked by keyboard in de and es at 390x844,
thirty 9s typed in Militär and Enter answered „999999999999“ ist keine ganze Zahl: a falsehood about
the twelve digits it quoted. The row's bounds answer now, as for 999; the field keeps what was typed."""
import pytest
from playwright.sync_api import expect

from companion.engine.messages import minus

from .sheet_page import new_sheet, settled, tr


@pytest.mark.parametrize("lang, row, low, high", [("de", "Military", -6, 18), ("es", "Debt", -47, 0)])
def test_a_long_number_is_told_the_rows_bounds(phone, live_server, lang, row, low, high):
    url = new_sheet(phone, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang=lang, boxes=["cities"],
                    by_enter=True)
    key = row.lower()
    phone.goto(f"{url}?section={key}")
    field = phone.locator(f'input[name="v-0-{key}"]')
    expect(field).to_be_focused()
    phone.keyboard.type("9" * 30)
    phone.keyboard.press("Enter")
    settled(phone)
    bounds = tr(lang, "%(row)s is between %(low)s and %(high)s in a real game.") % {
        "row": tr(lang, row), "low": minus(low), "high": high}          # "−6", the minus sign
    expect(phone.locator(f"#v-0-{key}-error")).to_have_text(bounds)
    expect(field).to_have_value("9" * 30)
