"""The JSON contract: score and trade answers, and bad input with what and where."""
import json
import subprocess
import sys

import pytest

from companion.engine import contract
from companion.engine.errors import BadInput


def doc(*players, edition=1, **more):
    return {"game": "7wonders", "edition": edition, "players": list(players), **more}


ANA = {"name": "Ana", "wonder": "Alexandria", "side": "A", "stages": 3,
       "cards": ["Lumber Yard", "Scriptorium", "Library", "University", "Apothecary", "Dispensary", "Scientists Guild",
                 "Altar", "Aqueduct", "Town Hall", "Chamber of Commerce", "Loom", "Glassworks"],
       "coins": 14, "military": [1, 3, -1]}
BO = {"name": "Bo", "wonder": "Giza", "cards": ["Stone Pit"], "coins": 2}
CY = {"name": "Cy", "wonder": "Rhodes", "cards": [], "coins": 5}


def bad(document, call=contract.score) -> BadInput:
    with pytest.raises(BadInput) as caught:
        call(document)
    return caught.value


# ---------------------------------------------------------------- score

def test_score_answers_every_category_the_total_the_rank_and_the_science_chosen():
    out = contract.score(doc(ANA, BO, CY))
    ana = out["players"][0]
    assert set(ana) >= {"name", "scores", "total", "rank", "science"}
    assert list(ana["scores"]) == ["military", "treasury", "wonder", "civil", "commercial", "guilds", "science"]
    assert ana["scores"] == {"military": 3, "treasury": 4, "wonder": 10, "civil": 13, "commercial": 4,
                             "guilds": 0, "science": 21}
    assert ana["total"] == 55
    # 3 tablets, 2 compasses and 1 wildcard: the wildcard is the gear of a set (21 beats 16 + 4).
    assert ana["science"] == {"tablet": 3, "compass": 2, "gear": 1, "wildcards": 1, "chosen": {"gear": 1}}
    assert out["winners"] == ["Ana"]
    assert [p["rank"] for p in out["players"]] == [1, 3, 2]


def test_score_breaks_a_tie_on_coins_and_a_full_tie_shares_the_win():
    a = {"name": "A", "wonder": "Giza", "coins": 5}
    b = {"name": "B", "wonder": "Rhodes", "coins": 4}
    c = {"name": "C", "wonder": "Ephesus", "coins": 3}
    out = contract.score(doc(a, b, c))                   # 1 point each from coins; coins break the tie
    assert [p["rank"] for p in out["players"]] == [1, 2, 3]
    assert out["winners"] == ["A"]
    out = contract.score(doc(a, dict(b, coins=5), c))
    assert [p["rank"] for p in out["players"]] == [1, 1, 3]
    assert out["winners"] == ["A", "B"]


def test_score_names_the_guild_olympia_b_copies():
    olympia = {"name": "O", "wonder": "Olympia", "side": "B", "stages": 3}
    left = {"name": "L", "wonder": "Giza", "cards": ["Spies Guild", "Walls"]}
    out = contract.score(doc(olympia, left, CY))
    assert out["players"][0]["copied_guild"] == "Spies Guild"
    assert out["players"][0]["scores"]["guilds"] == 1


def test_score_of_the_free_city_variant_ranks_only_the_two_players():
    fc = {"name": "Free City", "wonder": "Ephesus", "coins": 30, "free_city": True}
    out = contract.score(doc({"name": "A", "wonder": "Giza"}, {"name": "B", "wonder": "Rhodes", "coins": 3}, fc))
    assert out["players"][2]["rank"] is None and out["players"][2]["free_city"] is True
    assert out["winners"] == ["B"]


def test_score_accepts_ids_any_case_and_other_languages():
    one = {"wonder": "gizah", "cards": ["lumber-yard", "ALTAR", "Métier à tisser", "Baños"]}
    out = contract.score(doc(one, CY, {"wonder": "Ephesus"}))
    assert out["players"][0]["scores"]["civil"] == 2 + 3


