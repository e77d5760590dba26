"""The end of the game (seed 000, SFARSITUL JOCULUI SI VICTORIA; guild and token texts)."""
from companion.engine.duel.scoring import CATEGORIES, categories, result

from .duel_helpers import make_city


def score(own, other=None, conflict=0, player=0):
    return categories(own, other or make_city(coins=0), conflict, player)


def test_categories_are_exactly_the_score_pad_rows():
    assert CATEGORIES == ("civil", "science", "commercial", "guilds", "wonders", "progress", "treasury",
                          "military")


def test_blue_points_are_civil():
    assert score(make_city(["Baths", "Aqueduct"], coins=0))["civil"] == 3 + 5


def test_green_points_are_science():
    assert score(make_city(["Workshop", "Library", "Scriptorium"], coins=0))["science"] == 1 + 2 + 0


def test_yellow_points_are_commercial():
    assert score(make_city(["Arena", "Tavern"], coins=0))["commercial"] == 3


def test_wonder_points():
    assert score(make_city(wonders=["The Pyramids", "The Sphinx"], coins=0))["wonders"] == 9 + 6


def test_temple_of_artemis_gives_no_points():
    assert score(make_city(wonders=["The Temple of Artemis"], coins=0))["wonders"] == 0


def test_treasury_one_point_for_each_full_set_of_3_coins():
    assert [score(make_city(coins=c))["treasury"] for c in (0, 2, 3, 8, 9)] == [0, 0, 1, 2, 3]


def test_military_points_go_to_the_leading_side():
    assert score(make_city(coins=0), conflict=4, player=0)["military"] == 5
    assert score(make_city(coins=0), conflict=4, player=1)["military"] == 0
    assert score(make_city(coins=0), conflict=-7, player=1)["military"] == 10


def test_agriculture_and_philosophy_points():
    assert score(make_city(progress=["Agriculture", "Philosophy"], coins=0))["progress"] == 4 + 7


def test_mathematics_gives_3_points_per_token_itself_included():
    assert score(make_city(progress=["Mathematics", "Law", "Economy"], coins=0))["progress"] == 9
    assert score(make_city(progress=["Mathematics", "Agriculture"], coins=0))["progress"] == 6 + 4


def test_guild_points_count_the_city_with_most():
    own = make_city(["Magistrates Guild", "Baths"], coins=0)
    other = make_city(["Altar", "Theater", "Temple"], coins=0)
    assert score(own, other)["guilds"] == 3
    assert score(own, make_city(coins=0))["guilds"] == 1


def test_shipowners_guild_counts_brown_and_grey_in_one_city():
    # Brown in one city and grey in the other do not add up across cities.
    own = make_city(["Shipowners Guild", "Lumber Yard", "Quarry", "Clay Pool"], coins=0)
    other = make_city(["Glassworks", "Press", "Glass-blower", "Drying Room", "Stone Pit"], coins=0)
    assert score(own, other)["guilds"] == 5


def test_moneylenders_guild_counts_sets_of_3_coins_of_the_richest_city():
    own = make_city(["Moneylenders Guild"], coins=4)
    assert score(own, make_city(coins=17))["guilds"] == 5
    assert score(own, make_city(coins=1))["guilds"] == 1


def test_builders_guild_counts_2_per_wonder_of_the_city_with_most():
    own = make_city(["Builders Guild"], wonders=["The Sphinx"], coins=0)
    other = make_city(wonders=["The Pyramids", "Piraeus", "The Colossus"], coins=0)
    assert score(own, other)["guilds"] == 6


def test_scientists_tacticians_merchants_guilds():
    own = make_city(["Scientists Guild", "Tacticians Guild", "Merchants Guild", "Workshop", "Garrison",
                     "Tavern"], coins=0)
    other = make_city(["Apothecary", "Pharmacist", "Stable", "Palisade", "Guard Tower"], coins=0)
    assert score(own, other)["guilds"] == 2 + 3 + 1


def test_total_is_the_sum_of_categories():
    a = make_city(["Baths", "Workshop", "Arena", "Merchants Guild"], wonders=["The Pyramids"],
                  progress=["Philosophy"], coins=10)
    b = make_city(["Tavern"], coins=2)
    res = result((a, b), 2)
    assert res.totals[0] == 3 + 1 + 3 + 1 + 9 + 7 + 3 + 2
    assert res.totals == tuple(sum(s.values()) for s in res.scores)


def test_civilian_victory_goes_to_the_most_points():
    res = result((make_city(["Baths"], coins=0), make_city(["Aqueduct"], coins=0)), 0)
    assert res.victory == "civilian" and res.winners == (1,)


def test_civilian_tie_is_broken_by_civil_points():
    blue = make_city(["Baths"], coins=0)                    # 3 civil
    coins = make_city(coins=9)                              # 3 treasury
    res = result((blue, coins), 0)
    assert res.totals == (3, 3) and res.winners == (0,)


def test_civilian_tie_with_equal_civil_points_is_shared():
    res = result((make_city(["Baths"], coins=3), make_city(["Altar"], coins=5)), 0)
    assert res.totals == (4, 4) and res.winners == (0, 1)


def test_a_supremacy_names_its_winner_alone_whatever_the_points():
    rich = make_city(["Palace", "Town Hall"], wonders=["The Pyramids"], coins=0)
    res = result((rich, make_city(coins=0)), -9)
    assert res.victory == "military" and res.winners == (1,)
    science = make_city(["Pharmacist", "Apothecary", "Workshop", "Scriptorium", "Academy", "University"])
    res = result((rich, science), 0)
    assert res.victory == "scientific" and res.winners == (1,)
