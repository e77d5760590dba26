"""Every card of Cities (both editions) and of the 2nd edition's Leaders has a page that says what it does
in the reader's language: no effect's code shown, no page failing (a French and a German walk)."""
import re

import pytest

from companion.catalog import Game, catalog
from companion.catalog.effects import KINDS


def things(boxes=("cities", "leaders")):
    for edition in (1, 2):
        for box in boxes:
            for t in catalog().box_list(Game.SEVEN_WONDERS, edition, box):
                yield edition, t


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_cities_and_leaders_card_page_says_its_effects_in_words(client, lang):
    # every box of the 7 Wonders family: Abu Simbel's burying stages showed 'bury_leader' in French
    codes = re.compile(r"\b(" + "|".join(k for k in KINDS if "_" in k) + r")\b")
    boxes = {b.key for b in catalog().boxes.values() if b.game is Game.SEVEN_WONDERS}
    for edition, thing in things(sorted(boxes)):
        page = client.get(f"/cards/7wonders/{edition}/{thing.id}?lang={lang}")
        assert page.status_code == 200, thing.id
        text = page.get_data(as_text=True)
        assert not codes.search(re.sub(r"<[^>]+>", " ", text)), (thing.id, codes.search(text).group(0))


def test_a_black_cards_page_in_french_says_the_mask(client):
    text = client.get("/cards/7wonders/1/spy-ring?lang=fr").get_data(as_text=True)
    assert "copiez un symbole scientifique d’une carte verte d’un voisin" in text
