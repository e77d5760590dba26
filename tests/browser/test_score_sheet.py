"""A phone at 390x844 fills a score sheet and finds it kept after a reload."""
import re

from playwright.sync_api import expect


class SheetPage:
    """The score sheet as a player sees it."""

    def __init__(self, page):
        self.page = page

    def start(self, base, pad, names):
        self.page.goto(f"{base}/sheets/new?pad={pad}&players={len(names)}")
        for i, name in enumerate(names):
            self.page.locator('input[name="name"]').nth(i).fill(name)
        self.page.get_by_role("button", name="Start the sheet").click()
        self.page.wait_for_url(re.compile(r".*/sheets/[\w-]+$"))

    def type(self, player, row, value):
        cell = self.page.locator(f'input[name="v-{player}-{row}"]')
        cell.fill(str(value))
        cell.press("Tab")

    def totals(self):
        return [int(t.split()[0]) for t in self.page.locator("[data-total]").all_inner_texts()]

    def ranks(self):
        return [int(t.split()[0]) for t in self.page.locator("[data-rank]").all_inner_texts()]


def test_four_player_sheet_by_numbers_updates_live_and_survives_a_reload(live_server, phone, shoot):
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé", "Dan"])
    cells = {(0, "military"): 6, (0, "treasury"): 4, (0, "wonder"): 10, (0, "civil"): 13,
             (1, "military"): -2, (1, "science"): 31, (2, "civil"): 21, (2, "guilds"): 7,
             (3, "commercial"): 9, (3, "wonder"): 3}
    for (player, row), value in cells.items():
        sheet.type(player, row, value)
    expect(phone.locator("[data-total]")).to_have_text(["33", "29", "28", "12"])
    expect(phone.locator("[data-rank]")).to_have_text([re.compile(r"^1"), "2", "3", "4"])
    assert phone.locator("svg.chart rect").count() == len(cells)
    # The + button adds one without a page load.
    phone.get_by_role("button", name="Guilds plus one for Chloé").click()
    expect(phone.locator("[data-total]")).to_have_text(["33", "29", "29", "12"])
    expect(phone.locator("[data-rank]")).to_have_text([re.compile(r"^1"), "2", "2", "4"])
    shoot(phone, "sheet-7wonders-4p")
    phone.reload()
    assert sheet.totals() == [33, 29, 29, 12]
    assert phone.locator('input[name="v-1-science"]').input_value() == "31"


def test_duel_sheet_tie_broken_by_civil_points(live_server, phone, shoot):
    sheet = SheetPage(phone)
    sheet.start(live_server, "duel", ["Antoine", "Bruno"])
    for row, a, b in (("civil", 12, 20), ("science", 14, 0), ("wonders", 9, 11), ("treasury", 4, 8)):
        sheet.type(0, row, a)
        sheet.type(1, row, b)
    expect(phone.locator("[data-total]")).to_have_text(["39", "39"])
    # Equal totals: Bruno has more civil points.
    expect(phone.locator("[data-rank]")).to_have_text(["2", re.compile(r"^1")])
    shoot(phone, "sheet-duel")
    phone.reload()
    assert sheet.totals() == [39, 39]


def test_a_bad_number_is_marked_and_nothing_else_is_lost(live_server, phone):
    sheet = SheetPage(phone)
    sheet.start(live_server, "7wonders-2e", ["Ana", "Bruno", "Chloé"])
    sheet.type(0, "civil", 12)
    sheet.type(1, "military", 40)
    expect(phone.get_by_text("Military is between -6 and 18 in a real game.")).to_be_visible()
    phone.reload()
    assert phone.locator('input[name="v-0-civil"]').input_value() == "12"
    assert phone.locator('input[name="v-1-military"]').input_value() == ""


def test_works_without_javascript(live_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    SheetPage(page).start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"])
    page.fill('input[name="v-0-civil"]', "8")
    page.get_by_role("button", name="Update totals").click()
    assert SheetPage(page).totals() == [8, 0, 0]
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
    for name, ident in cards:
        search = phone.get_by_placeholder("Find a card")
        search.fill(name)
        box = phone.locator(f'#picker input[value="{ident}"]')
        expect(box).to_be_visible()
        box.check()
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
    assert phone.locator('input[name="v-0-science"]').input_value() == "10"


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
