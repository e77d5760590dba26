"""Issue 29: a price asked comes back as the seat's own section, not the whole board.

Ana picks the Scriptorium and sees its price; Bruno's card goes in meanwhile
from his phone, and her board, brought up to date by the stream, still shows
her choice, priced, and her tap on it plays it. No reload.
"""
import re

from playwright.sync_api import expect

from .test_live_table import KEYS, api, settled
from .test_table_journeys import SAY, SEVEN, choose, join_as, kept_without_reload, phone, pick_priced


def ana_at_a_new_table(live_server, browser, say):
    """A 7 Wonders table made through the API, and Ana's phone joined to it in English."""
    made = api(live_server, "/api/v1/games", SEVEN)
    KEYS[made["code"]] = made["token"]
    context, ana = phone(browser, "en")
    join_as(ana, live_server, made["code"], "Ana", say)
    return made["code"], context, ana


def test_a_card_picked_and_priced_stays_picked_when_another_phone_plays(live_server, browser):
    say = SAY["en"]
    code, context, ana = ana_at_a_new_table(live_server, browser, say)
    asked = []
    ana.on("request", lambda r: asked.append(r.url) if "/board" in r.url or "/price" in r.url else None)
    button = choose(ana, "build", "scriptorium")
    expect(button).to_contain_text(say["pay"])
    assert [u for u in asked if "/price" in u] and not [u for u in asked if "/board" in u]     # no board asked

    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "altar"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    settled(ana)
    form = ana.locator("section.act7 form.filters")
    expect(form.locator("select[name=action]")).to_have_value("build")
    expect(form.locator("select[name=card]")).to_have_value("scriptorium")
    button = ana.locator("section.act7 [data-quote] button").first
    expect(button).to_contain_text(say["pay"])
    button.click()
    expect(ana.locator("section.act7")).to_have_count(0)
    expect(ana.locator("[data-status]")).to_contain_text("Waiting for Chloé")
    assert [p["name"] for p in api(live_server, f"/api/v1/games/{code}")["players"]][0] == "Ana"
    assert api(live_server, f"/api/v1/games/{code}")["waiting_for"] == ["Chloé"]
    kept_without_reload(ana)
    context.close()


def test_a_card_refused_offers_its_sale_and_a_tap_plays_it(live_server, browser, shoot):
    """Ana asks to build the Stockade without wood: the reason, and beside it the sale, priced;
    one tap on it and her card is in (she asked the price of the sale again before)."""
    say = SAY["en"]
    code, context, ana = ana_at_a_new_table(live_server, browser, say)
    pick_priced(ana, "build", "stockade")
    expect(ana.locator("section.act7 p.error")).to_contain_text("wood")
    sale = ana.locator("section.act7 [data-quote] button")
    expect(sale).to_have_count(1)
    expect(sale).to_have_text("Sell Stockade — +3 coins")
    box = sale.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= 390
    assert ana.evaluate("document.documentElement.scrollWidth <= 390")
    shoot(ana, "table-7w-refused-sale")
    sale.click()
    expect(ana.locator("section.act7")).to_have_count(0)
    assert api(live_server, f"/api/v1/games/{code}")["waiting_for"] == ["Bruno", "Chloé"]
    kept_without_reload(ana)
    context.close()


def focus_on_card(page) -> None:
    """Waits until the focus is on the card's select (htmx gives it back once the swap has settled)."""
    page.wait_for_function("document.activeElement && document.activeElement.name === 'card'", timeout=15_000)


def test_a_card_chosen_with_the_keyboard_keeps_the_focus_through_its_price_and_another_phones_move(
        live_server, browser):
    """A card chosen with the keyboard (its price swapped in), or another phone's move (the board
    swapped in), left the focus on <body>: the next Tab skipped the move's button. The card's
    select keeps it."""
    say = SAY["en"]
    code, context, ana = ana_at_a_new_table(live_server, browser, say)
    card = ana.locator("section.act7 select[name=card]")
    card.focus()
    ana.keyboard.press("s")                            # the first card in "s": its price asked, the section swapped
    expect(ana.locator("section.act7 select[name=card]")).to_have_value("scriptorium")
    expect(ana.locator("section.act7 [data-quote] button").first).to_contain_text(say["pay"])
    settled(ana)
    focus_on_card(ana)
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "altar"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    settled(ana)
    focus_on_card(ana)
    seen = []
    for _ in range(3):                                 # "See the price" (if shown), then the priced move
        ana.keyboard.press("Tab")
        seen.append(ana.evaluate("document.activeElement.outerHTML.slice(0, 80)"))
        if ana.evaluate("document.activeElement.hasAttribute('data-move')"):
            break
    assert "data-move" in seen[-1], seen
    context.close()


def test_a_reload_mid_turn_keeps_the_card_chosen_and_its_price(live_server, browser):
    """A reload (a phone's page refreshed, or the browser woken) kept the table but lost the card
    chosen and its price: the choice is in the address, as the page without JavaScript reads it; the
    move made, the address is the table's again."""
    say = SAY["en"]
    code, context, ana = ana_at_a_new_table(live_server, browser, say)
    choose(ana, "build", "scriptorium")
    expect(ana).to_have_url(re.compile(r"card=scriptorium"))
    ana.reload()
    form = ana.locator("section.act7 form.filters")
    expect(form.locator("select[name=card]")).to_have_value("scriptorium")
    button = ana.locator("section.act7 [data-quote] button").first
    expect(button).to_contain_text(say["pay"])
    button.click()
    expect(ana.locator("section.act7")).to_have_count(0)
    expect(ana).not_to_have_url(re.compile(r"card="))
    context.close()


def test_an_action_chosen_before_its_card_stays_chosen_when_another_phone_plays(live_server, browser):
    """Ana chooses "Sell" and has not yet chosen a card when Bruno's card goes in: the board the
    stream brings kept her card (above) but put her action back to "Build" (a player walk in
    Portuguese: she then chose a card and was offered to build it)."""
    say = SAY["en"]
    code, context, ana = ana_at_a_new_table(live_server, browser, say)
    form = ana.locator("section.act7 form.filters")
    settled(ana)
    with ana.expect_response(lambda r: "/price" in r.url):
        form.locator("select[name=action]").select_option("sell")
    settled(ana)
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "altar"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    settled(ana)
    expect(form.locator("select[name=action]")).to_have_value("sell")
    pick_priced(ana, "sell", "scriptorium")
    button = ana.locator("section.act7 [data-quote] button").first
    expect(button).to_contain_text("+3")
    button.click()
    expect(ana.locator("section.act7")).to_have_count(0)
    ana_city = api(live_server, f"/api/v1/games/{code}")["players"][0]
    assert ana_city["coins"] == 3 and ana_city["cards"] == []         # sold when the turn resolves, not built
    kept_without_reload(ana)
    context.close()
