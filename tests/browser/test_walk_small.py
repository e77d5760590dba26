"""The smaller things seen on the walk (issue 27), each as a player sees it on a 390x844 phone."""
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_score_sheet import tr

LANGS = ["en", "fr", "de", "es", "it", "pt", "ro"]


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_the_duel_calculator_asks_each_production_once(live_server, phone, shoot, lang):
    """The Caravansery (wood/clay/stone) and the Great Lighthouse (stone/clay/wood) make the same
    choice: one box for it, and no two boxes of "You produce" count the same resources."""
    phone.goto(f"{live_server}/calc/duel?lang={lang}")
    words = phone.locator("fieldset").first.locator(".count-word")
    expect(words.first).to_be_visible()
    sets = [frozenset(w.split(" / ")) for w in words.all_inner_texts()]
    assert len(sets) == len(set(sets)), sets
    names = phone.locator("fieldset").first.locator("input").evaluate_all("els => els.map(e => e.name)")
    assert "me-wood-stone-clay" in names and "me-glass-papyrus" in names
    shoot(phone, f"walk-calc-duel-{lang}")


def test_the_duel_calculator_counts_a_three_way_choice(live_server, phone):
    """One wood/stone/clay choice pays for the Baths' stone (the merged box is still read)."""
    phone.goto(f"{live_server}/calc/duel?card=baths&me-wood-stone-clay=1")
    expect(phone.locator("[data-total]")).to_have_text("0")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("pad", ["7wonders", "7wonders-2e"])
def test_the_printable_pad_has_a_coins_left_row_under_the_total(live_server, phone, shoot, lang, pad):
    phone.goto(f"{live_server}/scan/pad/{pad}?lang={lang}")
    coins = phone.locator('#scan-sheet text[data-row="coins"]')
    expect(coins).to_have_text(tr(lang, "Coins left"))
    total = phone.locator('#scan-sheet text[data-row="total"]')
    assert coins.bounding_box()["y"] > total.bounding_box()["y"]
    shoot(phone, f"walk-pad-{pad}-{lang}")


def file_game(phone, base, pad, names, boards=False):
    """A game filed from its sheet: each player some civil points, 7 Wonders boards if asked."""
    phone.goto(f"{base}/sheets/new?pad={pad}&players={len(names)}&lang=en")
    for i, name in enumerate(names):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.get_by_role("button", name="Start the sheet", exact=True).click()
    phone.wait_for_url(re.compile(r".*/sheets/[\w-]+$"))
    sheet = phone.url
    if boards:
        phone.goto(f"{sheet}?section=boards")
        for i in range(len(names)):
            phone.locator(f'select[name="w-{i}"]').select_option(index=i + 1)
        phone.get_by_role("button", name="Save", exact=True).click()
        expect(phone.locator('select[name="w-0"] option:checked')).not_to_have_text("—")
    phone.goto(f"{sheet}?section=civil")
    for i in range(len(names)):
        phone.locator(f'input[name="v-{i}-civil"]').fill(str(12 + i))
        phone.locator(f'input[name="v-{i}-civil"]').press("Tab")
        expect(phone.locator("[data-total]").nth(i)).to_have_text(str(12 + i))
    phone.get_by_role("button", name="Save to history").click()
    phone.wait_for_url(re.compile(r".*/history/"))


