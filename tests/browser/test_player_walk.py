"""A player's walk (issue 44's walk) at 390x844, in the languages where each thing went wrong: a new
sheet refused for two boxes not played together, the whole pad's row names, the science calculator's
boxes, the card and box ticks of a city page and of the trade calculator, whose long words broke
mid-word, and the photo reader's preview, whose row names were cut."""
import re
from pathlib import Path

from playwright.sync_api import expect

from testkit.pad_photos import PhotoSpec, make_photo

from .sheet_page import tr

BROKEN_WORDS = (Path(__file__).parent / "broken_words.js").read_text()
REFUSED = "%(box)s and %(other)s are not played together: untick one of them."


def no_word_broken(page, lang: str, where: str) -> None:
    """Every fold opened (a player taps each colour), then no word on two lines."""
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate(BROKEN_WORDS) == [], (lang, where)


def new_sheet(phone, base, lang, names):
    phone.goto(f"{base}/sheets/new?players={len(names)}&lang={lang}")
    for i, name in enumerate(names):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.locator('input[name="name"]').last.press("Enter")
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    return phone.url


def test_a_players_walk_through_forms_calculators_and_city_ticks(live_server, phone, shoot):
    # New sheet in German: Cities, Babel and Edifice ticked, eight players. The refusal named no box and
    # the page came back with every box unticked and seven seats (the eighth name gone).
    phone.goto(f"{live_server}/sheets/new?lang=de")
    for box in ("cities", "babel", "edifice"):
        phone.locator(f"input[name=box][value={box}]").check()
    names = ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena", "Florin", "Gabriela", "Horia"]
    for i, name in enumerate(names):
        if i >= phone.locator('input[name="name"]').count():
            phone.get_by_role("button", name=tr("de", "+ a player")).click()
            expect(phone.locator('input[name="name"]')).to_have_count(i + 1)
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.locator('input[name="name"]').last.press("Enter")
    expect(phone.locator("fieldset.boxes .error")).to_have_text(
        tr("de", REFUSED) % {"box": "Babel", "other": tr("de", "Edifice")})
    ticked = phone.locator("input[name=box]:checked").evaluate_all("els => els.map(e => e.value)")
    assert ticked == ["cities", "babel", "edifice"]
    assert [phone.locator('input[name="name"]').nth(i).input_value() for i in range(len(names))] == names
    shoot(phone, "walk44-boxes-refused-de")
    phone.locator("input[name=box][value=edifice]").uncheck()            # untick one, and it starts
    phone.get_by_role("button", name=tr("de", "Start the sheet"), exact=True).click()
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    sheet = phone.url
    # The whole pad names each category whole: from four players it cut them to one line ("Schatzka…",
    # "Commerci…", "Monete rimas…"), here at eight and at four players, every figure still in its cell.
    four = new_sheet(phone, live_server, "it", ["Ana", "Bogdan", "Chloé", "Dimitri"])
    for url, lang in ((sheet, "de"), (four, "it"), (four, "de")):
        phone.goto(f"{url}?lang={lang}")
        rows = phone.locator(".pad th[scope=row]")
        expect(rows.first).to_be_visible()
        assert rows.evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)") == []
        no_word_broken(phone, lang, "whole pad")
    shoot(phone, "walk44-whole-pad-de")

    # Science calculator: the wildcards' German words pushed its input out of its box; in French
    # "engrenage" wrapped under its icon and put its input lower than its neighbours'.
    for lang in ("de", "fr"):
        phone.goto(f"{live_server}/calc/science?lang={lang}")
        boxes = phone.locator("label.count")
        expect(boxes).to_have_count(4)
        assert boxes.evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length") == 0, lang
        tops = phone.locator("label.count input").evaluate_all(
            "els => els.slice(0, 3).map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, (lang, tops)
        no_word_broken(phone, lang, "science")
    shoot(phone, "walk44-science-fr")

    # A city's ticks, every colour open, and the trade calculator's discounts: "Handelskammer",
    # "Caravanserraglio", "Manufakturwaren)" broke mid-word in half a row.
    for lang in ("de", "it", "es"):
        phone.goto(f"{sheet}/city/0?lang={lang}")
        expect(phone.locator("label.pick").first).to_be_attached()
        no_word_broken(phone, lang, "city")
        phone.goto(f"{live_server}/calc/trade?lang={lang}")
        no_word_broken(phone, lang, "trade")
    shoot(phone, "walk44-trade-es")

    # The photo reader's preview in German and Romanian: each row's name whole ("Schatzka…", "Monede …"
    # were cut), the players' columns scrolling under them, not the page.
    photo, _truth = make_photo(5, "7wonders", "steve-hand", PhotoSpec(size=(2000, 1500)))
    for lang in ("de", "ro"):
        phone.goto(f"{live_server}/scan/?lang={lang}")
        phone.locator('input[name=pad][value="7wonders"]').check()
        phone.locator("input[type=file]").set_input_files(
            files=[{"name": "pad.jpg", "mimeType": "image/jpeg", "buffer": photo}])
        phone.locator("form button[type=submit]").last.click()
        expect(phone.locator("h1")).to_have_text(tr(lang, "Check the scanned pad"))
        names = phone.locator(".scan-pad th[scope=row]")
        expect(names.first).to_be_visible()
        cut = names.evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)")
        assert cut == [], (lang, cut)
        no_word_broken(phone, lang, "scan preview")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, lang
    shoot(phone, "walk44-scan-preview-ro")


