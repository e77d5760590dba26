"""Science: squares of identical symbols plus 7 a set of three; wildcards chosen at the end."""
import pytest

from companion.engine.seven_wonders.science import best_science, science_points

from .tools import city


def test_seed_example_three_tablets_two_compasses_one_gear_score_21():
    # 9 + 4 + 1 for the identical symbols, 7 for the one set (seeds 003/004).
    assert science_points(3, 2, 1) == 21


def test_seed_example_one_more_gear_scores_31():
    assert science_points(3, 2, 2) == (9 + 4 + 4) + (7 + 7) == 31


@pytest.mark.parametrize("n, points", [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25), (6, 36)])
def test_identical_symbols_score_their_square(n, points):
    # The table of seed 001 (and seed 004: 5 and 6 reachable only with wildcards).
    assert science_points(n, 0, 0) == points


def test_sets_of_three_different_symbols_score_7_each_on_top():
    assert science_points(2, 2, 2) == 12 + 14


def test_a_wildcard_becomes_the_symbol_that_scores_most():
    s = best_science((2, 2, 1), 1)
    assert (s.points, s.counts, s.chosen) == (26, (2, 2, 2), (0, 0, 1))   # a set beats a third tablet
    s = best_science((4, 0, 0), 1)
    assert (s.points, s.counts) == (25, (5, 0, 0))                        # 25 beats 16 + 1


def test_two_wildcards_are_chosen_together():
    s = best_science((1, 1, 0), 2)
    assert s.points == max(science_points(1 + a, 1 + b, 2 - a - b) for a in range(3) for b in range(3 - a))
    assert (s.points, s.counts) == (13, (1, 1, 2))    # 1 + 1 + 4 + 7; a third tablet would make 10


def test_a_city_counts_symbols_on_green_cards_and_wildcards_on_the_scientists_guild_and_babylon():
    c = city("Babylon", "Apothecary", "Workshop", "Scriptorium", "Library", "Scientists Guild", stages=2)
    assert c.science == ((2, 1, 1), 2)
    b = city("Babylon", side="B", stages=3)
    assert b.science == ((0, 0, 0), 1)
