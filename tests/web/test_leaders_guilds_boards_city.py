"""The Leaders box's guilds and Rome, the Wonder Pack's Manneken Pis on the city page and the sheet
(issue 31): offered with their box, scored on the sheet as score counts them, and their card pages
in words (a board's coins at the start, a side's power in place of a resource)."""
from tests.web.test_box_boards_city import save
from tests.web.test_sheet_boxes import start
from tests.web.test_sheets import Page

NAMES = ("Ana", "Bruno", "Chloé")


def test_rome_manneken_pis_and_the_guilds_are_offered_with_their_boxes_only(client, csrf):
    plain = client.get(start(client, csrf, boxes=("cities",), names=NAMES) + "/city/0").get_data(as_text=True)
    for absent in ('value="rome"', 'value="manneken-pis"', 'value="courtesans-guild"'):
        assert absent not in plain
    html = client.get(start(client, csrf, boxes=("leaders", "wonder-pack"), names=NAMES) + "/city/0").get_data(as_text=True)
    for offered in ("rome", "manneken-pis", "architects-guild", "courtesans-guild", "diplomats-guild", "gamers-guild"):
        assert f'value="{offered}"' in html


def test_a_leaders_and_wonder_pack_table_scored_from_the_city_page(client, csrf):
    """whole_games.toml's leaders-wonder-pack-1e table, entered on the page: Ana 30, Bruno 38, Chloé 22."""
    url = start(client, csrf, boxes=("leaders", "wonder-pack"), names=NAMES)
    ana = save(client, csrf, url, 0, wonder="rome", side="A", stages="2", coins="10",
               tokens1="1", tokens3="1", card=["lumber-yard", "clay-pool", "ore-vein", "baths", "courtesans-guild",
                                               "gamers-guild", "midas"])
    assert ana.status_code == 303, ana.get_data(as_text=True)
    bruno = save(client, csrf, url, 1, wonder="manneken-pis", side="A", stages="3", coins="4",
                 **{"tokens-1": "1", "tokens5": "1"},
                 card=["apothecary", "workshop", "diplomats-guild", "architects-guild", "amytis"])
    assert bruno.status_code == 303, bruno.get_data(as_text=True)
    chloe = save(client, csrf, url, 2, wonder="gizah", side="B", stages="3", coins="5", tokens1="1",
                 card=["scriptorium", "altar", "workers-guild", "euclid"])
    assert chloe.status_code == 303, chloe.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert [page.cells[f"v-{i}-guilds"] for i in range(3)] == ["7", "11", "3"]
    assert [page.cells[f"v-{i}-wonder"] for i in range(3)] == ["10", "14", "13"]
    assert [page.cells[f"v-{i}-leaders"] for i in range(3)] == ["3", "6", "0"]


def test_manneken_pis_copying_a_stage_not_built_leaves_its_row_to_type(client, csrf):
    url = start(client, csrf, boxes=("leaders", "wonder-pack"), names=NAMES)
    assert save(client, csrf, url, 0, wonder="manneken-pis", side="A", stages="1", coins="0").status_code == 303
    assert save(client, csrf, url, 1, wonder="gizah", side="A", stages="0", coins="0").status_code == 303
    html = client.get(url).get_data(as_text=True)
    assert Page(html).cells["v-0-wonder"] == ""
    assert "Ana: a stage of Manneken Pis scores what the city page does not record" in html


def test_rome_and_manneken_pis_card_pages_say_their_power_and_coins_in_french(client):
    rome = client.get("/cards/7wonders/1/rome", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Recrutez vos leaders suivants gratuitement." in rome
    assert "Vos leaders vous coûtent 2 pièces de moins." in rome and "leader_discount" not in rome
    pis = client.get("/cards/7wonders/1/manneken-pis", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "4 pièces de plus que les autres joueurs." in pis
    assert "Copiez l’étape 1 de la Merveille de votre voisin de gauche." in pis
    guild = client.get("/cards/7wonders/1/diplomats-guild").get_data(as_text=True)
    assert "leader recruited" in guild


def test_abu_simbels_buried_leaders_chosen_on_the_city_page_score_twice_their_cost(client, csrf):
    """Abu Simbel B, both stages, Caesar (5) and Croesus (1) buried: 10 + 2 = 12; asked only with Leaders."""
    without = client.get(start(client, csrf, boxes=("wonder-pack",), names=NAMES) + "/city/0").get_data(as_text=True)
    assert 'name="buried"' not in without
    url = start(client, csrf, boxes=("leaders", "wonder-pack"), names=NAMES)
    html = client.get(url + "/city/0").get_data(as_text=True)
    assert html.count('<select name="buried">') == 2 and "Leaders buried under a stage of Abu Simbel" in html
    saved = save(client, csrf, url, 0, wonder="abu-simbel", side="B", stages="2", coins="0", buried=["caesar", "croesus"])
    assert saved.status_code == 303, saved.get_data(as_text=True)
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-wonder"] == "12"
    again = client.get(url + "/city/0").get_data(as_text=True)
    assert '<option value="caesar" selected>' in again and '<option value="croesus" selected>' in again


def test_the_same_leader_buried_twice_is_refused_saying_so(client, csrf):
    url = start(client, csrf, boxes=("leaders", "wonder-pack"), names=NAMES)
    refused = save(client, csrf, url, 0, wonder="abu-simbel", side="B", stages="2", coins="0", buried=["caesar", "caesar"])
    assert refused.status_code == 422
    assert "Caesar is buried once" in refused.get_data(as_text=True)


def test_the_colour_under_stonehenges_stage_chosen_on_the_city_page_scores_the_neighbours_cards(client, csrf):
    """Stonehenge B, both stages, Quarry (2 stones: 2); blue under stage 2: Bruno's Altar and Baths, 2: 4."""
    url = start(client, csrf, boxes=("wonder-pack",), names=NAMES)
    html = client.get(url + "/city/0").get_data(as_text=True)
    assert '<select name="colour_under">' in html and 'value="black"' not in html     # no black card without Cities
    assert save(client, csrf, url, 1, wonder="gizah", side="A", stages="0", coins="0",
                card=["altar", "baths"]).status_code == 303
    saved = save(client, csrf, url, 0, wonder="stonehenge", side="B", stages="2", coins="0", card=["quarry"],
                 colour_under="blue")
    assert saved.status_code == 303, saved.get_data(as_text=True)
    assert Page(client.get(url).get_data(as_text=True)).cells["v-0-wonder"] == "4"
    french = client.get(url + "/city/0", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<option value="blue" selected>bleue</option>' in french
