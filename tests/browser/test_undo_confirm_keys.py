"""Taking back another player's move by keyboard (ro, 390x844): Enter on "Undo Ana's move…" brought the
question to the board's top with the keys left on <body>, "Yes" a walk of Tabs from the page's top.
The question takes the focus as it comes; Tab reaches "Yes", Enter takes the move back."""
from playwright.sync_api import expect

from .test_live_table import api, open_a_slot, set_up, settled
from .test_table_journeys import join_as, phone

WHO = {"who": "Cine ești?"}


def test_another_players_move_taken_back_by_keyboard(live_server, browser):
    code = set_up(live_server)
    (c1, ana), (c2, bruno) = phone(browser, "ro"), phone(browser, "ro")
    join_as(ana, live_server, code, "Ana", WHO)
    join_as(bruno, live_server, code, "Bruno", WHO)
    while api(live_server, f"/api/v1/games/{code}")["to_move"] == "chance":     # the face-up cards entered
        version = ana.locator("#board").get_attribute("data-version")
        settled(ana)
        if not ana.locator("#reveal [data-reveal]").count():
            ana.locator("a.slot.unknown").first.click()
        ana.locator("#reveal [data-reveal]").first.click()
        expect(ana.locator("#board")).not_to_have_attribute("data-version", version)
    state = api(live_server, f"/api/v1/games/{code}")
    mover, other = (ana, bruno) if state["to_move"] == "Ana" else (bruno, ana)
    name = state["to_move"]
    open_a_slot(mover)
    mover.locator("#slot-moves button").last.click()                # a discard: always legal
    expect(other.locator("#board")).not_to_have_attribute("data-version", str(state["version"]))
    settled(other)
    undo = other.locator("[data-undo] button")
    expect(undo).to_have_text(f"Anulează mutarea lui {name}…")
    undo.focus()
    other.keyboard.press("Enter")
    expect(other.locator("#undo-confirm")).to_be_focused()
    settled(other)
    expect(other.locator("#undo-confirm")).to_be_focused()
    other.keyboard.press("Tab")
    expect(other.locator("[data-undo] button[type=submit]")).to_be_focused()
    other.keyboard.press("Enter")
    expect(other.locator("details.log .undos")).to_contain_text(name)       # said taken back
    assert api(live_server, f"/api/v1/games/{code}")["to_move"] == name          # and it is
    for context in (c1, c2):
        context.close()
