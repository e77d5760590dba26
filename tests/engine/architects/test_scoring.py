"""7 Wonders Architects: every scoring rule and the tie rule, through the contract's `score`.

Facts from card_db/architects/ (each with its source); the worked example is
built from the rulebook's count (stages, cat, blue cards, military victory
tokens, progress tokens; ties to the most stages built, then shared).
"""
import pytest

from companion.engine import contract
from companion.engine.errors import BadInput
from companion.engine.messages import Listed


def score(*cities, expansions=None):
    doc = {"game": "architects", "players": [dict(c) for c in cities]}
    if expansions is not None:
        doc["expansions"] = expansions
    return contract.score(doc)


def one(city, **kw):
    return score(city, {"name": "Other"}, **kw)["players"][0]["scores"]


def test_blue_cards_score_3_each_and_2_for_one_showing_the_cat():
    assert one({"name": "A", "blue": 3, "cat_cards": 2})["blue"] == 3 * 3 + 2 * 2


def test_the_cat_pawn_scores_2_for_its_holder():
    assert one({"name": "A", "cat": True})["cat"] == 2
    assert one({"name": "A"})["cat"] == 0


def test_military_victory_tokens_score_3_each():
    assert one({"name": "A", "victories": 4})["military"] == 12


def test_wonder_points_are_those_printed_on_the_stages_built():
    # No wonder named (or one whose stage points no two sources give): the points typed are the points.
    assert one({"name": "A", "stages": 2, "wonder_points": 7})["wonder"] == 7
    assert one({"name": "A", "wonder": "rome", "stages": 2, "wonder_points": 6},
               expansions=["medals"])["wonder"] == 6


def test_stage_points_come_from_the_wonder_and_the_stages_built():
    # Giza: 4, 5, 6, 7, 8 from the bottom (three public implementations agree).
    assert one({"name": "A", "wonder": "Giza", "stages": 2})["wonder"] == 9
    assert one({"name": "A", "wonder": "giza", "stages": 5})["wonder"] == 30
    assert one({"name": "A", "wonder": "Giza", "stages": 2, "wonder_points": 9})["wonder"] == 9
    # Rhodes: its first level's two stages both show 4, so one stage built is 4 whichever it was.
    assert one({"name": "A", "wonder": "Rhodes", "stages": 1})["wonder"] == 4


@pytest.mark.parametrize("wonder, total", [("alexandria", 25), ("babylon", 20), ("ephesus", 22), ("giza", 30),
                                           ("halicarnassus", 24), ("olympia", 22), ("rhodes", 26)])
def test_a_complete_wonder_scores_every_stage_printed_on_it(wonder, total):
    assert one({"name": "A", "wonder": wonder, "stages": 5})["wonder"] == total


def test_stages_on_one_level_are_built_in_any_order_so_the_count_may_not_fix_the_points():
    # Olympia: 3, then a level of 2 and 5 built in either order, then 5, then 7.
    refused = pytest.raises(BadInput)
    with refused as which:
        one({"name": "A", "wonder": "Olympia", "stages": 2})
    assert which.value.where == "players[0].wonder_points"
    assert which.value.msg.params["choices"] == Listed(("5", "8"), "or")
    assert "5 or 8" in which.value.message
    assert one({"name": "A", "wonder": "Olympia", "stages": 2, "wonder_points": 8})["wonder"] == 8
    assert one({"name": "A", "wonder": "Olympia", "stages": 3})["wonder"] == 10      # the level finished
    # Ephesus: 3, then a level of three (3, 4, 5), then 7: two of the three built show 7, 8 or 9 more.
    assert one({"name": "A", "wonder": "Ephesus", "stages": 3, "wonder_points": 11})["wonder"] == 11
    with pytest.raises(BadInput) as wrong:
        one({"name": "A", "wonder": "Ephesus", "stages": 3, "wonder_points": 13})
    assert wrong.value.msg.params["choices"] == Listed(("10", "11", "12"), "or")


def test_points_the_stages_built_cannot_show_are_refused():
    with pytest.raises(BadInput) as refused:
        one({"name": "A", "wonder": "Giza", "stages": 2, "wonder_points": 7})
    assert refused.value.where == "players[0].wonder_points"
    assert refused.value.msg.key == "in.arch.stage_points_not"


def test_alexandrias_second_stage_shows_3_points_as_the_preview_plays_it():
    # BoardGameGeek's preview: building Alexandria's next stage (the second) is worth 3 points and
    # its power takes a 3-point blue card: 6 points in the turn.
    before = one({"name": "A", "wonder": "Alexandria", "stages": 1})
    after = one({"name": "A", "wonder": "Alexandria", "stages": 2, "blue": 1})
    assert after["wonder"] - before["wonder"] == 3
    assert sum(after.values()) - sum(before.values()) == 6


def test_decor_scores_4_or_6_with_the_wonder_complete():
    assert one({"name": "A", "stages": 4, "wonder_points": 10, "progress": ["decor"]})["progress"] == 4
    assert one({"name": "A", "stages": 5, "wonder_points": 12, "progress": ["decor"]})["progress"] == 6


