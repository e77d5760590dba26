"""The history's statistics on a 390 px phone: every column read without scrolling sideways, each
number under its column's name and its player's (a walk in en and de: the table scrolled in its own
box, a column cut at the edge, "Wissenschaft" out of sight)."""
import pytest
from playwright.sync_api import expect

from .sheet_page import new_sheet, tr


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_statistic_is_read_on_a_phone_without_scrolling_sideways(live_server, phone, lang):
    new_sheet(phone, live_server, "7wonders", ["Alexandrina", "Bartholomäus", "Chloé"])
    token = phone.locator("input[name=csrf_token]").first.input_value()
    assert phone.request.post(phone.url + "/save", form={"csrf_token": token, "confirm": "1"}).ok
    phone.goto(f"{live_server}/history/?lang={lang}")
    stats = phone.locator(".stats-section table").first
    expect(stats).to_be_visible()
    headers = stats.locator("thead th").all_text_contents()
    assert tr(lang, "Games") in headers and len(headers) > 8          # the pad's categories are there
    for name in ("Alexandrina", "Bartholomäus", "Chloé"):
        row = stats.locator("tbody tr").filter(has=phone.locator("th", has_text=name))
        row.scroll_into_view_if_needed()
        cells = row.locator("td")
        expect(cells).to_have_count(len(headers) - 1)
        # Each number says its column, in the page's language, and is in full inside the phone's width.
        labels = cells.evaluate_all("tds => tds.map(td => getComputedStyle(td, '::before').content)")
        assert labels == [f'"{h}"' for h in headers[1:]]
        for box in [row.locator("th").bounding_box()] + [c.bounding_box() for c in cells.all()]:
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
        assert not cells.evaluate_all("tds => tds.some(td => td.scrollWidth > td.clientWidth)")
    scrollers = phone.evaluate("[...document.querySelectorAll('.stats-section *')].filter(el => el.scrollWidth"
                               " > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)).length")
    assert scrollers == 0                              # no box of its own that scrolls sideways
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Still a table to a screen reader: a player's row header and a cell a number.
    expect(phone.get_by_role("rowheader", name="Chloé")).to_have_count(1)
    expect(phone.get_by_role("cell", name=tr(lang, "Games"))).not_to_have_count(0)
