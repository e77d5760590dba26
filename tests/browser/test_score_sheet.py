"""Phones at 390x844 tally score sheets as players do: the keyboard's Enter and Tab,
taps on + and −, two phones on one sheet, a whole 7-player game, a Duel won by a
supremacy, in English and in French; what the players see is asserted."""
import re
from itertools import takewhile

import pytest
from playwright.sync_api import expect

from companion.engine.messages import minus

from .conftest import join_group
from .sheet_page import SheetPage, ranks_of, settled, tr  # noqa: F401 (others import them from here)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_keyboard_enter_and_tab_save_each_field_and_change_nothing_else(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", ["Ana", "Bogdan", "Chloé", "Dan"])
    first = phone.locator('input[name="v-0-military"]')
    first.click()
    for value in ("5", "-1", "3", "0"):          # Enter after each: the next player's field
        phone.keyboard.type(value)
        phone.keyboard.press("Enter")
    # After the last player, Enter rests on "Next: Treasury" and does not press anything else.
    expect(phone.locator("[data-enter-last]")).to_be_focused()
    expect(phone.locator("[data-total]")).to_have_text(["5", "\u22121", "3", "0"])     # shown with the minus sign
    for player, value in enumerate(("5", "-1", "3", "0")):
        expect(sheet.pad(player, "military")).to_have_text(minus(value))       # no + / − pressed by Enter
    phone.keyboard.press("Enter")                                        # on to the treasury
    expect(phone.locator("h2#section-title")).to_have_text(tr(lang, "Treasury"))
    # Tab from a field: saved, and the focus moves on; nothing else changes.
    phone.locator('input[name="v-1-treasury"]').fill("4")
    phone.keyboard.press("Tab")
    expect(sheet.pad(1, "treasury")).to_have_text("4")
    expect(phone.locator("[data-total]")).to_have_text(["5", "3", "3", "0"])
    # Enter in a field typed over, with no change of focus target to save it first.
    phone.locator('input[name="v-3-treasury"]').fill("7")
    phone.keyboard.press("Enter")
    expect(sheet.pad(3, "treasury")).to_have_text("7")
    expect(sheet.pad(0, "military")).to_have_text("5")
    shoot(phone, f"sheet-keyboard-{lang}")
    phone.reload()
    assert sheet.totals() == [5, 3, 3, 7]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_seven_player_game_tallied_on_a_phone(live_server, phone, shoot, lang):
    names = ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena", "Florin", "Gabriela"]
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders-2e", names)
    rows = ["military", "treasury", "wonder", "civil", "commercial", "guilds", "science"]
    scores = {row: [(3 * r + 5 * p) % 11 - (2 if row == "military" else 0) for p in range(7)]
              for r, row in enumerate(rows)}
    expected = [sum(scores[row][p] for row in rows) for p in range(7)]
    # Every name and every total in view from the first screen.
    for name in names:
        expect(phone.locator(".scoreboard").get_by_text(name, exact=True)).to_be_in_viewport()
    # Every scored section in the page's order, by keyboard alone, until the first not scored here.
    entered = list(takewhile(lambda row: row in scores, sheet.sections()))
    assert sorted(entered) == sorted(rows)
    sheet.enter_rows(entered, scores)
    sheet.expect_totals_and_ranks(expected)
    sheet.fits_the_screen()
    shoot(phone, f"sheet-7-players-{lang}")
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/"))
    best = names[expected.index(max(expected))]
    expect(phone.locator("main")).to_contain_text(f"{best} — {max(expected)}")


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_duel_won_by_military_supremacy_from_the_number_sheet(live_server, phone, shoot, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "duel", ["Antoine", "Bruno"])
    sheet.type(0, "civil", 25)
    sheet.type(1, "civil", 6)
    expect(phone.locator("[data-rank]")).to_have_text([re.compile("^1"), "2"])
    sheet.section("outcome")
    phone.get_by_label(tr(lang, "%(name)s won by military supremacy") % {"name": "Bruno"}).check()
    phone.locator(".entries").get_by_role("button", name=tr(lang, "Save"), exact=True).click()
    expect(phone.locator("[data-rank]")).to_have_text(["2", re.compile("^1")])     # whatever the points
    expect(phone.get_by_text(tr(lang, "Military supremacy: the game ended at once."))).to_be_visible()
    expect(phone.locator("[data-total]")).to_have_text(["25", "6"])
    shoot(phone, f"sheet-duel-supremacy-{lang}")
    phone.reload()
    expect(phone.locator("[data-rank]")).to_have_text(["2", re.compile("^1")])


