"""A score sheet with expansion boxes: chosen when it is started, its rows, bounds, players and history."""
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.test_filing import SAVE
from tests.web.test_sheets import Page, post

FIVE = ("Ana", "Bruno", "Chloé", "Dan", "Eva")


def start(client, csrf, pad="7wonders", boxes=("leaders", "cities"), names=FIVE):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": pad, "box": list(boxes),
                                                 "name": list(names)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def history_elsewhere(client, tmp_path) -> str:
    """The history page of another server that imported this one's export: what a player moving
    their games to another phone sees."""
    import io

    from companion.web import create_app
    from tests.web.conftest import csrf_of
    exported = client.get("/history/export.json").get_data()
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite3"), "SECRET_KEY": "t"}).test_client()
    response = other.post("/history/import", data={"csrf_token": csrf_of(other),
                                                   "file": (io.BytesIO(exported), "h.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    return other.get("/history/").get_data(as_text=True)


def test_the_new_sheet_offers_the_boxes_of_the_chosen_edition(client):
    first = client.get("/sheets/new?pad=7wonders").get_data(as_text=True)
    assert re.findall(r'name="box" value="([\w-]+)"', first) == ["leaders", "cities", "armada", "babel", "edifice",
                                                                     "wonder-pack"]     # boards only
    duel = client.get("/sheets/new?pad=duel").get_data(as_text=True)
    assert re.findall(r'name="box" value="([\w-]+)"', duel) == ["pantheon", "agora"]
    ticked = client.get("/sheets/new?pad=7wonders-2e&box=cities").get_data(as_text=True)
    assert 'value="cities" checked' in ticked and 'value="leaders" checked' not in ticked


def test_a_sheet_with_leaders_and_cities_has_their_rows_in_order(client, csrf):
    url = start(client, csrf)
    html = client.get(url).get_data(as_text=True)
    assert "7 Wonders + Leaders + Cities" in html
    order = re.findall(r'data-cell="v-0-(\w+)"', html)
    assert order == ["military", "treasury", "wonder", "civil", "science", "commercial", "guilds",
                     "leaders", "debt", "cities"]


def test_the_new_rows_count_in_the_total_debt_taken_off(client, csrf):
    url = start(client, csrf)
    response = post(client, url, csrf, **{"v-0-civil": "12", "v-0-leaders": "9", "v-0-debt": "-4",
                                          "v-0-cities": "5", "v-1-civil": "20"})
    page = Page(response.get_data(as_text=True))
    assert response.status_code == 200 and page.totals[:2] == [22, 20]


def test_a_debt_beyond_the_box_is_refused_next_to_it_naming_the_row(client, csrf):
    url = start(client, csrf)
    for typed in ("48", "-48", "+3"):
        response = post(client, url, csrf, **{"v-0-debt": typed, "section": "debt"})
        page = Page(response.get_data(as_text=True))
        assert response.status_code == 422
        assert "Debt is between \u221247 and 0 in a real game." in page.errors
        assert page.inputs["v-0-debt"] == typed          # what was typed stays, to be corrected


def test_a_debt_typed_as_the_coins_lost_is_taken_off(client, csrf):
    """A player who lost 5 coins to debt types 5: the row only takes points away, so it is -5, shown so."""
    url = start(client, csrf)
    response = post(client, url, csrf, **{"v-0-civil": "12", "v-0-debt": "5", "v-1-debt": "\u22123",
                                          "section": "debt"})
    page = Page(response.get_data(as_text=True))
    assert response.status_code == 200 and page.totals[:2] == [7, -3]
    assert page.inputs["v-0-debt"] == "-5" and page.cells["v-0-debt"] == "\u22125"


def test_a_debt_typed_positive_comes_back_as_saved_to_the_phone_that_typed_it(client, csrf):
    """Through htmx a typed field is sent back only where what was saved reads otherwise (5 saved as -5)."""
    url = start(client, csrf)
    answer = client.post(url, data={"csrf_token": csrf, "section": "debt", "v-0-debt": "5", "was-v-0-debt": "",
                                     "v-1-debt": "-2", "was-v-1-debt": ""},
                         headers={"HX-Request": "true"}).get_data(as_text=True)
    page = Page(answer)
    assert page.inputs.get("v-0-debt") == "-5"
    assert "v-1-debt" not in page.inputs            # typed and saved as typed: left alone


def test_cities_seats_eight(client, csrf):
    eight = [f"P{i}" for i in range(8)]
    start(client, csrf, boxes=("cities",), names=eight)
    refused = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "box": ["leaders"],
                                                "name": eight})
    assert refused.status_code == 422 and "2 to 7 players" in refused.get_data(as_text=True)
    more = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "box": ["cities"],
                                             "name": eight[:7], "seats": "8"}).get_data(as_text=True)
    assert more.count('name="name"') == 8 and 'value="cities" checked' in more


