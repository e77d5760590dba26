"""Leaders and Cities in `score` (contract section "expansions"): each leader's scoring effect by name,
the science a leader adds, debt, and bad input of every shape said with where it is.

The worked examples are ours, counted by hand: the rulebooks we could read print none for a leader.
"""
import pytest

from companion.engine.contract import score
from companion.engine.errors import BadInput

NEIGHBOURS = [{"name": "Bruno", "wonder": "Giza"}, {"name": "Chloé", "wonder": "Rhodes"}]


def scored(leaders=(), cards=(), edition=1, expansions=("leaders",), **city):
    ana = {"name": "Ana", "wonder": "Alexandria", "cards": list(cards), "coins": 0, **city}
    if leaders:
        ana["leaders"] = list(leaders)
    doc = {"game": "7wonders", "edition": edition, "expansions": list(expansions),
           "players": [ana] + NEIGHBOURS}
    return score(doc)["players"][0]


def leaders_row(*leaders, cards=(), **city):
    return scored(leaders, cards, **city)["scores"]["leaders"]


@pytest.mark.parametrize("leader,points", [("Sappho", 2), ("Zenobia", 3), ("Nefertiti", 4), ("Cleopatra", 5)])
def test_sappho_zenobia_nefertiti_cleopatra_score_their_own_points(leader, points):
    assert leaders_row(leader) == points


def test_amytis_scores_two_a_wonder_stage_built():
    assert leaders_row("Amytis", stages=2) == 4 and leaders_row("Amytis") == 0


def test_midas_scores_one_for_every_three_coins():
    assert leaders_row("Midas", coins=14) == 4          # as the treasury: 14 coins, four sets of three


def test_alexander_scores_one_a_victory_token_whatever_its_value():
    assert leaders_row("Alexander", military=[1, 3, 5, -1]) == 3


@pytest.mark.parametrize("leader,cards,points", [
    ("Phidias", ["Lumber Yard", "Stone Pit"], 2),                 # 1 a brown card
    ("Praxiteles", ["Loom", "Press"], 4),                         # 2 a grey card
    ("Nebuchadnezzar", ["Altar", "Baths"], 2),                    # 1 a blue card
    ("Varro", ["Tavern", "Marketplace"], 2),                      # 1 a yellow card
    ("Pericles", ["Stockade", "Barracks"], 4),                    # 2 a red card
    ("Hypatia", ["Apothecary", "Workshop"], 2),                   # 1 a green card
    ("Hiram", ["Workers Guild", "Scientists Guild"], 4),          # 2 a guild
])
def test_a_leader_scores_for_each_card_of_its_colour_in_its_own_city(leader, cards, points):
    assert leaders_row(leader, cards=cards) == points
    assert leaders_row(leader) == 0


def test_a_leader_counts_only_its_own_citys_cards():
    doc = {"game": "7wonders", "expansions": ["leaders"],
           "players": [{"name": "Ana", "wonder": "Alexandria", "leaders": ["Phidias"]},
                       {"name": "Bruno", "wonder": "Giza", "cards": ["Lumber Yard"]}, NEIGHBOURS[1]]}
    assert score(doc)["players"][0]["scores"]["leaders"] == 0


def test_justinian_scores_three_a_set_of_a_blue_a_red_and_a_green_card():
    assert leaders_row("Justinian", cards=["Altar", "Baths", "Stockade", "Apothecary"]) == 3
    assert leaders_row("Justinian", cards=["Altar", "Stockade", "Barracks", "Apothecary", "Workshop", "Baths"]) == 6
    assert leaders_row("Justinian", cards=["Altar", "Stockade"]) == 0


SEVEN_COLOURS = ["Lumber Yard", "Loom", "Altar", "Tavern", "Stockade", "Apothecary", "Workers Guild"]


def test_plato_scores_seven_a_set_of_the_seven_colours():
    assert leaders_row("Plato", cards=SEVEN_COLOURS) == 7
    assert leaders_row("Plato", cards=SEVEN_COLOURS[:-1]) == 0       # no guild: no set


def test_aristotle_scores_three_more_for_each_science_set_in_the_leaders_row():
    three = ["Apothecary", "Workshop", "Scriptorium"]
    ana = scored(["Aristotle"], three)
    assert ana["scores"]["science"] == 10 and ana["scores"]["leaders"] == 3


def test_aristotle_can_change_what_a_wildcard_becomes():
    # four compasses, a gear and the Scientists Guild: a fifth compass scores 26, a tablet 25 + 7... = 25,
    # but a tablet makes a set, worth 3 more with Aristotle: 28 against 26.
    cards = ["Apothecary", "Dispensary", "Lodge", "Academy", "Workshop", "Scientists Guild"]
    alone = scored([], cards)
    assert alone["scores"]["science"] == 26 and alone["science"]["chosen"] == {"compass": 1}
    with_him = scored(["Aristotle"], cards)
    assert with_him["scores"]["science"] == 25 and with_him["scores"]["leaders"] == 3
    assert with_him["science"]["chosen"] == {"tablet": 1}


