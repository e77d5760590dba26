"""The Leaders box's 4 guilds and Rome (1st edition; Roma, 2nd), and the Wonder Pack's Manneken Pis,
scored from a city by name (issue 31), each example counted by hand from card_db:

- Architects Guild: 3 points a purple card of the two neighbours; Diplomats Guild: a point a leader they
  recruited; Gamers Guild: a point for each 3 coins of the city's own, besides the treasury row's;
  Courtesans Guild: the neighbours' leader whose copy scores most, as if recruited, in the guilds row.
- Rome: no starting resource; side A 4 and 6 points; side B 3 and 3 (its coins and leaders not points).
- Manneken Pis: no resource and 4 coins more at the start; side A copies the left neighbour's first
  stage, the right one's second, either one's third (the best); a copied stage the neighbour has not
  built leaves the wonder row typed; side B's one stage 7 points.
"""
from __future__ import annotations

import random

import pytest

from companion.engine.contract import score
from companion.engine.errors import BadInput
from companion.engine.seven_wonders.setup import START_COINS, new_game, random_decks


def table(me: dict, left: dict, right: dict, boxes: list[str], edition: int = 1) -> list[dict]:
    """Three players: players[i + 1] sits on the left of players[i], so Left is Me's left neighbour."""
    doc = {"game": "7wonders", "edition": edition, "expansions": boxes,
           "players": [{"name": "Me", **me}, {"name": "Left", **left}, {"name": "Right", **right}]}
    return score(doc)["players"]


def me(city: dict, boxes: list[str], left=None, right=None, edition: int = 1) -> dict:
    return table(city, left or {"wonder": "Giza"}, right or {"wonder": "Rhodes"}, boxes, edition)[0]


# -- the guilds -----------------------------------------------------------------------------------

def test_architects_guild_3_points_a_neighbours_purple_card_not_its_own():
    # Left: Workers and Craftsmens Guilds, Right: Traders Guild: 3 guilds x 3 = 9; its own two do not count
    city = me({"wonder": "Babylon", "cards": ["Architects Guild", "Spies Guild"]}, ["leaders"],
              left={"wonder": "Giza", "cards": ["Workers Guild", "Craftsmens Guild"]},
              right={"wonder": "Rhodes", "cards": ["Traders Guild"]})
    assert city["scores"]["guilds"] == 9          # Spies Guild: no red card around, 0


def test_diplomats_guild_a_point_a_leader_the_neighbours_recruited():
    city = me({"wonder": "Babylon", "cards": ["Diplomats Guild"], "leaders": ["Caesar"]}, ["leaders"],
              left={"wonder": "Giza", "leaders": ["Midas", "Amytis"]},
              right={"wonder": "Rhodes", "leaders": ["Plato"]})
    assert city["scores"]["guilds"] == 3          # 2 + 1; its own Caesar not counted


def test_gamers_guild_a_point_for_each_3_coins_of_its_own_besides_the_treasury():
    city = me({"wonder": "Babylon", "cards": ["Gamers Guild"], "coins": 14}, ["leaders"],
              left={"wonder": "Giza", "coins": 30}, right={"wonder": "Rhodes", "coins": 30})
    assert city["scores"]["treasury"] == 4 and city["scores"]["guilds"] == 4   # 14 // 3, twice


def test_courtesans_guild_copies_the_neighbours_leader_that_scores_most_in_the_guilds_row():
    """Left: Amytis (2 a stage of the city: Me has 3 stages, 6) and Midas (a point each 3 coins: 7 // 3,
    2); Right: Euclid (a compass: Me's tablet and gear make a set, 1 + 1 + 1 + 7 = 10 science, 8 more).
    Euclid's 8 science points win: the guilds row gets nothing, science 10."""
    city = me({"wonder": "Giza", "side": "A", "stages": 3, "coins": 7, "cards": ["Courtesans Guild", "Scriptorium",
                                                                              "Workshop"]},
              ["leaders"], left={"wonder": "Babylon", "leaders": ["Amytis", "Midas"]},
              right={"wonder": "Rhodes", "leaders": ["Euclid"]})
    assert city["copied_leader"] == "Euclid"
    assert city["scores"]["science"] == 10 and city["scores"]["guilds"] == 0 and city["scores"]["leaders"] == 0


def test_courtesans_guild_copied_points_go_to_the_guilds_row_not_the_leaders_row():
    # Amytis copied: 2 points a stage, 3 stages: 6 in guilds; Me's own Midas (9 coins: 3) stays in leaders
    city = me({"wonder": "Giza", "side": "A", "stages": 3, "coins": 9, "cards": ["Courtesans Guild"],
               "leaders": ["Midas"]},
              ["leaders"], left={"wonder": "Babylon", "leaders": ["Amytis"]}, right={"wonder": "Rhodes"})
    assert city["copied_leader"] == "Amytis"
    assert city["scores"]["guilds"] == 6 and city["scores"]["leaders"] == 3


def test_courtesans_guild_with_no_leader_around_copies_nothing():
    city = me({"wonder": "Babylon", "cards": ["Courtesans Guild"]}, ["leaders"])
    assert city["scores"]["guilds"] == 0 and "copied_leader" not in city


def test_the_leaders_guilds_need_the_leaders_box():
    with pytest.raises(BadInput) as info:
        me({"wonder": "Babylon", "cards": ["Diplomats Guild"]}, [])
    assert info.value.where == "players[0].cards[0]"


# -- Rome -----------------------------------------------------------------------------------------

def test_rome_a_scores_4_and_6_and_produces_nothing():
    city = me({"wonder": "Rome", "side": "A", "stages": 2}, ["leaders"])
    assert city["scores"]["wonder"] == 10


