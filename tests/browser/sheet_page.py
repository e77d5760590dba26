"""The score sheet as a player sees it, shared by the browser journeys: the interface's words in a
language, the new-sheet page, a section's tabs, the keyboard's entry loop (type, Enter, and Enter
again for "Next: ..."), the tie section's counts, the pad's cells and the totals and ranks shown."""
import re
from contextlib import contextmanager

from babel.support import Translations
from playwright.sync_api import expect

from companion.engine.messages import minus
from companion.web import ROOT


def tr(lang: str, text: str) -> str:
    """The interface's words in that language, from the same catalogues the app uses."""
    if lang == "en":
        return text
    return Translations.load(str(ROOT / "translations"), [lang]).gettext(text)


def ranks_of(totals):
    """Competition ranking by total (the engine's tie-breaks are not at stake here)."""
    return [1 + sum(other > t for other in totals) for t in totals]


def settled(page) -> None:
    """Wait until htmx has nothing out, swapping or settling (its classes gone from every element)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


class SheetPage:
    """The score sheet as a player sees it."""

    def __init__(self, page, lang="en"):
        self.page, self.lang = page, lang

    def start(self, base, pad, names, boxes=()):
        """The new-sheet page as a player fills it: seats, the expansions ticked, the names, Start."""
        self.page.goto(f"{base}/sheets/new?pad={pad}&players={len(names)}&lang={self.lang}")
        expect(self.page.locator("h1")).to_be_visible()
        for box in boxes:
            tick = self.page.get_by_role("checkbox", name=tr(self.lang, box))
            tick.tap()
            expect(tick).to_be_checked()
        for i, name in enumerate(names):
            self.page.locator('input[name="name"]').nth(i).fill(name)
        self.page.get_by_role("button", name=tr(self.lang, "Start the sheet"), exact=True).click()
        self.page.wait_for_url(re.compile(r".*/sheets/[\w-]+$"))

    def sections(self) -> list[str]:
        """The sections' keys in the order their tabs show them."""
        return self.page.locator(".sections button").evaluate_all("bs => bs.map(b => b.value)")

    def section(self, key):
        """Tap a section's tab (saving what is typed) unless it is the one shown."""
        tab = self.page.locator(f'.sections button[value="{key}"]')
        if tab.get_attribute("aria-current") != "step":
            tab.click()
            expect(self.page.locator(f'.sections button[value="{key}"]')).to_have_attribute("aria-current", "step")

    def type(self, player, row, value):
        self.section(row)
        cell = self.page.locator(f'input[name="v-{player}-{row}"]')
        cell.click()                                   # a tap, as a player does, then the keys
        expect(cell).to_be_focused()
        cell.fill(str(value))
        cell.press("Tab")

    def enter_rows(self, rows, scores, title=None):
        """Tap the first field, then type every row's scores by keyboard alone: each value and Enter
        (the next player's field is focused), Enter once more for "Next: ..."; `title(row)` is the
        English heading each section shows (the row's name capitalised unless said)."""
        self.page.locator("input[data-field]").first.click()
        for row in rows:
            heading = title(row) if title else row.capitalize()
            expect(self.page.locator("h2#section-title")).to_have_text(tr(self.lang, heading))
            for p, value in enumerate(scores[row]):
                expect(self.page.locator(f'input[name="v-{p}-{row}"]')).to_be_focused()
                self.page.keyboard.type(str(value))
                self.page.keyboard.press("Enter")
            self.page.keyboard.press("Enter")                                # "Next: ..."

    def enter_tie_counts(self, heading, values):
        """The tie section (coins, or what the game counts instead) typed by keyboard, Enter after each."""
        expect(self.page.locator("h2#section-title")).to_have_text(tr(self.lang, heading))
        for p, value in enumerate(values):
            field = self.page.locator(f'input[name="c-{p}"]')
            expect(field).to_be_focused()
            self.page.keyboard.type(str(value))
            self.page.keyboard.press("Enter")

    def pick_cards(self, player, cards):
        """On a city page, tick each card found by a search, as a player does: (text typed, card id).
        The picker's answer to the search is awaited and swapped in before the tick: a tick made on a
        picker about to be replaced was lost (seen on a loaded machine)."""
        for text, ident in cards:
            with self.page.expect_response(lambda r: f"/city/{player}" in r.url and r.request.method == "GET"):
                self.page.get_by_placeholder(tr(self.lang, "Find a card")).fill(text)
            settled(self.page)
            box = self.page.locator(f'#picker input[value="{ident}"]')
            expect(box).to_be_visible()
            box.check()

    def pad(self, player, row):
        return self.page.locator(f'#pad-check td[data-cell="v-{player}-{row}"]')

    def totals(self):
        return [int(t.split()[0]) for t in self.page.locator("[data-total]").all_inner_texts()]

    def expect_totals_and_ranks(self, totals, ranks=None):
        """The totals shown, and the ranks (by total unless the game's tie rule says otherwise)."""
        expect(self.page.locator("[data-total]")).to_have_text([minus(t) for t in totals])     # "−4"
        expect(self.page.locator("[data-rank]")).to_have_text(
            [re.compile(rf"^{r}") for r in (ranks or ranks_of(totals))])

    def fits_the_screen(self):
        assert self.page.evaluate("document.documentElement.scrollWidth") <= 390


def new_sheet(page, base, pad, names, *, lang=None, boxes=(), by_enter=False) -> str:
    """A new sheet of `pad` for `names`, typed in and started as a player does; its address. `lang`:
    the page's language; `boxes`: the expansions ticked (by key); `by_enter`: started by Enter in the
    last name (the keyboard's way, with or without JavaScript) rather than by its button."""
    page.goto(f"{base}/sheets/new?pad={pad}&players={len(names)}" + (f"&lang={lang}" if lang else ""))
    for box in boxes:
        tick = page.locator(f'input[name=box][value="{box}"]')
        tick.check()
        expect(tick).to_be_checked()
    fields = page.locator('input[name="name"]')
    for i, name in enumerate(names):
        fields.nth(i).fill(name)
    if by_enter:
        fields.nth(len(names) - 1).press("Enter")
    else:
        page.locator("button[data-enter-last]").click()
    page.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    return page.url


@contextmanager
def sheet_without_javascript(browser, base, pad, names, *, lang, boxes=()):
    """A phone-sized page with JavaScript off and a new sheet on it, started by Enter: (the page, the
    sheet's address); the page's context closed after, even when the test fails."""
    from .conftest import PHONE
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        yield page, new_sheet(page, base, pad, names, lang=lang, boxes=boxes, by_enter=True)
    finally:
        context.close()


def read_photo(page, base: str, lang: str, data: bytes) -> None:
    """The photo reader's upload in `lang`: a photo chosen and read, its preview shown."""
    page.goto(f"{base}/scan/?lang={lang}")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "pad.jpg", "mimeType": "image/jpeg", "buffer": data}])
    page.get_by_role("button", name=tr(lang, "Read the photo")).click()
    expect(page.locator("h1")).to_have_text(tr(lang, "Check the scanned pad"))


def post_preview(page, fields: dict) -> None:
    """The scan preview as "check again" posts it, with these fields (as the preview's own form would)."""
    page.evaluate("""(fields) => {
        const form = document.createElement('form');
        form.method = 'post'; form.action = '/scan/confirm';
        for (const [name, value] of Object.entries(fields)) {
            const input = document.createElement('input');
            input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
        }
        document.body.appendChild(form); form.submit();
    }""", fields)
