"""Score sheets with Armada and Edifice: offered for both editions, their rows where and as bounded as
boxes.toml says, remembered with the game, and a city page that asks what the boxes add and scores it."""
import re

from tests.web.test_sheet_boxes import start
from tests.web.test_sheets import Page, post

THREE = ("Ana", "Bruno", "Chloé")
NO_TOKENS = {"tokens1": "0", "tokens3": "0", "tokens5": "0", "tokens-1": "0"}


def test_both_editions_offer_armada_and_edifice(client):
    for pad in ("7wonders", "7wonders-2e"):
        html = client.get(f"/sheets/new?pad={pad}").get_data(as_text=True)
        assert {"armada", "edifice"} <= set(re.findall(r'name="box" value="([\w-]+)"', html))


def test_an_armada_and_edifice_sheet_has_their_rows_after_the_other_boxes(client, csrf):
    url = start(client, csrf, pad="7wonders-2e", boxes=("leaders", "armada", "edifice"), names=THREE)
    html = client.get(url).get_data(as_text=True)
    assert "7 Wonders (2nd edition) + Leaders + Armada + Edifice" in html
    order = re.findall(r'data-cell="v-0-(\w+)"', html)
    assert order == ["military", "treasury", "wonder", "civil", "commercial", "guilds", "science", "leaders",
                     "naval", "islands", "shipyard", "edifice"]


def test_the_naval_and_edifice_rows_take_negative_points_within_the_boxes_tokens(client, csrf):
    url = start(client, csrf, boxes=("armada", "edifice"), names=THREE)
    page = Page(post(client, url, csrf, **{"v-0-naval": "-3", "v-0-edifice": "-5", "v-0-islands": "7",
                                           "v-0-shipyard": "4", "v-1-civil": "2"}).get_data(as_text=True))
    assert page.totals[:2] == [3, 2]
    for row, typed, says in (("naval", "-33", "between \u221232 and 89"), ("edifice", "-11", "between \u221210 and 60"),
                             ("islands", "-1", "between 0 and 60")):
        response = post(client, url, csrf, **{f"v-0-{row}": typed, "section": row})
        assert response.status_code == 422
        assert any(says in e for e in Page(response.get_data(as_text=True)).errors), row


def test_a_saved_armada_game_is_remembered_with_its_boxes(client, csrf):
    url = start(client, csrf, pad="7wonders-2e", boxes=("armada",), names=THREE)
    post(client, url, csrf, **{"v-0-naval": "5", "v-1-civil": "3", "v-2-civil": "1"})
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code == 303
    assert "7 Wonders (2nd edition) + Armada" in client.get("/history/").get_data(as_text=True)
    assert 'data-cell="v-0-naval"' in client.get(url).get_data(as_text=True)


def test_a_second_edition_city_with_naval_tokens_islands_shipyard_and_edifices_fills_the_rows(client, csrf):
    url = start(client, csrf, pad="7wonders-2e", boxes=("armada", "edifice"), names=THREE)
    form = client.get(url + "/city/0").get_data(as_text=True)
    assert 'name="naval_points"' in form and 'value="royal-archipelago"' in form and 'value="belvedere"' in form
    # Alexandria day, 2 stages; Baths (3) and Altar (3 in the 2nd edition); naval tokens 7 in points; Royal Archipelago 7 and
    # Sheltered Archipelago 2 x 2; shipyard 5; Belvedere 2 (a stage each) + Amphitheater 2 - debt 3 = 1.
    response = client.post(url + "/city/0", data={
        "csrf_token": csrf, "wonder": "alexandria", "side": "day", "stages": "2", "coins": "0",
        "card": ["baths", "altar"], "naval_points": "7", "island": ["royal-archipelago", "sheltered-archipelago"],
        "yellow_fleet": "0", "shipyard": "5", "edifice": ["belvedere", "amphitheater"], "edifice_debt": "3",
        **NO_TOKENS})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert (page.cells["v-0-naval"], page.cells["v-0-islands"], page.cells["v-0-shipyard"],
            page.cells["v-0-edifice"], page.cells["v-0-civil"]) == ("7", "11", "5", "1", "6")
    again = client.get(url + "/city/0").get_data(as_text=True)
    assert 'value="royal-archipelago" checked' in again and 'value="belvedere" checked' in again


