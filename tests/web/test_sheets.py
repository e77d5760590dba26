"""The score sheet: creating it, typing numbers, steppers, totals, ranks, bad input."""
import re
from html.parser import HTMLParser

import pytest


class Page(HTMLParser):
    """Inputs, errors, the whole pad's cells and the scoreboard's totals/ranks of a rendered sheet."""

    def __init__(self, html):
        super().__init__()
        self.inputs, self.errors, self.totals, self.ranks, self.cells = {}, [], [], [], {}
        self._into, self._error = None, False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and "name" in a and a.get("type") != "radio":
            self.inputs[a["name"]] = a.get("value", "")
        if "data-total" in a:
            self._into = self.totals
        if "data-rank" in a:
            self._into = self.ranks
        if "data-cell" in a:
            self._into = a["data-cell"]
            self.cells[self._into] = ""
        if "error" in (a.get("class") or "").split():
            self._error = True

    def handle_endtag(self, tag):
        if tag == "td" and isinstance(self._into, str):
            self._into = None

    def handle_data(self, data):
        if isinstance(self._into, list) and data.strip():
            self._into.append(int(data.split()[0].replace("\u2212", "-")))     # "−3" as shown
            self._into = None
        elif isinstance(self._into, str):
            self.cells[self._into] += data.strip()
        if self._error and data.strip():
            self.errors.append(data.strip())
            self._error = False


def post(client, url, csrf, **fields):
    """What a phone sends: the fields it changed, with the CSRF token."""
    return client.post(url, data=dict(fields, csrf_token=csrf))


def cells(client, url):
    return Page(client.get(url).get_data(as_text=True)).cells


def test_new_sheet_form_offers_the_three_pads(client):
    html = client.get("/sheets/new").get_data(as_text=True)
    assert "7 Wonders Duel" in html and html.count('name="name"') == 4


def test_duel_sheet_has_two_seats(client):
    html = client.get("/sheets/new?pad=duel").get_data(as_text=True)
    assert html.count('name="name"') == 2


def test_create_sheet_and_see_the_pad_rows(client, make_sheet):
    url = make_sheet()
    html = client.get(url).get_data(as_text=True)
    for label in ("Military", "Treasury", "Wonder", "Civil", "Science", "Commercial", "Guilds"):
        assert label in html
    assert "Chloé" in html


def test_typing_numbers_updates_totals_and_ranks(client, csrf, make_sheet):
    url = make_sheet()
    response = post(client, url, csrf, **{"v-0-civil": "12", "v-1-civil": "20", "v-2-military": "-3",
                                          "v-3-science": "21"})
    page = Page(response.get_data(as_text=True))
    assert response.status_code == 200
    assert page.totals == [12, 20, -3, 21]
    assert page.ranks == [3, 2, 4, 1]
    # Kept: a fresh load shows the same numbers.
    again = Page(client.get(url).get_data(as_text=True))
    assert again.cells["v-1-civil"] == "20" and again.totals == [12, 20, -3, 21]


def test_stepper_adds_one(client, csrf, make_sheet):
    url = make_sheet()
    post(client, url, csrf, **{"v-0-wonder": "3"})
    response = post(client, url, csrf, step="0:wonder:1", section="wonder")
    assert Page(response.get_data(as_text=True)).inputs["v-0-wonder"] == "4"
    response = post(client, url, csrf, step="0:wonder:-1", section="wonder")
    assert Page(response.get_data(as_text=True)).inputs["v-0-wonder"] == "3"


