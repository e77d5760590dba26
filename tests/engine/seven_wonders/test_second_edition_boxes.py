"""Leaders and Cities, 2nd edition, in `score`: the data's make-up, each leader's and black card's
scoring effect by name (worked examples ours, counted by hand: no rulebook we read prints one), and the
cards whose points a city cannot give refused saying so, with where (Cells: its points for each Age I
token have one source; Memorial: the defeat tokens it discards change the military row).

Seats: Ana's left neighbour is Bruno (the next player), her right one Chloé (the last).
"""
import pytest

from companion.catalog import Game, catalog
from companion.engine.contract import score
from companion.engine.errors import BadInput


def table(ana=None, bruno=None, chloe=None, expansions=("leaders", "cities")):
    doc = {"game": "7wonders", "edition": 2, "expansions": list(expansions), "players": [
        {"name": "Ana", "wonder": "Gizah", "coins": 0, **(ana or {})},
        {"name": "Bruno", "wonder": "Rhodes", **(bruno or {})},
        {"name": "Chloé", "wonder": "Olympia", **(chloe or {})}]}
    return score(doc)["players"]


def row(key, **ana):
    return table(ana)[0]["scores"][key]


def test_the_boxes_hold_49_leaders_and_42_black_cards_with_the_cities_six_leaders():
    things = lambda box: catalog().box_list(Game.SEVEN_WONDERS, 2, box)   # noqa: E731
    assert sum(1 for t in things("leaders") if t.piece == "leader") == 49
    black = [t for t in things("cities") if t.piece == "city"]
    assert len(black) == 42 and [sum(1 for t in black if t.age == a) for a in (1, 2, 3)] == [14, 14, 14]
    assert {t.name for t in things("cities") if t.piece == "leader"} == {
        "Caligula", "Diocletian", "Octavia", "Arsinoe", "Aspasia", "Darius"}
    assert not [t for t in things("cities") if t.piece != "wonder" and t.colour.value == "purple"]   # no guilds


@pytest.mark.parametrize("leader,points", [("Sappho", 2), ("Zenobia", 3), ("Nefertiti", 4), ("Cleopatra", 5),
                                           ("Aspasia", 2)])
def test_a_leader_scores_its_own_points(leader, points):
    assert row("leaders", leaders=[leader]) == points


@pytest.mark.parametrize("leader,cards,points", [
    ("Phidias", ["Lumber Yard", "Stone Pit"], 2), ("Praxiteles", ["Loom", "Press"], 4),
    ("Nebuchadnezzar", ["Altar", "Baths"], 2), ("Hypatia", ["Apothecary"], 1),
    ("Darius", ["Militia", "Lair"], 2),
])
def test_a_leader_scores_for_each_card_of_its_colour(leader, cards, points):
    assert row("leaders", leaders=[leader], cards=cards) == points


@pytest.mark.parametrize("leader,cards,neighbour", [
    ("Phryne", ["Altar", "Baths"], ["Theater"]), ("Cornelia", ["Tavern", "Marketplace"], ["Vineyard"]),
    ("Euryptyle", ["Stockade", "Barracks"], ["Walls"]), ("Theano", ["Apothecary", "Workshop"], ["School"]),
])
def test_a_leader_scores_five_for_more_cards_of_its_colour_than_each_neighbour(leader, cards, neighbour):
    assert table({"leaders": [leader], "cards": cards}, {"cards": neighbour})[0]["scores"]["leaders"] == 5
    # as many as a neighbour is not more
    assert table({"leaders": [leader], "cards": cards[:1]}, {"cards": neighbour})[0]["scores"]["leaders"] == 0


def test_makeda_scores_five_for_more_coins_than_each_neighbour():
    assert table({"leaders": ["Makeda"], "coins": 6}, {"coins": 5}, {"coins": 5})[0]["scores"]["leaders"] == 5
    assert table({"leaders": ["Makeda"], "coins": 5}, {"coins": 5}, {"coins": 1})[0]["scores"]["leaders"] == 0


def test_cynisca_scores_six_without_a_defeat_token():
    assert row("leaders", leaders=["Cynisca"], military=[1, 3]) == 6
    assert row("leaders", leaders=["Cynisca"], military=[1, -1]) == 0


def test_gorgo_scores_each_pair_of_victory_tokens_of_one_value_at_that_value():
    assert row("leaders", leaders=["Gorgo"], military=[1, 1, 3, 3, 3, 5, -1]) == 1 + 3
    assert row("leaders", leaders=["Gorgo"], military=[1, 3, 5]) == 0