def test_a_field_tapped_as_a_section_arrives_keeps_the_keys(live_server, phone):
    """A new section takes the keys in its first field, but not from a player who
    has already tapped another one: a slow phone settled the swap (and moved the
    focus to the first player) halfway through a number typed for the fourth."""
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé", "Dan"])
    phone.evaluate("htmx.config.defaultSettleDelay = 1500")      # a slow phone's settle
    phone.locator('.sections button[value="civil"]').click()
    expect(phone.locator("h2#section-title")).to_have_text("Civil")
    dan = phone.locator('input[name="v-3-civil"]')
    dan.click()
    phone.keyboard.type("1")
    settled(phone)                                                  # the swap settles meanwhile
    phone.keyboard.type("2")
    phone.keyboard.press("Tab")
    expect(sheet.pad(3, "civil")).to_have_text("12")
    expect(sheet.pad(0, "civil")).to_have_text("")
    # Arriving untouched, the first field has the keys.
    phone.evaluate("htmx.config.defaultSettleDelay = 20")
    phone.locator('.sections button[value="science"]').click()
    expect(phone.locator('input[name="v-0-science"]')).to_be_focused()
    # Typed, then the keyboard closed by a tap beside it: saved, and no field takes the keys back.
    phone.locator('input[name="v-2-science"]').click()
    phone.keyboard.type("4")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.locator("h2#section-title").click()
    expect(sheet.pad(2, "science")).to_have_text("4")
    settled(phone)                                                  # the save's answer has settled
    assert phone.evaluate("document.activeElement === document.body")


def test_quick_taps_on_plus_all_count(live_server, phone):
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"])
    sheet.type(2, "civil", 5)
    plus = phone.get_by_role("button", name="Civil plus one for Chloé")
    for _tap in range(8):
        plus.click(no_wait_after=True)
    expect(sheet.pad(2, "civil")).to_have_text("13")
    expect(phone.locator('input[name="v-2-civil"]')).to_have_value("13")
    phone.get_by_role("button", name="Civil minus one for Chloé").click()
    expect(sheet.pad(2, "civil")).to_have_text("12")


def test_two_phones_in_one_cell_the_second_is_told(live_server, browser):
    phones = [browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
              for _ in range(2)]
    a, b = (context.new_page() for context in phones)
    SheetPage(a).start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"])
    join_group(a, b, live_server)                         # the second phone scanned the group's QR code
    b.goto(a.url + "?section=civil")
    sheet_a = SheetPage(a)
    sheet_a.type(0, "civil", 11)
    expect(sheet_a.pad(0, "civil")).to_have_text("11")
    field = b.locator('input[name="v-0-civil"]')         # B still shows the cell empty
    field.fill("22")
    field.press("Tab")
    expect(b.get_by_text("Another phone changed this to 11; yours (22) was not saved.", exact=False)).to_be_visible()
    expect(SheetPage(b).pad(0, "civil")).to_have_text("11")
    expect(field).to_have_value("22")                    # what B typed is still there
    field.press("Enter")                                  # B keeps its number, knowingly
    expect(SheetPage(b).pad(0, "civil")).to_have_text("22")
    for context in phones:
        context.close()


def test_a_bad_number_is_marked_and_nothing_else_is_lost(live_server, phone):
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders-2e", ["Ana", "Bruno", "Chloé"])
    sheet.type(0, "civil", 12)
    sheet.type(1, "military", 40)
    expect(phone.get_by_text("Military is between \u22126 and 18 in a real game.")).to_be_visible()
    expect(phone.locator('input[name="v-1-military"]')).to_have_value("40")     # kept to correct
    phone.reload()
    expect(sheet.pad(0, "civil")).to_have_text("12")
    expect(sheet.pad(1, "military")).to_have_text("")