def test_history_is_no_wider_than_the_phone_in_every_language(live_server, phone, shoot):
    """The Wonders table (long board names, "Porcentaje de victorias") made the page 415-466 px wide."""
    file_game(phone, live_server, "7wonders", ["Alexandrina", "Bartholomew", "Constantin"], boards=True)
    file_game(phone, live_server, "duel", ["Ana", "Bruno"])
    for lang in LANGS:
        phone.goto(f"{live_server}/history/?lang={lang}")
        expect(phone.locator('section[data-pad="7wonders"] h3')).to_have_text(tr(lang, "Wonders"))
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, lang
        if lang in ("en", "es", "ro"):
            shoot(phone, f"walk-history-{lang}")
        phone.goto(f"{live_server}/history/players?lang={lang}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, lang


SLOT_WORDS = (Path(__file__).parent / "slot_words.js").read_text()
LONG_AGE_I = ["logging-camp", "pharmacist", "scriptorium", "garrison", "apothecary", "clay-pit", "glassworks",
              "quarry", "stone-reserve", "stable", "stone-pit", "clay-reserve"]   # the longest words, all languages


def duel_table(base):
    """A Duel at Age I (through the API, as the phones would), its face-up slots showing long names."""
    from .test_live_table import KEYS, api, set_up
    code = set_up(base)
    pyramid = api(base, f"/api/v1/games/{code}")["pyramid"]
    face_up = [s["slot"] for s in pyramid if s["face_up"] and not s["card"]]
    for slot, card in zip(face_up, LONG_AGE_I):
        api(base, f"/api/v1/games/{code}/actions", {"action": "reveal", "slot": slot, "card": card})
    return code, KEYS[code]


def test_pyramid_card_names_break_between_words_or_at_hyphens_never_inside(live_server, phone, shoot):
    """Each word of a card's name is on one line and inside its slot; a long one ("Holzfällerlager") may
    break only where its language hyphenates it (a soft hyphen), each piece whole."""
    code, key = duel_table(live_server)
    phone.goto(f"{live_server}/g/{code}?t={key}&as=Ana")
    for lang in LANGS:
        phone.goto(f"{live_server}/g/{code}?lang={lang}")
        expect(phone.locator(".pyramid a.slot[data-card]")).to_have_count(len(LONG_AGE_I))
        assert phone.evaluate(SLOT_WORDS) == [], lang
        if lang in ("en", "de"):
            shoot(phone, f"walk-pyramid-{lang}")


def contrast(page, selector):
    """The WCAG contrast ratio of an element's text against its own background."""
    return page.evaluate("""sel => {
      const el = document.querySelector(sel), style = getComputedStyle(el);
      const lum = c => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(v => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const [a, b] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    }""", selector)


@pytest.mark.parametrize("position", [-9, 0, 9])
def test_the_conflict_pawn_is_visible_on_every_space(live_server, phone, shoot, position):
    """The pawn (⬤) stands out from its space, a capital's red included. The page is the real table's at
    0; a capital needs a whole game of shields, so the pawn is put there as the template puts it
    (class "pawn" and the ⬤ on the space at the pawn's position)."""
    code, key = duel_table(live_server)
    phone.goto(f"{live_server}/g/{code}?t={key}&as=Ana")
    spaces = phone.locator(".track .space")
    expect(spaces).to_have_count(19)
    expect(spaces.nth(9)).to_have_class(re.compile(r"\bpawn\b"))
    phone.evaluate("""at => { const spaces = document.querySelectorAll('.track .space');
      for (const s of spaces) if (s.classList.contains('pawn')) { s.classList.remove('pawn'); s.textContent = ''; }
      spaces[at].classList.add('pawn'); spaces[at].textContent = '⬤'; }""", position + 9)
    assert contrast(phone, ".track .pawn") >= 3
    shoot(phone, f"walk-pawn-{position}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_board_side_is_named_in_words_on_the_table_and_the_wonder_page(live_server, phone, shoot, lang):
    """The 2nd edition's sides are "day" and "night": the city showed "night" raw, the wonder page "Side night"."""
    from .test_live_table import KEYS, api
    made = api(live_server, "/api/v1/games", {"game": "7wonders", "edition": 2, "players": [
        {"name": "Ana", "wonder": "Giza", "side": "night"}, {"name": "Bruno", "wonder": "Rhodes", "side": "day"},
        {"name": "Chloé", "wonder": "Ephesus", "side": "night"}]})
    KEYS[made["code"]] = made["token"]
    phone.goto(f"{live_server}/g/{made['code']}?t={made['token']}&as=Ana&lang={lang}")
    city = phone.locator(".cities").get_by_text(tr(lang, "Night side")).first
    expect(city).to_be_visible()
    assert not re.search(r"\bnight\b", phone.locator(".cities").inner_text())
    shoot(phone, f"walk-side-table-{lang}")
    phone.goto(f"{live_server}/cards/7wonders/2/babylon?lang={lang}")
    expect(phone.locator("h2", has_text=tr(lang, "Night side"))).to_have_count(1)
    expect(phone.locator("h2", has_text=tr(lang, "Day side"))).to_have_count(1)


COST_WORDS = {"en": "1 stone, 2 clay", "fr": "1 pierre, 2 argiles", "ro": "1 piatră, 2 argile",
              "de": "1 Stein, 2 Ton"}
ICON_WORDS = {"en": ["stone", "clay"], "fr": ["pierre", "argile"], "ro": ["piatră", "argilă"], "de": ["Stein", "Ton"]}


@pytest.mark.parametrize("lang", ["en", "fr", "ro", "de"])
def test_a_cost_counts_its_resources_in_the_language_and_its_icons_say_so(live_server, phone, shoot, lang):
    """The Dispensary costs 1 stone and 2 clay: "2 argiles" (French plural), "2 argile" (Romanian), and each
    icon's label for a screen reader in the page's language, not "stone"/"clay"."""
    phone.goto(f"{live_server}/cards/duel/dispensary?lang={lang}")
    cost = phone.locator("section.card-row").first
    expect(cost.locator(".words")).to_have_text(COST_WORDS[lang])
    labels = cost.locator("svg.icon[role=img]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert sorted(set(labels)) == sorted(ICON_WORDS[lang])
    shoot(phone, f"walk-cost-{lang}")
