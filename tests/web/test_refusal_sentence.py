"""A move refused on the table page says why in a sentence that starts with a capital letter.

A player walk in French: Ana asked the price of a wonder stage she could not pay and read
"l'étape 1 de votre merveille demande 2 bois ; ..." (es "la etapa 1 de tu maravilla ..."): the engine's
reason begins with its subject, which is lower-case when it is the stage (a card's name is not).
"""
import re

import pytest

from .test_board_reuse import SEVEN, phone_at

HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it", "ro"])
def test_a_stage_refused_says_why_in_a_sentence(app, client, lang):
    made = client.post("/api/v1/games", json=SEVEN).get_json()
    ana = phone_at(app, made["join_url"], "Ana", lang)
    html = ana.get(f"/g/{made['code']}/price", query_string={"player": "Ana", "action": "stage", "card": "altar"},
                   headers=HTMX).get_data(as_text=True)
    reason = re.search(r'<p class="error" role="alert">([^<]+)</p>', html).group(1).strip()
    assert reason[0].isupper(), reason
