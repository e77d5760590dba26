"""A move taken back is told on every phone at the table, not only in the closed "Moves" log.

Walked at 390x844 on two phones (pt and de): Bruno took back his wonder and Ana's board showed
"Última jogada: Muralhas revelada na posição 16." and nothing else; Piraeus was gone from his city
without a word. In 7 Wonders a pick the others cannot see yet stays unnamed to them."""
from urllib.parse import quote

from playwright.sync_api import expect

from .sheet_page import tr
from .test_live_table import KEYS, api, set_up, settled
from .test_table_journeys import SEVEN

TOOK_BACK = "%(name)s took back: %(move)s"


def seated(browser, base, code, name, lang):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang, is_mobile=True,
                                  has_touch=True, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(f"{base}/g/{code}?t={KEYS[code]}&as={quote(name)}")          # the QR code's link
    expect(page.locator("#board")).to_have_attribute("data-seat", name)
    settled(page)
    return context, page


def test_a_duel_move_taken_back_is_told_on_the_other_phone(live_server, browser, shoot):
    code = set_up(live_server)                          # the wonder draft's last pick is Ana's
    (c1, ana), (c2, bruno) = (seated(browser, live_server, code, "Ana", "pt"),
                              seated(browser, live_server, code, "Bruno", "de"))
    version = bruno.locator("#board").get_attribute("data-version")
    ana.locator("[data-undo] button").tap()                  # "Desfazer": her own move, at once
    expect(bruno.locator("#board")).not_to_have_attribute("data-version", version)
    told = bruno.locator("[data-taken-back]")
    expect(told).to_be_visible()
    expect(told).to_have_text(tr("de", TOOK_BACK) % {"name": "Ana", "move": "Ana hat Die Via Appia gewählt."})
    expect(ana.locator("[data-taken-back]")).to_contain_text("Ana desfez:")      # her tap did something
    expect(ana.locator("[data-taken-back]")).to_be_focused()      # the keys where the answer is, not on <body>
    expect(bruno.locator("[data-taken-back]")).not_to_be_focused()        # a pushed board takes no focus
    assert bruno.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(bruno, "taken-back-duel-de")
    for context in (c1, c2):
        context.close()


def test_a_seven_wonders_pick_taken_back_is_told_without_naming_the_card(live_server, browser, shoot):
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    KEYS[code] = made["token"]
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "build", "card": "lumber-yard"})
    (c1, ana), (c2, bruno) = (seated(browser, live_server, code, "Ana", "fr"),
                              seated(browser, live_server, code, "Bruno", "en"))
    version = ana.locator("#board").get_attribute("data-version")
    bruno.locator("[data-undo] button").tap()                # "Undo it"
    expect(ana.locator("#board")).not_to_have_attribute("data-version", version)
    told = ana.locator("[data-taken-back]")
    expect(told).to_be_visible()
    expect(told).to_have_text(tr("fr", TOOK_BACK) % {"name": "Bruno", "move": "Bruno a choisi une carte."})
    expect(bruno.locator("[data-taken-back]")).to_have_text("Bruno took back: Bruno built Lumber Yard.")
    expect(bruno.locator("[data-taken-back]")).to_be_focused()
    shoot(ana, "taken-back-seven-fr")
    for context in (c1, c2):
        context.close()
