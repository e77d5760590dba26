"""A player's name typed 30 letters long (390x844): the score sheet's field took 40 letters and the server
refused anything past 24 ("Keep names to 24 letters."), the table's field stopped at 24. Both fields now stop
where the server does (catalog.plays.MAX_NAME), and the sheet starts with the name as kept."""
import re

from playwright.sync_api import expect

from companion.catalog.plays import MAX_NAME

THIRTY = "Maximilianus Cornelius Scipio" + "X"


def test_the_sheet_and_the_table_stop_a_name_where_the_server_does(phone, live_server):
    assert len(THIRTY) == 30
    phone.goto(f"{live_server}/sheets/new?pad=7wonders&players=3")
    names = phone.locator('input[name="name"]')
    names.nth(0).press_sequentially(THIRTY)
    expect(names.nth(0)).to_have_value(THIRTY[:MAX_NAME])
    names.nth(1).fill("Bruno")
    names.nth(2).fill("Chloé")
    names.nth(2).press("Enter")
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))     # started, not refused
    expect(phone.locator("p.city-links a").nth(0)).to_have_text(THIRTY[:MAX_NAME].strip())

    phone.goto(f"{live_server}/g/new?kind=7wonders&players=3")
    seat = phone.locator('input[name="name"]').nth(0)
    seat.press_sequentially(THIRTY)
    expect(seat).to_have_value(THIRTY[:MAX_NAME])
