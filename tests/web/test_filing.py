"""Saved means filed: edit is asked for and logged, a game is deleted and restored, players renamed and
merged; history shows each game's ranks and victory, statistics by kind of game, pages of results; home
resumes each open sheet and tracked game once; the projection is rebuilt from the log; imports are bounded."""
import io
import json
import re

from companion.catalog.plays import MAX_NAME
from companion.store import events, open_database, results

from .test_games import new_duel
from .test_sheets import post

SAVE = {"confirm": "1"}


def filed(client, csrf, make_sheet, pad="7wonders", names=("Ana", "Bruno", "Chloé"), **cells):
    url = make_sheet(pad=pad, names=names)
    post(client, url, csrf, **cells)
    assert client.post(url + "/save", data={"csrf_token": csrf, **SAVE}).status_code == 303
    return url, url.rsplit("/", 1)[1]


def kinds(app, sheet_id):
    db = open_database(app.config["DATABASE"], migrate=False)
    try:
        return [e.kind for e in events.read(db, sheet_id)]
    finally:
        db.close()


def stats_row(html, pad, name):
    section = re.search(rf'<section class="stats-section" data-pad="{pad}">(.*?)</section>', html, re.S).group(1)
    return re.findall(r"<td[^>]*>([^<]*)</td>", re.search(rf'<th scope="row">{name}</th>(.*?)</tr>', section, re.S).group(1))


def test_a_saved_game_is_changed_only_after_edit_which_the_log_and_history_keep(app, client, csrf, make_sheet):
    url, sheet_id = filed(client, csrf, make_sheet, **{"v-0-civil": "20"})
    refused = post(client, url, csrf, **{"v-0-civil": "2"})
    assert refused.status_code == 409 and "Edit this game" in refused.get_data(as_text=True)
    assert "Ana — 20" in client.get("/history/").get_data(as_text=True)
    assert client.post(f"/history/{sheet_id}/edit", data={"csrf_token": csrf}).headers["Location"] == url
    assert sheet_id not in client.get("/history/").get_data(as_text=True)       # out of history while open
    assert url in client.get("/").get_data(as_text=True)                       # …and offered to resume
    post(client, url, csrf, **{"v-0-civil": "2", "v-1-civil": "9"})
    client.post(url + "/save", data={"csrf_token": csrf, **SAVE})
    html = client.get("/history/").get_data(as_text=True)
    assert "1. Bruno — 9" in html and "2. Ana — 2" in html and "<em>edited</em>" in html
    assert stats_row(html, "7wonders", "Ana")[:2] == ["1", "0"]                 # counted once, as it is now
    assert kinds(app, sheet_id).count("sheet.reopened") == 1


def test_delete_asks_first_then_undo_brings_the_game_back(app, client, csrf, make_sheet):
    _url, sheet_id = filed(client, csrf, make_sheet, **{"v-0-civil": "20"})
    ask = client.get(f"/history/{sheet_id}/delete").get_data(as_text=True)
    assert "Delete this game?" in ask and "Ana, Bruno, Chloé" in ask
    response = client.post(f"/history/{sheet_id}/delete", data={"csrf_token": csrf})
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Game deleted." in html and f"/history/{sheet_id}/restore" in html
    assert "Ana — 20" not in html and 'data-pad="7wonders"' not in html
    assert client.get(f"/sheets/{sheet_id}").status_code == 404
    client.post(f"/history/{sheet_id}/restore", data={"csrf_token": csrf})
    html = client.get("/history/").get_data(as_text=True)
    assert "Ana — 20" in html and stats_row(html, "7wonders", "Ana")[:2] == ["1", "1"]
    assert kinds(app, sheet_id)[-2:] == ["sheet.deleted", "sheet.restored"]


