"""A word longer than a phone's line breaks instead of widening the page (a player walk: a search
pasted into the card look-up made the page 893 px wide, a 24-letter name, the longest the app
takes, 574 px on its city page and 425 on "Save to history?"; the phone zoomed out and slid)."""
import re

from companion.catalog.plays import MAX_NAME

from .sheet_page import new_sheet

LONG = "W" + "w" * (MAX_NAME - 1)


def width(phone) -> int:
    phone.wait_for_load_state("load")
    return phone.evaluate("document.documentElement.scrollWidth")


def test_a_long_search_and_the_longest_name_leave_pages_a_phones_width(live_server, phone):
    phone.goto(f"{live_server}/cards/?q={'x' * 120}")
    assert phone.locator("#results .note").count() == 1          # "Nothing matches …", the search echoed
    widths = {"search": width(phone)}
    new_sheet(phone, live_server, "7wonders", [LONG, "Bo", "Cy"])
    sheet = phone.url
    phone.goto(sheet + "/city/0")
    assert LONG in phone.locator("h1").inner_text()
    widths["city"] = width(phone)
    phone.goto(sheet)
    phone.get_by_role("button", name="Save to history").click()
    phone.wait_for_url(re.compile(r".*/save$"))
    widths["save"] = width(phone)
    assert widths == {"search": 390, "city": 390, "save": 390}