def switch_language(page, name: str) -> None:
    page.locator(".langs summary").click()
    page.get_by_role("link", name=name).click()
    page.wait_for_load_state("load")


def test_a_language_switch_or_a_reload_keeps_what_was_typed_and_dealt(live_server, phone, shoot):
    """The language menu's links were drawn without the address's query: a trade typed in French came
    back empty in German. A deal of random wonders was redrawn at each reload (a phone reopening its
    tab) and lost at a language switch; Babel and Edifice ticked together dealt from the base game
    without a word, every box unticked."""
    phone.goto(f"{live_server}/calc/trade?lang=fr")
    phone.locator("input[name=need-wood]").fill("2")
    phone.locator("input[name=left-wood]").fill("1")
    phone.locator("input[name=coins]").fill("5")
    expect(phone).to_have_url(re.compile(r"coins=5"))                    # typed, the address follows
    answer = phone.locator("#answer").inner_text()
    switch_language(phone, "Deutsch")
    expect(phone.locator("html")).to_have_attribute("lang", "de")
    assert [phone.locator(f"input[name={n}]").input_value() for n in ("need-wood", "left-wood", "coins")] == \
        ["2", "1", "5"]
    expect(phone.locator("#answer")).not_to_have_text(answer)           # the same answer, in German
    shoot(phone, "walk44-trade-kept-de")

    phone.goto(f"{live_server}/calc/wonders?lang=en")
    phone.locator("input[name=players]").fill("6")
    phone.get_by_role("button", name="Deal the wonders").click()
    dealt = phone.locator("[data-dealt] li")
    expect(dealt).to_have_count(6)
    first = dealt.all_inner_texts()
    phone.reload()
    expect(dealt).to_have_count(6)
    assert dealt.all_inner_texts() == first
    switch_language(phone, "Română")
    expect(dealt).to_have_count(6)
    switch_language(phone, "English")
    assert dealt.all_inner_texts() == first
    dealt_at = phone.url
    phone.get_by_role("button", name="Deal the wonders").click()        # a new deal when asked
    # The new deal is a new address (another seed); the old one had no "deal=" either, so waiting for
    # that alone let the next ticks land on the page being replaced (one lost in a fresh clone's run).
    expect(phone).not_to_have_url(dealt_at)
    expect(phone).not_to_have_url(re.compile(r"deal="))
    phone.wait_for_load_state()

    for box in ("leaders", "babel", "edifice"):
        phone.locator(f"input[name=box][value={box}]").check()
    phone.get_by_role("button", name="Deal the wonders").click()
    expect(phone.locator("#answer .error")).to_have_text(REFUSED % {"box": "Babel", "other": "Edifice"})
    expect(dealt).to_have_count(0)
    ticked = phone.locator("input[name=box]:checked").evaluate_all("els => els.map(e => e.value)")
    assert ticked == ["leaders", "babel", "edifice"]
    shoot(phone, "walk44-wonders-refused")
