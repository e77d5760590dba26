"""A history import refused (the wrong file) gives the keys back to the file's field, its refusal in
view beside it (a walk in pt at 390x844: the refusal was said at the page's top, out of sight of the
form at its bottom, and the focus went nowhere)."""
import pytest
from playwright.sync_api import expect

from .sheet_page import new_sheet, tr


@pytest.mark.parametrize("lang", ["pt", "de"])
def test_a_refused_import_focuses_the_file_field_its_refusal_in_view(live_server, phone, lang):
    new_sheet(phone, live_server, "7wonders", ["Ana", "Bogdan", "Chloé"])     # history long enough to scroll
    token = phone.locator("input[name=csrf_token]").first.input_value()
    assert phone.request.post(phone.url + "/save", form={"csrf_token": token, "confirm": "1"}).ok
    phone.goto(f"{live_server}/history/?lang={lang}")
    field = phone.get_by_label(tr(lang, "Import a JSON export"))
    field.set_input_files(files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b'{"notes": 1}'}])
    phone.get_by_role("button", name=tr(lang, "Import"), exact=True).click()
    refusal = phone.get_by_role("alert").filter(has_text=tr(
        lang, "This file is not a history export of this app (its format line is missing)."))
    expect(refusal).to_be_visible()
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(refusal.inner_text())
    expect(refusal).to_be_in_viewport()
    expect(phone.locator("li[data-game]")).to_have_count(1)                      # nothing lost
