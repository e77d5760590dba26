"""A sheet filled from the cities: the engine scores what the players tapped."""
import re

from .test_sheets import Page, post


def city_url(sheet_url, player):
    return f"{sheet_url}/city/{player}"


def save_city(client, csrf, sheet_url, player, **fields):
    data = {"csrf_token": csrf}
    data.update(fields)
    return client.post(city_url(sheet_url, player), data=data)


def test_two_cities_by_cards_and_two_by_numbers(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé", "Dan"))
    # Ana: Babylon A, 2 stages (3 points + a wildcard), Baths (3), Apothecary (compass),
    # Scientists Guild (a wildcard), Lumber Yard; 14 coins; tokens +1 +3 -1.
    response = save_city(client, csrf, url, 0, wonder="babylon", side="A", stages="2", coins="14",
                         card=["baths", "apothecary", "scientists-guild", "lumber-yard"],
                         **{"tokens1": "1", "tokens3": "1", "tokens-1": "1", "tokens5": "0"})
    assert response.status_code == 303
    # Bruno: Gizah A fully built (3 + 5 + 7), Palace (8), Workers Guild: one brown card
    # next door (Ana's Lumber Yard; Chloé, entered by numbers, counts as none); 5 coins.
    assert save_city(client, csrf, url, 1, wonder="gizah", side="A", stages="3", coins="5",
                     card=["palace", "workers-guild"]).status_code == 303
    post(client, url, csrf, **{"v-2-civil": "20", "v-3-science": "9"})
    page = Page(client.get(url).get_data(as_text=True))
    # Ana: military 3, treasury 4, wonder 3, civil 3, science 1 compass + 2 wildcards = 3 kinds: 10.
    assert page.cells["v-0-science"] == "10" and page.cells["v-0-military"] == "3"
    # Bruno: wonder 15, civil 8, guilds 1, treasury 1.
    assert page.cells["v-1-wonder"] == "15" and page.cells["v-1-guilds"] == "1"
    assert page.totals == [23, 25, 20, 9]
    assert page.ranks == [2, 1, 3, 4]
    assert "entered by numbers count as empty cities" in client.get(url).get_data(as_text=True)


def test_a_typed_number_overrides_the_city(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    save_city(client, csrf, url, 0, wonder="rhodes", side="A", stages="0", coins="0", card=["baths"])
    post(client, url, csrf, **{"v-0-civil": "5"})
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-civil"] == "5"


def test_saving_a_city_clears_numbers_typed_before(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    post(client, url, csrf, **{"v-0-civil": "40"})
    save_city(client, csrf, url, 0, wonder="rhodes", side="A", stages="0", coins="0", card=["baths"])
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-civil"] == "3"


def test_a_card_twice_is_refused_with_the_engines_reason(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    response = save_city(client, csrf, url, 0, wonder="rhodes", side="A", stages="0", coins="0",
                         card=["loom", "loom-age-2"])
    assert response.status_code == 422 and "Loom" in response.get_data(as_text=True)
    assert "city ✓" not in client.get(url).get_data(as_text=True)       # nothing saved


def test_stages_beyond_the_board_are_refused(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    response = save_city(client, csrf, url, 0, wonder="rhodes", side="A", stages="4", coins="0")
    assert response.status_code == 422


def test_bad_numbers_in_the_city_form(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    response = save_city(client, csrf, url, 0, wonder="", side="A", stages="x", coins="-3")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Choose the wonder board." in html and "Coins is a whole number from 0 to 500." in html


def test_unknown_player_or_sheet_is_404(client, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    assert client.get(city_url(url, 3)).status_code == 404
    assert client.get("/sheets/nope/city/0").status_code == 404


def test_card_picker_filters_by_age_and_name_keeping_ticks(client, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    html = client.get(city_url(url, 0), query_string={"age": "3", "card": ["baths"]}).get_data(as_text=True)
    assert 'value="baths" checked' in html and 'value="palace"' in html and 'value="sawmill"' not in html
    html = client.get(city_url(url, 0), query_string={"q": "pala"}).get_data(as_text=True)
    assert re.findall(r'name="card" value="([^"]+)"', html) == ["palace"]


def test_duel_cities_with_the_conflict_pawn(client, csrf, make_sheet):
    url = make_sheet(pad="duel", names=("Antoine", "Bruno"))
    # Antoine: Temple (4 points) and The Pyramids (9), pawn 3 spaces toward Bruno (5 points), 12 coins.
    assert save_city(client, csrf, url, 0, card=["temple"], wonder=["the-pyramids"], coins="12",
                     conflict="3").status_code == 303
    assert save_city(client, csrf, url, 1, card=["baths"], coins="3").status_code == 303
    page = Page(client.get(url).get_data(as_text=True))
    assert page.cells["v-0-military"] == "5" and page.cells["v-0-wonders"] == "9"
    assert page.cells["v-0-civil"] == "4" and page.cells["v-0-treasury"] == "4"
    assert page.cells["v-1-civil"] == "3" and page.cells["v-1-military"] == "0"
    assert page.totals == [22, 4] and page.ranks == [1, 2]


def test_duel_military_supremacy_wins_whatever_the_points(client, csrf, make_sheet):
    url = make_sheet(pad="duel", names=("Antoine", "Bruno"))
    save_city(client, csrf, url, 0, coins="0", conflict="9")
    save_city(client, csrf, url, 1, card=["palace"], coins="30")
    html = client.get(url).get_data(as_text=True)
    assert Page(html).ranks == [1, 2] and "Military supremacy" in html
