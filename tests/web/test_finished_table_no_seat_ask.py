"""A finished game opened by its link shows how it ended first, not "Who are you?".

A player walk in Romanian: the finished Duel opened by its link put "Cine ești? Alege-ți locul: acest
telefon îți arată apoi mutările" (choose your seat: this phone then shows your moves) above the result,
with no move left to show.
"""
from .test_recorded_duel import finished_duel


def test_a_finished_game_does_not_ask_who_you_are(client):
    code = finished_duel(client)                  # its link opened: no seat chosen
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert "data-final-scores" in html and "data-seat-ask" not in html
