"""The sections that are not numbers take the keys on arrival too. Walked by keyboard alone at 390x844
(7 Wonders + Leaders, Cities, Armada in es; a Duel + Pantheon, Agora in pt): Enter on "Next: Wonder
boards" / "Next: How it ended" brought the section with the focus on nothing (<body>), so the next Tab
started again at the page's top; a number section's first field has the keys on arrival. Now the first
board, or the ending chosen, has them, and the arrows choose (saved as a tap is)."""
from playwright.sync_api import expect

from .sheet_page import new_sheet, settled, tr


def arrive_by_enter(page, url, last_numbers, players, heading, lang):
    """The section before it typed by keyboard (a number and Enter each), then Enter on "Next: ..."."""
    page.goto(f"{url}?section={last_numbers}")
    for p in range(players):
        expect(page.locator(f'input[name="{"c" if last_numbers == "coins" else "v"}-{p}'
                            f'{"" if last_numbers == "coins" else "-" + last_numbers}"]')).to_be_focused()
        page.keyboard.type(str(p + 1))
        page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page.locator("h2#section-title")).to_have_text(tr(lang, heading))
    settled(page)


def test_the_wonder_boards_take_the_keys_in_spanish(phone, live_server):
    url = new_sheet(phone, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang="es",
                    boxes=["leaders", "cities", "armada"], by_enter=True)
    arrive_by_enter(phone, url, "coins", 3, "Wonder boards", "es")
    board = phone.locator('select[name="w-0"]')
    expect(board).to_be_focused()
    phone.keyboard.press("ArrowDown")                      # the first board, chosen by keyboard
    chosen = board.input_value()
    assert chosen
    settled(phone)
    phone.goto(f"{url}?section=boards")
    expect(phone.locator('select[name="w-0"]')).to_have_value(chosen)


def test_the_duels_ending_takes_the_keys_in_french(phone, live_server):
    url = new_sheet(phone, live_server, "duel", ["Ana", "Bruno"], lang="fr", boxes=["pantheon", "agora"],
                    by_enter=True)
    arrive_by_enter(phone, url, "senate", 2, "How it ended", "fr")
    points = phone.locator('input[name="victory"][value=""]')
    expect(points).to_be_focused()
    phone.keyboard.press("ArrowDown")                      # the next ending: Ana's military supremacy
    expect(phone.locator('input[name="victory"][value="military:0"]')).to_be_checked()
    settled(phone)
    phone.goto(f"{url}?section=outcome")
    expect(phone.locator('input[name="victory"][value="military:0"]')).to_be_checked()
    expect(phone.locator('input[name="victory"][value="military:0"]')).to_be_focused()     # the ending chosen
