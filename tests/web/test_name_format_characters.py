"""A typed name loses control and format characters wherever it is typed: a right-to-left override
(U+202E) in a name would turn round the rest of its line in the log or a score table, and a name of
one alone looks blank but was taken as a name."""
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from companion.catalog.plays import tidy_name

from .conftest import open_table

RLO, LRI, ZWJ = "\u202e", "\u2066", "\u200d"


def test_a_sheet_name_of_a_right_to_left_override_alone_is_no_name(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "name": ["Ana", RLO]})
    assert response.status_code == 422
    assert "you named 1" in response.get_data(as_text=True)


def test_a_sheet_name_keeps_its_letters_and_loses_the_override(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "name": ["Ana", f"Bo{RLO}b"]})
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Bob" in html and RLO not in html


def test_a_tracked_table_names_its_players_without_format_characters(client):
    code = open_table(client, {"game": "duel", "players": [{"name": f"{LRI}Ana"}, {"name": f"Bo{RLO}b"}]})
    names = [p["name"] for p in client.get(f"/api/v1/games/{code}").get_json()["players"]]
    assert names == ["Ana", "Bob"]


def test_a_tracked_table_refuses_a_name_of_an_override_alone(client):
    response = client.post("/api/v1/games", json={"game": "duel", "players": [{"name": "Ana"}, {"name": RLO}]})
    assert response.status_code == 400
    assert "players[1].name" in response.get_data(as_text=True)


def test_joiners_stay_an_emoji_sequence_is_one_name():
    family = "\U0001F469" + ZWJ + "\U0001F467"
    assert tidy_name(f"  Ana {family} ") == f"Ana {family}"


@given(st.text())
def test_a_tidied_name_holds_no_control_or_format_character_and_tidies_to_itself(text):
    name = tidy_name(text)
    assert all(c == ZWJ or c == "\u200c" or unicodedata.category(c) not in ("Cc", "Cf") for c in name)
    assert name == name.strip() and "  " not in name
    assert tidy_name(name) == name
