"""The lookup page finds Pantheon's Gate by the names its German and Italian editions print."""
import re

import pytest


def result_hrefs(html: str) -> list[str]:
    return re.findall(r'class="card-chip[^"]*" href="([^"]+)"', html)


@pytest.mark.parametrize("lang, typed", [("de", "Tor"), ("it", "Portale"), ("en", "Portale")])
def test_the_lookup_page_finds_the_gate_by_its_printed_names(client, lang, typed):
    html = client.get("/cards/", query_string={"q": typed, "lang": lang, "game": "duel"}).get_data(as_text=True)
    hrefs = result_hrefs(html)
    assert any(h.endswith("/the-gate") for h in hrefs[:3]), hrefs[:5]


def test_the_gates_page_lists_its_german_and_italian_names(client):
    html = client.get("/cards/duel/the-gate?lang=de").get_data(as_text=True)
    assert '<td lang="de">Tor</td>' in html and '<td lang="it">Portale</td>' in html
