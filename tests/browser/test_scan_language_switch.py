"""A player checking a scanned pad in French switches the page to German from the language menu:
the preview comes back in German with every correction typed and every mark kept, the marks worded
in German (a walk in fr, pt and de: the menu's link, a GET, lost the preview, and a doubt carried as
its French sentence stayed French). A preview's address opened again is the upload page, not an error."""
from playwright.sync_api import expect

from testkit.pad_photos import PhotoSpec, make_photo

from .sheet_page import read_photo, tr

SEED, PAD, FONT = 103, "duel", "steve-hand"      # as test_scan: a total misread and marked


def test_the_language_menu_on_the_preview_keeps_the_corrections(live_server, phone):
    data, _truth = make_photo(SEED, PAD, FONT, PhotoSpec(size=(2000, 1500)))
    read_photo(phone, live_server, "fr", data)
    marked = phone.locator("td.doubt input:not([type=hidden]), th.doubt input:not([type=hidden])")
    expect(marked.first).to_be_visible()
    names = marked.evaluate_all("els => els.map(e => e.name)")
    notes_fr = phone.locator(".scan-to-check li .doubt-note").all_inner_texts()
    phone.locator("#v-0-civil").first.fill("17")          # a correction typed
    phone.locator("#name-1").fill("Zoé")

    phone.locator("details.langs summary").click()
    with phone.expect_navigation():
        phone.locator("details.langs a[hreflang=de]").click()
    expect(phone.locator("h1")).to_have_text(tr("de", "Check the scanned pad"))
    expect(phone.locator("#v-0-civil").first).to_have_value("17")
    expect(phone.locator("#name-1")).to_have_value("Zoé")
    still = phone.locator("td.doubt input:not([type=hidden]), th.doubt input:not([type=hidden])")
    changed = {"v-0-civil", "name-1"}                       # checked by the player: their marks go
    assert still.evaluate_all("els => els.map(e => e.name)") == [n for n in names if n not in changed]
    notes_de = phone.locator(".scan-to-check li .doubt-note").all_inner_texts()
    assert notes_de and notes_fr
    french = {tr("fr", "Not sure of this number."), tr("fr", "Could not read this name."),
              tr("fr", "This column does not add up to its total."), tr("fr", "Could not read this number.")}
    assert not french & set(notes_de), notes_de
    assert all(note.strip() for note in notes_de)


def test_a_preview_address_opened_again_is_the_upload_page(live_server, phone):
    response = phone.request.get(f"{live_server}/scan/confirm?lang=pt", max_redirects=0)
    assert response.status == 303 and response.headers["location"].endswith("/scan/?lang=pt")