# ---------------------------------------------------------------- score: bad input

def test_an_unknown_card_says_what_it_may_be_and_where():
    e = bad(doc(ANA, CY, {"wonder": "Giza", "cards": ["Baths", "Altar", "Loom", "Press", "Lumber Yrd"]}))
    assert (e.where, e.message) == ("players[2].cards[4]", 'unknown card "Lumber Yrd" (did you mean "Lumber Yard"?)')


def test_a_card_twice_in_one_city_is_refused_even_under_two_ids():
    e = bad(doc({"wonder": "Giza", "cards": ["Loom", "loom-age-2"]}, BO, CY))
    assert e.where == "players[0].cards[1]"
    assert 'two cards named "Loom"' in e.message


def test_a_card_of_the_other_edition_is_named_as_such():
    e = bad(doc({"wonder": "Giza", "cards": ["Pawnshop"]}, BO, CY, edition=2))
    assert (e.where, e.message) == ("players[0].cards[0]",
                                    '"Pawnshop" is not a card of the 2nd edition (it is in the 1st)')
    e = bad(doc({"wonder": "Giza", "cards": ["Altar", "Ludus"]}, BO, CY))
    assert e.where == "players[0].cards[1]" and "not a card of the 1st edition" in e.message


@pytest.mark.parametrize("n", [1, 2, 8])
def test_player_counts_outside_3_to_7_are_refused(n):
    wonders = ["Giza", "Rhodes", "Ephesus", "Babylon", "Olympia", "Halicarnassus", "Alexandria", "Giza"]
    e = bad(doc(*({"wonder": w} for w in wonders[:n])))
    assert e.where == "players"
    assert f"not {n}" in e.message


def test_the_free_city_needs_exactly_two_players_and_the_1st_edition():
    fc = {"wonder": "Ephesus", "free_city": True}
    assert bad(doc({"wonder": "Giza"}, fc)).where == "players"
    assert bad(doc({"wonder": "Giza"}, {"wonder": "Rhodes"}, fc, edition=2)).where == "players[2].free_city"
    assert bad(doc({"wonder": "Giza"}, {"wonder": "Rhodes"}, {"wonder": "Babylon"}, fc)).where == "players"


@pytest.mark.parametrize("city, where, words", [
    ({"wonder": "Giza", "coins": -1}, "players[0].coins", "at least 0"),
    ({"wonder": "Giza", "coins": "3"}, "players[0].coins", "whole number"),
    ({"wonder": "Giza", "coins": 2.5}, "players[0].coins", "whole number"),
    ({"wonder": "Giza", "stages": 4}, "players[0].stages", "has 3 stages, not 4"),
    ({"wonder": "Giza", "side": "B", "stages": 5}, "players[0].stages", "has 4 stages, not 5"),
    ({"wonder": "Giza", "stages": -1}, "players[0].stages", "whole number"),
    ({"wonder": "Giza", "side": "C"}, "players[0].side", "unknown side"),
    ({"wonder": "Giza", "side": "night"}, "players[0].side", "A and B"),
    ({"wonder": "Atlantis"}, "players[0].wonder", 'unknown wonder "Atlantis"'),
    ({"cards": []}, "players[0].wonder", "needs its wonder"),
    ({"wonder": 7}, "players[0].wonder", "string"),
    ({"wonder": "Giza", "cards": "Baths"}, "players[0].cards", "must be a list"),
    ({"wonder": "Giza", "cards": [3]}, "players[0].cards[0]", "string"),
    ({"wonder": "Giza", "military": [2]}, "players[0].military[0]", "-1, 1, 3 or 5"),
    ({"wonder": "Giza", "military": 3}, "players[0].military", "list"),
    ({"wonder": "Giza", "name": 3}, "players[0].name", "string"),
    ({"wonder": "Giza", "free_city": "yes"}, "players[0].free_city", "true or false"),
    ({"wonder": "Rhodes"}, "players[1].wonder", "already the wonder"),
    ("Giza", "players[0]", "object"),
])
def test_bad_cities_are_refused_with_their_place(city, where, words):
    e = bad(doc(city, {"wonder": "Rhodes"}, {"wonder": "Ephesus"}))
    assert e.where == where
    assert words in e.message


