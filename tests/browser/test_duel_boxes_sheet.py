"""A Duel with Pantheon and Agora tallied by numbers on a phone at 390x844 (issue 32): the boxes'
rows (divinities, senate) under the Duel's, typed with the keyboard; English and German."""
import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage, tr

ROWS = ["civil", "science", "commercial", "guilds", "wonders", "progress", "treasury", "military",
        "divinities", "senate"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_pantheon_and_agora_duel_tallied_by_numbers(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "duel", ["Ana", "Bruno"], ["Pantheon", "Agora"])
    expect(phone.locator("h1")).to_contain_text(tr(lang, "Pantheon"))
    assert sheet.sections()[:len(ROWS)] == ROWS              # the boxes' rows under the Duel's
    scores = {row: [(2 * r + 3 * p) % 9 for p in range(2)] for r, row in enumerate(ROWS)}
    scores["divinities"] = [9, 0]                            # Aphrodite
    scores["senate"] = [4, 6]
    sheet.enter_rows(ROWS, scores)                            # each heading checked as it comes, Divinities too
    expected = [sum(scores[row][p] for row in ROWS) for p in range(2)]
    sheet.expect_totals_and_ranks(expected)
    sheet.fits_the_screen()
    shoot(phone, f"duel-pantheon-agora-sheet-{lang}")