def test_a_box_of_another_edition_is_refused_and_the_names_kept(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "box": ["leaders"],
                                                "name": ["Ana", "Bruno"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "Tick only the expansions this game offers." in html
    assert 'value="Ana"' in html


def test_switching_edition_keeps_the_boxes_it_also_has(client, csrf):
    html = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "box": ["cities"],
                                            "name": ["Ana"], "switch": "7wonders-2e"}).get_data(as_text=True)
    assert 'value="cities" checked' in html


def test_a_saved_game_with_boxes_is_its_own_section_of_history(client, csrf):
    url = start(client, csrf, names=("Ana", "Bruno", "Chloé"))
    post(client, url, csrf, **{"v-0-leaders": "9", "v-1-civil": "3", "v-2-civil": "1"})
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code == 303
    html = client.get("/history/").get_data(as_text=True)
    assert "7 Wonders + Leaders + Cities" in html and "Ana — 9" in html
    again = client.get(url).get_data(as_text=True)               # remembered with the game
    assert 'data-cell="v-0-leaders"' in again


def test_a_city_with_leaders_and_debt_fills_the_new_rows(client, csrf):
    url = start(client, csrf, names=("Ana", "Bruno", "Chloé"))
    picker = client.get(url + "/city/0").get_data(as_text=True)
    assert 'value="cleopatra"' in picker and 'name="debt"' in picker
    assert "Age 0" not in picker
    assert 'value="tabularium"' in picker and "cannot count it yet" not in picker     # the black cards: tapped
    second = client.get(start(client, csrf, pad="7wonders-2e", names=("Ana", "Bruno", "Chloé")) + "/city/0")
    assert 'value="tabularium-2e"' in second.get_data(as_text=True)          # the 2nd edition's black cards too
    assert "cannot count it yet" not in second.get_data(as_text=True)
    # Ana: Alexandria A, 2 stages (3 + 0 points... side A: 3 then 0), Altar (2), Lumber Yard,
    # Cleopatra (5), Phidias (1 a brown card: 1), Amytis (2 a stage: 4), 6 debt points, 9 coins,
    # Tabularium (6) and Militia (no points) black.
    response = client.post(url + "/city/0", data={
        "csrf_token": csrf, "wonder": "alexandria", "side": "A", "stages": "2", "coins": "9", "debt": "6",
        "card": ["altar", "lumber-yard", "cleopatra", "phidias", "amytis", "tabularium", "militia"],
        "tokens1": "0", "tokens3": "0", "tokens5": "0", "tokens-1": "0"})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert page.cells["v-0-leaders"] == "10" and page.cells["v-0-debt"] == "\u22126" and page.cells["v-0-cities"] == "6"
    assert page.totals[0] == 3 + 3 + 2 + 10 - 6 + 6
    page = Page(post(client, url, csrf, **{"v-0-cities": "5"}).get_data(as_text=True))    # typed wins
    assert page.cells["v-0-cities"] == "5" and page.totals[0] == 3 + 3 + 2 + 10 - 6 + 5
    assert page.cells["v-0-civil"] == "2" and page.cells["v-0-treasury"] == "3"
    again = client.get(url + "/city/0").get_data(as_text=True)
    assert 'value="cleopatra" checked' in again and 'name="debt" inputmode="numeric" data-field value="6"' in again


def test_a_debt_beyond_the_box_is_refused_on_the_city_page(client, csrf):
    url = start(client, csrf, names=("Ana", "Bruno", "Chloé"))
    response = client.post(url + "/city/0", data={"csrf_token": csrf, "wonder": "alexandria", "side": "A",
                                                    "debt": "48"})
    assert response.status_code == 422 and "Debt is a whole number from 0 to 47." in response.get_data(as_text=True)


def test_boxes_of_any_shape_in_the_form_never_fail(client, csrf):
    for boxes in (["x" * 5000], ["", "leaders"], ["leaders", "leaders"], ["pantheon"], ["\u202eleaders"], ["cities"] * 40):
        response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "box": boxes,
                                                    "name": ["Ana", "Bruno", "Chloé"]})
        assert response.status_code in (303, 422), (boxes, response.status_code)
        response = client.get("/sheets/new", query_string={"pad": "7wonders", "box": boxes})
        assert response.status_code == 200


