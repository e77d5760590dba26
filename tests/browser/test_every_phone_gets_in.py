"""Issue 27, points 2 to 4, on phones at 390x844: a second phone joins by the code typed or by the
address the table prints; a wrong code is said; every refusal reaches the player's eyes, next to
what was refused, with JavaScript on and off; a guest phone finds its way back to its table and is
told where a finished game went."""
import re

import pytest
from playwright.sync_api import expect

from ..engine.seven_wonders.test_table import FIVE, GAME
from .test_score_sheet import SheetPage, tr

PHONE = {"width": 390, "height": 844}


def new_phone(browser, lang="en", js=True):
    context = browser.new_context(viewport=PHONE, locale=lang, java_script_enabled=js, is_mobile=True,
                                  has_touch=True, extra_http_headers={"Accept-Language": lang})
    return context, context.new_page()


def start_duel_table(page, base, lang):
    """The first phone starts a Duel table from the page, as a player does; its code."""
    page.goto(f"{base}/g/new?lang={lang}")
    names = page.locator('input[name="name"]')
    names.nth(0).fill("Ana")
    names.nth(1).fill("Bruno")
    page.get_by_role("button", name=tr(lang, "Start the table"), exact=True).click()
    page.wait_for_url(re.compile(r".*/g/[A-Z0-9]{6}"))
    return re.search(r"/g/([A-Z0-9]{6})", page.url).group(1)


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang,js", [("en", True), ("fr", True), ("en", False)])
def test_a_second_phone_joins_by_typing_the_code(live_server, browser, shoot, lang, js):
    first, ana = new_phone(browser, lang)
    code = start_duel_table(ana, live_server, lang)
    second, bruno = new_phone(browser, lang, js)
    bruno.goto(f"{live_server}/g/new?lang={lang}")
    box = bruno.get_by_label(tr(lang, "Or join a game: its code"))
    box.click()
    bruno.keyboard.type("QQQ QQQ")                            # a wrong code, typed as it is read out
    expect(box).to_have_value("QQQ QQQ")                     # every letter taken
    box.press("Enter")
    error = bruno.get_by_role("alert").filter(has_text="QQQQQQ")
    expect(error).to_be_visible()                            # said, with JavaScript on and off
    fits(bruno)
    shoot(bruno, f"join-wrong-code-{lang}-{'js' if js else 'nojs'}")
    box = bruno.get_by_label(tr(lang, "The game's code"))
    box.fill("")
    box.click()
    bruno.keyboard.type(code.lower()[:3] + " " + code.lower()[3:])
    box.press("Enter")
    bruno.wait_for_url(re.compile(rf".*/g/{code}$"))
    expect(bruno.locator("[data-seat-ask]")).to_be_visible()
    bruno.locator("[data-seat-ask] a", has_text="Bruno").click()
    expect(bruno.locator("#board")).to_have_attribute("data-seat", "Bruno")
    fits(bruno)
    first.close()
    second.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_address_the_table_prints_lets_a_second_phone_in(live_server, browser, shoot, lang):
    first, ana = new_phone(browser, lang)
    code = start_duel_table(ana, live_server, lang)
    printed = re.search(r"https?://\S+/g/[A-Z0-9]{6}", ana.locator("p.note").first.inner_text()).group(0)
    second, bruno = new_phone(browser, lang)
    response = bruno.goto(printed)
    assert response.status == 404                       # the table itself is not shown before joining
    expect(bruno.get_by_label(tr(lang, "The game's code"))).to_have_value(code)
    expect(bruno.locator("h1")).not_to_have_text(tr(lang, "Page not found"))
    shoot(bruno, f"join-printed-address-{lang}")
    bruno.get_by_role("button", name=tr(lang, "Join"), exact=True).click()
    bruno.wait_for_url(re.compile(rf".*/g/{code}$"))
    expect(bruno.locator("[data-seat-ask]")).to_be_visible()
    first.close()
    second.close()


