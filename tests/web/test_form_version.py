"""A table's form posts the board's version it was served with, so a move made on an old board is refused
("someone else played first"). A version that is not a number ("version=x", a tampered form) was read as
none sent, and the move went through unchecked: it is refused, saying what and where, nothing stored."""
import json

import pytest

from .test_games import new_duel, state

MOVE = json.dumps({"action": "show-progress", "token": "law"})


@pytest.mark.parametrize("sent", ["x", "1.5", "-1", "١", "9" * 20])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_move_posting_a_version_that_is_not_a_number_is_refused_naming_the_field(client, csrf, sent, lang):
    code = new_duel(client)
    client.get(f"/g/{code}?as=all&lang={lang}")
    before = state(client, code)["version"]
    response = client.post(f"/g/{code}/act", data={"csrf_token": csrf, "version": sent, "doc": MOVE},
                           headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422, html
    assert "Version: " in html
    assert ("whole number" if lang == "en" else "nombre entier") in html
    assert state(client, code)["version"] == before                 # nothing stored


def test_an_undo_posting_a_version_that_is_not_a_number_is_refused(client, csrf):
    code = new_duel(client)
    client.get(f"/g/{code}?as=all")
    version = state(client, code)["version"]
    assert client.post(f"/g/{code}/act", data={"csrf_token": csrf, "version": version, "doc": MOVE}).status_code == 303
    response = client.post(f"/g/{code}/undo", data={"csrf_token": csrf, "version": "x"})
    assert response.status_code == 422 and "Version: " in response.get_data(as_text=True)
    assert state(client, code)["version"] == version + 1


def test_a_move_with_its_number_or_with_none_still_goes_through(client, csrf):
    code = new_duel(client)
    client.get(f"/g/{code}?as=all")
    version = state(client, code)["version"]
    assert client.post(f"/g/{code}/act", data={"csrf_token": csrf, "version": f" {version} ", "doc": MOVE}).status_code == 303
    other = json.dumps({"action": "show-progress", "token": "agriculture"})
    assert client.post(f"/g/{code}/act", data={"csrf_token": csrf, "doc": other}).status_code == 303
    assert state(client, code)["version"] == version + 2
