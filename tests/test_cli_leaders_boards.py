"""The command line for the Leaders box's guilds and Rome and the Wonder Pack's Manneken Pis (issue 31):
cards list and wonders list with --expansion, search by any printed name, a score."""
import json

from testkit.cli_run import run


def test_cards_list_gives_the_leaders_box_36_leaders_and_4_guilds(capsys):
    code, out, _ = run(capsys, "cards", "list", "--game", "7wonders", "--edition", "1", "--expansion", "leaders",
                       "--json")
    assert code == 0
    cards = json.loads(out)
    assert sum(1 for c in cards if c["kind"] == "leader") == 36
    guilds = {c["name"]: c for c in cards if c["kind"] == "building"}
    assert sorted(guilds) == ["Architects Guild", "Courtesans Guild", "Diplomats Guild", "Gamers Guild"]
    assert all(g["colour"] == "purple" and g["age"] == 3 and g["source"] for g in guilds.values())


def test_wonders_list_gives_rome_and_manneken_pis_producing_nothing(capsys):
    code, out, _ = run(capsys, "wonders", "list", "--game", "7wonders", "--edition", "1", "--expansion", "leaders",
                       "--json")
    assert code == 0
    [rome] = json.loads(out)
    assert rome["id"] == "rome" and rome["resource"] is None and rome["sides"][0]["effects"] == [{"kind": "free_leaders"}]
    code, out, _ = run(capsys, "wonders", "list", "--game", "7wonders", "--edition", "1", "--expansion",
                       "wonder-pack", "--json")
    pis = {w["id"]: w for w in json.loads(out)}["manneken-pis"]
    assert pis["resource"] is None and pis["start_coins"] == 4
    code, out, _ = run(capsys, "wonders", "list", "--game", "7wonders", "--edition", "2", "--expansion", "leaders",
                       "--json")
    assert [w["name"] for w in json.loads(out)] == ["Roma", "Abu Simbel"]      # the 2nd edition's two boards


def test_search_finds_the_guilds_and_boards_by_their_printed_names(capsys):
    for typed, found in (("Courtesan's Guild", "Courtesans Guild"), ("Gamers' Guild", "Gamers Guild"),
                         ("Colosseum", "Rome"), ("Manneken Pis", "Manneken Pis")):
        code, out, _ = run(capsys, "cards", "search", typed, "--game", "7wonders", "--edition", "1")
        assert code == 0 and out.splitlines()[0].startswith(found), (typed, out)


def test_score_counts_the_guilds_and_names_the_copied_leader(capsys, tmp_path):
    doc = {"game": "7wonders", "edition": 1, "expansions": ["leaders"], "players": [
        {"name": "Ana", "wonder": "Rome", "side": "A", "stages": 2, "coins": 9,
         "cards": ["Gamers Guild", "Courtesans Guild"]},
        {"name": "Bruno", "wonder": "Rhodes", "leaders": ["Nefertiti"]}, {"name": "Chloé", "wonder": "Olympia"}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    ana = json.loads(out)["players"][0]
    # Gamers 9 // 3 = 3, Courtesans copies Nefertiti's 4: 7 in guilds; Rome A 4 + 6
    assert ana["scores"]["guilds"] == 7 and ana["scores"]["wonder"] == 10 and ana["copied_leader"] == "Nefertiti"