@pytest.mark.parametrize("lang,js", [("en", True), ("ro", True), ("en", False)])
def test_typing_on_a_filed_sheet_is_refused_next_to_the_field(live_server, browser, shoot, lang, js):
    context, page = new_phone(browser, lang, js)
    sheet = SheetPage(page, lang)
    sheet.start(live_server, "duel", ["Ana", "Bruno"])
    url = page.url
    page.fill('input[name="v-0-civil"]', "12")
    page.press('input[name="v-0-civil"]', "Enter")
    expect(sheet.pad(0, "civil")).to_have_text("12")
    page.fill('input[name="v-1-civil"]', "9")
    page.press('input[name="v-1-civil"]', "Tab" if js else "Enter")
    expect(sheet.pad(1, "civil")).to_have_text("9")
    page.get_by_role("button", name=tr(lang, "Save to history")).click()
    page.wait_for_url(re.compile(r".*/history/"))
    page.goto(url)
    field = page.locator('input[name="v-0-civil"]')
    field.fill("30")
    field.press("Enter")
    filed = tr(lang, "This game is filed in history: press “Edit this game” to change it. Nothing was changed.")
    expect(page.locator("#sheet-message")).to_have_text(filed)
    expect(page.locator("#v-0-civil-error")).to_have_text(tr(lang, "Not saved: this game is filed in history."))
    expect(page.locator('input[name="v-0-civil"]')).to_have_value("30")  # what was typed, kept to see
    expect(sheet.pad(0, "civil")).to_have_text("12")                      # and nothing changed
    expect(page.locator("[data-total]")).to_have_text(["12", "9"])
    fits(page)
    shoot(page, f"filed-sheet-refusal-{lang}-{'js' if js else 'nojs'}")
    page.goto(url)
    expect(sheet.pad(0, "civil")).to_have_text("12")
    context.close()


def stale_duel_phones(browser, base, js):
    """Two phones at a Duel table in Age I; Bruno's board is held back (no pushes, no polls), so it
    still offers a card Ana has just taken."""
    from .test_live_table import TablePhone, set_up
    code = set_up(base)
    first, second = new_phone(browser), new_phone(browser, js=js)
    ana = TablePhone(first[1], base, code, "all")
    bruno = second[1]
    # Its stream and its board's own catch-ups (?v=) held back; a slot tapped still brings the board.
    bruno.route(re.compile(r".*/g/\w+/(events|board\?v=).*"), lambda route: route.abort())
    TablePhone(bruno, base, code, "all")
    from .test_live_table import api
    while api(base, f"/api/v1/games/{code}")["to_move"] == "chance":     # Age I's face-up cards, on Ana's phone
        version = ana.version()
        ana.enter_reveal()
        ana.moved_past(version)
    bruno.reload()
    return code, ana, bruno, (first[0], second[0])


@pytest.mark.parametrize("js", [True, False])
def test_a_stale_duel_move_is_refused_where_it_was_tapped(live_server, browser, shoot, js):
    code, ana, bruno, contexts = stale_duel_phones(browser, live_server, js)
    bruno.locator("a.slot.open").first.click()          # Bruno picks a card and looks at its moves…
    discard = bruno.locator("#slot-moves button", has_text="Discard")
    expect(discard).to_be_visible()
    version = ana.version()
    ana.discard_first_open_card()                        # …Ana takes that card; Bruno's board does not know
    ana.moved_past(version)
    discard.click()
    message = bruno.locator("#table-message")
    expect(message).to_have_text("Someone else played first: look at the board again.")
    expect(message).to_be_in_viewport()
    expect(bruno.locator("#board")).to_have_attribute("data-version", str(ana.version()))
    shoot(bruno, f"stale-duel-move-{'js' if js else 'nojs'}")
    for context in contexts:
        context.close()


def test_an_error_met_by_a_field_reaches_the_top_of_the_page(live_server, browser):
    """A refusal the field cannot show itself (here: the sheet was deleted by another phone)."""
    context, page = new_phone(browser)
    sheet = SheetPage(page)
    sheet.start(live_server, "duel", ["Ana", "Bruno"])
    sheet_id = page.url.rsplit("/", 1)[1]
    csrf = page.locator('input[name="csrf_token"]').first.get_attribute("value")
    deleted = page.context.request.post(f"{live_server}/history/{sheet_id}/delete", form={"csrf_token": csrf})
    assert deleted.ok
    page.fill('input[name="v-0-civil"]', "7")
    page.press('input[name="v-0-civil"]', "Tab")
    expect(page.locator("#refusal")).to_contain_text("Page not found")
    expect(page.locator("#refusal")).to_be_in_viewport()
    context.close()


