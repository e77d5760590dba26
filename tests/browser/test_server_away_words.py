"""A tracked table across a server restart, walked on two phones in German and Portuguese: a tap made
while the server was away said "No network ... once this phone is back online" (the phone was
online: the server was restarting), and that line stayed once the server was back, the stream open
again and the board up to date, until the player's next tap. Now the line says the server did not
answer, in the page's language, and goes when the stream opens again; the pick made is kept. It
covered the table's "Reconnecting…" (both stuck at the top): both are said now, one under the other."""
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


def both_said(page, lang):
    """Both lines stuck at the top and the away line covered "Reconnecting…": it is said under the
    away line, in the same box, and the table's own copy of it, hidden under, is gone; all at 390 px."""
    page.mouse.wheel(0, 600)                       # scrolled down the board: the lines still in view
    said = page.locator("#refusal").evaluate("""e => {
        const after = getComputedStyle(e, '::after'), live = document.querySelector('[data-live]');
        const box = e.getBoundingClientRect();
        return {after: after.content, shown: after.display, top: box.top, bottom: box.bottom,
                covered: getComputedStyle(live, '::before').display,
                wide: document.documentElement.scrollWidth};
    }""")
    assert said["after"] == '"%s"' % tr(lang, LOST) and said["shown"] == "block", said
    assert said["covered"] == "none", said
    assert 0 <= said["top"] and said["bottom"] <= 844 and said["wide"] <= 390, said


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
        both_said(page, lang)
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
