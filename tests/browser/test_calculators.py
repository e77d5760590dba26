"""The calculators on a phone, live as the player types: science with wildcards, and
what a build costs, in English and in French. Every answer on screen is the right one
for what is typed now (never an old figure), every field says what it counts in
words, and every icon draws."""
import pytest
from playwright.sync_api import expect

from companion.engine.seven_wonders.science import science_points

from .test_score_sheet import tr

SYMBOLS = ("tablet", "compass", "gear")


def best_by_hand(counts, wildcards):
    """Every way of turning the wildcards into symbols, the best kept (independent of the page)."""
    best = 0
    for a in range(wildcards + 1):
        for b in range(wildcards - a + 1):
            extra = (a, b, wildcards - a - b)
            best = max(best, science_points(*(n + e for n, e in zip(counts, extra))))
    return best


def icons_drawn(page) -> bool:
    """Every icon on the page points at a symbol the sprite has, and draws a box."""
    return page.evaluate("""async () => {
      const uses = [...document.querySelectorAll('svg.icon use')];
      const sprite = await (await fetch(uses[0].getAttribute('href').split('#')[0])).text();
      const doc = new DOMParser().parseFromString(sprite, 'image/svg+xml');
      return uses.every(u => doc.getElementById(u.getAttribute('href').split('#')[1]) &&
                        u.closest('svg').getBoundingClientRect().width > 0);
    }""")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_science_with_wildcards_updates_as_you_type(live_server, phone, shoot, lang):
    phone.goto(f"{live_server}/calc/science?lang={lang}")
    for symbol in SYMBOLS:                      # words as well as icons
        expect(phone.locator("label.count", has=phone.locator(f'input[name="{symbol}"]'))).to_contain_text(
            tr(lang, {"tablet": "tablet", "compass": "compass", "gear": "gear"}[symbol]))
    assert icons_drawn(phone)
    answer = phone.locator("[data-points]")
    for counts, wildcards in (((2, 1, 1), 0), ((2, 1, 1), 1), ((2, 1, 1), 2), ((3, 0, 0), 1), ((0, 0, 0), 3)):
        for symbol, n in zip(SYMBOLS, counts):
            phone.locator(f'input[name="{symbol}"]').fill(str(n))
        phone.locator('input[name="wildcards"]').fill(str(wildcards))
        expect(answer).to_have_text(str(best_by_hand(counts, wildcards)))
        if wildcards:
            expect(phone.locator("[data-chosen]")).to_be_visible()
    # A count that cannot be: said where, and no old figure left on screen.
    phone.locator('input[name="wildcards"]').fill("9")
    expect(phone.locator("#answer .error")).to_contain_text(tr(lang, "A whole number from 0 to %(n)s.") % {"n": 4})
    expect(answer).to_have_count(0)
    shoot(phone, f"calc-science-{lang}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_trade_price_and_whom_to_pay(live_server, phone, shoot, lang):
    phone.goto(f"{live_server}/calc/trade?lang={lang}")
    assert icons_drawn(phone)
    expect(phone.locator("label.count", has=phone.locator('input[name="need-glass"]'))).to_contain_text(
        tr(lang, "glass"))
    # Two glass needed, the left neighbour sells one, the right one sells one: 2 coins each.
    phone.locator('input[name="need-glass"]').fill("2")
    phone.locator('input[name="left-glass"]').fill("1")
    phone.locator('input[name="right-glass"]').fill("1")
    expect(phone.locator("[data-total]")).to_have_text("4")
    expect(phone.locator("[data-split]")).to_have_text(
        [tr(lang, "Pay %(left)s to your left neighbour and %(right)s to your right neighbour") % {"left": 2, "right": 2}])
    # The Marketplace makes glass cost 1 from either side.
    phone.locator('input[value="marketplace"]').check()
    expect(phone.locator("[data-total]")).to_have_text("2")
    shoot(phone, f"calc-trade-{lang}")


def test_duel_cost_live(live_server, phone):
    phone.goto(f"{live_server}/calc/duel")
    assert icons_drawn(phone)
    phone.locator('select[name="card"]').select_option("caravansery")
    # Caravansery: 2 coins, 1 glass, 1 papyrus; nothing made, the opponent makes none: 2 + 2 + 2.
    expect(phone.locator("[data-total]")).to_have_text("6")
    phone.locator('input[name="them-glass"]').fill("1")
    expect(phone.locator("[data-total]")).to_have_text("7")
