"""A Duel with Pantheon, Agora or both tracked move by move (contract "expansions"; duel/box_table.py):
started through /api/v1/games, played from the moves the table page lists, priced, refused with a
reason in the reader's language, undone, and shown: the Pantheon and the Senate on the board, what a
player keeps secret kept from the other phone."""
import html
import json
import random
import re

import pytest

from .test_games import auth, new_game, post, state

BOTH = ["pantheon", "agora"]


def new_boxed(client, boxes):
    return new_game(client, {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}], "expansions": boxes})


def listed(client, code, seat="all"):
    """The moves a phone's page offers now, as the JSON each button posts, and the page."""
    html = client.get(f"/g/{code}/board?as={seat}").get_data(as_text=True)
    docs = [json.loads(d.replace("&#34;", '"').replace("&#39;", "'"))
            for d in re.findall(r"name=\"doc\" value='([^']+)'", html)]
    for slot in sorted(set(re.findall(r'class="slot up open[^"]*"[^>]*href="\?slot=(\d+)"', html))):  # tapped
        tapped = client.get(f"/g/{code}/board?as={seat}&slot={slot}").get_data(as_text=True)
        docs += [json.loads(d.replace("&#34;", '"').replace("&#39;", "'"))
                 for d in re.findall(r"name=\"doc\" value='([^']+)'", tapped)]
    unique = {json.dumps(d, sort_keys=True): d for d in docs}
    return list(unique.values()), html


def wanted(doc) -> int:
    """A table that gets to the boxes' moves: invoke, recruit a senator, place its cubes first."""
    if doc["action"] in ("divinity", "senate-place", "place"):
        return 0
    if doc["action"] == "build" and str(doc.get("card", "")).startswith(("politician", "conspirator")):
        return 1
    return 2


def play_until(client, code, done, seed=32, limit=400, offered=None):
    """Moves the page lists, played until `done(state)` (and, with `offered`, until a move listed has
    that verb); the boxes' moves chosen first."""
    rng = random.Random(seed)
    for _ in range(limit):
        now = state(client, code)
        docs, _html = listed(client, code)
        if now["over"] or (done(now) and (offered is None or any(d["action"] == offered for d in docs))):
            return now
        assert docs, now["to_move"]
        best = min(wanted(d) for d in docs)
        doc = rng.choice([d for d in docs if wanted(d) == best])
        response = post(client, code, **doc)
        assert response.status_code == 200, (doc, response.get_json())
    raise AssertionError("the goal was not reached")


@pytest.mark.parametrize("boxes", [["pantheon"], ["agora"], BOTH])
def test_a_duel_with_boxes_is_tracked_and_its_state_shows_them(client, boxes):
    code = new_boxed(client, boxes)
    now = state(client, code)
    assert now["expansions"] == boxes and now["game"] == "duel" and not now["log"]
    assert ("pantheon" in now) == ("pantheon" in boxes) and ("senate" in now) == ("agora" in boxes)
    if "agora" in boxes:
        assert [c["points"] for c in now["senate"]["chambers"]] == [1, 2, 3, 3, 2, 1]
        assert all(p["cubes_left"] == 12 for p in now["players"])
    if "pantheon" in boxes:
        assert len(now["pantheon"]["spaces"]) == 6 and not now["pantheon"]["invoke_now"]


def test_the_boxes_of_a_tracked_duel_are_checked_saying_where(client):
    players = [{"name": "Ana"}, {"name": "Bruno"}]
    for boxes, where in ((["pantheon", "pantheon"], "expansions[1]"), (["leaders"], "expansions[0]"),
                         ("agora", "expansions")):
        refused = client.post("/api/v1/games", json={"game": "duel", "players": players, "expansions": boxes})
        assert refused.status_code == 400 and refused.get_json()["where"] == where