def test_a_bad_edition_or_player_list_is_refused():
    assert bad(doc(BO, CY, ANA, edition=3)).where == "edition"
    assert bad({"game": "7wonders", "players": "Ana"}).where == "players"


def test_the_command_line_exits_2_with_the_place_and_the_message():
    document = json.dumps(doc(ANA, CY, {"wonder": "Giza", "cards": ["Baths", "Altar", "Loom", "Press", "Lumber Yrd"]}))
    run = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"], input=document,
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.strip() == \
        'companion: players[2].cards[4]: unknown card "Lumber Yrd" (did you mean "Lumber Yard"?)'


# ---------------------------------------------------------------- trade

def trade(player, left, right, build, edition=1):
    return contract.trade({"game": "7wonders", "edition": edition, "player": player, "left": left,
                           "right": right, "build": build})


def test_trade_prices_the_seed_university_example():
    out = trade({"wonder": "Alexandria", "cards": ["Lumber Yard"], "coins": 4}, {"wonder": "Olympia"},
                {"wonder": "Ephesus"}, {"card": "University"})
    assert out["legal"] is True and out["reason"] is None and out["free_by_chain"] is False
    assert out["cost"] == {"total": 4, "bank": 0, "left": 2, "right": 2}
    assert out["buy"] == {"left": {"wood": 1}, "right": {"papyrus": 1}}


def test_trade_lists_every_cheapest_split():
    out = trade({"wonder": "Olympia", "cards": ["Marketplace"], "coins": 9}, {"wonder": "Alexandria"},
                {"wonder": "Giza", "cards": ["Glassworks"]}, {"card": "Workshop"})
    assert [(o["left"], o["right"]) for o in out["options"]] == [(1, 0), (0, 1)]
    assert out["cost"]["total"] == 1


def test_trade_counts_the_coin_cost_for_the_bank():
    out = trade({"wonder": "Giza", "coins": 3}, {"wonder": "Olympia"}, {"wonder": "Ephesus"}, {"card": "Mine"})
    assert out["cost"] == {"total": 1, "bank": 1, "left": 0, "right": 0}


def test_trade_says_a_chain_makes_it_free():
    out = trade({"wonder": "Giza", "cards": ["Scriptorium"], "coins": 0}, {"wonder": "Olympia"},
                {"wonder": "Ephesus"}, {"card": "Library"})
    assert out["legal"] is True and out["free_by_chain"] is True
    assert out["cost"] == {"total": 0, "bank": 0, "left": 0, "right": 0}


def test_trade_of_a_card_already_built_is_not_legal():
    out = trade({"wonder": "Giza", "cards": ["Loom"]}, {"wonder": "Olympia"}, {"wonder": "Ephesus"},
                {"card": "loom-age-2"})
    assert out["legal"] is False and out["cost"] is None
    assert out["reason"] == "already built: your city has a Loom"


def test_trade_keeps_the_cheapest_cost_when_only_coins_are_short():
    out = trade({"wonder": "Alexandria", "cards": ["Lumber Yard"], "coins": 3}, {"wonder": "Olympia"},
                {"wonder": "Ephesus"}, {"card": "University"})
    assert out["legal"] is False
    assert out["cost"] == {"total": 4, "bank": 0, "left": 2, "right": 2}
    assert out["reason"] == ("University costs 4 coins (2 coins to the left neighbour, 2 coins to the right "
                             "neighbour); you have 3 coins")


