"""A player's typo on the photo reader's pages is answered by the page, in its language, saying what and
where, never by the browser's own bubble: a cell's pattern stopped 'Check again' with 'Please match the
requested format.' (the browser's words, whatever the page's language, and no word of which cell or why;
the pattern also stopped a '−5' typed with a keyboard's minus sign, which the page reads), and an upload with no photo chosen
pointed the browser's 'Please select a file' at an input drawn invisible over its button."""
from playwright.sync_api import expect

from testkit.pad_photos import PhotoSpec, make_photo

from .sheet_page import read_photo, tr

SEED, PAD, FONT = 103, "duel", "steve-hand"


def test_a_letter_typed_in_a_cell_is_refused_by_the_page_in_its_language(live_server, phone):
    data, _truth = make_photo(SEED, PAD, FONT, PhotoSpec(size=(2000, 1500)))
    read_photo(phone, live_server, "fr", data)
    phone.locator("#v-0-civil").fill("4O")
    phone.get_by_role("button", name=tr("fr", "Check again")).click()
    first = phone.locator(".scan-to-check li").first
    expect(first).to_have_attribute("data-field", "v-0-civil")
    expect(first.locator(".error")).to_have_text(tr("fr", "“%(text)s” is not a whole number.") % {"text": "4O"})
    expect(phone.locator("#v-0-civil")).to_have_value("4O")           # what was typed is kept


def test_a_photo_not_chosen_is_said_by_the_page(live_server, phone):
    phone.goto(f"{live_server}/scan/?lang=pt")
    phone.get_by_role("button", name=tr("pt", "Read the photo")).click()
    expect(phone.get_by_role("alert")).to_have_text(tr("pt", "Choose a photo of the pad."))