def test_both_boxes_through_age_two_with_a_divinity_invoked_and_a_senator_placed(client):
    code = new_boxed(client, BOTH)
    now = play_until(client, code, lambda s: s["age"] == 2 and any(p["divinities"] for p in s["players"])
                     and any(p["senators"] for p in s["players"]) and s["to_move"] != "chance")
    assert now["age"] == 2 and not now["over"]
    invoked = [d for p in now["players"] for d in p["divinities"]]
    assert invoked and all(sp["divinity"] not in invoked for sp in now["pantheon"]["spaces"])
    cubes = sum(n for c in now["senate"]["chambers"] for n in c["cubes"].values())
    assert cubes == sum(12 - p["cubes_left"] for p in now["players"]) and cubes > 0
    page = client.get(f"/g/{code}?as=all").get_data(as_text=True)
    assert "The Pantheon" in page and "The Senate" in page and "data-divinities" in page
    log = re.findall(r"<li>([^<]* invoked [^<]*)</li>", page)         # the log's past tense, not the button's
    assert log and any(log[0].startswith(name) for name in ("Ana", "Bruno"))
    lines = re.findall(r"<li>([^<]*)</li>", page.split('class="log"')[1])
    assert any("built Politician" in line or "built Conspirator" in line for line in lines)
    assert not [line for line in lines if re.search(r"(conspirator|politician)-", line)]      # a card as stored


def test_an_invocation_is_priced_refused_in_age_one_in_french_and_undone(client):
    code = new_boxed(client, ["pantheon"])
    now = play_until(client, code, lambda s: s["to_move"] not in ("chance", None) and s["waiting_for"] == "turn"
                     and s["age"] == 1)
    who = now["to_move"]
    refused = client.post(f"/api/v1/games/{code}/actions", json={"player": who, "action": "divinity",
                                                                  "divinity": "zeus"},
                          headers=auth(code, **{"Accept-Language": "fr"}))
    assert refused.status_code == 409
    assert refused.get_json()["error_key"] == "pantheon.invoke_ages"
    assert "Divinities" not in refused.get_json()["error"] and refused.get_json()["error"]
    assert state(client, code)["version"] == now["version"]          # nothing changed
    now = play_until(client, code, lambda s: s["age"] == 2, offered="divinity")
    assert now["age"] == 2 and not now["over"]
    docs, _html = listed(client, code)
    doc = next(d for d in docs if d["action"] == "divinity")
    space = next(sp for sp in now["pantheon"]["spaces"] if sp["divinity"] == doc["divinity"])
    quoted = space["costs"][doc["player"]]
    price = max(0, quoted - sum(int(t.rsplit("-", 1)[1]) for t in doc.get("offerings", [])))
    button = re.search(r"value='[^']*" + doc["divinity"] + r"[^']*'>\s*<button[^>]*>([^<]*)</button>", _html)
    words = "" if price == 0 else f" — {price} coin" + ("s" if price > 1 else "")
    assert button and button.group(1).endswith(words) and ("—" in button.group(1)) == (price > 0), button
    coins = {p["name"]: p["coins"] for p in now["players"]}
    answer = post(client, code, **doc)
    assert answer.status_code == 200
    paid = answer.get_json()["paid"]["total"]
    assert paid == max(0, quoted - sum(int(t.rsplit("-", 1)[1]) for t in doc.get("offerings", [])))
    after = state(client, code)
    assert doc["divinity"] in next(p for p in after["players"] if p["name"] == doc["player"])["divinities"]
    undone = client.post(f"/api/v1/games/{code}/undo", json={"version": after["version"]}, headers=auth(code))
    assert undone.status_code == 200
    back = state(client, code)
    assert doc["divinity"] not in [d for p in back["players"] for d in p["divinities"]]
    assert {p["name"]: p["coins"] for p in back["players"]} == coins