def test_tie_broken_by_coins(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    post(client, url, csrf, **{"v-0-civil": "10", "v-1-civil": "10", "v-2-civil": "1"})
    page = Page(post(client, url, csrf, **{"c-0": "3", "c-1": "8"}).get_data(as_text=True))
    assert page.ranks == [2, 1, 3]


@pytest.mark.parametrize("value,message", [
    ("abc", "is not a whole number"),
    ("99", "between \u22126 and 18"),
    ("-7", "between \u22126 and 18"),
])
def test_bad_number_is_refused_next_to_its_cell_and_the_rest_kept(client, csrf, make_sheet, value, message):
    url = make_sheet()
    response = post(client, url, csrf, **{"v-0-military": value, "v-1-civil": "7", "section": "military"})
    page = Page(response.get_data(as_text=True))
    assert response.status_code == 422
    assert any(message in e for e in page.errors)
    assert page.inputs["v-0-military"] == value           # what was typed stays in the cell
    assert cells(client, url)["v-1-civil"] == "7"         # the good cell saved


def test_two_phones_editing_different_cells_keep_both(client, csrf, make_sheet):
    url = make_sheet()
    stale = Page(client.get(url).get_data(as_text=True)).inputs
    post(client, url, csrf, **{"v-0-civil": "5"})                     # phone A
    data = dict(stale, **{"v-1-guilds": "9", "csrf_token": csrf})     # phone B, loaded before A wrote
    client.post(url, data=data)
    page = Page(client.get(url).get_data(as_text=True))
    assert page.cells["v-0-civil"] == "5" and page.cells["v-1-guilds"] == "9"


def test_clearing_a_cell(client, csrf, make_sheet):
    url = make_sheet()
    post(client, url, csrf, **{"v-0-civil": "5"})
    page = Page(post(client, url, csrf, **{"v-0-civil": ""}).get_data(as_text=True))
    assert page.cells["v-0-civil"] == "" and page.totals[0] == 0


def test_htmx_step_gets_only_what_it_changes(client, csrf, make_sheet):
    url = make_sheet()
    response = client.post(url, data={"csrf_token": csrf, "step": "2:civil:1", "section": "civil"},
                           headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert "<html" not in html and re.search(r'<input id="v-2-civil" name="v-2-civil" value="1"[^>]*hx-swap-oob="true"', html)
    assert 'id="scoreboard" hx-swap-oob="true"' in html and 'id="entry-v-1-civil"' not in html
    assert "HX-Request" in response.headers["Vary"]


def test_chart_shows_each_player(client, csrf, make_sheet):
    url = make_sheet()
    html = post(client, url, csrf, **{"v-0-civil": "12", "v-2-military": "-3"}).get_data(as_text=True)
    assert "<svg" in html and "fill-civil" in html and "fill-military" in html


@pytest.mark.parametrize("names,field_message", [
    (["Ana"], "played by 3 to 7 players"),
    (["A", "B", "C", "D", "E", "F", "G", "H"], "played by 3 to 7 players"),
    (["Ana", "ana", "Bo"], "already at this table"),
    (["A" * 30, "B", "C"], "Keep names to"),
])
def test_bad_player_names_are_explained(client, csrf, names, field_message):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders-2e", "name": names})
    assert response.status_code == 422 and field_message in response.get_data(as_text=True)


def test_duel_needs_two_players(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "name": ["A", "B", "C"]})
    assert response.status_code == 422 and "played by 2" in response.get_data(as_text=True)


def test_unknown_pad(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "chess", "name": ["A", "B", "C"]})
    assert response.status_code == 422 and "Choose a game" in response.get_data(as_text=True)


def test_names_are_escaped(client, make_sheet):
    url = make_sheet(names=("<script>x</script>", "Bo", "Cy"))
    html = client.get(url).get_data(as_text=True)
    assert "<script>x</script>" not in html and "&lt;script&gt;" in html


def test_form_without_csrf_token_is_refused(client, make_sheet):
    url = make_sheet()
    response = client.post(url, data={"v-0-civil": "5"})
    assert response.status_code == 400 and "expired" in response.get_data(as_text=True)


def test_unknown_sheet_is_a_friendly_404(client):
    response = client.get("/sheets/nope")
    assert response.status_code == 404 and "Page not found" in response.get_data(as_text=True)


def test_oversized_request_is_refused(app, client, csrf, make_sheet):
    url = make_sheet()
    app.config["MAX_CONTENT_LENGTH"] = 1024
    response = client.post(url, data={"csrf_token": csrf, "v-0-civil": "1" * 5000})
    assert response.status_code == 413 and "limited to 1 KB" in response.get_data(as_text=True)


def test_player_names_and_seats_are_remembered(client, csrf, make_sheet):
    make_sheet(names=("Ana", "Bruno", "Chloé"))
    make_sheet(names=("Zed", "Bruno", "Ana"))
    make_sheet(names=("Ana", "Bruno", "Chloé"))
    html = client.get("/sheets/new?pad=7wonders&players=3").get_data(as_text=True)
    assert '<option value="Ana">' in html and '<option value="Bruno">' in html
    assert 'placeholder="Ana"' in html and 'placeholder="Bruno"' in html    # their usual seats


def test_saving_puts_the_game_in_history(client, csrf, make_sheet):
    url = make_sheet()
    post(client, url, csrf, **{"v-0-civil": "9"})
    warned = client.post(url + "/save", data={"csrf_token": csrf}).get_data(as_text=True)
    assert "Bruno, Chloé, Dan have no points on this sheet" in warned     # warned, not filed
    assert "Save to history" in client.get(url).get_data(as_text=True)  # still open
    response = client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"})
    assert response.status_code == 303 and "/history" in response.headers["Location"]
    html = client.get("/history/").get_data(as_text=True)
    assert "Ana — 9" in html


def test_one_typed_cell_gets_a_small_answer_with_what_it_replaces(client, csrf, make_sheet):
    url = make_sheet()
    response = client.post(url, data={"csrf_token": csrf, "v-1-civil": "7", "was-v-1-civil": ""},
                           headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'id="scoreboard"' in html and 'id="chart"' in html and 'id="meta-v-1-civil"' in html
    assert 'name="v-1-civil"' not in html                     # the field being typed in is never replaced
    assert 'name="v-0-civil"' not in html                     # no other field is sent back
    assert 'name="was-v-1-civil" value="7"' in html
    assert len(html) < 9000


def test_one_bad_typed_cell_answers_its_note(client, csrf, make_sheet):
    url = make_sheet()
    response = client.post(url, data={"csrf_token": csrf, "v-1-civil": "x", "was-v-1-civil": ""},
                           headers={"HX-Request": "true"})
    assert response.status_code == 422 and "is not a whole number" in response.get_data(as_text=True)