def test_rename_and_merge_players_in_every_game_of_the_group(app, client, csrf, make_sheet):
    filed(client, csrf, make_sheet, names=("Ana", "Bruno", "Chloé"), **{"v-0-civil": "20"})
    _url, second = filed(client, csrf, make_sheet, names=("anna", "Bruno", "Chloé"), **{"v-0-civil": "8"})
    html = client.get("/history/").get_data(as_text=True)
    assert stats_row(html, "7wonders", "Ana")[:2] == ["1", "1"] and stats_row(html, "7wonders", "anna")[:2] == ["1", "1"]
    answer = client.post("/history/players", data={"csrf_token": csrf, "old": "anna", "new": "Ana"})
    assert "anna and Ana are now one player (1 game)." in answer.get_data(as_text=True)
    html = client.get("/history/").get_data(as_text=True)
    assert stats_row(html, "7wonders", "Ana")[:3] == ["2", "2", "14.0"] and "anna" not in html
    assert "Ana" in client.get(f"/sheets/{second}").get_data(as_text=True)
    assert kinds(app, second)[-1] == "sheet.renamed"
    renamed = client.post("/history/players", data={"csrf_token": csrf, "old": "Bruno", "new": "Bruno M."})
    assert "Bruno is now Bruno M. (2 games)." in renamed.get_data(as_text=True)
    assert f'maxlength="{MAX_NAME}"' in renamed.get_data(as_text=True)      # the field stops at the server's limit
    bad = client.post("/history/players", data={"csrf_token": csrf, "old": "Nobody", "new": "X"})
    assert bad.status_code == 422
    # the names offered for a new sheet follow
    new = client.get("/sheets/new").get_data(as_text=True)
    assert '<option value="Bruno M.">' in new and '<option value="anna">' not in new


def test_history_gives_ranks_victory_and_statistics_per_kind_of_game(client, csrf, make_sheet):
    filed(client, csrf, make_sheet, names=("Ana", "Bruno", "Chloé"), **{"v-0-civil": "30", "v-1-civil": "10"})
    filed(client, csrf, make_sheet, pad="7wonders-2e", names=("Ana", "Bruno", "Chloé"), **{"v-1-civil": "12"})
    url, _id = filed(client, csrf, make_sheet, pad="duel", names=("Ana", "Bruno"),
                     **{"v-0-civil": "30", "v-1-civil": "4"})
    client.post(f"/history/{_id}/edit", data={"csrf_token": csrf})
    post(client, url, csrf, victory="military:1", **{"was-victory": "", "section": "outcome"})
    client.post(url + "/save", data={"csrf_token": csrf, **SAVE})
    html = client.get("/history/").get_data(as_text=True)
    duel = re.search(rf'data-game="{_id}">(.*?)</li>\s*</ol>', html, re.S)
    assert duel and 'data-victory="military">Military supremacy' in duel.group(1)
    assert re.search(r"1\. Bruno — 4</li><li>2\. Ana — 30", html)                # rank order, supremacy first
    # A 7 Wonders game is won on points alone: its tile says no kind of victory (it said "Civilian victory").
    assert html.count("data-victory=") == 1 and "Civilian victory" not in html
    # one table a kind of game: Ana's 30 in the 1st edition never averages with her 0 in the 2nd
    assert stats_row(html, "7wonders", "Ana")[:3] == ["1", "1", "30.0"]
    assert stats_row(html, "7wonders-2e", "Ana")[:3] == ["1", "0", "0.0"]
    assert stats_row(html, "duel", "Bruno")[:3] == ["1", "1", "4.0"]


def test_history_comes_a_page_at_a_time(app, client, csrf, make_sheet):
    ids = [filed(client, csrf, make_sheet, **{"v-0-civil": str(n)})[1] for n in range(results.PAGE + 3)]
    first = client.get("/history/").get_data(as_text=True)
    shown = re.findall(r'data-game="([\w-]+)"', first)
    assert len(shown) == results.PAGE and 'rel="next"' in first
    more = re.search(r'rel="next" href="([^"]+)"', first).group(1).replace("&amp;", "&")
    second = re.findall(r'data-game="([\w-]+)"', client.get(more).get_data(as_text=True))
    assert len(second) == 3 and set(shown) | set(second) == set(ids)
    assert stats_row(first, "7wonders", "Ana")[0] == str(results.PAGE + 3)       # statistics count every game


