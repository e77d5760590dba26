"""`companion score` and `companion trade` for Duel, exactly as ../shared/docs/contract.md says."""
import json
import subprocess
import sys

import pytest

from companion.engine import contract
from companion.engine.errors import BadInput


def duel_score(players, **extra):
    return contract.score({"game": "duel", "players": players, **extra})


def duel_trade(player, opponent, build):
    return contract.trade({"game": "duel", "player": player, "opponent": opponent, "build": build})


def bad(doc_call, where, *words):
    with pytest.raises(BadInput) as err:
        doc_call()
    assert err.value.where == where
    for w in words:
        assert w in err.value.message
    return err.value


# -- score --------------------------------------------------------------------

def test_score_answers_the_contracts_shape():
    out = duel_score([{"name": "Bruno", "cards": ["Lumber Yard", "Baths"], "wonders": ["The Pyramids"],
                       "progress": ["Agriculture"], "coins": 12},
                      {"name": "Ana", "cards": ["Altar"], "coins": 0}], conflict=3)
    bruno = out["players"][0]
    assert bruno["name"] == "Bruno"
    assert list(bruno["scores"]) == ["civil", "science", "commercial", "guilds", "wonders", "progress",
                                     "treasury", "military"]
    assert bruno["scores"] == {"civil": 3, "science": 0, "commercial": 0, "guilds": 0, "wonders": 9,
                               "progress": 4, "treasury": 4, "military": 5}
    assert bruno["total"] == 25
    assert out["victory"] == "civilian" and out["winners"] == ["Bruno"]


def test_score_names_both_winners_of_a_shared_civilian_victory():
    out = duel_score([{"name": "A", "cards": ["Baths"], "coins": 3}, {"name": "B", "cards": ["Altar"], "coins": 5}])
    assert out["winners"] == ["A", "B"]


def test_score_civilian_tie_broken_by_civil_points():
    out = duel_score([{"name": "A", "coins": 9}, {"name": "B", "cards": ["Baths"], "coins": 0}])
    assert out["players"][0]["total"] == out["players"][1]["total"] and out["winners"] == ["B"]


def test_score_conflict_at_a_capital_is_military_supremacy():
    out = duel_score([{"name": "A", "cards": ["Palace"]}, {"name": "B"}], conflict=-9)
    assert out["victory"] == "military" and out["winners"] == ["B"]
    out = duel_score([{"name": "A"}, {"name": "B", "cards": ["Palace"]}], conflict=9)
    assert out["victory"] == "military" and out["winners"] == ["A"]


def test_score_six_different_symbols_is_scientific_supremacy_law_counting():
    out = duel_score([{"name": "A", "cards": ["Pharmacist", "Apothecary", "Workshop", "Scriptorium", "Academy"],
                       "progress": ["Law"]}, {"name": "B", "cards": ["Palace"], "coins": 30}])
    assert out["victory"] == "scientific" and out["winners"] == ["A"]
    assert out["players"][0]["science"]["different"] == 6


def test_score_accepts_ids_other_languages_and_any_case():
    out = duel_score([{"name": "A", "cards": ["baths", "Acueducto", "THEATER"]}, {"name": "B"}])
    assert out["players"][0]["scores"]["civil"] == 3 + 5 + 3


def test_bad_input_unknown_card_suggests_the_name():
    e = bad(lambda: duel_score([{"cards": ["Lumber Yrd"]}, {}]), "players[0].cards[0]", "Lumber Yard")
    assert 'did you mean "Lumber Yard"' in e.message


def test_bad_input_ambiguous_courthouse_asks_for_the_id():
    bad(lambda: duel_score([{"cards": ["Courthouse"]}, {}]), "players[0].cards[0]", "ambiguous")
    assert duel_score([{"cards": ["tribunal", "pretorium"]}, {}])["players"][0]["scores"]["civil"] == 5


def test_bad_input_card_twice_in_a_city():
    bad(lambda: duel_score([{"cards": ["Baths", "Theater", "baths"]}, {}]), "players[0].cards[2]", "twice")


def test_bad_input_card_in_both_cities():
    bad(lambda: duel_score([{"cards": ["Baths"]}, {"cards": ["Altar", "Baths"]}]), "players[1].cards[1]", "both")


def test_bad_input_wrong_number_of_players():
    bad(lambda: duel_score([{}]), "players", "2 players")
    bad(lambda: duel_score([{}, {}, {}]), "players", "2 players")


def test_bad_input_negative_coins():
    bad(lambda: duel_score([{}, {"coins": -1}]), "players[1].coins", "negative")


def test_bad_input_conflict_beyond_the_capitals():
    bad(lambda: duel_score([{}, {}], conflict=10), "conflict")
    bad(lambda: duel_score([{}, {}], conflict=-12), "conflict")
    bad(lambda: duel_score([{}, {}], conflict="3"), "conflict")


def test_bad_input_unknown_wonder_and_token():
    bad(lambda: duel_score([{"wonders": ["The Pyramid"]}, {}]), "players[0].wonders[0]", "unknown wonder")
    bad(lambda: duel_score([{}, {"progress": ["Agricultur"]}]), "players[1].progress[0]", "unknown progress token")


def test_bad_input_a_wonder_name_is_not_a_card():
    bad(lambda: duel_score([{"cards": ["The Sphinx"]}, {}]), "players[0].cards[0]", "unknown card")


