"""Armada and Edifice in `score` (contract section "expansions"): each scoring rule by name, the
whole-game examples counted by hand, and bad input of every shape said with where it is.

No rulebook we could read prints a worked example for an island or an edifice: the examples are ours,
counted by hand from the effects in card_db (armada_<n>e.toml, edifice_<n>e.toml).
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.catalog.plays import play
from companion.engine.contract import score
from companion.engine.errors import BadInput

NEIGHBOURS = [{"name": "Bruno", "wonder": "Giza"}, {"name": "Chloé", "wonder": "Rhodes"}]


def scored(edition=2, expansions=("armada",), **city):
    ana = {"name": "Ana", "wonder": "Alexandria", "coins": 0, **city}
    doc = {"game": "7wonders", "edition": edition, "expansions": list(expansions), "players": [ana] + NEIGHBOURS}
    return score(doc)["players"][0]


def row(key, **city):
    return scored(**city)["scores"][key]


def refused(**city) -> BadInput:
    with pytest.raises(BadInput) as info:
        scored(**city)
    return info.value


# -- Armada: the naval conflict tokens --------------------------------------------------------------

def test_the_naval_row_adds_the_naval_victory_and_defeat_tokens():
    assert row("naval", edition=1, naval=[7, 5, 3, 1, -1, -2, -3]) == 10
    assert row("naval", edition=1) == 0


def test_a_naval_token_the_first_edition_box_does_not_hold_is_refused_saying_its_values():
    error = refused(edition=1, naval=[3, 2])
    assert error.where == "players[0].naval[1]"
    assert "-3, -2, -1, 1, 3, 5 or 7" in error.message and "2" in error.message


def test_a_second_edition_naval_token_is_any_points_but_0_as_its_values_are_not_in_the_data():
    assert row("naval", naval=[3, -1]) == 2
    assert refused(naval=[0]).where == "players[0].naval[0]"
    assert refused(naval="3").where == "players[0].naval"


# -- Armada: the islands ----------------------------------------------------------------------------

@pytest.mark.parametrize("island,points", [
    ("Inhabited Island", 3), ("Oasis of Statues", 5), ("Pirate Oasis", 3), ("Royal Archipelago", 7)])
def test_an_island_of_points_scores_them_in_the_islands_row(island, points):
    assert row("islands", islands=[island]) == points


@pytest.mark.parametrize("island", ["Bronze Island", "Whistling Island", "Overgrown Island", "Foggy Island",
                                    "Stormy Oasis", "Forgotten Oasis", "Torrential Archipelago"])
def test_an_island_that_gives_no_points_scores_none(island):
    assert row("islands", islands=[island]) == 0


def test_sheltered_archipelago_scores_two_for_each_island_held_itself_included():
    assert row("islands", islands=["Sheltered Archipelago"]) == 2
    assert row("islands", islands=["Sheltered Archipelago", "Bronze Island", "Iron Oasis"]) == 6


def test_lush_archipelago_scores_two_for_each_level_of_the_yellow_fleet():
    assert row("islands", islands=["Lush Archipelago"], yellow_fleet=4) == 8
    assert row("islands", islands=["Lush Archipelago"]) == 0


def test_rainbow_archipelago_scores_one_a_card_of_the_colour_held_most():
    cards = ["Baths", "Altar", "Theater", "Lumber Yard"]              # three blue, one brown
    assert row("islands", islands=["Rainbow Archipelago"], cards=cards) == 3


def test_golden_archipelago_is_a_science_symbol_of_the_holders_choice():
    plain = scored(cards=["Apothecary", "Workshop"])["scores"]["science"]              # compass, gear: 2
    assert plain == 2
    assert row("science", cards=["Apothecary", "Workshop"], islands=["Golden Archipelago"]) == 10   # a set: 3 + 7


def test_emerald_archipelago_adds_one_of_the_science_symbol_held_most():
    cards = ["Apothecary", "Dispensary", "Workshop"]                 # compass 2, gear 1: 4 + 1 = 5
    assert row("science", cards=cards) == 5
    assert row("science", cards=cards, islands=["Emerald Archipelago"]) == 10       # compass 3: 9 + 1


def test_the_shipyard_row_is_the_blue_fleets_points_read_off_the_board():
    assert row("shipyard", shipyard=9) == 9
    assert refused(shipyard=-1).where == "players[0].shipyard"


def test_an_island_is_found_by_any_case_and_a_wrong_or_twice_named_one_is_refused_where():
    assert row("islands", islands=["royal archipelago"]) == 7
    assert refused(islands=["Atlantis"]).where == "players[0].islands[0]"
    error = refused(islands=["Royal Archipelago", "royal archipelago"])
    assert error.where == "players[0].islands[1]" and "players[0].islands[0]" in error.message


def test_the_first_editions_islands_are_not_in_the_data_so_a_city_naming_one_is_told_to_type_the_row():
    error = refused(edition=1, islands=["Royal Archipelago"])
    assert error.where == "players[0].islands[0]" and "type the islands row" in error.message


def test_the_first_editions_islands_row_is_typed_on_a_sheet_the_seconds_is_counted():
    from companion.engine.sheet_tally import typed_rows
    assert "islands" in typed_rows(play("7wonders+armada"))
    assert "islands" not in typed_rows(play("7wonders-2e+armada"))


def test_a_yellow_fleet_above_its_six_spaces_is_refused():
    assert refused(yellow_fleet=7).where == "players[0].yellow_fleet"


def test_armadas_fields_need_the_box():
    error = refused(expansions=(), naval=[3])
    assert error.where == "players[0].naval" and "armada" in error.message


def test_a_whole_armada_city_counted_by_hand():
    # 2nd edition, Alexandria day with 1 stage (3 points), 7 coins (2), Baths (3 civil), Apothecary (compass)
    # and Workshop (gear); naval 5 + 3 - 1 = 7; islands Royal 7 + Sheltered 2 x 3 + Golden (a tablet: a
    # set, 3 + 7 = 10 science) = 13; shipyard 6. Total 3 + 2 + 3 + 10 + 7 + 13 + 6 = 44.
    ana = scored(stages=1, coins=7, cards=["Baths", "Apothecary", "Workshop"], naval=[5, 3, -1],
                 islands=["Royal Archipelago", "Sheltered Archipelago", "Golden Archipelago"], shipyard=6)
    assert ana["scores"] == {"military": 0, "treasury": 2, "wonder": 3, "civil": 3, "commercial": 0, "guilds": 0,
                             "science": 10, "naval": 7, "islands": 13, "shipyard": 6}
    assert ana["total"] == 44


# -- Edifice ----------------------------------------------------------------------------------------

def edifice(**city):
    return row("edifice", expansions=("edifice",), **city)


def test_belvedere_scores_one_a_wonder_stage_built():
    assert edifice(edifices=["Belvedere"], stages=2) == 2


def test_amphitheater_scores_one_a_blue_card():
    assert edifice(edifices=["Amphitheater"], cards=["Baths", "Altar"]) == 2


def test_artisan_district_scores_three_for_each_pair_of_a_brown_and_a_grey_card():
    assert edifice(edifices=["Artisan District"], cards=["Lumber Yard", "Stone Pit", "Loom"]) == 3


def test_archives_scores_one_for_each_colour_of_card_held():
    assert edifice(edifices=["Archives"], cards=["Lumber Yard", "Loom", "Baths", "Tavern", "Stockade"]) == 5


@pytest.mark.parametrize("name", ["Money Changer", "Auction House", "Gold Reserves", "Curtain Wall", "Outpost",
                                  "River Port", "Factory", "Staging Camp", "Concentric Castle", "Military School",
                                  "Agora"])
def test_an_edifice_whose_reward_is_no_points_adds_none_to_the_row(name):
    assert edifice(edifices=[name], stages=2, cards=["Baths"]) == 0


def test_edifice_debt_tokens_are_taken_off_the_edifice_row():
    assert edifice(edifices=["Belvedere"], stages=3, edifice_debt=5) == -2
    assert refused(expansions=("edifice",), edifice_debt=-2).where == "players[0].edifice_debt"


def test_an_unknown_edifice_is_refused_where():
    assert refused(expansions=("edifice",), edifices=["Colosseum"]).where == "players[0].edifices[0]"


def test_edifice_plays_with_either_edition():
    assert row("edifice", edition=1, expansions=("edifice",), edifices=["Belvedere"], stages=1) == 1


def test_a_whole_edifice_city_counted_by_hand():
    # 2nd edition, Alexandria with 2 stages, Baths and Altar (two blue cards), victory tokens 1 and 3:
    # Belvedere 2 (a point a stage) + Amphitheater 2 (a point a blue card) - a debt token of 3 = 1.
    ana = scored(expansions=("edifice",), stages=2, cards=["Baths", "Altar"], military=[1, 3],
                 edifices=["Belvedere", "Amphitheater"], edifice_debt=3)
    assert ana["scores"]["edifice"] == 1 and ana["scores"]["military"] == 4
    assert ana["total"] == sum(ana["scores"].values())


# -- any shape ---------------------------------------------------------------------------------------

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.floats(allow_nan=True),
                    st.text(max_size=6))
NAMES = st.sampled_from(["Royal Archipelago", "Belvedere", "Atlantis", "", "Lush Archipelago"])


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(edition=st.sampled_from([1, 2]), boxes=st.lists(st.sampled_from(["armada", "edifice", "leaders"]),
                                                        unique=True, max_size=3),
       fields=st.dictionaries(st.sampled_from(["naval", "islands", "yellow_fleet", "shipyard", "edifices",
                                               "edifice_debt"]),
                              st.one_of(SCALARS, st.lists(st.one_of(SCALARS, NAMES), max_size=3)), max_size=4))
def test_any_armada_or_edifice_field_answers_or_says_what_and_where(edition, boxes, fields):
    try:
        answer = scored(edition=edition, expansions=tuple(boxes), **fields)
    except BadInput as error:
        assert error.message and error.where.startswith(("players[0]", "expansions"))
        return
    assert answer["total"] == sum(answer["scores"].values())


# -- Armada (1st edition): each guild scores at most 10 points ---------------------------------------

BROWN_LEFT = ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Tree Farm", "Excavation", "Clay Pit"]
BROWN_RIGHT = ["Timber Yard", "Forest Cave", "Mine", "Sawmill", "Quarry", "Brickyard"]


def guilds_row(expansions, edition=1, cards=("Workers Guild",), red=((), ())):
    ana = {"name": "Ana", "wonder": "Alexandria", "coins": 0, "cards": list(cards)}
    bruno = {"name": "Bruno", "wonder": "Giza", "cards": BROWN_LEFT + list(red[0])}
    chloe = {"name": "Chloé", "wonder": "Rhodes", "cards": BROWN_RIGHT + list(red[1])}
    doc = {"game": "7wonders", "edition": edition, "expansions": list(expansions), "players": [ana, bruno, chloe]}
    return score(doc)["players"][0]["scores"]["guilds"]


def test_armada_caps_the_workers_guild_at_10_points_in_the_first_edition():
    # Workers Guild: a point a brown card of the neighbours: 7 + 6 = 13, kept at 10 with Armada
    # (ruling armada-guilds-capped-at-10); the same city without Armada scores all 13
    assert guilds_row([]) == 13
    assert guilds_row(["armada"]) == 10


def test_the_armada_cap_is_each_guilds_not_the_rows():
    # Workers Guild 13 -> 10; Spies Guild a point a neighbours' red card: Stockade, Barracks, Guard Tower 3;
    # the row is 10 + 3 = 13 (a cap on the row would make it 10), 16 without Armada
    red = (["Stockade"], ["Barracks", "Guard Tower"])
    assert guilds_row(["armada"], cards=("Workers Guild", "Spies Guild"), red=red) == 13
    assert guilds_row([], cards=("Workers Guild", "Spies Guild"), red=red) == 16


def test_no_guild_cap_is_applied_to_the_second_editions_armada_no_source_saying_it():
    assert guilds_row(["armada"], edition=2) == guilds_row([], edition=2) == 13
