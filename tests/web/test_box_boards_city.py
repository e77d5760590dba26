"""A box's wonder board on the city page (issue 31): offered once its box is in the game, its stages
ticked when it is built in any order, scored on the sheet; a stage the city cannot score leaves the
wonder row to type, said on the sheet."""
from tests.web.test_sheet_boxes import start
from tests.web.test_sheets import Page

TOKENS = {"tokens1": "0", "tokens3": "0", "tokens5": "0", "tokens-1": "0"}


def save(client, csrf, url, seat, **fields):
    return client.post(f"{url}/city/{seat}", data={"csrf_token": csrf, **TOKENS, **fields})


def test_the_boxes_boards_are_offered_with_their_box_only(client, csrf):
    plain = client.get(start(client, csrf, boxes=(), names=("Ana", "Bruno", "Chloé")) + "/city/0")
    html = plain.get_data(as_text=True)
    assert 'value="petra"' not in html and 'value="great-wall"' not in html and 'name="stage"' not in html
    boxed = start(client, csrf, boxes=("cities", "wonder-pack"), names=("Ana", "Bruno", "Chloé"))
    html = client.get(boxed + "/city/0").get_data(as_text=True)
    for board in ("petra", "byzantium", "great-wall", "stonehenge", "abu-simbel"):
        assert f'value="{board}"' in html
    assert 'name="stage"' in html and "The Great Wall" in html     # which stages, for a board built in any order


def test_the_great_walls_stages_ticked_score_and_come_back_ticked(client, csrf):
    url = start(client, csrf, boxes=("cities", "wonder-pack"), names=("Ana", "Bruno", "Chloé"))
    # Ana: the Great Wall A, stages 2 and 3 (a wildcard; shields), Apothecary and Workshop: 1 + 1 + 1 + 7
    response = save(client, csrf, url, 0, wonder="great-wall", side="A", stages="0", stage=["2", "3"],
                    coins="0", card=["apothecary", "workshop"])
    assert response.status_code == 303, response.get_data(as_text=True)
    page = Page(client.get(url).get_data(as_text=True))
    assert page.cells["v-0-science"] == "10" and page.cells["v-0-wonder"] == "0"
    again = client.get(url + "/city/0").get_data(as_text=True)
    assert 'name="stage" value="2" checked' in again and 'name="stage" value="1">' in again


def test_a_ticked_stage_that_is_no_number_is_left_out_not_a_500(client, csrf):
    # "²" passes str.isdigit but not int(): the page read the ticks with isdigit
    url = start(client, csrf, boxes=("cities", "wonder-pack"), names=("Ana", "Bruno", "Chloé"))
    response = save(client, csrf, url, 0, wonder="great-wall", side="A", stages="0", stage=["2", "²", "9", "x"],
                    coins="0")
    assert response.status_code == 303, response.get_data(as_text=True)
    again = client.get(url + "/city/0").get_data(as_text=True)
    assert 'name="stage" value="2" checked' in again and 'name="stage" value="3">' in again


def test_some_stages_of_a_board_built_in_any_order_by_number_are_refused_saying_which(client, csrf):
    url = start(client, csrf, boxes=("cities", "wonder-pack"), names=("Ana", "Bruno", "Chloé"))
    response = save(client, csrf, url, 0, wonder="great-wall", side="A", stages="2", coins="0")
    assert response.status_code == 422
    assert "built in any order: say which of its 4 stages are built" in response.get_data(as_text=True)


def test_petra_and_stonehenge_score_and_a_stage_not_recorded_leaves_the_row_typed(client, csrf):
    url = start(client, csrf, boxes=("cities", "wonder-pack"), names=("Ana", "Bruno", "Chloé"))
    assert save(client, csrf, url, 0, wonder="petra", side="B", stages="2", coins="3").status_code == 303
    assert save(client, csrf, url, 1, wonder="stonehenge", side="A", stages="3", coins="0",
                card=["quarry", "stone-pit"]).status_code == 303
    assert save(client, csrf, url, 2, wonder="stonehenge", side="B", stages="2", coins="0",
                card=["quarry"]).status_code == 422          # one board per table: Stonehenge is Bruno's
    assert save(client, csrf, url, 2, wonder="abu-simbel", side="A", stages="3", coins="0").status_code == 303
    html = client.get(url).get_data(as_text=True)
    page = Page(html)
    assert page.cells["v-0-wonder"] == "17" and page.cells["v-1-wonder"] == str(3 + 5 + 2 * 3)
    assert page.cells["v-2-wonder"] == ""                  # Abu Simbel's buried leader: typed, not 0
    assert "Chloé: a stage of Abu Simbel scores what the city page does not record" in html
