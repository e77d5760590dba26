"""A history import says its counts in the reader's plural, not "game(s)" (walked in pt at 390x844:
"1 partida(s) importada(s); 0 já estavam aqui.", and "1 were already here" in English)."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet, tr

SAID = {  # (imported into another group, imported again into its own)
    "pt": ("1 partida importada.", "0 partidas importadas. 1 partida já estava aqui."),
    "ro": ("1 partidă importată.", "0 partide importate. 1 partidă era deja aici."),
    "en": ("Imported 1 game.", "Imported 0 games. 1 game was already here."),
}


def upload(phone, base, lang, exported: bytes):
    phone.goto(f"{base}/history/?lang={lang}")
    phone.get_by_label(tr(lang, "Import a JSON export")).set_input_files(
        files=[{"name": "history.json", "mimeType": "application/json", "buffer": exported}])
    phone.get_by_role("button", name=tr(lang, "Import"), exact=True).click()


@pytest.mark.parametrize("lang", sorted(SAID))
def test_an_import_counts_its_games_in_the_readers_plural(live_server, browser, lang):
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(2)]
    ana, other = (context.new_page() for context in contexts)
    new_sheet(ana, live_server, "7wonders", ["Ximena", "Yusuf", "Zoe"])
    token = ana.locator("input[name=csrf_token]").first.input_value()
    assert ana.request.post(ana.url + "/save", form={"csrf_token": token, "confirm": "1"}).ok
    exported = ana.request.get(f"{live_server}/history/export.json").body()

    upload(other, live_server, lang, exported)
    expect(other.get_by_role("status")).to_have_text(SAID[lang][0])
    upload(ana, live_server, lang, exported)
    expect(ana.get_by_role("status")).to_have_text(SAID[lang][1])
    for context in contexts:
        context.close()
