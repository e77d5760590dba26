"""A refused move on a tracked table (es with JavaScript, fr without, 390x844): the reason came at the
board's top with the keys left on <body> (or the page's start), the next Tab going through the menu.
The reason takes the focus as it comes: a screen reader reads it, Tab goes on to the board."""
import re

import pytest
from playwright.sync_api import expect

from .test_every_phone_gets_in import new_phone
from .test_live_table import TablePhone, api, set_up
from .test_score_sheet import tr


@pytest.mark.parametrize("lang,js", [("es", True), ("fr", False)])
def test_a_refused_move_takes_the_focus(live_server, browser, lang, js):
    code = set_up(live_server)
    first, second = new_phone(browser), new_phone(browser, lang, js=js)
    ana, bruno = TablePhone(first[1], live_server, code, "all"), second[1]
    # Bruno's stream and catch-ups held back: his board still offers the card Ana is about to take.
    bruno.route(re.compile(r".*/g/\w+/(events|board\?v=).*"), lambda route: route.abort())
    TablePhone(bruno, live_server, code, "all")
    while api(live_server, f"/api/v1/games/{code}")["to_move"] == "chance":
        version = ana.version()
        ana.enter_reveal()
        ana.moved_past(version)
    bruno.reload()
    bruno.locator("a.slot.open").first.click()
    discard = bruno.locator("#slot-moves button").last             # a discard: legal until Ana moves
    expect(discard).to_be_visible()
    version = ana.version()
    ana.discard_first_open_card()
    ana.moved_past(version)
    discard.focus()
    bruno.keyboard.press("Enter")
    message = bruno.locator("#table-message")
    expect(message).to_have_text(tr(lang, "Someone else played first: look at the board again."))
    expect(message).to_be_focused()
    expect(message).to_be_in_viewport()
    for context in (first[0], second[0]):
        context.close()