def test_a_game_with_boxes_and_a_city_with_leaders_and_debt_exports_and_imports_back(client, csrf, tmp_path):
    url = start(client, csrf, names=("Ana", "Bruno", "Chloé"))
    assert client.post(url + "/city/0", data={
        "csrf_token": csrf, "wonder": "alexandria", "side": "A", "stages": "1", "coins": "3", "debt": "2",
        "card": ["altar", "cleopatra"], "tokens1": "0", "tokens3": "0", "tokens5": "0", "tokens-1": "0"}
    ).status_code == 303
    post(client, url, csrf, **{"v-1-leaders": "4", "v-2-civil": "1"})
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code == 303
    html = history_elsewhere(client, tmp_path)
    # Ana: wonder 3, treasury 1, civil 2, leaders 5, debt -2 = 9; Bruno: leaders 4
    assert "7 Wonders + Leaders + Cities" in html and "Ana — 9" in html


def test_the_api_scores_leaders_and_says_where_a_box_is_wrong(client):
    doc = {"game": "7wonders", "edition": 1, "expansions": ["leaders", "cities"],
           "players": [{"name": "Ana", "wonder": "Alexandria", "leaders": ["Cleopatra"], "debt": 1},
                       {"name": "Bruno", "wonder": "Giza"}, {"name": "Chloé", "wonder": "Rhodes"}]}
    answer = client.post("/api/v1/score", json=doc)
    assert answer.status_code == 200
    assert answer.get_json()["players"][0]["scores"] == {
        "military": 0, "treasury": 0, "wonder": 0, "civil": 0, "commercial": 0, "guilds": 0, "science": 0,
        "leaders": 5, "debt": -1, "cities": 0}
    refused = client.post("/api/v1/score", json={**doc, "edition": 2, "expansions": ["babel"]})
    assert refused.status_code == 400 and refused.get_json()["where"] == "expansions[0]"


def test_a_tracked_game_with_expansions_is_refused_saying_so(client):
    """7 Wonders' boxes are scored, not followed move by move (the Duel's are: tests/web/test_box_tables.py)."""
    players = [{"name": n, "wonder": w, "side": "A"} for n, w in (("A", "Giza"), ("B", "Rhodes"), ("C", "Babylon"))]
    for body in ({"game": "7wonders", "edition": 1, "expansions": ["leaders"], "players": players},
                 {"game": "7wonders", "expansions": "leaders", "players": players}):
        refused = client.post("/api/v1/games", json=body)
        assert refused.status_code == 400 and refused.get_json()["where"] == "expansions"
        assert "not yet followed move by move" in refused.get_json()["error"]
    assert client.post("/api/v1/games", json={"game": "7wonders", "expansions": [], "players": players}
                       ).status_code == 201


def test_history_keeps_the_boxes_rows_in_its_statistics_and_export(client, csrf):
    url = start(client, csrf, names=("Ana", "Bruno", "Chloé"))
    post(client, url, csrf, **{"v-0-leaders": "9", "v-0-debt": "-2", "v-1-civil": "3", "v-2-cities": "4"})
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code == 303
    rows = client.get("/history/export.csv").get_data(as_text=True).splitlines()
    header = rows[0].split(",")
    ana = dict(zip(header, rows[1].split(",")))
    assert (ana["leaders"], ana["debt"], ana["cities"], ana["total"]) == ("9", "-2", "0", "7")
    assert dict(zip(header, rows[3].split(",")))["cities"] == "4"


def test_a_store_made_before_the_boxes_rows_gets_their_columns(tmp_path):
    from sqlite_utils import Database

    from companion.store import results
    db = Database(str(tmp_path / "old.sqlite3"))
    old = {c: int for c in ("military", "treasury", "wonder", "wonders", "civil", "commercial", "guilds",
                            "science", "progress")}
    db["result_players"].create({"sheet_id": str, "seat": int, **old}, pk=("sheet_id", "seat"))
    db["player_stats"].create({"group_id": str, "pad": str, "name_key": str, **old}, pk=("group_id", "pad", "name_key"))
    results.add_category_columns(db)
    results.add_category_columns(db)                 # twice: nothing more to add
    for table in ("result_players", "player_stats"):
        assert {"leaders", "debt", "cities"} <= set(db[table].columns_dict)


