"""A card chosen while the previous choice's price is being swapped in is priced, not lost.

A player walk in Spanish, keyboard only: Bruno pressed ↓ twice on the card menu. The first ↓ asked
the price of the Clay Pool; the second came while that answer was being swapped in, on a menu htmx
had not yet taken in hand (it does so once the swap settles), and asked nothing: the menu showed the
Lumber Yard, the button below it sold the Clay Pool, and Enter sold it.
"""
from playwright.sync_api import expect

from .test_live_table import settled
from .test_price_kept import ana_at_a_new_table
from .test_table_journeys import SAY

# As the second key press lands: the moment the priced section is in the page (before htmx's settle),
# the card menu in it moves to another card, with the change event a key press fires.
SECOND_PRESS = """(card) => new MutationObserver((records, observer) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (!(node.matches && node.matches('section.act7'))) continue;
    observer.disconnect();
    const menu = node.querySelector('select[name=card]');
    menu.value = card;
    menu.dispatchEvent(new Event('input', {bubbles: true}));
    menu.dispatchEvent(new Event('change', {bubbles: true}));
    return;
  }
}).observe(document.body, {childList: true, subtree: true})"""


def test_a_card_chosen_while_the_last_price_is_swapped_in_gets_its_own_price(live_server, browser):
    say = SAY["en"]
    _code, context, ana = ana_at_a_new_table(live_server, browser, say)
    settled(ana)
    ana.evaluate(SECOND_PRESS, "scriptorium")
    ana.locator("section.act7 select[name=card]").select_option("altar")
    expect(ana.locator("section.act7 select[name=card]")).to_have_value("scriptorium")
    button = ana.locator("section.act7 [data-quote] button").first
    expect(button).to_contain_text("Scriptorium")           # the card the menu shows, not the Altar
    expect(button).to_contain_text(say["pay"])
    context.close()