def test_rome_b_scores_3_a_leader_stage_its_first_stage_coins_not_points():
    assert me({"wonder": "Rome", "side": "B", "stages": 1}, ["leaders"])["scores"]["wonder"] == 0
    assert me({"wonder": "Rome", "side": "B", "stages": 3}, ["leaders"])["scores"]["wonder"] == 6


def test_roma_2nd_edition_day_and_night():
    assert me({"wonder": "Roma", "side": "day", "stages": 2}, ["leaders"], edition=2)["scores"]["wonder"] == 10
    assert me({"wonder": "Roma", "side": "night", "stages": 3}, ["leaders"], edition=2)["scores"]["wonder"] == 6


def test_rome_needs_the_leaders_box():
    with pytest.raises(BadInput) as info:
        me({"wonder": "Rome", "side": "A"}, ["cities"])
    assert 'comes with the expansion "leaders"' in info.value.message


def test_rome_buys_every_resource_of_a_stage_it_has_none_of_its_own():
    from companion.engine.contract import trade
    answer = trade({"game": "7wonders", "edition": 1, "expansions": ["leaders"],
                    "player": {"wonder": "Rome", "side": "A", "coins": 9},
                    "left": {"wonder": "Giza", "cards": ["Clay Pool"]},        # Giza makes stone, a clay card
                    "right": {"wonder": "Rhodes", "cards": ["Lumber Yard"]},   # Rhodes makes ore, a wood card
                    "build": {"stage": 1}})
    # clay, wood and ore, each bought for 2: 6 coins, Rome producing nothing itself
    assert answer["legal"] and answer["cost"]["total"] == 6


# -- Manneken Pis ---------------------------------------------------------------------------------

def test_manneken_pis_a_copies_the_left_first_the_right_second_and_the_best_third():
    """Left Giza A (3, 5, 7 built), Right Rhodes A (3, 2 shields, 7 built): stage 1 copies Giza's 3,
    stage 2 Rhodes' shields (no points), stage 3 either's 7: 10."""
    city = me({"wonder": "Manneken Pis", "side": "A", "stages": 3}, ["wonder-pack"],
              left={"wonder": "Giza", "side": "A", "stages": 3}, right={"wonder": "Rhodes", "side": "A", "stages": 3})
    assert city["scores"]["wonder"] == 10 and "typed" not in city


def test_manneken_pis_a_copies_a_science_wildcard_into_the_science_row():
    """Left Giza A (stage 1 built: 3), Right Babylon A (stage 2 built: a wildcard). Me's compass and gear
    with the copied wildcard as a tablet: 1 + 1 + 1 + 7 = 10 science; the wonder row 3."""
    city = me({"wonder": "Manneken Pis", "side": "A", "stages": 2, "cards": ["Apothecary", "Workshop"]},
              ["wonder-pack"], left={"wonder": "Giza", "side": "A", "stages": 1},
              right={"wonder": "Babylon", "side": "A", "stages": 2})
    assert city["scores"]["wonder"] == 3 and city["scores"]["science"] == 10


def test_manneken_pis_third_stage_copies_the_neighbour_whose_stage_scores_most():
    """Left Giza B (3, 5, 5 built), Right Babylon B (3, seventh card, wildcard built). Stage 1: Giza's 3;
    stage 2: Babylon B's seventh card (no points); stage 3: Giza's 5 points or Babylon's wildcard, which
    turns Me's compass and gear into a set (2 science -> 10, 8 more): the wildcard."""
    city = me({"wonder": "Manneken Pis", "side": "A", "stages": 3, "cards": ["Apothecary", "Workshop"]},
              ["wonder-pack"], left={"wonder": "Giza", "side": "B", "stages": 3},
              right={"wonder": "Babylon", "side": "B", "stages": 3})
    assert city["scores"]["wonder"] == 3 and city["scores"]["science"] == 10
    # without the green cards the wildcard is worth 1: Giza's 5 points are taken
    city = me({"wonder": "Manneken Pis", "side": "A", "stages": 3}, ["wonder-pack"],
              left={"wonder": "Giza", "side": "B", "stages": 3}, right={"wonder": "Babylon", "side": "B", "stages": 3})
    assert city["scores"]["wonder"] == 3 + 5 and city["scores"]["science"] == 0


def test_manneken_pis_copying_a_two_stage_boards_third_stage_copies_nothing():
    # Right Rhodes B has two stages: stage 3 may still copy Left Giza A's third (7)
    city = me({"wonder": "Manneken Pis", "side": "A", "stages": 3}, ["wonder-pack"],
              left={"wonder": "Giza", "side": "A", "stages": 3}, right={"wonder": "Rhodes", "side": "B", "stages": 2})
    assert city["scores"]["wonder"] == 3 + 4 + 7 and "typed" not in city


def test_manneken_pis_a_copying_a_stage_its_neighbour_has_not_built_leaves_the_row_typed():
    city = me({"wonder": "Manneken Pis", "side": "A", "stages": 1}, ["wonder-pack"],
              left={"wonder": "Giza", "side": "A", "stages": 0})
    assert city["typed"] == ["wonder"]


def test_manneken_pis_b_one_stage_of_every_resource_7_points():
    city = me({"wonder": "Manneken Pis", "side": "B", "stages": 1}, ["wonder-pack"])
    assert city["scores"]["wonder"] == 7 and city["scores"]["military"] == 0


def test_manneken_pis_starts_with_4_coins_more_and_no_resource():
    state = new_game(1, [("manneken-pis", "A"), ("gizah", "A"), ("rhodes", "A")],
                     random_decks(1, 3, random.Random(1)))
    assert state.cities[0].coins == START_COINS + 4 and state.cities[1].coins == START_COINS
    assert sum(state.cities[0].production.fixed) == 0
