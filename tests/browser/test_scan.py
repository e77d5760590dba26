"""A phone photographs a filled Duel pad, is shown which numbers to check, corrects them (the
total written on the pad too), checks again and creates the score sheet. The photo is a generated
one, written in a handwriting-style font."""
from playwright.sync_api import expect

from companion.scan.synth import PhotoSpec, make_photo

# Seed 63 in the SteveHand font: a score and a total are misread, and the reader marks both.
SEED, PAD, FONT = 63, "duel", "steve-hand"


def _field(player: int, key: str) -> str:
    return f"total-{player}" if key == "total" else f"v-{player}-{key}"


def test_a_photo_becomes_a_sheet_after_the_marked_cells_are_checked(live_server, phone, shoot):
    data, truth = make_photo(SEED, PAD, FONT, PhotoSpec(size=(2000, 1500)))
    phone.goto(f"{live_server}/scan/")
    phone.get_by_label("7 Wonders Duel").check()
    phone.locator("input[type=file]").set_input_files(
        files=[{"name": "pad.jpg", "mimeType": "image/jpeg", "buffer": data}])
    phone.get_by_role("button", name="Read the photo").click()
    expect(phone.locator("h1")).to_have_text("Check the scanned pad")
    expect(phone.locator("td.doubt").first).to_be_visible()
    shoot(phone, "scan-preview")

    # Every misread cell is among the marked ones: the player only has to look there.
    written = [dict(scores, total=total) for scores, total in zip(truth.scores, truth.totals)]
    wrong = [(p, key) for p, values in enumerate(written) for key, value in values.items()
             if phone.locator(f"input[name='{_field(p, key)}']").input_value() != str(value)]
    assert {key for _, key in wrong} >= {"total"}, f"the photo no longer tests the marks: {wrong}"
    for p, key in wrong:
        expect(phone.locator(f"td[data-row='{key}'][data-player='{p}']")).to_have_class("doubt")
        phone.locator(f"input[name='{_field(p, key)}']").fill(str(written[p][key]))
    for p, name in enumerate(truth.names):
        phone.locator(f"input[name='name-{p}']").fill(name)

    phone.get_by_role("button", name="Check again").click()
    expect(phone.locator("td.mismatch")).to_have_count(0)      # every column adds up to its total now
    phone.get_by_role("button", name="Create the score sheet").click()
    expect(phone.locator("h1")).not_to_have_text("Check the scanned pad")
    assert "/sheets/" in phone.url
    totals = phone.locator("[data-total]")
    expect(totals).to_have_count(len(truth.names))
    for p, total in enumerate(truth.totals):
        expect(totals.nth(p)).to_have_text(str(total))
    shoot(phone, "scan-saved-sheet")