def test_works_without_javascript_and_enter_only_saves(live_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    sheet = SheetPage(page)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"])
    page.fill('input[name="v-0-military"]', "4")
    page.press('input[name="v-0-military"]', "Enter")     # the form's default button: save
    page.wait_for_load_state()
    assert sheet.totals() == [4, 0, 0]
    expect(sheet.pad(0, "military")).to_have_text("4")
    page.get_by_role("button", name="Military plus one for Bruno").click()
    # Without JavaScript each tap posts the form and loads the page again: wait for the new totals.
    expect(page.locator("[data-total]")).to_have_text([re.compile(rf"^{n}\b") for n in (4, 1, 0)])
    page.locator('.sections button[value="civil"]').click()
    page.fill('input[name="v-2-civil"]', "8")
    page.press('input[name="v-2-civil"]', "Enter")
    expect(page.locator("[data-total]")).to_have_text([re.compile(rf"^{n}\b") for n in (4, 1, 8)])
    assert sheet.totals() == [4, 1, 8]
    context.close()


def enter_city(phone, sheet_url, player, *, cards, coins, wonder=None, side=None, stages=None,
               tokens=None, wonders=(), conflict=None):
    """Tap a city into the sheet as a player would: the card picker, filtered by a search."""
    phone.goto(f"{sheet_url}/city/{player}")
    if wonder:
        phone.locator('select[name="wonder"]').select_option(wonder)
        phone.locator('select[name="side"]').select_option(side)
        phone.locator('input[name="stages"]').fill(str(stages))
        for value, count in (tokens or {}).items():
            phone.locator(f'input[name="tokens{value}"]').fill(str(count))
    for w in wonders:
        phone.locator(f'input[name="wonder"][value="{w}"]').check()
    if conflict is not None:
        phone.locator('input[name="conflict"]').fill(str(conflict))
    phone.locator('input[name="coins"]').fill(str(coins))
    SheetPage(phone).pick_cards(player, cards)
    phone.get_by_role("button", name="Score this city").click()
    phone.wait_for_url(sheet_url)


def test_seven_wonders_sheet_two_cities_by_cards_two_by_numbers(live_server, phone, shoot):
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé", "Dan"])
    url = phone.url
    enter_city(phone, url, 0, wonder="babylon", side="A", stages=2, coins=14, tokens={1: 1, 3: 1, -1: 1},
               cards=[("Baths", "baths"), ("Apothecary", "apothecary"), ("Scientists", "scientists-guild"),
                      ("Lumber", "lumber-yard")])
    enter_city(phone, url, 1, wonder="gizah", side="A", stages=3, coins=5,
               cards=[("Palace", "palace"), ("Workers", "workers-guild")])
    sheet.type(2, "civil", 20)
    sheet.type(3, "science", 9)
    expect(phone.locator("[data-total]")).to_have_text(["23", "25", "20", "9"])
    expect(phone.locator("[data-rank]")).to_have_text(["2", re.compile(r"^1"), "3", "4"])
    assert phone.locator("svg.chart rect").count() >= 8
    shoot(phone, "sheet-7wonders-cities")
    phone.reload()
    expect(phone.locator("[data-total]")).to_have_text(["23", "25", "20", "9"])
    expect(sheet.pad(0, "science")).to_have_text("10")
    sheet.section("coins")
    expect(phone.locator('input[name="c-0"]')).to_have_value("14")      # the city's coins, for ties


def test_duel_sheet_from_the_cities(live_server, phone, shoot):
    sheet = SheetPage(phone)
    sheet.start(live_server, "duel", ["Antoine", "Bruno"])
    url = phone.url
    enter_city(phone, url, 0, cards=[("Temple", "temple")], wonders=["the-pyramids"], coins=12, conflict=3)
    enter_city(phone, url, 1, cards=[("Baths", "baths")], coins=3)
    expect(phone.locator("[data-total]")).to_have_text(["22", "4"])
    shoot(phone, "sheet-duel-cities")
    phone.reload()
    expect(phone.locator("[data-total]")).to_have_text(["22", "4"])


def test_plus_a_player_keeps_the_names_typed(live_server, phone):
    phone.goto(f"{live_server}/sheets/new?pad=7wonders&players=3")
    fields = phone.locator('input[name="name"]')
    fields.nth(0).click()
    phone.keyboard.type("Ana")
    phone.keyboard.press("Enter")                   # the next seat, not "start"
    expect(fields.nth(1)).to_be_focused()
    phone.keyboard.type("Bogdan")
    phone.get_by_role("button", name="+ a player").click()
    expect(phone.locator('input[name="name"]')).to_have_count(4)
    assert [phone.locator('input[name="name"]').nth(i).input_value() for i in range(4)] == ["Ana", "Bogdan", "", ""]