def test_a_first_edition_city_counts_naval_tokens_by_value_and_leaves_the_islands_to_type(client, csrf):
    url = start(client, csrf, boxes=("armada",), names=THREE)
    form = client.get(url + "/city/0").get_data(as_text=True)
    assert 'name="naval7"' in form and 'name="naval-3"' in form and 'name="island"' not in form
    assert "Type Islands on the sheet" in form
    response = client.post(url + "/city/0", data={
        "csrf_token": csrf, "wonder": "alexandria", "side": "A", "stages": "0", "coins": "0",
        "naval7": "1", "naval3": "1", "naval-2": "1", "shipyard": "0", **NO_TOKENS})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert page.cells["v-0-naval"] == "8" and page.cells["v-0-islands"] == ""


def test_a_bad_box_field_on_the_city_page_is_refused_beside_it(client, csrf):
    url = start(client, csrf, pad="7wonders-2e", boxes=("armada", "edifice"), names=THREE)
    for field, typed, says in (("yellow_fleet", "7", "from 0 to 6"), ("edifice_debt", "11", "from 0 to 10"),
                               ("naval_points", "90", "from \u221232 to 89"), ("shipyard", "x", "from 0 to 60")):
        response = client.post(url + "/city/0", data={"csrf_token": csrf, "wonder": "alexandria", "side": "day",
                                                        field: typed})
        assert response.status_code == 422 and says in response.get_data(as_text=True), field


def test_the_api_scores_armada_and_edifice(client):
    doc = {"game": "7wonders", "edition": 2, "expansions": ["armada", "edifice"],
           "players": [{"name": "Ana", "wonder": "Alexandria", "naval": [3, -1], "islands": ["Royal Archipelago"],
                        "shipyard": 4, "edifices": ["Belvedere"], "stages": 1},
                       {"name": "Bruno", "wonder": "Gizah"}, {"name": "Chloé", "wonder": "Rhodes"}]}
    answer = client.post("/api/v1/score", json=doc)
    assert answer.status_code == 200, answer.get_json()
    scores = answer.get_json()["players"][0]["scores"]
    assert (scores["naval"], scores["islands"], scores["shipyard"], scores["edifice"]) == (2, 7, 4, 1)
    refused = client.post("/api/v1/score", json={**doc, "edition": 1})
    assert refused.status_code == 400 and refused.get_json()["where"] == "players[0].islands[0]"   # none listed


def test_a_babel_sheet_has_the_tower_and_projects_rows_and_a_city_fills_them(client, csrf):
    assert "babel" not in re.findall(r'name="box" value="([\w-]+)"',
                                     client.get("/sheets/new?pad=7wonders-2e").get_data(as_text=True))
    url = start(client, csrf, boxes=("babel",), names=THREE)
    assert re.findall(r'data-cell="v-0-(\w+)"', client.get(url).get_data(as_text=True))[-2:] == ["tower", "projects"]
    form = client.get(url + "/city/0").get_data(as_text=True)
    assert 'name="tower_tiles"' in form and 'name="project-smelter"' in form
    # Alexandria A, 2 stages; three Babel tiles built (10); two Smelter tokens (a point a stage each: 4)
    response = client.post(url + "/city/0", data={
        "csrf_token": csrf, "wonder": "alexandria", "side": "A", "stages": "2", "coins": "0",
        "tower_tiles": "3", "project-smelter": "2", **NO_TOKENS})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert (page.cells["v-0-tower"], page.cells["v-0-projects"]) == ("10", "4")
    assert 'name="project-smelter" inputmode="numeric" data-field value="2"' in client.get(
        url + "/city/0").get_data(as_text=True)
    refused = client.post(url + "/city/0", data={"csrf_token": csrf, "wonder": "alexandria", "side": "A",
                                                  "tower_tiles": "4"})
    assert refused.status_code == 422 and "from 0 to 3" in refused.get_data(as_text=True)


def test_history_keeps_armadas_and_edifices_rows_in_its_export_and_statistics(client, csrf):
    url = start(client, csrf, pad="7wonders-2e", boxes=("armada", "edifice"), names=THREE)
    post(client, url, csrf, **{"v-0-naval": "5", "v-0-islands": "7", "v-0-edifice": "-3", "v-1-civil": "3",
                               "v-2-shipyard": "4"})
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code == 303
    rows = client.get("/history/export.csv").get_data(as_text=True).splitlines()
    header = rows[0].split(",")
    ana = dict(zip(header, rows[1].split(",")))
    assert (ana["naval"], ana["islands"], ana["edifice"], ana["total"]) == ("5", "7", "-3", "9")
    assert dict(zip(header, rows[3].split(",")))["shipyard"] == "4"
