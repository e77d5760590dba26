"""The command line for 7 Wonders Architects: the issue's "done when" commands and a score."""
import json

from testkit.cli_run import run


def test_wonders_list_gives_the_seven_wonders(capsys):
    code, out, _ = run(capsys, "wonders", "list", "--game", "architects", "--json")
    assert code == 0
    wonders = json.loads(out)
    assert [w["name"] for w in wonders] == ["Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus", "Olympia",
                                           "Rhodes"]
    assert all(w["game"] == "architects" and w["stages"] == 5 and w["source"] for w in wonders)
    olympia = next(w for w in wonders if w["id"] == "olympia")
    assert (olympia["stage_points"], olympia["stage_levels"]) == ([3, 2, 5, 5, 7], [1, 2, 2, 3, 4])
    assert olympia["names"]["fr"] == "Olympie"


def test_wonders_list_with_medals_gives_the_boxs_wonders(capsys):
    code, out, _ = run(capsys, "wonders", "list", "--game", "architects", "--expansion", "medals", "--json")
    assert code == 0
    assert [(w["name"], w["expansion"]) for w in json.loads(out)] == [("Rome", "medals"), ("Ur", "medals")]
    assert all(w["stage_points"] is None and w["stage_levels"] is None for w in json.loads(out))   # not confirmed


def test_progress_list_and_the_medals(capsys):
    code, out, _ = run(capsys, "progress", "list", "--game", "architects", "--json")
    tokens = json.loads(out)
    assert code == 0 and len(tokens) == 14
    assert {t["id"]: t["score"] for t in tokens}["culture"] == {"per": "set", "scale": [4, 12]}
    code, out, _ = run(capsys, "cards", "list", "--game", "architects", "--expansion", "medals", "--json")
    assert code == 0 and sum(1 for m in json.loads(out) if m["kind"] == "medal") == 12


def test_a_wonder_is_found_by_another_printed_name(capsys):
    code, out, _ = run(capsys, "cards", "search", "ziggurat of ur", "--game", "architects", "--json")
    assert code == 0 and json.loads(out)[0]["id"] == "ur"            # a Medals wonder, found by search
    code, out, _ = run(capsys, "cards", "show", "Mausoleum of Halicarnassus", "--game", "architects", "--json")
    assert code == 0 and json.loads(out)["id"] == "halicarnassus"


def test_score_a_table_and_refuse_a_bad_city(capsys, tmp_path):
    doc = tmp_path / "game.json"
    doc.write_text(json.dumps({"game": "architects", "players": [
        {"name": "Ana", "stages": 3, "wonder_points": 9, "cat": True},
        {"name": "Bo", "stages": 2, "wonder_points": 5, "blue": 2}]}))
    code, out, _ = run(capsys, "score", str(doc))
    assert code == 0 and json.loads(out)["winners"] == ["Ana"]       # 11 to 11: Ana built more stages
    doc.write_text(json.dumps({"game": "architects", "players": [{"name": "Ana", "stages": 9}, {"name": "Bo"}]}))
    code, _, err = run(capsys, "score", str(doc))
    assert code == 2 and "players[0].stages" in err
