"""The Leaders box's guilds and Rome, the Wonder Pack's Manneken Pis picked on the city page in a phone's
browser at 390x844 (issue 31), English and French: a 1st-edition sheet with Leaders and the Wonder Pack;
Ana picks Rome A with two stages, the Courtesans and Gamers Guilds and Midas; Bogdan Manneken Pis B;
the sheet shows their points as counted by hand (whole_games.toml's table, cut down):
Ana: wonder 4 + 6 = 10; guilds: Gamers 10 coins // 3 = 3, Courtesans copies no leader (none around) 0;
leaders: Midas 10 // 3 = 3. Bogdan: Manneken Pis B's one stage, 7."""
import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage
from .test_score_sheet import tr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rome_the_leaders_guilds_and_manneken_pis_scored_from_the_city_page(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", ["Ana", "Bogdan", "Chloé"], ["Leaders", "Wonder Pack"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/0")
    board = phone.locator('select[name="wonder"]')
    expect(board.locator('option[value="rome"]')).to_have_count(1)
    expect(board.locator('option[value="manneken-pis"]')).to_have_count(1)
    # no board chosen yet: the fields of the boards that have them only are hidden (and left out of the form)
    expect(phone.locator('select[name="buried"]').first).to_be_hidden()
    board.select_option("great-wall")                   # stages built in any order: ticked
    expect(phone.locator('input[name="stage"]').first).to_be_visible()
    expect(phone.locator('select[name="colour_under"]')).to_be_hidden()
    board.select_option("rome")
    for field in ('input[name="stage"]', 'select[name="buried"]', 'select[name="colour_under"]'):
        expect(phone.locator(field).first).to_be_hidden()
    phone.locator('select[name="side"]').select_option("A")
    phone.locator('input[name="stages"]').fill("2")
    phone.locator('input[name="coins"]').fill("10")
    sheet.pick_cards(0, [("Courtes", "courtesans-guild"), ("Gamers", "gamers-guild"), ("Midas", "midas")])
    sheet.fits_the_screen()
    shoot(phone, f"city-rome-guilds-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    expect(sheet.pad(0, "wonder")).to_have_text("10")
    expect(sheet.pad(0, "guilds")).to_have_text("3")
    expect(sheet.pad(0, "leaders")).to_have_text("3")
    phone.goto(f"{sheet_url}/city/1")
    phone.locator('select[name="wonder"]').select_option("manneken-pis")
    phone.locator('select[name="side"]').select_option("B")
    phone.locator('input[name="stages"]').fill("1")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    expect(sheet.pad(1, "wonder")).to_have_text("7")
    sheet.fits_the_screen()
    shoot(phone, f"sheet-rome-manneken-{lang}")
    back = phone.goto(f"{sheet_url}/city/0")
    assert back.ok
    expect(phone.locator('#picker input[value="courtesans-guild"]')).to_be_checked()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_abu_simbels_buried_leaders_chosen_on_the_city_page(live_server, phone, shoot, lang):
    """Chloé: Abu Simbel B, both stages, Caesar (5) and Croesus (1) buried: 10 + 2 = 12 in the wonder row."""
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", ["Ana", "Bogdan", "Chloé"], ["Leaders", "Wonder Pack"])
    sheet_url = phone.url
    phone.goto(f"{sheet_url}/city/2")
    phone.locator('select[name="wonder"]').select_option("abu-simbel")
    phone.locator('select[name="side"]').select_option("B")
    phone.locator('input[name="stages"]').fill("2")
    buried = phone.locator('select[name="buried"]')
    expect(buried).to_have_count(2)
    expect(buried.first).to_be_visible()                # Abu Simbel's own field; Stonehenge's is not
    expect(phone.locator('select[name="colour_under"]')).to_be_hidden()
    buried.nth(0).select_option("caesar")
    buried.nth(1).select_option("croesus")
    sizes = buried.evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert all(h >= 44 for h in sizes), sizes
    sheet.fits_the_screen()
    buried.first.scroll_into_view_if_needed()
    shoot(phone, f"city-abu-simbel-buried-{lang}")
    phone.get_by_role("button", name=tr(lang, "Score this city")).click()
    phone.wait_for_url(sheet_url)
    expect(sheet.pad(2, "wonder")).to_have_text("12")
