"""Refusals at tracked tables: the API with a missing or wrong token (contract, "tables"), and the new
table's form as a player fills it on a phone."""
import pytest

SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
    {"name": "Chloé", "wonder": "Ephesus", "side": "A"}]}


@pytest.mark.parametrize("lang, words", [("en", "Authorization: Bearer <token>"), ("fr", "jeton")])
def test_a_wrong_token_is_told_where_the_token_goes_and_answers_as_an_unknown_code(client, lang, words):
    """Werkzeug's "The requested URL was not found on the server. If you entered the URL manually
    please check your spelling" sent a client that had only forgotten its token to check its address.
    The answer still tells nothing of whether the game exists: the same for a code no game has."""
    made = client.post("/api/v1/games", json=SEVEN).get_json()
    code, token = made["code"], made["token"]
    before = client.get(f"/api/v1/games/{code}", headers={"Authorization": f"Bearer {token}"}).get_json()
    headers = {"Accept-Language": lang}
    move = {"player": "Ana", "action": "sell", "card": "Altar"}
    answers = []
    for sent in ({}, {"Authorization": "Bearer nope"}, {"Authorization": token},
                 {"Authorization": f"Basic {token}"}, {"Authorization": "Bearer " + "x" * 4000}):
        for response in (client.get(f"/api/v1/games/{code}", headers={**headers, **sent}),
                         client.post(f"/api/v1/games/{code}/actions", json=move, headers={**headers, **sent}),
                         client.post(f"/api/v1/games/{code}/undo", json={}, headers={**headers, **sent})):
            assert response.status_code == 404
            answers.append(response.get_json())
    unknown = client.get("/api/v1/games/ZZZZZZ", headers={**headers, "Authorization": f"Bearer {token}"})
    assert unknown.status_code == 404
    for doc in answers:
        assert doc == {"error": doc["error"], "where": "Authorization"}
        assert code in doc["error"] and words in doc["error"] and "URL" not in doc["error"]
        assert doc["error"].replace(code, "ZZZZZZ") == unknown.get_json()["error"]
    # Nothing changed, and the right token still plays.
    right = client.get(f"/api/v1/games/{code}", headers={"Authorization": f"Bearer {token}"})
    assert right.status_code == 200 and right.get_json() == before


def test_a_wonder_chosen_twice_on_the_new_table_names_the_player_who_has_it(client, csrf):
    """Two players given the same board on the new-table form: the refusal said the wonder was already
    "the wonder of players[0]", a path of the JSON the form makes, not the player at the table."""
    names = ["Ana", "Bruno", "Chloé"]
    response = client.post("/g/new?kind=7wonders-1&players=3&lang=fr", data={
        "csrf_token": csrf, "name": names, "wonder": ["giza", "rhodes", "giza"], "side": ["A", "A", "A"]})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "La Grande Pyramide de Gizeh est déjà la merveille d&#39;Ana" in page
    assert "merveille de players" not in page


@pytest.mark.parametrize("body, lang", [
    ({"game": "7wonders", "edition": 1, "players": SEVEN["players"]}, "en"),
    ({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]}, "fr")])
def test_an_action_without_its_player_says_the_player_is_missing(client, body, lang):
    """An action posted without "player" answered "no player None at this table", Python's None."""
    made = client.post("/api/v1/games", json=body).get_json()
    response = client.post(f"/api/v1/games/{made['code']}/actions", json={"action": "build", "card": "Baths"},
                           headers={"Authorization": f"Bearer {made['token']}", "Accept-Language": lang})
    doc = response.get_json()
    assert response.status_code == 400 and doc["where"] == "player"
    assert doc["error_key"] == "in.player_missing" and "None" not in doc["error"]
    assert doc["error"].endswith("Ana, Bruno" + (", Chloé" if body["game"] == "7wonders" else ""))


def test_values_sent_are_shown_back_as_json_not_as_python(client):
    """A value a client sent that the contract refuses was shown with Python's repr: "unknown action
    None", "no player True", "unknown game ['chess']", to a client that wrote null, true and ["chess"]."""
    made = client.post("/api/v1/games", json=SEVEN).get_json()
    headers = {"Authorization": f"Bearer {made['token']}"}
    said = [client.post(f"/api/v1/games/{made['code']}/actions", json=doc, headers=headers).get_json()["error"]
            for doc in ({"player": "Ana", "action": None}, {"player": True, "action": "sell", "card": "Baths"},
                        {"player": ["Ana"], "action": "sell", "card": "Baths"}, {"player": "Ana", "action": "fly"})]
    said.append(client.post("/api/v1/games", json={**SEVEN, "game": ["chess"]}).get_json()["error"])
    assert said[0].startswith("unknown action null ")
    assert said[1].startswith("no player true ") and said[2].startswith('no player ["Ana"] ')
    assert said[3].startswith("unknown action 'fly' ")          # a text quoted as before
    assert said[4].startswith('unknown game ["chess"] ')
    assert not [s for s in said if "None" in s or "True" in s or "['" in s]
