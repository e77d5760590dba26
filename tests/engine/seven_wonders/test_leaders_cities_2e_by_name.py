"""Leaders and Cities, 2nd edition: the leaders and black cards the other tests did not name, each by
name with a worked example counted by hand: a city holding the card, what it scores, and what the same
city scores without it.

The examples are ours: the 2nd-edition Leaders and Cities rulebooks we could find (search tool) print
no example for these cards. Cards whose effect acts during the game score nothing at the end; each
says why (no_points.WHY) and the reason is checked against the card's effects in card_db.
Seats: Ana's left neighbour is Bruno, her right one Chloé; the neighbours hold nothing.
"""
import pytest

from companion.engine.contract import score

from .no_points import WHY, explained


def ana(leaders=(), cards=(), expansions=("leaders", "cities"), **city):
    doc = {"game": "7wonders", "edition": 2, "expansions": list(expansions), "players": [
        {"name": "Ana", "wonder": "Gizah", "coins": 0, "cards": list(cards), **city},
        {"name": "Bruno", "wonder": "Rhodes"}, {"name": "Chloé", "wonder": "Olympia"}]}
    if leaders:
        doc["players"][0]["leaders"] = list(leaders)
    return score(doc)["players"][0]


SEVEN_COLOURS = ["Lumber Yard", "Loom", "Altar", "Tavern", "Stockade", "Apothecary", "Workers Guild"]


@pytest.mark.parametrize("leader,city,points", [
    # Varro: a point a yellow card; Tavern, Marketplace: 2
    pytest.param("Varro", {"cards": ["Tavern", "Marketplace"]}, 2, id="Varro"),
    # Pericles: 2 a red card; Stockade, Barracks: 2 x 2 = 4
    pytest.param("Pericles", {"cards": ["Stockade", "Barracks"]}, 4, id="Pericles"),
    # Hiram: 2 a guild; Workers and Traders Guilds (0 each: the neighbours hold nothing): 2 x 2 = 4
    pytest.param("Hiram", {"cards": ["Workers Guild", "Traders Guild"]}, 4, id="Hiram"),
    # Midas: a point every 3 coins; 14 coins: 14 // 3 = 4 (the treasury's 4 as well)
    pytest.param("Midas", {"coins": 14}, 4, id="Midas"),
    # Amytis: 2 a wonder stage built; two stages of Gizah: 2 x 2 = 4
    pytest.param("Amytis", {"stages": 2}, 4, id="Amytis"),
    # Alexander: a point a victory token whatever its value; 1, 3, 5 (the -1 is a defeat): 3
    pytest.param("Alexander", {"military": [1, 3, 5, -1]}, 3, id="Alexander"),
    # Justinian: 3 a set of a blue, a red and a green card; Altar, Stockade, Apothecary, Barracks: one set, 3
    pytest.param("Justinian", {"cards": ["Altar", "Stockade", "Apothecary", "Barracks"]}, 3, id="Justinian"),
    # Plato: 7 a set of the seven colours; one card of each: 7
    pytest.param("Plato", {"cards": SEVEN_COLOURS}, 7, id="Plato"),
    # Aristotle: 3 a science set, in the leaders row; Apothecary, Workshop, Scriptorium: one set, 3
    pytest.param("Aristotle", {"cards": ["Apothecary", "Workshop", "Scriptorium"]}, 3, id="Aristotle"),
])
def test_a_leader_scores_its_points_in_the_leaders_row_and_nowhere_else(leader, city, points):
    with_her, without = ana([leader], **city), ana(**city)
    assert with_her["scores"]["leaders"] == points and without["scores"]["leaders"] == 0
    assert with_her["total"] == without["total"] + points
    assert {k: v for k, v in with_her["scores"].items() if k != "leaders"} == {
        k: v for k, v in without["scores"].items() if k != "leaders"}


def test_aristotle_worked_through_every_row():
    # Apothecary (compass), Workshop (gear), Scriptorium (tablet): science 1 + 1 + 1 + 7 = 10;
    # Aristotle 3 for the set; nothing else: 13. Without him: 10.
    assert ana(["Aristotle"], ["Apothecary", "Workshop", "Scriptorium"])["total"] == 13
    assert ana([], ["Apothecary", "Workshop", "Scriptorium"])["total"] == 10


