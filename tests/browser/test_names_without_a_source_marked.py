"""Names with none known in the page's language, on the city pages and the sheet's boards. Walked at
390x844 (a Duel + Pantheon, Agora in pt and ro; 7 Wonders + Leaders, Cities, Armada in es): "The
Divine Theater", "Mysticism", "Architects Guild", "The Al-Khazneh of Petra" stood among the translated
names as if they were the language's own. They are marked now (lang="en" and an asterisk), and the list
says once what the asterisk means, as the card pages do ("English name: none known in this language")."""
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet, settled, tr

NOTE = "English name: none known in this language"


def test_the_duels_box_wonders_and_tokens_in_romanian(phone, live_server):
    url = new_sheet(phone, live_server, "duel", ["Ana", "Bruno"], lang="ro", boxes=["pantheon", "agora"], by_enter=True)
    phone.goto(f"{url}/city/0")
    theater = phone.locator("label.pick", has=phone.locator('input[value="the-divine-theater"]'))
    expect(theater.locator('[lang="en"]')).to_have_text("The Divine Theater")
    expect(theater).to_contain_text("*")
    colossus = phone.locator("label.pick", has=phone.locator('input[value="the-colossus"]'))
    expect(colossus.locator('[lang="en"]')).to_have_count(0)              # named in Romanian: no mark
    expect(colossus).not_to_contain_text("*")
    expect(phone.locator("p.note", has_text=tr("ro", NOTE))).to_have_count(3)    # wonders, tokens, cards (Grand Temples)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_picker_and_the_boards_in_portuguese(phone, live_server):
    url = new_sheet(phone, live_server, "7wonders", ["Ana", "Björn", "Chloé"], lang="pt",
                    boxes=["leaders", "cities", "armada"], by_enter=True)
    phone.goto(f"{url}/city/0")
    petra = phone.locator('select[name=wonder] option[value="petra"]')
    expect(petra).to_have_attribute("lang", "en")
    expect(petra).to_have_text("Petra *")
    phone.locator("input[name=q]").fill("guild")
    settled(phone)
    architects = phone.locator("#picker label.pick", has=phone.locator('input[value="architects-guild"]'))
    expect(architects.locator('[data-name][lang="en"]')).to_have_text("Architects Guild")
    expect(phone.locator("#picker p.note")).to_have_text(f"* {tr('pt', NOTE)}")
    phone.goto(f"{url}?section=boards")
    expect(phone.locator('select[name="w-0"] option[value="petra"]')).to_have_text("Petra *")
    expect(phone.locator("p.note", has_text=tr("pt", NOTE))).to_be_visible()
