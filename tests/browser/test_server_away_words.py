"""A tracked table across a server restart, walked on two phones in German and Portuguese: a tap made
while the server was away said "No network ... once this phone is back online" (the phone was
online: the server was restarting), and that line stayed once the server was back, the stream open
again and the board up to date, until the player's next tap. Now the line says the server did not
answer, in the page's language, and goes when the stream opens again; the pick made is kept."""
from playwright.sync_api import expect

from .sheet_page import settled, tr
from .test_live_table import KEYS, api
from .test_pushed_moves import server  # noqa: F401  (the fixture: the Procfile's server, restartable)
from .test_stream_only import new_table

AWAY = "The server did not answer: nothing was sent. Tap again in a moment."
LOST = "Reconnecting… the board may be behind."


def seated(browser, base, code, name, lang):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang,
                                  extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(f"{base}/g/{code}?t={KEYS[code]}&as={name}")          # the join link (the QR code)
    expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
    page.evaluate("window.noReload = true")
    return context, page


def test_a_tap_while_the_server_restarts_is_told_and_the_word_goes_when_it_is_back(server, browser):  # noqa: F811
    code = new_table(server.base)
    phones = {"de": seated(browser, server.base, code, "Ana", "de"),
              "pt": seated(browser, server.base, code, "Bruno", "pt")}
    server.stop()
    for lang, (_context, page) in phones.items():
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "lost")
        assert page.locator("[data-live]").get_attribute("data-lost-line") == tr(lang, LOST)
        settled(page)
        page.locator("section.act7 select[name=action]").select_option("sell")      # a tap meeting no server
        expect(page.locator("#refusal")).to_have_text(tr(lang, AWAY))
    server.start()
    for _context, page in phones.values():
        expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
        expect(page.locator("#refusal")).to_have_text("")                  # back, with no tap of the player's
    api(server.base, f"/api/v1/games/{code}/actions", {"player": "Chloé", "action": "sell", "card": "Altar"})
    version = api(server.base, f"/api/v1/games/{code}")["version"]
    for _context, page in phones.values():
        expect(page.locator("#board")).to_have_attribute("data-version", str(version))
        expect(page.locator("#refusal")).to_have_text("")
        expect(page.locator("section.act7 select[name=action]")).to_have_value("sell")      # the pick kept
        assert page.evaluate("window.noReload === true")
    for context, _page in phones.values():
        context.close()