def play_recorded_game(request, base, code, token):
    names = [n for n, _, _ in FIVE]
    for turns in GAME.values():
        for moves, _ in turns:
            for name, (verb, card, more) in zip(names, moves):
                answer = request.post(f"{base}/api/v1/games/{code}/actions",
                                      data={"player": name, "action": verb, "card": card, **more},
                                      headers={"Authorization": f"Bearer {token}"})
                assert answer.ok, answer.text()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_guest_phone_finds_its_table_and_is_told_where_the_game_went(live_server, browser, shoot, lang):
    first, host = new_phone(browser, lang)
    host.goto(f"{live_server}/group/?lang={lang}")            # the host's phone has its group
    made = host.context.request.post(f"{live_server}/api/v1/games", data={
        "game": "7wonders", "edition": 1, "players": [{"name": n, "wonder": w, "side": s} for n, w, s in FIVE]})
    doc = made.json()
    second, guest = new_phone(browser, lang)
    guest.goto(f"{live_server}{doc['join_url']}&as=Bruno")     # the QR code
    expect(guest.locator("#board")).to_have_attribute("data-seat", "Bruno")
    guest.goto(f"{live_server}/")
    way_back = guest.get_by_role("link", name=re.compile(doc["code"]))
    expect(way_back).to_be_visible()                          # under Resume, not "No game in progress"
    expect(guest.get_by_text(tr(lang, "No game in progress."))).to_have_count(0)
    shoot(guest, f"guest-home-{lang}")
    way_back.click()
    guest.wait_for_url(re.compile(rf".*/g/{doc['code']}$"))
    play_recorded_game(host.context.request, live_server, doc["code"], doc["token"])
    guest.reload()
    guest.get_by_role("button", name=tr(lang, "Save the scores to the history of the group that started this "
                                              "game")).click()
    expect(guest.locator("[data-filed-elsewhere]")).to_be_visible()
    expect(guest.locator("[data-filed-elsewhere]")).to_have_text(tr(lang, "Saved in the history of the group "
                                                                      "that started this game. This phone is "
                                                                      "not in that group, so the scores stay "
                                                                      "here on the table page."))
    fits(guest)
    shoot(guest, f"guest-filed-{lang}")
    host.goto(f"{live_server}/history/")
    expect(host.locator("main")).to_contain_text("Bruno — 52")             # filed in the host's history
    guest.goto(f"{live_server}/")
    expect(guest.get_by_role("link", name=re.compile(doc["code"]))).to_have_count(0)   # over: gone from Resume
    first.close()
    second.close()


@pytest.mark.parametrize("js", [True, False])
def test_a_seat_more_or_less_keeps_every_name_wonder_and_side(live_server, browser, shoot, js):
    context, page = new_phone(browser, "fr", js)
    page.goto(f"{live_server}/g/new?kind=7wonders-2&lang=fr")
    names = page.locator('input[name="name"]')
    expect(names).to_have_count(4)
    for i, name in enumerate(("Ana", "Bruno", "Chloé", "Dan")):
        names.nth(i).fill(name)
    page.locator('select[name="wonder"]').nth(1).select_option("rhodes")
    page.locator('select[name="side"]').nth(1).select_option("night")
    page.get_by_role("button", name=tr("fr", "+ a player")).click()
    expect(names).to_have_count(5)
    expect(names.nth(3)).to_have_value("Dan")
    expect(page.locator('select[name="wonder"]').nth(1)).to_have_value("rhodes")
    expect(page.locator('select[name="side"]').nth(1)).to_have_value("night")
    assert page.locator('select[name="side"] option[value="night"]').first.inner_text() != "night"   # said in words
    for left in (4, 3):      # each tap asks for one seat fewer than the page shows: wait for it to show
        page.get_by_role("button", name=tr("fr", "− a player")).click()
        expect(names).to_have_count(left)
    expect(names.nth(0)).to_have_value("Ana")
    expect(names.nth(2)).to_have_value("Chloé")
    expect(page.locator('select[name="side"]').nth(1)).to_have_value("night")
    fits(page)
    shoot(page, f"table-setup-seats-{'js' if js else 'nojs'}")
    names.nth(2).press("Enter")                  # Enter after the last name starts the table
    page.wait_for_url(re.compile(r".*/g/[A-Z0-9]{6}"))
    expect(page.locator("main")).to_contain_text("Chloé")
    context.close()


@pytest.mark.parametrize("lang,js", [("en", True), ("es", True), ("en", False)])
def test_a_refused_number_on_the_city_page_stays_as_typed(live_server, browser, shoot, lang, js):
    context, page = new_phone(browser, lang, js)
    sheet = SheetPage(page, lang)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"])
    page.goto(page.url + "/city/0")
    page.locator('select[name="wonder"]').select_option("gizah")
    page.locator('input[name="stages"]').fill("5")
    page.locator('input[name="tokens-1"]').fill("9")
    page.locator('input[name="coins"]').fill("12")
    page.get_by_role("button", name=tr(lang, "Score this city")).click()
    expect(page.get_by_text(tr(lang, "%(what)s is a whole number from %(low)s to %(high)s.")
                            % {"what": tr(lang, "Stages built"), "low": 0, "high": 4})).to_be_visible()
    expect(page.get_by_text(tr(lang, "%(what)s is a whole number from %(low)s to %(high)s.")
                            % {"what": tr(lang, "Conflict tokens"), "low": 0, "high": 6})).to_be_visible()
    expect(page.locator('input[name="stages"]')).to_have_value("5")      # as typed, beside its message
    expect(page.locator('input[name="tokens-1"]')).to_have_value("9")
    expect(page.locator('input[name="coins"]')).to_have_value("12")
    expect(page.locator('select[name="wonder"]')).to_have_value("gizah")
    fits(page)
    shoot(page, f"city-refused-stages-{lang}-{'js' if js else 'nojs'}")
    context.close()
