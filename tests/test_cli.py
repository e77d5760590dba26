"""`companion cards ...` as in the contract's "cards" section."""
import json
import subprocess
import sys

import pytest

from testkit.cli_run import run

CONTRACT_KEYS = {"id", "game", "edition", "name", "names", "age", "colour", "cost", "counts",
                 "chains_from", "chains_to"}


def test_search_prints_best_match_first_as_json(capsys):
    code, out, _ = run(capsys, "cards", "search", "cariera de piatra", "--json")
    results = json.loads(out)
    assert code == 0 and results[0]["name"] == "Stone Pit"
    assert CONTRACT_KEYS <= set(results[0])


def test_search_spanish_guild(capsys):
    code, out, _ = run(capsys, "cards", "search", "Gremio de tácticos", "--json")
    assert code == 0 and json.loads(out)[0]["name"] == "Tacticians Guild"


def test_show_duel_stone_pit_has_the_contract_shape(capsys):
    code, out, _ = run(capsys, "cards", "show", "Stone Pit", "--game", "duel", "--json")
    card = json.loads(out)
    assert code == 0
    assert card["id"] == "stone-pit" and card["game"] == "duel" and card["edition"] is None
    assert card["age"] == 1 and card["colour"] == "brown"
    assert card["cost"] == {"coins": 1, "resources": {}}
    assert card["counts"] is None and card["chains_from"] == [] and card["chains_to"] == []
    assert card["names"]["en"] == "Stone Pit"
    assert set(card["names"]) == {"en", "fr", "de", "es", "it", "pt", "ro"}


def test_show_base_card_counts_and_chains_by_name(capsys):
    code, out, _ = run(capsys, "cards", "show", "Scriptorium", "--game", "7wonders", "--edition", "1", "--json")
    card = json.loads(out)
    assert code == 0 and card["game"] == "7wonders" and card["edition"] == 1
    assert {"Library", "Courthouse"} <= set(card["chains_to"])
    assert card["counts"] and all(3 <= n <= 7 for n in card["counts"])


def test_show_by_id_and_by_another_language(capsys):
    code, out, _ = run(capsys, "cards", "show", "glass-blower", "--game", "duel", "--json")
    assert code == 0 and json.loads(out)["id"] == "glass-blower"
    code, out, _ = run(capsys, "cards", "show", "Almacén de piedra", "--game", "duel", "--json")
    assert code == 0 and json.loads(out)["id"] == "stone-pit"


def test_show_unknown_card_exits_2_with_a_suggestion(capsys):
    code, out, err = run(capsys, "cards", "show", "Lumber Yrd", "--game", "duel")
    assert code == 2 and out == ""
    assert err.strip() == 'companion: unknown card or wonder or progress token "Lumber Yrd" (did you mean "Lumber Yard"?)'


def test_show_ambiguous_courthouse_exits_2(capsys):
    code, _, err = run(capsys, "cards", "show", "Courthouse", "--game", "duel")
    assert code == 2 and "ambiguous" in err and "tribunal" in err and "pretorium" in err


def test_show_name_in_both_games_asks_which(capsys):
    code, _, err = run(capsys, "cards", "show", "Lumber Yard")
    assert code == 2 and "--game" in err


@pytest.mark.parametrize("game,edition,size", [("duel", None, 73), ("7wonders", "1", None), ("7wonders", "2", None)])
def test_list_every_card(capsys, cat, game, edition, size):
    argv = ["cards", "list", "--game", game, "--json"] + (["--edition", edition] if edition else [])
    code, out, _ = run(capsys, *argv)
    cards = json.loads(out)
    assert code == 0
    if size:
        assert len(cards) == size
    else:
        from companion.catalog import Game
        assert len(cards) == len(cat.card_list(Game.SEVEN_WONDERS, int(edition)))
    assert all(CONTRACT_KEYS <= set(c) for c in cards)


def test_wonders_and_progress_lists(capsys):
    code, out, _ = run(capsys, "wonders", "list", "--game", "duel", "--json")
    assert code == 0 and len(json.loads(out)) == 12
    code, out, _ = run(capsys, "progress", "list", "--json")
    assert code == 0 and len(json.loads(out)) == 10
    code, out, _ = run(capsys, "wonders", "list", "--game", "7wonders", "--edition", "2", "--json")
    assert code == 0 and {s["side"] for w in json.loads(out) for s in w["sides"]} == {"day", "night"}


def test_progress_outside_duel_exits_2(capsys):
    code, _, err = run(capsys, "progress", "list", "--game", "7wonders")
    assert code == 2 and "Duel" in err


def test_console_script_is_installed():
    result = subprocess.run([sys.executable, "-m", "companion.cli", "cards", "search", "Sawmil", "--json"],
                            capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)[0]["id"] == "sawmill"


def _pipe(command, text):
    return subprocess.run([sys.executable, "-m", "companion.cli", command], input=text,
                          capture_output=True, text=True)


@pytest.mark.parametrize("command", ["score", "trade"])
def test_contract_commands_refuse_bad_json_with_where(command):
    result = _pipe(command, '{"game": "7wonders", ')
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("companion: standard input: not valid JSON")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["score", "trade"])
def test_contract_commands_refuse_an_unknown_game(command):
    result = _pipe(command, '{"game": "chess"}')
    assert result.returncode == 2 and "game: unknown game" in result.stderr


def test_contract_commands_refuse_a_non_object(capsys):
    result = _pipe("score", "[1, 2]")
    assert result.returncode == 2 and "must be a JSON object" in result.stderr


def test_missing_file_exits_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion.cli", "score", str(tmp_path / "nope.json")],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "cannot read the file" in result.stderr
