"""The boxes' wonder boards scored from a city (issue 31), each by name, counted by hand from card_db:
Petra and Byzantium (Cities, both editions), the Great Wall, Stonehenge and Abu Simbel (Wonder Pack,
1st edition), Siracusa (Armada, 2nd edition). A board is named once its box is in the game; a stage
whose points hang on what a city does not record leaves the wonder row to be typed (`typed`)."""
from __future__ import annotations

import pytest

from companion.engine.contract import score
from companion.engine.errors import BadInput

NEIGHBOURS = [{"name": "Left", "wonder": "Giza"}, {"name": "Right", "wonder": "Rhodes"}]


def scored(city: dict, boxes: list[str], edition: int = 1, neighbours=None) -> dict:
    others = neighbours if neighbours is not None else NEIGHBOURS
    doc = {"game": "7wonders", "edition": edition, "expansions": boxes, "players": [{"name": "Me", **city}, *others]}
    return score(doc)["players"][0]


def refused(city: dict, boxes: list[str], edition: int = 1) -> BadInput:
    with pytest.raises(BadInput) as info:
        scored(city, boxes, edition)
    return info.value


@pytest.mark.parametrize("edition,wonder,box", [(1, "Petra", "cities"), (2, "Byzantium", "cities"),
                                                (1, "Stonehenge", "wonder-pack"), (2, "Siracusa", "armada")])
def test_a_box_board_without_its_box_is_refused_naming_the_box(edition, wonder, box):
    error = refused({"wonder": wonder}, [], edition)
    assert error.where == "players[0].wonder"
    assert f'comes with the expansion "{box}"' in error.message


def test_petra_1st_edition_side_a_scores_3_7_7():
    assert scored({"wonder": "Petra", "side": "A", "stages": 3}, ["cities"])["scores"]["wonder"] == 17


def test_petra_side_b_scores_3_and_14_the_others_coin_loss_not_the_builders():
    me = scored({"wonder": "Petra", "side": "B", "stages": 2, "coins": 5}, ["cities"])
    assert me["scores"]["wonder"] == 17 and me["scores"]["treasury"] == 1 and me["total"] == 18


def test_petra_2nd_edition_night_scores_3_and_14():
    assert scored({"wonder": "Petra", "side": "night", "stages": 2}, ["cities"], 2)["scores"]["wonder"] == 17


def test_byzantium_1st_edition_points_with_its_diplomacy_stage():
    assert scored({"wonder": "Byzantium", "side": "A", "stages": 3}, ["cities"])["scores"]["wonder"] == 3 + 2 + 7
    assert scored({"wonder": "Byzantium", "side": "B", "stages": 2}, ["cities"])["scores"]["wonder"] == 3 + 4


def test_byzantium_2nd_edition_day_and_night():
    assert scored({"wonder": "Byzantium", "side": "day", "stages": 3}, ["cities"], 2)["scores"]["wonder"] == 14
    assert scored({"wonder": "Byzantium", "side": "night", "stages": 2}, ["cities"], 2)["scores"]["wonder"] == 10


def test_the_great_wall_a_built_in_any_order_its_wildcard_and_shields():
    """Stage 2 (a symbol of the player's choice) without stage 1: a compass and a gear become a set."""
    me = scored({"wonder": "Great Wall", "side": "A", "stages": [2, 3], "cards": ["Apothecary", "Workshop"]},
                ["wonder-pack"])
    assert me["scores"]["wonder"] == 0 and me["scores"]["science"] == 1 + 1 + 1 + 7
    without = scored({"wonder": "Great Wall", "side": "A", "stages": [1, 3], "cards": ["Apothecary", "Workshop"]},
                     ["wonder-pack"])
    assert without["scores"]["science"] == 2


def test_the_great_wall_b_copies_a_neighbours_symbol():
    left = [{"name": "Left", "wonder": "Giza", "cards": ["Scriptorium"]}, NEIGHBOURS[1]]
    me = scored({"wonder": "Great Wall", "side": "B", "stages": [2], "cards": ["Apothecary", "Workshop"]},
                ["wonder-pack"], neighbours=left)
    assert me["scores"]["science"] == 10        # the tablet copied: a set


@pytest.mark.parametrize("stages,where", [([5], "players[0].stages[0]"), ([2, 2], "players[0].stages[1]"),
                                          (["2"], "players[0].stages[0]")])
def test_the_great_walls_stages_are_each_named_once_within_its_four(stages, where):
    error = refused({"wonder": "Great Wall", "side": "A", "stages": stages}, ["wonder-pack"])
    assert error.where == where


def test_a_board_built_in_order_takes_no_list():
    assert refused({"wonder": "Petra", "stages": [1]}, ["cities"]).where == "players[0].stages"