@pytest.mark.parametrize("leader,symbol", [("Euclid", "compass"), ("Ptolemy", "tablet"), ("Pythagoras", "gear")])
def test_euclid_ptolemy_pythagoras_add_their_symbol_to_the_science_row(leader, symbol):
    ana = scored([leader], ["Apothecary", "Workshop", "Scriptorium"])
    assert ana["science"][symbol] == 2
    assert ana["scores"]["science"] == 4 + 1 + 1 + 7 and ana["scores"]["leaders"] == 0


@pytest.mark.parametrize("leader", ["Maecenas", "Ramses", "Bilkis", "Tomyris", "Hannibal", "Caesar", "Nero",
                                    "Xenophon", "Vitruvius", "Solomon", "Croesus", "Archimedes", "Leonidas",
                                    "Hammurabi", "Imhotep", "Hatshepsut"])
def test_leaders_whose_power_acts_during_the_game_score_nothing_at_the_end(leader):
    # their coins, shields, discounts and free builds are already in the city told
    assert leaders_row(leader, cards=SEVEN_COLOURS, stages=2, coins=9) == 0


def test_several_leaders_add_up():
    assert leaders_row("Cleopatra", "Amytis", "Phidias", cards=["Lumber Yard"], stages=1) == 5 + 2 + 1


def test_the_leaders_row_is_in_the_total_and_the_base_rows_keep_their_keys():
    ana = scored(["Cleopatra"], ["Altar"])
    assert list(ana["scores"]) == ["military", "treasury", "wonder", "civil", "commercial", "guilds", "science",
                                   "leaders"]
    assert ana["total"] == 2 + 5


def test_without_expansions_the_answer_is_the_base_games():
    doc = {"game": "7wonders", "players": [{"name": "Ana", "wonder": "Alexandria", "cards": ["Altar"]}] + NEIGHBOURS}
    assert "leaders" not in score(doc)["players"][0]["scores"]


def test_cities_debt_is_taken_off_in_its_own_row():
    ana = scored(cards=["Altar"], expansions=("cities",), debt=6)
    assert ana["scores"]["debt"] == -6 and ana["scores"]["cities"] == 0 and ana["total"] == 2 - 6


def test_leaders_and_cities_together_in_the_second_edition():
    doc = {"game": "7wonders", "edition": 2, "expansions": ["cities", "leaders"],
           "players": [{"name": "Ana", "wonder": "Alexandria", "debt": 2}] + NEIGHBOURS}
    ana = score(doc)["players"][0]
    assert ana["scores"]["debt"] == -2 and ana["scores"]["leaders"] == 0


def test_cities_allows_eight_players():
    boards = ["Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus", "Olympia", "Rhodes"]
    players = [{"name": f"P{i}", "wonder": w} for i, w in enumerate(boards)]
    players.append({"name": "P7", "wonder": "Alexandria", "side": "B"})
    with pytest.raises(BadInput) as info:   # eight seats, but Cities' own boards are not in the data yet
        score({"game": "7wonders", "expansions": ["cities"], "players": players})
    assert info.value.where == "players[7].wonder"
    with pytest.raises(BadInput) as info:
        score({"game": "7wonders", "players": players})
    assert info.value.where == "players" and "3 to 7 players" in info.value.message


@pytest.mark.parametrize("doc_change,where,says", [
    ({"expansions": ["babel"], "edition": 2}, "expansions[0]", 'the expansion "babel" is not a box of this game'),
    ({"expansions": ["leaders", "leaders"]}, "expansions[1]", 'the expansion "leaders" is named twice'),
    ({"expansions": ["lieders"]}, "expansions[0]", 'unknown expansion "lieders"'),
    ({"expansions": "leaders"}, "expansions", "expansions must be a list of box names"),
    # the Wonder Pack's boards are scored now (issue 31); it has no 2nd-edition box
    ({"expansions": ["wonder-pack"], "edition": 2}, "expansions[0]",
     'the expansion "wonder-pack" is not a box of this game'),
])
def test_bad_expansions_are_refused_saying_where(doc_change, where, says):
    doc = {"game": "7wonders", "players": [{"name": "Ana", "wonder": "Alexandria"}] + NEIGHBOURS, **doc_change}
    with pytest.raises(BadInput) as info:
        score(doc)
    assert info.value.where == where and info.value.message.startswith(says)