def test_politics_scores_1_a_cat_on_the_blue_cards():
    assert one({"name": "A", "cat_cards": 3, "blue": 2, "progress": ["politics"]})["progress"] == 3


def test_strategy_scores_1_a_military_victory_token():
    assert one({"name": "A", "victories": 5, "progress": ["strategy"]})["progress"] == 5


def test_education_scores_2_a_progress_token_itself_included():
    assert one({"name": "A", "progress": ["education", "tactics", "urbanism"]})["progress"] == 6


def test_culture_scores_4_alone_and_12_for_two():
    assert one({"name": "A", "progress": ["culture"]})["progress"] == 4
    assert one({"name": "A", "progress": ["culture", "culture"]})["progress"] == 12
    assert one({"name": "A", "progress": ["Culture", "culture-medals"]}, expansions=["medals"])["progress"] == 12


def test_tokens_without_points_score_nothing():
    assert one({"name": "A", "progress": ["urbanism", "economy", "engineering", "tactics"]})["progress"] == 0


def test_the_medals_domesticated_cat_scores_nothing_at_the_end():
    assert one({"name": "A", "progress": ["domestication", "culture"]}, expansions=["medals"])["progress"] == 4
    with pytest.raises(BadInput) as refused:                     # a Medals token without the box
        one({"name": "A", "progress": ["Domestication"]})
    assert refused.value.where == "players[0].progress[0]"


def test_three_culture_tokens_are_not_guessed():
    with pytest.raises(BadInput) as refused:
        score({"name": "A", "progress": ["culture", "Culture", "Culture"]}, {"name": "B"},
              expansions=["medals"])
    assert refused.value.where == "players[0].progress"


def test_medals_score_4_each_with_the_expansion_only():
    assert one({"name": "A", "medals": 3}, expansions=["medals"])["medals"] == 12
    with pytest.raises(BadInput) as refused:
        one({"name": "A", "medals": 1})
    assert refused.value.where == "players[0].medals"
    with pytest.raises(BadInput):
        one({"name": "A", "medals": 5}, expansions=["medals"])      # 4 medals at most within reach


def test_a_worked_count_adds_every_category_the_rulebook_lists():
    # Stages (5 built, 14 printed points), the cat, 2 blue cards and 1 with the cat,
    # 2 military victory tokens, Decor (complete) and Politics.
    answer = score({"name": "Ana", "stages": 5, "wonder_points": 14, "cat": True, "blue": 2, "cat_cards": 1,
                    "victories": 2, "progress": ["decor", "politics"]}, {"name": "Bo"})
    ana = answer["players"][0]
    assert ana["scores"] == {"wonder": 14, "cat": 2, "blue": 8, "military": 6, "progress": 7}
    assert ana["total"] == 37
    assert answer["winners"] == ["Ana"]


def test_a_tie_goes_to_the_most_stages_built():
    answer = score({"name": "A", "stages": 3, "wonder_points": 10},
                   {"name": "B", "stages": 4, "wonder_points": 7, "blue": 1})
    assert [p["total"] for p in answer["players"]] == [10, 10]
    assert answer["winners"] == ["B"]
    assert [p["rank"] for p in answer["players"]] == [2, 1]


def test_a_tie_on_stages_too_is_a_shared_victory():
    answer = score({"name": "A", "stages": 3, "wonder_points": 10},
                   {"name": "B", "stages": 3, "wonder_points": 7, "blue": 1},
                   {"name": "C", "stages": 1, "wonder_points": 2})
    assert answer["winners"] == ["A", "B"]
    assert [p["rank"] for p in answer["players"]] == [1, 1, 3]


@pytest.mark.parametrize("cities, where", [
    ([{"name": "A"}], "players"),                                              # 2 to 7 players
    ([{"name": "A", "cat": True}, {"name": "B", "cat": True}], "players[1].cat"),  # one cat
    ([{"name": "A", "wonder": "giza"}, {"name": "B", "wonder": "Giza"}], "players[1].wonder"),
    ([{"name": "A", "stages": 6}, {"name": "B"}], "players[0].stages"),
    ([{"name": "A", "progress": ["decor", "decor"]}, {"name": "B"}], "players[0].progress[1]"),
    ([{"name": "A", "progress": ["Agriculture"]}, {"name": "B"}], "players[0].progress[0]"),
    ([{"name": "A", "wonder": "rome"}, {"name": "B"}], "players[0].wonder"),     # a Medals wonder
    ([{"name": "A", "wonder_points": 5}, {"name": "B"}], "players[0].wonder_points"),
    ([{"name": "A", "blue": -1}, {"name": "B"}], "players[0].blue"),
    ([{"name": "A", "cards": []}, {"name": "B"}], "players[0].cards"),
])
def test_a_city_a_real_game_cannot_hold_is_refused_saying_where(cities, where):
    with pytest.raises(BadInput) as refused:
        score(*cities)
    assert refused.value.where == where
    assert str(refused.value.msg)


def test_eight_players_are_refused():
    with pytest.raises(BadInput):
        score(*({"name": f"P{i}"} for i in range(8)))