def test_trade_without_a_payment_has_no_cost_and_says_what_nobody_sells():
    out = trade({"wonder": "Giza", "coins": 20}, {"wonder": "Ephesus"}, {"wonder": "Olympia", "cards": ["Ore Vein"]},
                {"card": "Dispensary"})
    assert out["legal"] is False and out["cost"] is None
    assert out["reason"] == "Dispensary needs 2 ore; your right neighbour sells 1, nobody sells the second"


def test_trade_without_coins_prices_without_checking_what_the_city_can_afford():
    out = trade({"wonder": "Alexandria", "cards": ["Lumber Yard"]}, {"wonder": "Olympia"},
                {"wonder": "Ephesus"}, {"card": "University"})
    assert out["legal"] is True and out["cost"]["total"] == 4


def test_trade_prices_the_next_wonder_stage_and_refuses_built_or_skipped_ones():
    player = {"wonder": "Alexandria", "stages": 1, "cards": ["Ore Vein"], "coins": 5}
    out = trade(player, {"wonder": "Rhodes"}, {"wonder": "Giza"}, {"stage": 2})
    assert out["legal"] is True and out["cost"] == {"total": 2, "bank": 0, "left": 2, "right": 0}
    assert trade(player, {"wonder": "Rhodes"}, {"wonder": "Giza"}, {"stage": 1})["reason"] == \
        "stage 1 is already built"
    assert "built in order" in trade(player, {"wonder": "Rhodes"}, {"wonder": "Giza"}, {"stage": 3})["reason"]


def test_trade_refuses_a_stage_beyond_the_board_and_a_malformed_build():
    player = {"wonder": "Rhodes", "side": "B"}
    e = bad({"game": "7wonders", "player": player, "left": {"wonder": "Giza"}, "right": {"wonder": "Ephesus"},
             "build": {"stage": 3}}, contract.trade)
    assert e.where == "build.stage" and "stages 1 to 2" in e.message
    e = bad({"game": "7wonders", "player": player, "left": {"wonder": "Giza"}, "right": {"wonder": "Ephesus"},
             "build": {"card": "Baths", "stage": 1}}, contract.trade)
    assert e.where == "build"
    e = bad({"game": "7wonders", "player": player, "left": {"wonder": "Giza"}, "right": {"wonder": "Ephesus"},
             "build": {"card": "Bath"}}, contract.trade)
    assert e.where == "build.card" and 'did you mean "Baths"' in e.message
    e = bad({"game": "7wonders", "player": player, "left": {"wonder": "Giza", "coins": -2},
             "right": {"wonder": "Ephesus"}, "build": {"card": "Baths"}}, contract.trade)
    assert e.where == "left.coins"
    e = bad({"game": "7wonders", "player": player, "right": {"wonder": "Ephesus"}, "build": {"card": "Baths"}},
            contract.trade)
    assert e.where == "left"


def test_trade_in_the_second_edition_uses_its_cards_and_boards():
    out = trade({"wonder": "Giza", "side": "night", "cards": ["Theater"], "coins": 0},
                {"wonder": "Olympia", "side": "day"}, {"wonder": "Ephesus"}, {"card": "Gardens"}, edition=2)
    assert out["free_by_chain"] is True


def test_trade_knows_olympia_night_frees_the_first_and_last_card_of_an_age_when_told_the_turn():
    doc = {"game": "7wonders", "edition": 2, "player": {"wonder": "Olympia", "side": "night", "stages": 2, "coins": 0},
           "left": {"wonder": "Giza"}, "right": {"wonder": "Rhodes"}, "build": {"card": "Palace"}}
    assert contract.trade(dict(doc, turn=6))["free_by"] == "last card of the age"
    assert contract.trade(dict(doc, turn=1))["free_by"] == "first card of the age"
    assert contract.trade(dict(doc, turn=3))["legal"] is False
    assert bad(dict(doc, turn=7), contract.trade).where == "turn"
