"""Cities' team variant (engine/teams.py): partners sit side by side, so the seats pair up two by two
in table order, and a team scores its partners' totals added; teams level on points share the rank."""
import pytest

from companion.engine.teams import TeamScore, team_scores


def test_the_seats_pair_up_two_by_two_and_a_team_adds_its_partners_totals():
    assert team_scores([50, 41, 38, 60, 47, 47]) == [
        TeamScore((0, 1), 91, 3), TeamScore((2, 3), 98, 1), TeamScore((4, 5), 94, 2)]


def test_two_teams_on_the_same_score_share_the_rank():
    assert [t.rank for t in team_scores([40, 50, 45, 45, 30, 20])] == [1, 1, 3]


def test_an_odd_number_of_seats_cannot_be_split_into_teams():
    with pytest.raises(ValueError, match="pairs"):
        team_scores([40, 50, 45])
