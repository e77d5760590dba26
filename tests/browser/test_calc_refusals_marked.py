"""A calculator's refused count, typed with JavaScript on (the answer swapped in alone): the field itself
is marked and described by the refusal, kept as typed and with the keys; typed right, the mark goes, and so
does a refusal a reloaded page had drawn beside it. Walked in pt and fr at 390x844 with letters, huge,
negative and decimal numbers: the refusal named the field, but the field stayed unmarked, the trade page
also said "Choose a card or type a cost" to a player who had typed one, and a reload's refusal stayed
beside a field corrected since."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import tr

CHOOSE = "Choose a card or type a cost."


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_refused_count_marks_its_field_until_typed_right(live_server, phone, lang):
    phone.goto(f"{live_server}/calc/trade?lang={lang}")
    glass = phone.locator('input[name="need-glass"]')
    glass.click()
    answer = phone.locator("#answer")
    for bad in ("abc", "-3", "99999999999999999999"):
        glass.fill(bad)
        refusal = answer.locator(".error").filter(has_text=tr(lang, "A whole number from 0 to %(n)s.") % {"n": 9})
        expect(refusal).to_be_visible()
        expect(refusal).to_be_in_viewport()
        expect(glass).to_have_attribute("aria-invalid", "true")
        expect(glass).to_have_accessible_description(refusal.inner_text())
        expect(glass).to_have_value(bad)
        expect(glass).to_be_focused()
        expect(answer).not_to_contain_text(tr(lang, CHOOSE))
    glass.fill("2")
    expect(answer.locator(".error")).not_to_contain_text(tr(lang, "A whole number from 0 to %(n)s.") % {"n": 9})
    expect(glass).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_reloaded_refusal_beside_its_field_goes_once_typed_right(live_server, phone, lang):
    phone.goto(f"{live_server}/calc/science?gear=abc&lang={lang}")        # an address holding a bad count
    gear = phone.locator('input[name="gear"]')
    expect(phone.locator("#gear-error")).to_be_visible()
    gear.fill("3")
    expect(phone.locator("[data-points]")).to_have_text("9")
    expect(phone.locator("#gear-error")).to_have_count(0)
    expect(gear).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_without_javascript_the_first_refused_field_has_the_keys_back(live_server, browser, lang):
    """Sent without JavaScript (Enter, the page back whole), the keys went nowhere; now to the first refused
    field, the second refused one marked too, everything typed kept."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    phone = context.new_page()
    phone.goto(f"{live_server}/calc/trade?lang={lang}")
    phone.locator('input[name="need-glass"]').fill("abc")
    phone.locator('input[name="left-wood-clay"]').fill("7")
    phone.locator('input[name="me-wood"]').fill("2")
    phone.locator('input[name="need-glass"]').press("Enter")
    phone.wait_for_url("**need-glass=abc**")
    expect(phone.locator('input[name="need-glass"]')).to_be_focused()
    for name, typed in (("need-glass", "abc"), ("left-wood-clay", "7")):
        expect(phone.locator(f'input[name="{name}"]')).to_have_attribute("aria-invalid", "true")
        expect(phone.locator(f'input[name="{name}"]')).to_have_value(typed)
    expect(phone.locator('input[name="me-wood"]')).to_have_value("2")
    context.close()
