"""A new Duel table says what to tap while it is set up, not "Age 1 · enter what was turned over".

A player walk in Spanish: a Duel just started read "Era 1 · indica lo que se ha volteado" over ten
progress tokens' names (the game not yet in its first Age), then over the wonders to draft.
"""
import re

import pytest

from .test_box_tables import BOTH, listed, new_boxed
from .test_games import SHOWN, TOKENS, new_duel, post, state
from .test_words_in_french import said

SAY = {"en": ("Set-up · tap each progress token laid out on the board",
              "Set-up · tap each wonder turned face up for the draft", "Age 1"),
       "es": ("Preparación · toca cada ficha de Progreso colocada en el tablero",
              "Preparación · toca cada Maravilla descubierta para la selección", "Era 1"),
       "it": ("Preparazione · tocca ogni segnalino Progresso posto sul tabellone",
              "Preparazione · tocca ogni Meraviglia scoperta per la selezione", "Era 1")}


@pytest.mark.parametrize("lang", sorted(SAY))
def test_a_duel_being_set_up_says_what_to_tap(client, lang):
    tokens, wonders, age = SAY[lang]
    code = new_duel(client)
    page = said(client.get(f"/g/{code}?as=all&lang={lang}").get_data(as_text=True))
    assert tokens in page and age not in page
    for token in TOKENS:
        assert post(client, code, action="show-progress", token=token).status_code == 200
    page = said(client.get(f"/g/{code}?as=all").get_data(as_text=True))
    assert wonders in page and age not in page
    for wonder in SHOWN[0]:
        assert post(client, code, action="show-wonder", wonder=wonder).status_code == 200
    assert wonders not in said(client.get(f"/g/{code}?as=all").get_data(as_text=True))    # a player picks now


WAIT = {"en": ("Set-up · Ana to play (choose a wonder)", "a choice to make"),
        "es": ("Preparación · juega Ana (elegir una maravilla)", "una elección que hacer"),
        "ro": ("Pregătire · e rândul lui Ana (alege o minune)", "o alegere de făcut")}


@pytest.mark.parametrize("lang", sorted(WAIT))
def test_the_wonder_draft_says_who_chooses_a_wonder(client, lang):
    """Then the draft read "Era 1 · e rândul lui Ana (o alegere de făcut)": still the set-up, and the
    choice a wonder (the Duel calls that wait pick_wonder, the board knew it as pick)."""
    said_now, vague = WAIT[lang]
    code = new_duel(client)
    for token in TOKENS:
        post(client, code, action="show-progress", token=token)
    for wonder in SHOWN[0]:
        post(client, code, action="show-wonder", wonder=wonder)
    page = said(client.get(f"/g/{code}?as=all&lang={lang}").get_data(as_text=True))
    assert said_now in page and vague not in page, page


# The set-up said as such (not "Era 1"), then which entry it waits for, in the rules' words (adae7d7).
BOXES = {"en": ("Set-up · ", "Decree:"),
         "es": ("Preparación · ", "Decreto:")}


@pytest.mark.parametrize("lang", sorted(BOXES))
def test_the_boxes_set_up_says_it_is_the_set_up_and_its_buttons_start_with_a_capital(client, lang):
    """A Duel with the Agora and the Pantheon began with "Era 1 · indica lo que se ha volteado" over the
    decrees to place, then over "ficha de mitología egipcia colocada en la posición 5" (a button's words
    in lower case)."""
    set_up, decree = BOXES[lang]
    code = new_boxed(client, BOTH)
    html = client.get(f"/g/{code}/board?as=all&lang={lang}").get_data(as_text=True)
    assert set_up in said(html) and decree in html
    while state(client, code)["waiting_for"] != "show_progress":
        docs, html = listed(client, code)
        labels = re.findall(r"data-move>\s*([^<]+?)\s*</button>", html)
        assert labels and all(label[0].isupper() for label in labels), labels
        assert set_up in said(html)
        assert post(client, code, **docs[0]).status_code == 200
