"""A 7 Wonders Architects score sheet: its rows, the tie to the most stages built, a city counted from
the table and scored by the engine, the Medals row, and what a real game cannot hold refused."""
import json
import re

from .test_cities import save_city
from .test_sheets import Page, post

FIVE = ("Ana", "Bruno", "Chloé", "Dan", "Eva")


def test_the_sheet_has_the_games_rows_and_asks_stages_built_for_the_tie(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=FIVE)
    html = client.get(url).get_data(as_text=True)
    for row in ("wonder", "cat", "blue", "military", "progress"):
        assert f'value="{row}"' in html
    assert "Stages built" in html and "Coins left" not in html and "Wonder boards" not in html
    tie = client.get(url + "?section=coins").get_data(as_text=True)
    assert "The most wonder stages built breaks a tie in total points." in tie and "Coins left" not in tie


def test_a_seven_wonders_sheet_says_coins_break_a_tie(client, csrf, make_sheet):
    tie = client.get(make_sheet(pad="7wonders", names=FIVE) + "?section=coins").get_data(as_text=True)
    assert "Coins left at the end break a tie in total points." in tie and "stages built" not in tie


def test_equal_totals_go_to_the_most_stages_built(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno", "Chloé"))
    post(client, url, csrf, **{"v-0-wonder": "14", "v-1-wonder": "10", "v-1-blue": "4", "v-2-wonder": "3"})
    post(client, url, csrf, **{"c-0": "4", "c-1": "5", "c-2": "1"})
    page = Page(client.get(url).get_data(as_text=True))
    assert page.totals == [14, 14, 3]
    assert page.ranks == [2, 1, 3]
    assert "the most wonder stages built wins" in client.get(url).get_data(as_text=True)


def test_a_stage_count_past_the_wonder_is_refused(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno"))
    response = post(client, url, csrf, **{"c-0": "6"})
    assert "Stages built are a whole number from 0 to 5." in response.get_data(as_text=True)


def test_the_cat_row_allows_only_what_the_pawn_gives(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno"))
    for typed in ("3", "1"):              # 1: the pawn counted, not its 2 points (a total 1 short was kept)
        response = post(client, url, csrf, **{"v-0-cat": typed})
        assert response.status_code == 422
        assert "Cat is 0 or 2 in a real game." in response.get_data(as_text=True)
    post(client, url, csrf, **{"v-0-cat": "2"})
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-cat"] == "2"


def test_military_and_medals_take_whole_tokens_and_medals(client, csrf):
    """Military victory tokens are 3 points each, medals 4: 2 military points or 3 medal points is the
    count of tokens or medals typed, refused (they were kept, the total wrong); + and − move by a token."""
    url = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "architects", "box": "medals",
                                           "name": ["Ana", "Bruno"]}).headers["Location"]
    response = post(client, url, csrf, **{"v-0-military": "2"})
    assert response.status_code == 422
    assert "Military is a multiple of 3 between 0 and 45 in a real game." in response.get_data(as_text=True)
    response = post(client, url, csrf, **{"v-0-medals": "3"})
    assert "Medals is a multiple of 4 between 0 and 16 in a real game." in response.get_data(as_text=True)
    post(client, url, csrf, **{"v-0-military": "6", "v-0-medals": "8"})
    post(client, url, csrf, step="0:military:1")
    post(client, url, csrf, step="0:medals:-1")
    post(client, url, csrf, step="1:cat:1")
    page = Page(client.get(url).get_data(as_text=True))
    assert (page.cells["v-0-military"], page.cells["v-0-medals"], page.cells["v-1-cat"]) == ("9", "4", "2")
    assert page.totals == [13, 2]


def test_a_city_counted_from_the_table_is_scored_by_the_engine(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno", "Chloé"))
    page = client.get(f"{url}/city/0").get_data(as_text=True)
    assert 'name="wonder"' in page and 'name="progress-culture"' in page and 'name="card"' not in page
    # Giza, 5 stages (the page counts their 30 points), 2 blue and 1 with the cat, the cat, 2 military
    # victories, Decor (complete: 6), two Culture (12), Politics (1 cat card: 1).
    response = save_city(client, csrf, url, 0, wonder="giza", stages="5", blue="2",
                         cat_cards="1", cat="1", victories="2", **{"progress-decor": "1", "progress-culture": "2",
                                                                 "progress-politics": "1"})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert (page.cells["v-0-wonder"], page.cells["v-0-cat"], page.cells["v-0-blue"], page.cells["v-0-military"],
            page.cells["v-0-progress"]) == ("30", "2", "8", "6", "19")
    assert page.totals[0] == 65
    # The city's stages break a tie without being typed.
    again = client.get(f"{url}/city/0").get_data(as_text=True)
    assert 'name="stages" inputmode="numeric" data-field value="5"' in again and "checked" in again


def test_stages_that_leave_the_points_open_ask_for_them_then_score_them(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno"))
    # Olympia's second level holds a 2 and a 5, built in either order: two stages show 5 or 8.
    asked = save_city(client, csrf, url, 0, wonder="olympia", stages="2")
    assert asked.status_code == 422
    html = asked.get_data(as_text=True)
    assert "Olympia, stages built: 2, shows 5 or 8 points" in html
    # Said beside the points field, which is marked, not above the form.
    assert re.search(r'name="wonder_points"[^>]*aria-invalid="true"', html)
    assert 'role="alert">Olympia' not in html
    wrong = save_city(client, csrf, url, 0, wonder="olympia", stages="2", wonder_points="7")
    assert wrong.status_code == 422 and "not 7" in wrong.get_data(as_text=True)
    assert save_city(client, csrf, url, 0, wonder="olympia", stages="2", wonder_points="8").status_code == 303
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-wonder"] == "8"


def test_the_cat_held_by_two_players_is_refused_saying_so(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno"))
    assert save_city(client, csrf, url, 0, cat="1").status_code == 303
    response = save_city(client, csrf, url, 1, cat="1")
    assert response.status_code == 422
    assert "Only one player holds the cat" in response.get_data(as_text=True)


def test_a_count_a_form_cannot_be_is_refused_on_its_field(client, csrf, make_sheet):
    url = make_sheet(pad="architects", names=("Ana", "Bruno"))
    response = save_city(client, csrf, url, 0, stages="9", **{"progress-culture": "3"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Stages built is a whole number from 0 to 5." in html and "Culture is a whole number from 0 to 2." in html


def test_medals_add_their_row_and_score_4_each(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "architects", "box": "medals",
                                                "name": ["Ana", "Bruno"]})
    assert response.status_code == 303
    url = response.headers["Location"]
    assert 'value="medals"' in client.get(url).get_data(as_text=True)
    assert save_city(client, csrf, url, 0, medals="2", wonder="ur").status_code == 303
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-medals"] == "8"


def test_the_score_api_takes_an_architects_table(client):
    body = {"game": "architects", "players": [{"name": "A", "stages": 2, "wonder_points": 6},
                                              {"name": "B", "blue": 2}]}
    response = client.post("/api/v1/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    assert response.get_json()["winners"] == ["A"]          # 6 each: A built 2 stages, B none
    bad = client.post("/api/v1/score", data=json.dumps({**body, "players": [{"name": "A", "cat": "yes"},
                                                                            {"name": "B"}]}),
                      content_type="application/json")
    assert bad.status_code == 400 and bad.get_json()["where"] == "players[0].cat"


def test_random_wonders_for_five_players(client):
    html = client.get("/calc/wonders?game=architects&players=5&deal=1", follow_redirects=True).get_data(as_text=True)
    dealt = re.findall(r"<strong>([^<]+)</strong></li>", html)
    assert len(dealt) == 5 and len(set(dealt)) == 5
    assert set(dealt) <= {"Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus", "Olympia", "Rhodes"}
    refused = client.get("/calc/wonders?game=architects&players=8&deal=1", follow_redirects=True).get_data(as_text=True)
    assert "This game is played by 2 to 7 players, not 8." in refused
    assert "<strong>" not in refused.split('id="answer"')[1]
    french = client.get("/calc/wonders?game=architects&players=1&deal=1&lang=fr",
                        follow_redirects=True).get_data(as_text=True)
    assert "Ce jeu se joue de 2 à 7 joueurs, pas 1." in french


def test_a_token_wonder_and_medal_say_what_they_do_in_the_readers_language(client):
    french = {"/cards/architects/decor": "À la fin : 4 points, ou 6 si votre merveille est terminée.",
              "/cards/architects/politics": "À la fin, chaque chat de vos cartes bleues rapporte 1.",
              "/cards/architects/rhodes": "Chaque étape avec ce pouvoir : un bouclier de plus.",
              "/cards/architects/medal-three-stages": "étapes de votre merveille construites : 3"}
    for url, words in french.items():
        html = client.get(url, query_string={"lang": "fr"}).get_data(as_text=True).replace("&#39;", "'")
        assert words in html, url


def test_a_wonder_is_found_by_its_other_printed_names(client):
    html = client.get("/cards/", query_string={"q": "Colossus of Rhodes", "game": "architects"}).get_data(as_text=True)
    assert "/cards/architects/rhodes" in html


def test_a_tracked_table_of_a_game_only_scored_is_refused_not_a_500(client):
    response = client.post("/api/v1/games", json={"game": "architects", "players": [{"name": "A"}, {"name": "B"}]})
    assert response.status_code == 400 and response.get_json()["where"] == "game"
    assert client.post("/api/v1/trade", json={"game": "architects"}).status_code == 400


def test_medals_third_culture_is_one_more_on_the_same_field_and_not_guessed(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "architects", "box": "medals",
                                                "name": ["Ana", "Bruno"]})
    url = response.headers["Location"]
    page = client.get(f"{url}/city/0").get_data(as_text=True)
    assert "Culture (0–3)" in page and page.count('name="progress-culture') == 1
    assert save_city(client, csrf, url, 0, **{"progress-culture": "2"}).status_code == 303
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-progress"] == "12"
    refused = save_city(client, csrf, url, 0, **{"progress-culture": "3"})
    assert refused.status_code == 422 and "not confirmed by our sources" in refused.get_data(as_text=True)


def test_a_wonders_card_page_in_french_names_it_and_its_stage_points_in_french(client):
    html = client.get("/cards/architects/olympia?lang=fr").get_data(as_text=True)
    assert "<h1" in html and "Olympie" in html
    assert "Points des étapes, niveau par niveau depuis la base : 3 · 2 + 5 · 5 · 7." in html
    assert "Les étapes d&#39;un même niveau se construisent dans n&#39;importe quel ordre." in html
    # Where it comes from and what is not confirmed, in French too: no English left.
    assert "quatre programmes publics du jeu, écrits séparément" in html
    assert "noms imprimés en anglais et en français seulement" in html
    assert "public implementation" not in html and "names in English" not in html
    token = client.get("/cards/architects/decor?lang=fr").get_data(as_text=True)
    assert "Décoration" in token and "deux programmes publics du jeu en français, écrits séparément" in token


def test_medals_card_pages_in_french_say_the_powers_sources_and_doubts_in_french(client):
    rome = client.get("/cards/architects/rome?lang=fr").get_data(as_text=True)
    assert "ce joueur prend en échange la carte du dessus de la pioche centrale" in rome
    assert "une critique allemande de Medals" in rome and "une critique française de Medals" in rome
    assert "noms imprimés en anglais, en français et en allemand seulement" in rome
    cat = client.get("/cards/architects/domestication?lang=fr").get_data(as_text=True)
    assert "Vous avez en permanence le pouvoir du chat" in cat
    assert "aucune source ne lui donne de points à la fin" in cat
    for page in (rome, cat):
        assert "review" not in page and "names in English" not in page and "no source" not in page


def test_the_step_buttons_say_the_rows_step(client, csrf):
    """+ and − of the cat, military and medals rows move by 2, 3 and 4 points: their names said "plus
    one" (read aloud as such), in every language; a row without a step keeps "plus one"."""
    url = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "architects", "box": "medals",
                                           "name": ["Ana", "Bruno"]}).headers["Location"]
    for row, step in (("cat", 2), ("military", 3), ("medals", 4)):
        html = client.get(f"{url}?section={row}&lang=en").get_data(as_text=True)
        assert re.search(rf'aria-label="[^"]* plus {step} for Ana"', html), row
        assert re.search(rf'aria-label="[^"]* minus {step} for Bruno"', html), row
        assert " plus one for " not in html and " minus one for " not in html
        italian = client.get(f"{url}?section={row}&lang=it").get_data(as_text=True)
        assert re.search(rf'aria-label="[^"]* più {step} per Ana"', italian), row
        assert re.search(rf'aria-label="[^"]* meno {step} per Bruno"', italian), row
    html = client.get(f"{url}?section=blue&lang=en").get_data(as_text=True)
    assert re.search(r'aria-label="[^"]* plus one for Ana"', html)