# A city counted by hand for the cards that score nothing at the end: Altar 3 (civil: 3 in the 2nd
# edition), 9 coins 9 // 3 = 3 (treasury), conflict tokens 1 + 3 - 1 = 3 (military), Gizah with no
# stage 0: 9 in all, with the card or without it.
WORKED = {"cards": ["Altar"], "coins": 9, "military": [1, 3, -1]}
WORKED_TOTAL = 9


@pytest.mark.parametrize("leader,why", [
    ("Maecenas", "free build"), ("Ramses", "free build"), ("Solomon", "free build"),
    ("Imhotep", "discount"), ("Hammurabi", "discount"), ("Leonidas", "discount"), ("Archimedes", "discount"),
    ("Bilkis", "discount"),
    ("Croesus", "coins"), ("Xenophon", "coins"), ("Vitruvius", "coins"), ("Nero", "coins"),
    ("Berenice", "coins"), ("Hatshepsut", "coins"),
    ("Hannibal", "shields"), ("Caesar", "shields"),
    ("Nitocris", "tokens"), ("Telesilla", "tokens"), ("Tomyris", "tokens"),
    # the Cities box's bonus leaders
    ("Caligula", "free build"), ("Diocletian", "coins"), ("Octavia", "coins"), ("Arsinoe", "coins"),
])
def test_a_leader_whose_effect_acts_during_the_game_scores_nothing_at_the_end(leader, why):
    assert explained(2, leader, why), WHY[why][1]
    with_her = ana([leader], **WORKED)
    assert with_her["scores"]["leaders"] == 0
    assert with_her["total"] == ana(**WORKED)["total"] == WORKED_TOTAL


@pytest.mark.parametrize("card,why", [
    ("West Clandestine Wharf", "discount"), ("East Clandestine Wharf", "discount"),
    ("Black Market", "resources"), ("Secret Warehouse", "resources"),
    ("Dive", "coins"), ("Gambling Den", "coins"), ("Opium Stash", "coins"), ("Opium Den", "coins"),
    ("Opium Distillery", "coins"),
    ("Mercenaries", "shields"), ("Contingent", "shields"),
    ("Forging Agency", "free build"),
    ("Raider Camp", "tokens"), ("Raider Fort", "tokens"), ("Raider Garrison", "tokens"),
    ("Smuggler's Cache", "no effect"),
])
def test_a_black_card_whose_effect_acts_during_the_game_scores_nothing_at_the_end(card, why):
    assert explained(2, card, why), WHY[why][1]
    with_it = ana(cards=WORKED["cards"] + [card], coins=WORKED["coins"], military=WORKED["military"])
    assert with_it["scores"]["cities"] == 0
    assert with_it["total"] == ana(**WORKED)["total"] == WORKED_TOTAL


@pytest.mark.parametrize("mask", ["Band of Spies", "Torture Chamber"])
def test_a_mask_copies_the_neighbours_symbol_into_the_science_row(mask):
    # Ana: Scriptorium (tablet), Apothecary (compass); Bruno (left) shows Workshop's gear.
    # Without the mask: 1 + 1 = 2. With it, the gear copied completes a set: 1 + 1 + 1 + 7 = 10.
    doc = {"game": "7wonders", "edition": 2, "expansions": ["cities"], "players": [
        {"name": "Ana", "wonder": "Gizah", "coins": 0, "cards": [mask, "Scriptorium", "Apothecary"]},
        {"name": "Bruno", "wonder": "Rhodes", "cards": ["Workshop"]}, {"name": "Chloé", "wonder": "Olympia"}]}
    players = score(doc)["players"]
    assert players[0]["scores"]["science"] == 10 and players[0]["science"]["copied"] == {"gear": 1}
    assert players[0]["scores"]["cities"] == 0 and players[1]["scores"]["science"] == 1
    assert ana(cards=["Scriptorium", "Apothecary"], expansions=("cities",))["scores"]["science"] == 2
