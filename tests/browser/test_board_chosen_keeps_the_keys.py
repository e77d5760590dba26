"""A wonder board chosen on the score sheet keeps the keys. Walked by keyboard at 390x844 (helper 123, de
and es, 7 Wonders + Cities): a board picked with the arrow keys was saved, the answer replaced the
player's line and the keys went to <body>; the next Tab landed on the page's first link ("7W"), not on
the side beside the board. The choice saved, the keys are where they were, and Tab goes on to the side
and the next player's board."""
import pytest
from playwright.sync_api import expect

from .sheet_page import new_sheet, settled


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_board_chosen_by_keyboard_keeps_the_keys(phone, live_server, lang):
    new_sheet(phone, live_server, "7wonders", ["Ana", "Bruno", "Cy"], lang=lang, boxes=["cities"], by_enter=True)
    phone.locator('.sections button[value="boards"]').click()
    expect(phone.locator('.sections button[value="boards"]')).to_have_attribute("aria-current", "step")
    settled(phone)                                        # the section swapped in before its keys are used
    board = phone.locator('select[name="w-0"]')
    board.focus()
    expect(board).to_be_focused()
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.keyboard.press("ArrowDown")                 # the first board: saved as it is chosen
    settled(phone)
    expect(phone.locator('select[name="w-0"]')).to_have_value("alexandria")
    expect(phone.locator('select[name="w-0"]')).to_be_focused()
    phone.keyboard.press("Tab")
    expect(phone.locator('select[name="s-0"]')).to_be_focused()
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.keyboard.press("ArrowDown")                 # side B
    settled(phone)
    expect(phone.locator('select[name="s-0"]')).to_be_focused()
    phone.keyboard.press("Tab")
    expect(phone.locator('select[name="w-1"]')).to_be_focused()
    phone.reload()
    expect(phone.locator('select[name="w-0"]')).to_have_value("alexandria")
    expect(phone.locator('select[name="s-0"]')).to_have_value("B")