def test_a_conspiracy_kept_and_prepared_stays_secret_from_the_other_phone(app):
    from companion.engine import tracked
    from companion.engine.messages import ENGLISH, render
    game, table_state, names = tracked.new_game({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}],
                                                 "expansions": ["agora"]})
    table = tracked.implementation(game)
    rng = random.Random(5)
    secret, log = None, []

    def rank(m):
        verb = m.doc["action"]
        if verb in ("conspire", "keep-conspiracy", "prepare"):
            return 0
        return 1 if verb == "build" and str(m.doc.get("card", "")).startswith("conspirator") else 2
    for _ in range(600):
        moves = table.legal_moves(table_state, names, "all")
        if not moves or secret:
            break
        best = min(rank(m) for m in moves)
        move = rng.choice([m for m in moves if rank(m) == best])
        if move.doc["action"] == "draw-conspiracy":
            owner = next(x.player for x in table_state.agora.pending if x.player != -1)
            other = names[1 - owner]
            assert table.legal_moves(table_state, names, other) == []      # drawn on its owner's phone
            assert table.legal_moves(table_state, names, names[owner])
        table_state, _paid = table.apply(table_state, move.doc, names)
        log.append(render(table.describe(table_state, move.doc)))
        if move.doc["action"] == "prepare":
            secret = move.doc["conspiracy"]
    assert secret, "no conspiracy was prepared"
    public = json.dumps(table.to_json(table_state, names))
    assert secret not in public
    held = [p["conspiracies"] for p in table.to_json(table_state, names)["players"]]
    assert sum(h["prepared"] for h in held) == 1
    name = ENGLISH.name(M_name(secret))
    assert not any(name in line for line in log), log
    assert any("prepared a conspiracy under" in line for line in log)


def M_name(ident):
    from companion.catalog import Game
    from companion.engine.messages import Name
    return Name(ident, Game.DUEL)


def test_the_layering_rule_holds_the_web_names_no_box():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "companion" / "web"
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert '"pantheon"' not in text and '"agora"' not in text, path


SHEET_SEED = 2


def points_first(doc) -> int:
    """A table that scores in the boxes' rows: Aphrodite or Astarte invoked, the Senate's cubes placed."""
    if doc["action"] == "divinity" and doc["divinity"] in ("aphrodite", "astarte"):
        return 0
    return 1 if doc["action"] in ("senate-place", "divinity") else 2


@pytest.mark.parametrize("boxes", [["pantheon"], ["agora"], BOTH])
def test_a_finished_boxed_game_files_a_sheet_with_the_boxes_rows_from_the_table(client, csrf, boxes):
    """The divinities invoked and the chambers held come with the cities (city_tells): the sheet's
    totals are the tracked game's, senate and divinities rows included, none left blank."""
    from companion.engine import tracked
    body = {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}], "expansions": boxes}
    code = new_game(client, body)
    _game, game, names = tracked.new_game(body)
    table = tracked.implementation("duel")
    rng = random.Random(SHEET_SEED)
    while not table.to_json(game, names)["over"]:
        moves = table.legal_moves(game, names, "all")
        best = min(points_first(m.doc) for m in moves)
        move = rng.choice([m for m in moves if points_first(m.doc) == best])
        game, _paid = table.apply(game, move.doc, names)
        assert post(client, code, **move.doc).status_code == 200
    played = state(client, code)["score"]
    filed = client.post(f"/g/{code}/sheet", data={"csrf_token": csrf})
    assert filed.status_code == 303
    sheet = client.get(filed.headers["Location"]).get_data(as_text=True)
    totals = [int(t) for t in re.findall(r"data-total>(-?\d+)", sheet)][:2]
    assert totals == [p["total"] for p in played["players"]]
    # Each box's row scored points in this game: without them from the cities the totals would differ.
    for row in [r for r in ("divinities", "senate") if r in played["players"][0]["scores"]]:
        assert any(p["scores"][row] for p in played["players"]), row


