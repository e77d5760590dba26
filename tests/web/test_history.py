import re
"""History, statistics, export and import."""
import csv
import io
import json


def fill_and_save(client, csrf, url, **cells):
    from tests.web.test_sheets import post
    post(client, url, csrf, **cells)
    client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"})   # empty columns: saved anyway


def stats_html(client, **query) -> str:
    """History's page with each statistic's column name and colour left off its cell (the phone's cards)."""
    html = client.get("/history/", query_string=query).get_data(as_text=True)
    return re.sub(r'<td(?: class="cat-[\w-]+")?(?: data-label="[^"]*")?', "<td", html)


def test_statistics_count_games_and_wins(client, csrf, make_sheet):
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "20", "v-1-civil": "5"})
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "1", "v-1-civil": "5"})
    html = stats_html(client)
    assert "<th scope=\"row\">Ana</th><td>2</td><td>1</td>" in html
    assert "<th scope=\"row\">Bruno</th><td>2</td><td>1</td>" in html


def test_csv_export_has_a_row_a_player(client, csrf, make_sheet):
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "20"})
    rows = list(csv.DictReader(io.StringIO(client.get("/history/export.csv").get_data(as_text=True))))
    assert [r["player"] for r in rows] == ["Ana", "Bruno", "Chloé", "Dan"]
    assert rows[0]["civil"] == "20" and rows[0]["total"] == "20" and rows[0]["rank"] == "1"


def test_json_export_imports_back_into_an_empty_store(client, csrf, make_sheet, tmp_path):
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "20", "c-0": "4"})
    exported = client.get("/history/export.json").get_data()
    from companion.web import create_app
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite3"), "SECRET_KEY": "t"}).test_client()
    from tests.web.conftest import csrf_of
    token = csrf_of(other)
    response = other.post("/history/import", data={"csrf_token": token, "file": (io.BytesIO(exported), "h.json")})
    assert response.status_code == 303
    assert "Ana — 20" in other.get("/history/").get_data(as_text=True)
    again = other.post("/history/import", data={"csrf_token": token, "file": (io.BytesIO(exported), "h.json")})
    assert "imported=0" in again.headers["Location"]          # importing twice adds nothing


def test_import_refuses_a_file_that_is_not_an_export_and_keeps_history(client, csrf, make_sheet):
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "20"})
    for body, message in ((b"not json", "is not a JSON export"),
                          (json.dumps({"sheets": []}).encode(), "format line is missing"),
                          # a format line there but another's: said so, not "missing" (helper 105's walk)
                          (json.dumps({"format": 99, "sheets": []}).encode(),
                           "format line says 99; this app reads 7wonders-companion/history/1"),
                          (json.dumps({"format": "7wonders-companion/history/1"}).encode(),
                           "its list of games is missing")):
        response = client.post("/history/import", data={"csrf_token": csrf, "file": (io.BytesIO(body), "x.json")})
        assert response.status_code == 422 and message in response.get_data(as_text=True)
    assert "Ana — 20" in client.get("/history/").get_data(as_text=True)


def test_import_refuses_an_event_out_of_range(client, csrf):
    doc = {"format": "7wonders-companion/history/1", "sheets": [{"id": "abc", "events": [
        {"seq": 1, "kind": "sheet.created", "payload": {"pad": "duel", "players": [{"name": "A"}, {"name": "B"}]}},
        {"seq": 2, "kind": "sheet.value", "payload": {"player": 5, "row": "civil", "value": 3}}]}]}
    response = client.post("/history/import", data={"csrf_token": csrf,
                                                    "file": (io.BytesIO(json.dumps(doc).encode()), "x.json")})
    assert response.status_code == 422 and "Game 1 of the file (A, B), events[1].player" in response.get_data(as_text=True)
    assert client.get("/sheets/abc").status_code == 404


