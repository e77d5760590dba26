"""A new table refused names the seat in the reader's words, never the path of the JSON it makes.

A player walk in Spanish: two seats named Ana were refused as "players[1].name: dos jugadores se
llaman «Ana»", the same board twice as "players[1].wonder: El Coloso de Rodas ya es la maravilla de P0".
"""
import pytest

from .test_words_in_french import said

SAY = {"es": "Jugador 2", "it": "Giocatore 2", "ro": "Jucătorul 2", "fr": "Joueur 2", "en": "Player 2"}
CASES = {"names": {"name": ["Ana", "Ana", "Carla"], "wonder": ["gizah", "rhodes", "ephesus"]},
         "boards": {"name": ["Ana", "Bruno", "Carla"], "wonder": ["gizah", "gizah", "ephesus"]}}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("lang", sorted(SAY))
def test_a_new_table_refused_names_the_seat(app, lang, case):
    phone = app.test_client()
    phone.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    form = phone.get("/g/new?kind=7wonders-1&players=3").get_data(as_text=True)
    token = form.split('name="csrf_token" value="')[1].split('"')[0]
    page = phone.post("/g/new?kind=7wonders-1&players=3",
                      data={"csrf_token": token, "side": ["A", "A", "A"], **CASES[case]})
    text = said(page.get_data(as_text=True))
    assert page.status_code == 422
    assert "players[" not in text and SAY[lang] in text, text