def test_home_resumes_each_open_sheet_once_and_tracked_games(client, csrf, make_sheet):
    url = make_sheet()
    post(client, url, csrf, **{"v-0-civil": "3"})
    post(client, url, csrf, **{"v-1-civil": "4"})
    code = new_duel(client)
    home = client.get("/").get_data(as_text=True)
    assert home.count(f'href="{url}"') == 1 and home.count(f'href="/g/{code}"') == 1
    assert f"Tracked game {code} · 7 Wonders Duel: Ana, Bruno" in home
    assert re.search(rf'href="{url}">7 Wonders: Ana, Bruno, Chloé, Dan<', home)


def test_the_projection_is_rebuilt_from_the_log(app, client, csrf, make_sheet):
    filed(client, csrf, make_sheet, **{"v-0-civil": "20"})
    _url, gone = filed(client, csrf, make_sheet, **{"v-2-civil": "7"})
    client.post(f"/history/{gone}/delete", data={"csrf_token": csrf})
    client.post("/history/players", data={"csrf_token": csrf, "old": "Bruno", "new": "Bruno M."})
    before = client.get("/history/").get_data(as_text=True)
    db = open_database(app.config["DATABASE"], migrate=False)
    for table in ("results", "result_players", "player_stats", "wonder_stats"):
        db.execute(f"delete from {table}")
    results.ask_rebuild(db)
    db.close()
    from companion.web import create_app
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"}).test_client()
    with client.session_transaction() as session:
        group = session["group"]
    with again.session_transaction() as session:
        session["group"] = group
    after = again.get("/history/").get_data(as_text=True)
    strip = lambda html: re.sub(r'name="csrf_token" value="[^"]+"|"X-CSRF-Token": "[^"]+"', "", html)
    assert strip(after) == strip(before) and "Bruno M." in after and "Ana — 20" in after


def upload(client, csrf, body: bytes, name: str):
    return client.post("/history/import", data={"csrf_token": csrf, "file": (io.BytesIO(body), name)})


def test_a_csv_or_any_wrong_file_gets_a_clear_message(client, csrf, make_sheet):
    filed(client, csrf, make_sheet, **{"v-0-civil": "20"})
    exported_csv = client.get("/history/export.csv").get_data()
    for body, name, says in ((exported_csv, "7wonders-history.csv", "looks like a CSV file"),
                             (exported_csv, "renamed.json", "looks like a CSV file"),
                             (b"\x89PNG\r\n\x1a\n\x00\x00", "photo.png", "is not a JSON export"),
                             (b"[1, 2]", "list.json", "format line is missing")):
        response = upload(client, csrf, body, name)
        assert response.status_code == 422 and says in response.get_data(as_text=True), name


def test_imports_are_capped_in_size_and_count(client, csrf, monkeypatch):
    from companion.web import history
    monkeypatch.setattr(history, "MAX_IMPORT_SHEETS", 3)
    monkeypatch.setattr(history, "MAX_IMPORT_BYTES", 2048)     # small, so the test client keeps it in memory
    sheet = {"id": "s", "events": [{"seq": 1, "kind": "sheet.created",
                                    "payload": {"pad": "duel", "players": [{"name": "A"}, {"name": "B"}]}}]}
    doc = {"format": history.EXPORT_FORMAT, "sheets": [dict(sheet, id=f"s{n}") for n in range(4)]}
    response = upload(client, csrf, json.dumps(doc).encode(), "h.json")
    assert response.status_code == 422 and "holds 4 games; an import takes at most 3" in response.get_data(as_text=True)
    big = b'{"format": "7wonders-companion/history/1", "sheets": [], "pad": "' + b"x" * history.MAX_IMPORT_BYTES + b'"}'
    response = upload(client, csrf, big, "big.json")
    assert response.status_code == 422 and "is larger than 2 KB" in response.get_data(as_text=True)
    assert "No games yet." in client.get("/history/").get_data(as_text=True)