def test_an_agora_duel_may_end_by_political_supremacy_and_a_plain_duel_may_not(client, csrf):
    """Agora adds a third way for a Duel to end at once (all six chambers controlled): its sheet offers
    it for each player, the winner ranks first whatever the points, and history files it as such."""
    url = start(client, csrf, pad="duel", boxes=("agora",), names=("Ana", "Bruno"))
    outcome = client.get(url + "?section=outcome").get_data(as_text=True)
    assert re.findall(r'name="victory" value="(\w+:\d)"', outcome) == [
        "military:0", "scientific:0", "political:0", "military:1", "scientific:1", "political:1"]
    assert "Bruno won by political supremacy" in outcome
    post(client, url, csrf, **{"v-0-civil": "30", "v-1-civil": "4"})
    response = post(client, url, csrf, victory="political:1", **{"was-victory": "", "section": "outcome"})
    html = response.get_data(as_text=True)
    page = Page(html)
    assert page.totals == [30, 4] and page.ranks == [2, 1]
    assert "Political supremacy: the game ended at once." in html
    french = client.get(url + "?section=outcome&lang=fr").get_data(as_text=True)
    assert "Bruno a gagné par suprématie politique" in french
    client.get(url + "?lang=en")
    client.post(url + "/save", data={"csrf_token": csrf, **SAVE})
    filed = client.get("/history/").get_data(as_text=True)
    assert 'data-victory="political">Political supremacy' in filed and re.search(r"1\. Bruno — 4</li><li>2\. Ana — 30", filed)
    plain = start(client, csrf, pad="duel", boxes=(), names=("Ana", "Bruno"))
    assert "political" not in client.get(plain + "?section=outcome").get_data(as_text=True)
    refused = post(client, plain, csrf, victory="political:0", section="outcome")
    assert refused.status_code == 422 and "Choose how the game ended" in refused.get_data(as_text=True)


def test_a_duel_city_leaves_the_pantheon_and_senate_rows_to_type_never_a_silent_zero(client, csrf):
    """The Duel's city page asks no divinity and no chamber: a city filled from the table leaves those
    rows blank for the players to type (it showed 0, Aphrodite's 9 points lost), and says so."""
    from tests.web.test_cities import city_url, save_city
    url = start(client, csrf, pad="duel", boxes=("pantheon", "agora"), names=("Ana", "Bruno"))
    city_page = client.get(city_url(url, 0)).get_data(as_text=True)
    assert "Type Divinities, Senate on the sheet" in city_page
    assert save_city(client, csrf, url, 0, card=["temple"], coins="6").status_code == 303
    page = Page(client.get(url).get_data(as_text=True))
    assert page.cells["v-0-civil"] == "4" and page.cells["v-0-divinities"] == "" and page.cells["v-0-senate"] == ""
    page = Page(post(client, url, csrf, **{"v-0-divinities": "9", "section": "divinities"}).get_data(as_text=True))
    assert page.totals[0] == 4 + 2 + 9                     # Temple, 6 coins, Aphrodite


def test_two_boxes_not_played_together_are_named_and_stay_ticked_with_every_name(client, csrf):
    """Babel and Edifice ticked with Cities and eight players: the refusal named no box ("Tick only the
    expansions this game offers", which offers both), unticked every box and dropped the eighth name
    (the seats fell back to the base game's seven)."""
    eight = FIVE + ("Dora", "Emil", "Filip")
    response = client.post("/sheets/new?lang=fr", data={"csrf_token": csrf, "pad": "7wonders",
                                                        "box": ["cities", "babel", "edifice"], "name": list(eight)})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Babel et Edifice ne se jouent pas ensemble : décochez l&#39;une des deux." in html
    assert re.findall(r'name="box" value="([\w-]+)" checked', html) == ["cities", "babel", "edifice"]
    assert re.findall(r'name="name" value="([^"]*)"', html) == list(eight)


BOX_NAMES = ["leaders", "cities", "armada", "babel", "edifice", "wonder-pack", "pantheon", "agora", "medals", "",
             "nope", "Babel", "²"]


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])   # one client: posts only
@given(pad=st.sampled_from(["7wonders", "7wonders-2e", "duel", "architects", "nope"]),
       boxes=st.lists(st.sampled_from(BOX_NAMES), max_size=8), extra=st.sampled_from([{}, {"seats": "9"},
                                                                                    {"switch": "duel"}]),
       names=st.lists(st.sampled_from(["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hu", "Ion"]), max_size=9))
def test_any_boxes_ticked_are_answered_and_a_refusal_keeps_every_offered_tick(client, csrf, pad, boxes, extra, names):
    """Boxes in any order, twice, of another game or none: a sheet or a 422 that says why, never a 500;
    the form that comes back keeps ticked every box it offers that was ticked."""
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": pad, "box": boxes, "name": names,
                                                **extra})
    assert response.status_code in (200, 303, 422)
    if response.status_code != 303:
        html = response.get_data(as_text=True)
        offered = re.findall(r'name="box" value="([\w-]+)"', html)
        kept = set(re.findall(r'name="box" value="([\w-]+)" checked', html))
        assert kept == {b for b in boxes if b in offered}
