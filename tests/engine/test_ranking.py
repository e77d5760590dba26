"""End-of-game ranking rules of both games."""
from companion.engine.ranking import competition_ranks, standings


def test_highest_total_wins_7wonders():
    result = standings("coins", [{"civil": 10}, {"civil": 12}, {"civil": 3}], [0, 0, 0])
    assert [s.rank for s in result] == [2, 1, 3] and [s.total for s in result] == [10, 12, 3]


def test_tie_on_points_broken_by_coins_7wonders():
    result = standings("coins", [{"civil": 10}, {"civil": 10}], [4, 7])
    assert [s.rank for s in result] == [2, 1]


def test_tie_on_points_and_coins_is_shared_7wonders():
    result = standings("coins", [{"civil": 10}, {"civil": 10}, {"civil": 2}], [4, 4, 9])
    assert [s.rank for s in result] == [1, 1, 3]


def test_unknown_coins_do_not_break_ties():
    result = standings("coins", [{"civil": 10}, {"civil": 10}], [4, None])
    assert [s.rank for s in result] == [1, 1]


def test_coins_break_a_tie_when_known_for_the_tied_players_only():
    result = standings("coins", [{"civil": 10}, {"civil": 10}, {"civil": 2}], [3, 8, None])
    assert [s.rank for s in result] == [2, 1, 3]


def test_duel_civilian_tie_broken_by_blue_points():
    result = standings("civil", [{"civil": 5, "science": 10}, {"civil": 9, "science": 6}])
    assert [s.rank for s in result] == [2, 1]


def test_duel_tie_on_blue_too_is_shared():
    result = standings("civil", [{"civil": 5, "science": 10}, {"civil": 5, "science": 10}])
    assert [s.rank for s in result] == [1, 1]


def test_competition_ranking_skips_after_a_tie():
    assert competition_ranks([(3,), (5,), (5,), (1,)]) == [3, 1, 1, 4]