def test_stonehenge_a_scores_2_a_stone_on_its_brown_cards():
    me = scored({"wonder": "Stonehenge", "side": "A", "stages": 3,
                 "cards": ["Quarry", "Excavation", "Lumber Yard", "Caravansery"]}, ["wonder-pack"])
    assert me["scores"]["wonder"] == 3 + 5 + 2 * 3 and "typed" not in me      # Caravansery is yellow


def test_stonehenge_b_first_stage_a_point_a_stone_the_second_leaves_the_row_typed():
    me = scored({"wonder": "Stonehenge", "side": "B", "stages": 1, "cards": ["Quarry"]}, ["wonder-pack"])
    assert me["scores"]["wonder"] == 2 and "typed" not in me
    both = scored({"wonder": "Stonehenge", "side": "B", "stages": 2, "cards": ["Quarry"]}, ["wonder-pack"])
    assert both["typed"] == ["wonder"]


def test_stonehenge_b_second_stage_a_point_a_neighbours_card_of_the_colour_put_under_it():
    """Quarry (2 stones): stage 1, 2; stage 2 with a blue card under it: Left's Altar and Baths, Right's
    Theater, 3 (Me's own blue cards not counted): 5. Red under it: no red card around, 2."""
    left = {"name": "Left", "wonder": "Giza", "cards": ["Altar", "Baths"]}
    right = {"name": "Right", "wonder": "Rhodes", "cards": ["Theater"]}
    city = {"wonder": "Stonehenge", "side": "B", "stages": 2, "cards": ["Quarry", "Pawnshop"]}
    me = scored({**city, "colour_under": "blue"}, ["wonder-pack"], neighbours=[left, right])
    assert me["scores"]["wonder"] == 5 and "typed" not in me
    assert scored({**city, "colour_under": "red"}, ["wonder-pack"], neighbours=[left, right])["scores"]["wonder"] == 2


@pytest.mark.parametrize("city,says", [
    ({"side": "B", "stages": 2, "colour_under": "white"}, "colour_under is the colour of the card"),
    ({"side": "B", "stages": 2, "colour_under": 3}, "colour_under is the colour of the card"),
    ({"side": "B", "stages": 1, "colour_under": "blue"}, "colour_under is for a wonder stage built"),
    ({"side": "A", "stages": 3, "colour_under": "blue"}, "colour_under is for a wonder stage built"),
])
def test_a_colour_under_a_stage_refused_saying_what_and_where(city, says):
    with pytest.raises(BadInput) as info:
        scored({"wonder": "Stonehenge", **city}, ["wonder-pack"])
    assert info.value.where == "players[0].colour_under" and says in info.value.message


def test_abu_simbel_scores_3_and_5_a_burying_stage_without_its_leader_named_leaves_the_row_typed():
    me = scored({"wonder": "Abu Simbel", "side": "A", "stages": 2}, ["wonder-pack", "leaders"])
    assert me["scores"]["wonder"] == 8 and "typed" not in me
    assert scored({"wonder": "Abu Simbel", "side": "A", "stages": 3}, ["wonder-pack", "leaders"])["typed"] == ["wonder"]


def test_abu_simbel_a_buried_leader_scores_twice_its_cost_and_loses_its_effect():
    """Side A, three stages: 3 + 5 + Nefertiti buried, 3 coins: 6 = 14; Midas recruited, 9 coins: 3 in leaders.
    Buried, Midas would score 2 x 3 = 6 in the wonder row and nothing in the leaders row."""
    me = scored({"wonder": "Abu Simbel", "side": "A", "stages": 3, "coins": 9, "leaders": ["Midas"],
                 "buried": ["Nefertiti"]}, ["wonder-pack", "leaders"])
    assert me["scores"]["wonder"] == 14 and me["scores"]["leaders"] == 3 and "typed" not in me
    me = scored({"wonder": "Abu Simbel", "side": "A", "stages": 3, "coins": 9, "buried": ["Midas"]},
                ["wonder-pack", "leaders"])
    assert me["scores"]["wonder"] == 3 + 5 + 6 and me["scores"]["leaders"] == 0


def test_abu_simbel_b_two_buried_leaders_and_one_named_of_two_leaves_the_row_typed():
    # Croesus costs 1, Caesar 5: 2 + 10
    both = scored({"wonder": "Abu Simbel", "side": "B", "stages": 2, "buried": ["Croesus", "Caesar"]},
                  ["wonder-pack", "leaders"])
    assert both["scores"]["wonder"] == 12 and "typed" not in both
    one = scored({"wonder": "Abu Simbel", "side": "B", "stages": 2, "buried": ["Caesar"]}, ["wonder-pack", "leaders"])
    assert one["typed"] == ["wonder"]


