"""The history's statistics scroll sideways on a phone (a column a category); whose row it is stays in
view (a player walk: at the Military column the players' names had scrolled away)."""

from playwright.sync_api import expect

from .sheet_page import new_sheet


def test_the_names_stay_in_view_when_the_statistics_scroll_sideways(live_server, phone):
    new_sheet(phone, live_server, "7wonders", ["Ana", "Bogdan", "Chloé"])
    token = phone.locator("input[name=csrf_token]").first.input_value()
    assert phone.request.post(phone.url + "/save", form={"csrf_token": token, "confirm": "1"}).ok
    phone.goto(f"{live_server}/history/")
    scroll = phone.locator(".stats-section .stats-scroll").first
    expect(scroll).to_be_visible()
    assert scroll.evaluate("el => el.scrollWidth > el.clientWidth")        # it does scroll sideways
    scroll.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    phone.wait_for_function("el => el.scrollLeft > 0", arg=scroll.element_handle())
    left = scroll.evaluate("el => el.getBoundingClientRect().left")
    for name in ("Ana", "Bogdan", "Chloé"):
        cell = scroll.locator("th[scope=row]", has_text=name)
        box = cell.bounding_box()
        assert box["x"] >= left - 1, name
        # Seen, not covered by the averages scrolled under it.
        assert cell.evaluate("el => { const r = el.getBoundingClientRect();"
                             " return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }")
