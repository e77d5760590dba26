"""A French phone in real Chromium: a refused move at a tracked table, the move log, the trade
calculator and a ruling, each read as the player sees it, with no English word or English card name."""
import time

from playwright.sync_api import expect

from companion.catalog import catalog

from ..web.test_words_in_french import english_left
from .test_live_table import KEYS, api
from .test_table_journeys import SAY, SEVEN, join_as, phone


def pick(page, field, value):
    """Choose in the action form; the board answers with the price (htmx, no reload)."""
    form = page.locator("section.act7 form.filters")
    if form.locator(f"select[name={field}]").input_value() == value:
        return                          # already chosen: no change, so nothing is asked
    with page.expect_response(lambda r: "card=" in r.url or "action=" in r.url):
        form.locator(f"select[name={field}]").select_option(value)
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def test_a_french_phone_reads_every_answer_in_french(live_server, browser, shoot):
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    KEYS[code] = made["token"]
    context, page = phone(browser, "fr")
    join_as(page, live_server, code, "Ana", SAY["fr"])

    # A refused move: Ana (Giza) asks for the Apothecary, whose textile nobody at the table makes.
    pick(page, "action", "build")
    pick(page, "card", "apothecary")
    refusal = page.locator("section.act7 [role=alert]")
    expect(refusal).to_have_text("Officine demande 1 tissu ; vous n'en produisez pas et aucun voisin n'en vend.")
    shoot(page, "words-fr-refusal")
    assert not english_left(page.inner_text("body")), english_left(page.inner_text("body"))

    # The move log, once the turn resolves (each phone's card was posted by its English name).
    for name, card in (("Ana", "Altar"), ("Bruno", "Theater"), ("Chloé", "Lumber Yard")):
        api(live_server, f"/api/v1/games/{code}/actions", {"player": name, "action": "sell", "card": card})
    expect(page.locator("body")).to_contain_text("Ana a vendu Autel.")
    assert not english_left(page.inner_text("body")), english_left(page.inner_text("body"))

    # The trade calculator's answer.
    page.goto(f"{live_server}/calc/trade?card=apothecary")
    expect(page.locator("#answer")).to_contain_text("Cette construction demande 1 tissu")
    assert not english_left(page.inner_text("body")), english_left(page.inner_text("body"))

    # A ruling.
    ruling = catalog().rulings[0]
    page.goto(f"{live_server}/cards/rulings/{ruling.id}")
    expect(page.locator("body")).to_contain_text(ruling.text("fr").question)
    assert not english_left(page.inner_text("body")), english_left(page.inner_text("body"))
    context.close()


def test_a_card_chosen_before_htmx_has_started_is_priced_once_it_has(live_server, browser):
    """The board is painted before its scripts run: a card chosen in that moment asked for nothing
    (the likely cause of a full run's failure), so the phone never showed its price. Once htmx
    starts, it asks."""
    made = api(live_server, "/api/v1/games", SEVEN)
    code = made["code"]
    context, page = phone(browser, "fr")
    page.goto(f"{live_server}/g/{code}?t={made['token']}")
    held = []
    page.route("https://unpkg.com/**", lambda route: route.abort())             # a table without network
    page.route("**/htmx-2.0.4.min.js", lambda route: held.append(route))      # its htmx held back
    page.goto(f"{live_server}/g/{code}?as=Ana", wait_until="commit")
    page.locator("section.act7 form.filters select[name=card]").select_option("apothecary")
    assert page.evaluate("typeof window.htmx") == "undefined"
    with page.expect_response(lambda r: "card=apothecary" in r.url):
        deadline = time.monotonic() + 60
        while not held and time.monotonic() < deadline:
            page.evaluate("0")              # the route's handler runs while Playwright handles its events
        held[0].continue_()
    refusal = page.locator("section.act7 [role=alert]")
    expect(refusal).to_have_text("Officine demande 1 tissu ; vous n'en produisez pas et aucun voisin n'en vend.")
    context.close()
