"""Babel in `score` (1st edition): the Tower's points by tiles built, each Great Project's reward in
points by name, the data's counts, and bad input said with where it is.

The tower's 2, 5 and 10 points are printed in the rulebooks; the projects' examples are ours, counted by
hand from the effects in babel_1e.toml (one source: see its doubts).
"""
import pytest

from companion.catalog import Game, catalog
from companion.engine.contract import score
from companion.engine.errors import BadInput

NEIGHBOURS = [{"name": "Bruno", "wonder": "Giza", "cards": ["Workers Guild"]}, {"name": "Chloé", "wonder": "Rhodes"}]


def scored(expansions=("babel",), **city):
    ana = {"name": "Ana", "wonder": "Alexandria", "coins": 0, **city}
    return score({"game": "7wonders", "edition": 1, "expansions": list(expansions),
                  "players": [ana] + NEIGHBOURS})["players"][0]


def row(key, **city):
    return scored(**city)["scores"][key]


def refused(**city) -> BadInput:
    with pytest.raises(BadInput) as info:
        scored(**city)
    return info.value


def test_the_box_holds_24_tiles_and_15_projects_five_an_age():
    things = catalog().box_list(Game.SEVEN_WONDERS, 1, "babel")
    assert sum(1 for t in things if t.piece == "tower-tile") == 24
    projects = [t for t in things if t.piece == "great-project"]
    assert [sum(1 for p in projects if p.level == n) for n in (1, 2, 3)] == [5, 5, 5]


@pytest.mark.parametrize("tiles,points", [(0, 0), (1, 2), (2, 5), (3, 10)])
def test_the_tower_scores_2_5_or_10_for_1_2_or_3_tiles_built(tiles, points):
    assert row("tower", tower_tiles=tiles) == points


def test_more_tiles_than_a_player_drafts_are_refused():
    assert refused(tower_tiles=4).where == "players[0].tower_tiles"


def test_smelter_scores_a_point_a_wonder_stage_for_each_token():
    assert row("projects", projects=["Smelter"], stages=2) == 2
    assert row("projects", projects=["Smelter", "Smelter"], stages=2) == 4


def test_menagerie_scores_a_point_a_guild_in_the_city_and_beside_it():
    assert row("projects", projects=["Menagerie"], cards=["Scientists Guild"]) == 2    # hers and Bruno's


def test_archives_adds_three_a_science_set_chosen_with_the_wildcards():
    cards = ["Apothecary", "Workshop", "Scriptorium"]                     # a set: 3 + 7 science
    ana = scored(projects=["Archives"], cards=cards)
    assert (ana["scores"]["science"], ana["scores"]["projects"]) == (10, 3)


def test_archives_and_aristotle_each_score_their_set_bonus_in_their_own_row():
    cards = ["Apothecary", "Workshop", "Scriptorium"]
    ana = scored(expansions=("leaders", "babel"), projects=["Archives"], leaders=["Aristotle"], cards=cards)
    assert (ana["scores"]["leaders"], ana["scores"]["projects"]) == (3, 3)


@pytest.mark.parametrize("name", ["Rampart Road", "Grand Bazaar", "Obelisk", "Double Walls", "Cranes",
                                  "Giant Trebuchet", "Triumphal Arches"])
def test_a_project_whose_reward_is_no_points_adds_none(name):
    assert row("projects", projects=[name], stages=2) == 0


def test_an_unknown_project_is_refused_where():
    assert refused(projects=["Hanging Gardens"]).where == "players[0].projects[0]"


def test_babels_fields_need_the_box():
    assert refused(expansions=(), tower_tiles=1).where == "players[0].tower_tiles"


def test_a_whole_babel_city_counted_by_hand():
    # Alexandria A, 2 stages (3 + 0), 6 coins (2), Baths (3), two tiles built (5), Smelter twice (2 x 2)
    ana = scored(stages=2, coins=6, cards=["Baths"], tower_tiles=2, projects=["Smelter", "Smelter"])
    assert ana["scores"]["tower"] == 5 and ana["scores"]["projects"] == 4
    assert ana["total"] == 3 + 2 + 3 + 5 + 4
