"""The scan's preview fits a phone whatever column holds a doubt (a player walk in Portuguese: the page
was 421 px wide, so the phone zoomed out and the page slid sideways). A doubt said once at its
column's total is told to screen readers in each cell by a visually hidden note (position: absolute);
its containing block was the page, not the table's sideways scroll, so a note in a column scrolled
off to the right widened the page."""
from playwright.sync_api import expect

from companion.web.scan import Doubt

from .sheet_page import post_preview

NAMES = ["Ana", "Bruno", "Chloé", "Dan", "Eva", "Filipe", "Gabi"]
ROWS = ["military", "treasury", "wonder", "civil", "science", "commerce", "guilds"]


def test_a_doubt_in_the_last_column_leaves_the_page_a_phones_width(live_server, phone):
    phone.goto(f"{live_server}/scan/")
    token = phone.locator("input[name=csrf_token]").first.input_value()
    # The preview as "check again" answers it: seven columns, the last one's cells noted "does not add up".
    fields = {"csrf_token": token, "pad": "7wonders", "players": str(len(NAMES))}
    for p, name in enumerate(NAMES):
        fields[f"name-{p}"] = name
        for key in ROWS:
            fields[f"v-{p}-{key}"] = "3"
        fields[f"total-{p}"] = "21"
    last = len(NAMES) - 1
    fields[f"total-{last}"] = "40"
    for key in ROWS:
        fields[f"doubt-v-{last}-{key}"] = Doubt.SUM        # the form carries a doubt by its kind
    post_preview(phone, fields)
    expect(phone.locator("h1")).to_have_text("Check the scanned pad")
    notes = phone.locator(f"#scan-preview .visually-hidden[id^='v-{last}-']")
    expect(notes.first).to_be_attached()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # The table still scrolls sideways to the last column, its notes with it.
    phone.locator(f"input[name='v-{last}-military']").scroll_into_view_if_needed()
    assert phone.locator(f"input[name='v-{last}-military']").is_visible()