def test_abu_simbel_in_the_second_editions_leaders_box_buries_as_the_first_editions():
    """The 2nd edition's Leaders box has Abu Simbel (N; the Wonder Pack's 1st-edition board alike): night
    side, two stages, Croesus (1 coin) and Caesar (5) buried: 2 + 10 = 12; day side, two stages, 3 + 5 = 8.
    Without the Leaders box the 2nd edition has no Abu Simbel to choose."""
    night = scored({"wonder": "Abu Simbel", "side": "night", "stages": 2, "buried": ["Croesus", "Caesar"]},
                   ["leaders"], edition=2)
    assert night["scores"]["wonder"] == 12 and "typed" not in night
    day = scored({"wonder": "Abu Simbel", "side": "day", "stages": 2}, ["leaders"], edition=2)
    assert day["scores"]["wonder"] == 8
    with pytest.raises(BadInput) as info:
        scored({"wonder": "Abu Simbel", "side": "day"}, [], edition=2)
    assert info.value.where == "players[0].wonder"


@pytest.mark.parametrize("city,where,says", [
    ({"stages": 1, "buried": ["Caesar", "Midas"]}, "players[0].buried", "no more leaders can be buried"),
    ({"stages": 2, "buried": ["Caesar", "Caesar"]}, "players[0].buried[1]", "is buried once"),
    ({"stages": 2, "leaders": ["Caesar"], "buried": ["Caesar"]}, "players[0].buried[0]", "is buried once"),
    ({"stages": 2, "buried": "Caesar"}, "players[0].buried", "buried must be a list"),
    ({"stages": 2, "buried": ["Cesar the Great"]}, "players[0].buried[0]", "leader"),
])
def test_abu_simbel_buried_leaders_refused_saying_what_and_where(city, where, says):
    with pytest.raises(BadInput) as info:
        scored({"wonder": "Abu Simbel", "side": "B", **city}, ["wonder-pack", "leaders"])
    assert info.value.where == where and says in info.value.message


def test_a_diplomats_guild_beside_a_buried_leader_leaves_its_guilds_row_typed():
    """No source says whether a leader buried under Abu Simbel is counted as recruited: never guessed."""
    players = [{"name": "Me", "wonder": "Giza", "cards": ["Diplomats Guild"]},
               {"name": "Left", "wonder": "Abu Simbel", "side": "A", "stages": 3, "leaders": ["Midas"],
                "buried": ["Caesar"]},
               {"name": "Right", "wonder": "Rhodes", "leaders": ["Plato"]}]
    me = score({"game": "7wonders", "edition": 1, "expansions": ["leaders", "wonder-pack"], "players": players})
    assert me["players"][0]["typed"] == ["guilds"] and "typed" not in me["players"][1]


def test_siracusa_day_its_points_its_fleets_in_the_armada_rows_as_read():
    """The fleets Siracusa moves are in the shipyard as the player reads it; the stage adds only its points."""
    me = scored({"wonder": "Siracusa", "side": "day", "stages": [1, 2, 3], "shipyard": 4}, ["armada"], 2)
    assert me["scores"]["wonder"] == 3 and me["scores"]["shipyard"] == 4 and "typed" not in me


def test_siracusa_night_scores_no_points_of_its_own():
    me = scored({"wonder": "Siracusa", "side": "night", "stages": [2], "coins": 6}, ["armada"], 2)
    assert me["scores"]["wonder"] == 0 and me["scores"]["treasury"] == 2


def test_a_board_built_in_any_order_by_count_only_when_none_or_all_are_built():
    assert refused({"wonder": "Great Wall", "side": "A", "stages": 2}, ["wonder-pack"]).where == "players[0].stages"
    whole = scored({"wonder": "Great Wall", "side": "A", "stages": 4, "cards": ["Apothecary"]}, ["wonder-pack"])
    assert whole["scores"]["science"] == 4                 # the wildcard a second compass: 2 x 2
    assert scored({"wonder": "Great Wall", "side": "A", "stages": 0}, ["wonder-pack"])["scores"]["wonder"] == 0


def test_petras_coin_stage_is_priced_in_coins_to_the_bank():
    from companion.engine.contract import trade
    doc = {"game": "7wonders", "expansions": ["cities"], "left": NEIGHBOURS[0], "right": NEIGHBOURS[1],
           "player": {"wonder": "Petra", "side": "A", "stages": 1, "coins": 8}, "build": {"stage": 2}}
    assert trade(doc)["cost"] == {"total": 7, "bank": 7, "left": 0, "right": 0}
    assert trade({**doc, "player": {**doc["player"], "coins": 6}})["legal"] is False


def test_the_great_walls_stages_are_priced_in_any_order():
    from companion.engine.contract import trade
    doc = {"game": "7wonders", "expansions": ["wonder-pack"], "left": NEIGHBOURS[0], "right": NEIGHBOURS[1],
           "player": {"wonder": "Great Wall", "side": "A", "stages": [2], "coins": 0, "cards": ["Quarry", "Stone Pit"]}}
    assert trade({**doc, "build": {"stage": 3}})["legal"] is True          # 3 stone of its own, stage 1 not built
    assert trade({**doc, "build": {"stage": 2}})["reason"] == "stage 2 is already built"