def test_bad_input_more_than_4_wonders_for_a_player():
    five = ["The Pyramids", "The Sphinx", "Piraeus", "The Colossus", "The Mausoleum"]
    bad(lambda: duel_score([{"wonders": five}, {}]), "players[0].wonders[4]", "at most 4")


def test_bad_input_more_than_7_wonders_built_in_all():
    a = ["The Pyramids", "The Sphinx", "Piraeus", "The Colossus"]
    b = ["The Mausoleum", "Circus Maximus", "The Appian Way", "The Great Library"]
    bad(lambda: duel_score([{"wonders": a}, {"wonders": b}]), "players[1].wonders[3]", "7 wonders")


def test_bad_input_token_in_both_cities():
    bad(lambda: duel_score([{"progress": ["Law"]}, {"progress": ["Law"]}]), "players[1].progress[0]")


def test_bad_input_two_supremacies():
    science = {"cards": ["Pharmacist", "Apothecary", "Workshop", "Scriptorium", "Academy", "University"]}
    bad(lambda: duel_score([{}, science], conflict=9), "conflict", "supremacy")


# -- trade --------------------------------------------------------------------

def test_trade_answers_the_contracts_shape_with_the_seed_caravansery():
    out = duel_trade({"name": "Bruno", "coins": 10}, {"name": "Antoine", "cards": ["Glassworks"]},
                     {"card": "Caravansery"})
    assert out["legal"] is True and out["free_by_chain"] is False and out["reason"] is None
    assert out["cost"]["total"] == 7 and out["cost"]["bank"] == 7 and out["opponent_gains"] == 0


def test_trade_seed_fortifications_and_aqueduct():
    assert duel_trade({"cards": ["Shelf Quarry"]}, {"cards": ["Clay Pool"]},
                      {"card": "Fortifications"})["cost"]["total"] == 5
    assert duel_trade({}, {"cards": ["Shelf Quarry"]}, {"card": "Aqueduct"})["cost"]["total"] == 12


def test_trade_free_by_chain():
    out = duel_trade({"cards": ["Baths"], "coins": 0}, {"cards": ["Shelf Quarry"]}, {"card": "Aqueduct"})
    assert out["legal"] and out["free_by_chain"] and out["cost"]["total"] == 0


def test_trade_economy_sends_the_trade_coins_to_the_opponent():
    out = duel_trade({"coins": 10}, {"cards": ["Glassworks"], "progress": ["Economy"]}, {"card": "Caravansery"})
    assert out["cost"] == {**out["cost"], "total": 7, "bank": 2} and out["opponent_gains"] == 5


def test_trade_wonder_with_architecture():
    out = duel_trade({"progress": ["Architecture"]}, {"cards": ["Shelf Quarry"]}, {"wonder": "The Pyramids"})
    assert out["cost"]["total"] == 6 and out["cost"]["waived"] == {"stone": 2}


def test_trade_not_enough_coins_is_not_legal_but_priced():
    out = duel_trade({"coins": 11}, {"cards": ["Shelf Quarry"]}, {"card": "Aqueduct"})
    assert out["legal"] is False and out["cost"]["total"] == 12 and "coins" in out["reason"]


def test_trade_without_coins_is_priced_without_checking():
    assert duel_trade({}, {"cards": ["Shelf Quarry"]}, {"card": "Aqueduct"})["legal"] is True


def test_trade_already_built_is_not_legal():
    out = duel_trade({"cards": ["Baths"]}, {}, {"card": "Baths"})
    assert out["legal"] is False and out["cost"] is None and "already" in out["reason"]
    out = duel_trade({}, {"cards": ["Baths"]}, {"card": "Baths"})
    assert out["legal"] is False and "opponent" in out["reason"]


def test_trade_eighth_wonder_is_not_legal():
    a = ["The Pyramids", "The Sphinx", "Piraeus", "The Colossus"]
    b = ["The Mausoleum", "Circus Maximus", "The Appian Way"]
    out = duel_trade({"wonders": b}, {"wonders": a}, {"wonder": "The Great Library"})
    assert out["legal"] is False and "7 wonders" in out["reason"]


def test_trade_bad_build():
    bad(lambda: duel_trade({}, {}, {"card": "Lumber Yrd"}), "build.card", "Lumber Yard")
    bad(lambda: duel_trade({}, {}, {"stage": 2}), "build")
    bad(lambda: duel_trade({"coins": -3}, {}, {"card": "Baths"}), "player.coins")


# -- the command line --------------------------------------------------------------

def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], input=stdin,
                          capture_output=True, text=True)


def test_cli_score_reads_a_file_and_prints_json(tmp_path):
    doc = tmp_path / "in.json"
    doc.write_text(json.dumps({"game": "duel", "players": [{"name": "A", "cards": ["Baths"]}, {"name": "B"}]}))
    run = _cli("score", str(doc))
    assert run.returncode == 0 and json.loads(run.stdout)["winners"] == ["A"]


def test_cli_trade_reads_standard_input():
    doc = {"game": "duel", "player": {"coins": 3}, "opponent": {"cards": ["Shelf Quarry"]},
           "build": {"card": "Aqueduct"}}
    run = _cli("trade", "-", stdin=json.dumps(doc))
    assert run.returncode == 0 and json.loads(run.stdout)["legal"] is False


def test_cli_bad_input_exits_2_with_where_and_what_on_one_line():
    run = _cli("score", stdin=json.dumps({"game": "duel", "players": [{"cards": ["Lumber Yrd"]}, {}]}))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == 'companion: players[0].cards[0]: unknown card "Lumber Yrd" (did you mean "Lumber Yard"?)\n'
