"""The trade calculator's refusal counts a resource in the reader's plural (a walk in pt at 390x844: "Esta
construção precisa de 2 vidro"); the engine's words, from the catalogue's plural forms."""
import pytest
from playwright.sync_api import expect

SAID = {"pt": ("precisa de 1 vidro;", "precisa de 2 vidros;"), "fr": ("demande 1 verre ;", "demande 2 verres ;"),
        "it": ("richiede 1 vetro;", "richiede 2 vetri;"), "es": ("necesita 1 cristal;", "necesita 2 cristales;")}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_shortage_counts_the_resource_in_the_readers_plural(live_server, phone, lang):
    phone.goto(f"{live_server}/calc/trade?lang={lang}")
    refusal = phone.locator("#answer .error")
    for n, said in zip((1, 2), SAID[lang]):
        phone.locator('input[name="need-glass"]').fill(str(n))
        expect(refusal).to_contain_text(said)
