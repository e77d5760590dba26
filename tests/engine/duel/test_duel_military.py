"""The Conflict pawn (seed 000, PUTEREA MILITARA; seed 002, EL EJÉRCITO)."""
from companion.engine.duel import military
from companion.engine.duel.actions import Build, BuildWonder
from companion.engine.duel.military import Loot, all_loot, push
from companion.engine.duel.rules import apply

from .duel_helpers import make_city, make_game


def test_one_space_a_shield_toward_the_opponents_capital():
    assert push(0, all_loot(), 0, 1).position == 1
    assert push(0, all_loot(), 1, 1).position == -1
    assert push(4, all_loot(), 1, 2).position == 2


def test_seed_example_archery_range_moves_the_pawn_two_spaces_into_a_new_zone_and_loots_2_coins():
    # Vlad (player 0) builds Archery Range (2 shields) with the pawn one space from the
    # centre: it enters the zone starting 3 spaces away, and Alex returns 2 coins.
    vlad = make_city(["Lumber Yard", "Quarry", "Press"])
    alex = make_city(coins=7)
    state = make_game(2, {18: "Archery Range"}, (vlad, alex), conflict=1)
    after = apply(state, Build(18))
    assert after.conflict == 3
    assert military.points(1, 0) == 2 and military.points(after.conflict, 0) == 5   # a new zone
    assert after.cities[1].coins == 5
    assert Loot(1, 3, 2) not in after.loot            # the token leaves the game


def test_loot_token_of_5_coins_guards_the_zone_six_spaces_out():
    moved = push(5, frozenset(all_loot()) - {Loot(1, 3, 2)}, 0, 1)
    assert moved.position == 6 and moved.looted == (Loot(1, 6, 5),)


def test_loot_is_taken_once():
    first = push(2, all_loot(), 0, 1)
    back = push(first.position, first.loot_left, 1, 2)
    again = push(back.position, back.loot_left, 0, 2)
    assert first.looted and not again.looted


def test_jumping_two_zones_takes_both_loot_tokens():
    moved = push(2, all_loot(), 0, 4)
    assert {t.coins for t in moved.looted} == {2, 5}


def test_loot_of_the_players_own_side_is_not_taken_by_pushing_forward():
    moved = push(-4, all_loot(), 0, 2)
    assert moved.looted == ()


def test_pushed_back_over_the_centre_the_other_side_is_looted():
    moved = push(1, all_loot(), 1, 4)
    assert moved.position == -3 and moved.looted == (Loot(0, 3, 2),)


def test_loot_never_takes_a_city_below_0_coins():
    state = make_game(2, {18: "Walls"}, (make_city(["Shelf Quarry"]), make_city(coins=1)), conflict=2)
    after = apply(state, Build(18))
    assert after.cities[1].coins == 0


def test_the_capital_is_military_supremacy():
    moved = push(8, all_loot(), 0, 3)
    assert moved.position == 9 and moved.supremacy
    state = make_game(3, {18: "Arsenal"}, (make_city(["Sawmill", "Brickyard", "Clay Pool"]), make_city()),
                      conflict=7)
    after = apply(state, Build(18))
    assert after.over and after.victory == "military" and after.winner == 0 and after.conflict == 9


def test_military_points_are_0_2_5_10_for_the_leader_only():
    assert [military.points(d, 0) for d in (0, 1, 2, 3, 5, 6, 8)] == [0, 2, 2, 5, 5, 10, 10]
    assert [military.points(-d, 1) for d in (1, 3, 6)] == [2, 5, 10]
    assert military.points(4, 1) == 0 and military.points(-4, 0) == 0


def test_strategy_adds_a_shield_to_red_cards():
    # Seed example: a 2-shield card moves the pawn 3 spaces with Strategy.
    city = make_city(["Shelf Quarry"], progress=["Strategy"])
    after = apply(make_game(2, {18: "Walls"}, (city, make_city())), Build(18))
    assert after.conflict == 3


def test_strategy_does_not_add_a_shield_to_wonders():
    # Seed example: The Colossus moves the pawn 2 spaces.
    city = make_city(["Brickyard", "Clay Pool", "Glassworks"], left=["The Colossus"], progress=["Strategy"])
    after = apply(make_game(2, {18: "Sawmill"}, (city, make_city())), BuildWonder(18, "the-colossus"))
    assert after.conflict == 2


def test_red_cards_built_before_strategy_are_not_counted_again():
    city = make_city(["Guard Tower"], progress=["Strategy"])
    state = make_game(1, {19: "Theater"}, (city, make_city()))
    assert apply(state, Build(19)).conflict == 0