def test_the_api_state_and_log_never_name_a_conspiracy_kept_or_prepared(client):
    """Both phones read the same state (and its log): a conspiracy drawn, kept and prepared is in
    neither until triggered, though the game keeps it (its owner triggers it by name)."""
    from companion.engine import tracked
    body = {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}], "expansions": ["agora"]}
    code = new_game(client, body)
    _game, game, names = tracked.new_game(body)
    table = tracked.implementation("duel")
    rng = random.Random(5)

    def rank(doc):
        if doc["action"] in ("conspire", "keep-conspiracy", "prepare"):
            return 0
        return 1 if doc["action"] == "build" and str(doc.get("card", "")).startswith("conspirator") else 2
    secret = None
    for _ in range(600):
        moves = table.legal_moves(game, names, "all")
        best = min(rank(m.doc) for m in moves)
        move = rng.choice([m for m in moves if rank(m.doc) == best])
        game, _paid = table.apply(game, move.doc, names)
        assert post(client, code, **move.doc).status_code == 200
        if move.doc["action"] == "prepare":
            secret = move.doc["conspiracy"]
            break
    assert secret
    answer = client.get(f"/api/v1/games/{code}", headers=auth(code)).get_data(as_text=True)
    assert secret not in answer and '"prepare"' in answer
    page = client.get(f"/g/{code}?as=Bo").get_data(as_text=True)
    assert secret not in page


def test_the_new_table_page_offers_the_boxes_the_table_follows_and_starts_with_them(app, client, csrf):
    from .test_games import KEYS, token_of
    duel = client.get("/g/new", query_string={"kind": "duel"}).get_data(as_text=True)
    assert re.findall(r'name="box" value="(\w+)"', duel) == ["pantheon", "agora"]
    seven = client.get("/g/new", query_string={"kind": "7wonders-1"}).get_data(as_text=True)
    assert 'name="box"' not in seven                  # scored on a sheet, not followed move by move
    response = client.post("/g/new?kind=duel", data={"csrf_token": csrf, "name": ["Ana", "Bruno"],
                                                       "box": ["agora", "pantheon", "leaders"]})
    assert response.status_code == 303
    code = response.headers["Location"].split("/g/")[1].split("?")[0]
    KEYS[code] = token_of(app, code)
    now = state(client, code)
    assert now["expansions"] == ["pantheon", "agora"] and "senate" in now and "pantheon" in now
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The Pantheon" in board and "The Senate" in board


@pytest.mark.parametrize("lang, placed, invoked, button", [
    ("en", "{who} placed a cube in chamber ", "{who} invoked ", "Place a cube"),
    ("de", "{who} hat einen Würfel in Kammer ", "{who} hat ", "Einen Würfel in Kammer"),
])
def test_the_log_says_each_box_move_in_the_past_tense(client, lang, placed, invoked, button):
    """The log read 'Bruno: Einen Würfel in Kammer 1 setzen' (the button's words) beside 'Bruno hat
    Bäder gebaut': each box move a player made is a past-tense line in the reader's language."""
    code = new_boxed(client, BOTH)
    play_until(client, code, lambda s: any(p["divinities"] for p in s["players"])
               and sum(12 - p["cubes_left"] for p in s["players"]) > 0)
    moves = state(client, code)["log"]
    cube = next(m for m in moves if m["action"] == "senate-place")
    invoke = next(m for m in moves if m["action"] in ("divinity", "invoke"))
    page = client.get(f"/g/{code}?as=all&lang={lang}").get_data(as_text=True)
    lines = [html.unescape(line) for line in re.findall(r"<li>([^<]*)</li>", page.split('class="log"')[1])]
    assert placed.format(who=cube["player"]) + str(cube["chamber"]) in " ".join(lines), lines
    said = [line for line in lines if line.startswith(invoked.format(who=invoke["player"]))
            and ("angerufen" if lang == "de" else "invoked") in line]
    assert said, lines
    assert not [line for line in lines if button in line or ": " in line and line.split(": ")[0] in ("Ana", "Bruno")]
