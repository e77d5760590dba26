"""Agora's Senate (issue 32, begun): influence, control, points and political supremacy, each rule by name."""
import pytest

from companion.engine.duel.agora.senate import Senate, facts, recruit_cost, senate_actions
from companion.engine.errors import IllegalAction


def test_the_senate_has_six_chambers_and_twelve_cubes_a_player():
    senate = Senate.empty()
    assert len(senate.cubes) == 6 and senate.reserve(0) == 12 and senate.reserve(1) == 12


def test_a_chamber_is_controlled_by_the_player_with_more_cubes():
    senate = Senate.empty().place(0, 3).place(1, 3).place(0, 3)
    assert senate.controller(3) == 0
    assert Senate.empty().place(0, 2).place(1, 2).controller(2) is None
    assert Senate.empty().controller(1) is None


def test_each_chamber_controlled_is_worth_its_points():
    assert facts().points == (1, 2, 3, 3, 2, 1)
    senate = Senate.empty().place(0, 1).place(0, 3).place(1, 4).place(1, 6)
    assert senate.points(0) == 1 + 3 and senate.points(1) == 3 + 1


def test_controlling_all_six_chambers_is_political_supremacy():
    senate = Senate.empty()
    for chamber in range(1, 6):
        senate = senate.place(1, chamber)
    assert senate.supremacy() is None
    assert senate.place(1, 6).supremacy() == 1
    assert senate.place(1, 6).place(0, 6).place(0, 6).supremacy() is None


def test_a_politician_places_in_its_sections_chambers_only():
    assert facts().sections == {"left": (1, 2), "centre": (3, 4), "right": (5, 6)}
    assert Senate.empty().place(0, 4, "centre").in_chamber(4, 0) == 1
    with pytest.raises(IllegalAction, match="chambers 5, 6 only"):
        Senate.empty().place(0, 2, "right")


def test_a_cube_moves_to_a_neighbouring_chamber_only():
    senate = Senate.empty().place(0, 3)
    moved = senate.move(0, 3, 4)
    assert moved.in_chamber(3, 0) == 0 and moved.in_chamber(4, 0) == 1
    with pytest.raises(IllegalAction, match="neighbouring"):
        senate.move(0, 3, 5)
    with pytest.raises(IllegalAction, match="No cube"):
        senate.move(1, 3, 4)


def test_a_removed_cube_goes_back_to_its_owners_reserve():
    senate = Senate.empty().place(1, 2)
    assert senate.remove(1, 2).reserve(1) == 12
    with pytest.raises(IllegalAction):
        senate.remove(0, 2)


def test_no_cube_is_placed_from_an_empty_reserve():
    senate = Senate.empty()
    for _ in range(12):
        senate = senate.place(0, 1)
    with pytest.raises(IllegalAction, match="no influence cube left"):
        senate.place(0, 2)


def test_a_chamber_outside_the_senate_is_refused():
    with pytest.raises(IllegalAction, match="no chamber 7"):
        Senate.empty().place(0, 7)


@pytest.mark.parametrize("blue,actions", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (9, 3)])
def test_a_politician_takes_senate_actions_by_blue_cards(blue, actions):
    assert senate_actions(blue) == actions


def test_a_decree_counts_two_more_blue_cards_for_senate_actions():
    assert senate_actions(0, extra_blue=2) == 2 and senate_actions(2, extra_blue=2) == 3


@pytest.mark.parametrize("held,coins", [(0, 0), (1, 1), (4, 4)])
def test_a_senator_costs_a_coin_for_each_senator_already_recruited(held, coins):
    assert recruit_cost(held) == coins


def test_corruption_makes_every_senator_free():
    assert recruit_cost(5, free=True) == 0
