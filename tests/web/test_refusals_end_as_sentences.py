"""A refusal shown on a page ends as a sentence, in every language: the engine's refusals are pieces of
other sentences and their templates end without a full stop, so a refused move ("Officine demande 1 tissu ;
vous n'en produisez pas et aucun voisin n'en vend") and the trade calculator's answer stopped mid-air.
They end with one full stop, never two (a translation or a joined sentence that has its own keeps it), and
start with a capital: "l'étape 2 de votre merveille demande ..." stood alone in lower case."""
import json
import re

import pytest

from companion.engine.messages import full_stop

from .conftest import csrf_of, open_table
from .test_words_in_french import PLAYERS, said

REFUSAL = re.compile(r'<p class="error"[^>]*>(.*?)</p>', re.S)


def shown(html: str) -> str:
    return said(REFUSAL.search(html).group(1))


def speaking(client, lang):
    client.get("/", query_string={"lang": lang})       # the language is remembered for the session
    return client


def refused_move(client, lang: str, action: str = "build") -> str:
    """Ana builds the Apothecary at once (a textile nobody makes), or with "stage" her wonder's first stage
    (its stones nobody sells her: the engine words it as a piece, "stage 1 of your wonder needs ..."),
    tapped through htmx: the reason shown alone."""
    table = open_table(speaking(client, lang), {"game": "7wonders", "edition": 1, "players": PLAYERS})
    client.get(f"/g/{table}", query_string={"as": "all"})
    form = {"csrf_token": csrf_of(client), "version": client.get(f"/api/v1/games/{table}").get_json()["version"],
            "doc": json.dumps({"player": "Ana", "action": action, "card": "apothecary"})}
    answer = client.post(f"/g/{table}/act", data=form, headers={"HX-Request": "true"})
    assert answer.status_code == 409
    return shown(answer.get_data(as_text=True))


@pytest.mark.parametrize("lang,start", [("fr", "Officine demande 1 tissu"), ("de", "Apotheke")])
def test_a_refused_move_ends_with_one_full_stop(client, lang, start):
    text = refused_move(client, lang)
    assert text.startswith(start) and text.endswith(".") and not text.endswith(".."), text


@pytest.mark.parametrize("lang", ["it", "pt"])
def test_the_trade_calculators_refusal_ends_with_one_full_stop(client, lang):
    client = speaking(client, lang)
    page = client.get("/calc/trade", query_string={"card": "apothecary"})
    text = shown(page.get_data(as_text=True))
    assert text.endswith(".") and not text.endswith(".."), text


@pytest.mark.parametrize("text,ended", [("no player 3", "No player 3."), ("Done.", "Done."),
                                        ("(or pass)", "(Or pass)."), ("Warten (oder passen).", "Warten (oder passen)."),
                                        ("Quoi ?", "Quoi ?"), ("", ""), ("3 coins", "3 coins."),
                                        ("l'étape 2 de votre merveille demande 2 PV", "L'étape 2 de votre merveille demande 2 PV."),
                                        ("«ana» ya jugó", "«Ana» ya jugó."), ("über PIXEL", "Über PIXEL.")])
def test_a_full_stop_is_added_once_and_a_capital_given(text, ended):
    assert full_stop(text) == ended


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_priced_form_says_why_not_with_one_full_stop(client, lang):
    """A card asked on a seat's form before it is posted: the price's refusal under the form."""
    table = open_table(speaking(client, lang), {"game": "7wonders", "edition": 1, "players": PLAYERS})
    page = client.get(f"/g/{table}", query_string={"as": "Ana", "player": "Ana", "action": "build",
                                                   "card": "apothecary"}).get_data(as_text=True)
    text = shown(page)
    assert text.endswith(".") and not text.endswith(".."), text


@pytest.mark.parametrize("lang,start", [("en", "Stage 1 of your wonder"), ("fr", "L'étape 1 de votre merveille"),
                                        ("pt", "A etapa 1 da sua maravilha")])
def test_a_refusal_shown_alone_starts_with_a_capital(client, lang, start):
    text = refused_move(client, lang, "stage")
    assert text.startswith(start) and text.endswith("."), text