def test_agrippina_scores_seven_only_as_her_citys_only_leader():
    assert row("leaders", leaders=["Agrippina"]) == 7
    assert row("leaders", leaders=["Agrippina", "Sappho"]) == 2


def test_enheduania_adds_one_of_the_symbol_held_most():
    players = table({"leaders": ["Enheduania"], "cards": ["Scriptorium", "School", "Workshop"]})
    assert players[0]["scores"]["science"] == 9 + 1 and players[0]["science"]["tablet"] == 3


def test_aganice_turns_a_symbol_into_another_for_the_best_science():
    # two tablets and a gear: 4 + 1 = 5; a tablet turned into a compass: a set, 1 + 1 + 1 + 7 = 10
    players = table({"leaders": ["Aganice"], "cards": ["Scriptorium", "School", "Workshop"]})
    assert players[0]["scores"]["science"] == 10
    assert table({"cards": ["Scriptorium", "School", "Workshop"]})[0]["scores"]["science"] == 5


@pytest.mark.parametrize("leader,symbol", [("Euclid", "compass"), ("Ptolemy", "tablet"), ("Pythagoras", "gear")])
def test_a_science_leader_adds_its_symbol(leader, symbol):
    assert table({"leaders": [leader]})[0]["science"][symbol] == 1


@pytest.mark.parametrize("card,points", [
    ("City Gates", 4), ("Customs", 4), ("Hideout", 2), ("Residence", 1), ("Architect Firm", 2),
    ("Tabularium", 6), ("Trade Center", 6), ("Lair", 3), ("Sepulcher", 4), ("Consulate", 2), ("Capitol", 8),
    ("Mint", 8), ("Brotherhood", 4), ("Chamber of Builders", 4), ("Cenotaph", 5), ("Embassy", 2),
])
def test_a_black_card_scores_its_printed_points_in_the_cities_row(card, points):
    assert row("cities", cards=[card]) == points


def test_secret_network_and_slave_market_count_black_cards_and_victory_tokens():
    assert row("cities", cards=["Secret Network", "Militia"]) == 2
    assert row("cities", cards=["Slave Market"], military=[1, 5, -1]) == 2


def test_a_mask_copies_a_neighbours_symbol():
    players = table({"cards": ["Pigeonhole", "Scriptorium", "Apothecary"]}, {"cards": ["Workshop"]})
    assert players[0]["scores"]["science"] == 10 and players[0]["science"]["copied"] == {"gear": 1}


def test_guardhouse_and_prison_count_the_victory_tokens_of_their_ages_value():
    # Tokens 1, 3, 3, 5, 5, 5 and a defeat (-1). Guardhouse: 3 for each token of 3 (Age II): 2 x 3 = 6.
    # Prison: 4 for each token of 5 (Age III): 3 x 4 = 12. Both: 18. The tokens of 1 and the defeat count
    # for neither; the military row (1 + 3 + 3 + 5 + 5 + 5 - 1 = 21) is the same with the cards or without.
    tokens = [1, 3, 3, 5, 5, 5, -1]
    assert row("cities", cards=["Guardhouse"], military=tokens) == 6
    assert row("cities", cards=["Prison"], military=tokens) == 12
    assert row("cities", cards=["Guardhouse", "Prison"], military=tokens) == 18
    assert row("military", cards=["Guardhouse", "Prison"], military=tokens) == row("military", military=tokens) == 21
    # Without a token of their value they score nothing: only tokens of 1 (Age I)
    assert row("cities", cards=["Guardhouse", "Prison"], military=[1, 1, -1]) == 0


@pytest.mark.parametrize("card", ["Cells", "Memorial"])
def test_a_card_whose_points_a_city_does_not_record_is_refused_saying_where(card):
    with pytest.raises(BadInput) as refused:
        table({"cards": ["Tabularium", card]})
    assert refused.value.where == "players[0].cards[1]" and "type its row" in str(refused.value.msg)


def test_a_cities_leader_is_recruited_with_the_leaders_box():
    with pytest.raises(BadInput) as refused:
        table({"leaders": ["Darius"]}, expansions=("cities",))
    assert refused.value.where == "players[0].leaders"


def test_a_cities_bonus_leader_needs_the_cities_box_too():
    with pytest.raises(BadInput) as refused:
        table({"leaders": ["Sappho", "Darius"]}, expansions=("leaders",))
    assert refused.value.where == "players[0].leaders[1]" and '"cities"' in str(refused.value.msg)