def test_import_without_a_file(client, csrf):
    response = client.post("/history/import", data={"csrf_token": csrf})
    assert response.status_code == 422 and "Choose the JSON file" in response.get_data(as_text=True)


def test_home_offers_unsaved_games_to_resume(client, make_sheet):
    url = make_sheet()
    assert url in client.get("/").get_data(as_text=True)


def test_averages_by_category(client, csrf, make_sheet):
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "20", "v-0-science": "10"})
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "10"})
    html = stats_html(client)
    row = re.search(r'<th scope="row">Ana</th>(.*?)</tr>', html, re.S).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    assert cells[:3] == ["2", "2", "20.0"]          # games, wins, average total
    assert "15.0" in cells and "5.0" in cells        # civil and science averages


def test_win_rate_by_wonder(client, csrf, make_sheet):
    from .test_cities import save_city
    for gizah_stages in (3, 0):
        url = make_sheet(names=("Ana", "Bruno", "Chloé"))
        save_city(client, csrf, url, 0, wonder="gizah", side="A", stages=str(gizah_stages), coins="0")
        save_city(client, csrf, url, 1, wonder="rhodes", side="A", stages="1", coins="0")
        client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"})   # empty columns: saved anyway
    html = stats_html(client)
    rows = dict(re.findall(r'<th scope="row">([^<]+)</th><td>\d+</td><td>\d+</td><td data-rate>(\d+%)</td>', html))
    from companion.catalog import Game, catalog
    gizah, rhodes = (catalog().get(Game.SEVEN_WONDERS, 1, w).name for w in ("gizah", "rhodes"))
    # Gizah fully built (15 points) beats Rhodes (3) once; with no stage it loses to Rhodes.
    assert rows == {gizah: "50%", rhodes: "50%"}


def test_win_rate_by_wonder_names_the_wonders_in_the_readers_language(client, csrf, make_sheet):
    from .test_cities import save_city
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    save_city(client, csrf, url, 0, wonder="gizah", side="A", stages="3", coins="0")
    client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"})
    html = stats_html(client, lang="fr")
    rows = re.findall(r'<th scope="row">([^<]+)</th><td>\d+</td><td>\d+</td><td data-rate>', html)
    assert rows == ["La Grande Pyramide de Gizeh"]


def test_numbers_and_dates_are_written_as_the_reader_writes_them(client, csrf, make_sheet):
    """A German walk found averages as "7.5" and dates as "2026-11-23" on a German page."""
    from datetime import date
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "20", "v-1-civil": "5"})
    fill_and_save(client, csrf, make_sheet(), **{"v-0-civil": "1", "v-1-civil": "10"})
    html = stats_html(client, lang="de")
    assert '<th scope="row">Bruno</th><td>2</td><td>1</td><td>7,5</td>' in html
    assert date.today().strftime("%d.%m.%Y") in html and date.today().isoformat() not in html
    html = stats_html(client, lang="en")
    assert '<th scope="row">Bruno</th><td>2</td><td>1</td><td>7.5</td>' in html


def test_a_file_that_is_not_json_is_refused_in_the_readers_words_alone(client, csrf):
    """A player walk in German: a binary or a broken file was refused with the parser's code and its
    English ("(body): ... (Expecting value: line 1 column 1 (char 0))"), nothing a player can act on."""
    client.get("/", query_string={"lang": "de"})
    for body in (b"not json", b"\xff\xfe\x00", b"[" * 40 + b"]" * 40):
        response = client.post("/history/import", data={"csrf_token": csrf, "file": (io.BytesIO(body), "x.json")})
        html = response.get_data(as_text=True)
        assert response.status_code == 422
        assert "x.json ist kein JSON-Export dieser App." in html
        assert "(body)" not in html and "Expecting" not in html and "[0]" not in html
    # JSON the app refuses says why, in the reader's words (fuzzing's tests want the reason said)
    assert "Grund: das JSON ist tiefer als 16 Ebenen verschachtelt." in html