@pytest.mark.parametrize("city,expansions,where,says", [
    ({"leaders": ["Cleopatra"]}, [], "players[0].leaders", 'leaders needs the expansion "leaders"'),
    ({"debt": 3}, ["leaders"], "players[0].debt", 'debt needs the expansion "cities"'),
    ({"leaders": "Cleopatra"}, ["leaders"], "players[0].leaders", "leaders must be a list of leaders"),
    ({"leaders": ["Cleopatro"]}, ["leaders"], "players[0].leaders[0]", 'unknown leader "Cleopatro"'),
    ({"leaders": [5]}, ["leaders"], "players[0].leaders[0]", "a leader is named by a string"),
    ({"leaders": ["Cleopatra", "cleopatra"]}, ["leaders"], "players[0].leaders[1]",
     "a city cannot recruit Cleopatra twice (also at players[0].leaders[0])"),
    ({"leaders": ["Altar"]}, ["leaders"], "players[0].leaders[0]", 'unknown leader "Altar"'),
    ({"cards": ["Cleopatra"]}, [], "players[0].cards[0]", 'unknown card "Cleopatra"'),
    ({"debt": -1}, ["cities"], "players[0].debt", "debt must be a whole number of at least 0"),
    ({"debt": True}, ["cities"], "players[0].debt", "debt must be a whole number of at least 0"),
])
def test_bad_box_fields_are_refused_saying_where(city, expansions, where, says):
    doc = {"game": "7wonders", "expansions": expansions,
           "players": [{"name": "Ana", "wonder": "Alexandria", **city}] + NEIGHBOURS}
    with pytest.raises(BadInput) as info:
        score(doc)
    assert info.value.where == where and info.value.message.startswith(says)


def test_a_leader_may_be_named_among_the_cards_when_leaders_are_in_play():
    ana = scored(cards=["Altar", "Cleopatra", "Phidias", "Lumber Yard"])
    assert ana["scores"]["leaders"] == 5 + 1 and ana["scores"]["civil"] == 2
    with pytest.raises(BadInput) as info:
        scored(["Cleopatra"], ["Cleopatra"])
    assert info.value.where == "players[0].cards[0]" and "also at players[0].leaders[0]" in info.value.message


def test_a_misspelt_leader_gets_the_closest_name():
    with pytest.raises(BadInput) as info:
        scored(["Cleopatro"])
    # (not "Cleopatre": folded, that is the French printed name, Cléopâtre, and is found)
    assert info.value.message == 'unknown leader "Cleopatro" (did you mean "Cleopatra"?)'


def test_the_command_line_scores_with_expansions(tmp_path):
    import json
    import subprocess
    import sys
    doc = {"game": "7wonders", "expansions": ["leaders"],
           "players": [{"name": "Ana", "wonder": "Alexandria", "leaders": ["Zenobia"]}] + NEIGHBOURS}
    done = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"], input=json.dumps(doc),
                          capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["players"][0]["scores"]["leaders"] == 3
    doc["expansions"] = ["lieders"]
    done = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"], input=json.dumps(doc),
                          capture_output=True, text=True)
    assert done.returncode == 2 and 'expansions[0]: unknown expansion "lieders"' in done.stderr


def test_a_whole_leaders_and_cities_game_counted_by_hand():
    """Three players, 1st edition, Leaders and Cities; every row counted by hand first:
    Ana: military 1+3+5-1 = 8; 10 coins: 3; Alexandria A, three stages: 3+0+7 = 10; Altar 2 + Baths 3 = 5;
    Workers Guild: the brown cards beside her (Bruno 2, Chloé 1) = 3; science: tablets 2 (Scriptorium,
    Library), compasses 2 (Apothecary and Euclid), a gear (Workshop): 4+4+1+7 = 16; leaders: Plato 7 (one
    card of each colour), Euclid 0, Amytis 2 x 3 stages = 6, Midas 10 coins // 3 = 3: 16; debt -3: 58.
    Bruno: 3, 1, 3 (Giza A first stage), Palace 8, Cleopatra 5 + Phidias 2 brown cards = 7: 22.
    Chloé: -3, 0, Sappho 2, Alexander 0 (no victory token), debt -8: -9."""
    doc = {"game": "7wonders", "edition": 1, "expansions": ["leaders", "cities"], "players": [
        {"name": "Ana", "wonder": "Alexandria", "side": "A", "stages": 3, "coins": 10, "military": [1, 3, 5, -1],
         "cards": ["Altar", "Baths", "Apothecary", "Workshop", "Scriptorium", "Library", "Stockade", "Tavern",
                   "Lumber Yard", "Loom", "Workers Guild"],
         "leaders": ["Plato", "Euclid", "Amytis", "Midas"], "debt": 3},
        {"name": "Bruno", "wonder": "Giza", "side": "A", "stages": 1, "coins": 4, "military": [1, -1, 3],
         "cards": ["Stone Pit", "Clay Pool", "Palace"], "leaders": ["Cleopatra", "Phidias"]},
        {"name": "Chloé", "wonder": "Rhodes", "side": "A", "coins": 2, "military": [-1, -1, -1],
         "cards": ["Ore Vein"], "leaders": ["Sappho", "Alexander"], "debt": 8}]}
    ana, bruno, chloe = score(doc)["players"]
    assert ana["scores"] == {"military": 8, "treasury": 3, "wonder": 10, "civil": 5, "commercial": 0, "guilds": 3,
                             "science": 16, "leaders": 16, "debt": -3, "cities": 0}
    assert (ana["total"], bruno["total"], chloe["total"]) == (58, 22, -9)
    assert bruno["scores"]["leaders"] == 7 and chloe["scores"]["leaders"] == 2
    assert [p["rank"] for p in (ana, bruno, chloe)] == [1, 2, 3]
