"""1st edition: the Cities box's bonus leaders the other tests did not name (Berenice, Caligula,
Diocletian), each by name with a worked example counted by hand (ours: the Leaders and Cities rulebooks
we could read print none): a city holding the leader, what it scores, and the same city without her.
Each acts during the game and scores nothing at the end; the reason is checked against card_db, as it
is for the Leaders box's leaders and the black cards that score nothing.
"""
import pytest

from companion.engine.contract import score

from .no_points import WHY, explained


def ana(leaders=(), **city):
    doc = {"game": "7wonders", "edition": 1, "expansions": ["leaders", "cities"], "players": [
        {"name": "Ana", "wonder": "Alexandria", "side": "A", "leaders": list(leaders), **city},
        {"name": "Bruno", "wonder": "Giza"}, {"name": "Chloé", "wonder": "Rhodes"}]}
    return score(doc)["players"][0]


# Counted by hand: Altar 2 (civil), Lair 3 (cities), 10 coins 10 // 3 = 3 (treasury),
# conflict tokens 1 + 3 - 1 = 3 (military), no stage built: 11, with the leader or without her.
WORKED = {"cards": ["Altar", "Lair"], "coins": 10, "military": [1, 3, -1]}


@pytest.mark.parametrize("leader,why", [("Berenice", "coins"), ("Caligula", "free build"),
                                        ("Diocletian", "coins")])
def test_a_cities_leader_whose_effect_acts_during_the_game_scores_nothing_at_the_end(leader, why):
    assert explained(1, leader, why), WHY[why][1]
    with_her = ana([leader], **WORKED)
    assert with_her["scores"]["leaders"] == 0 and with_her["scores"]["cities"] == 3
    assert with_her["total"] == ana(**WORKED)["total"] == 11


# The 1st edition's leaders and black cards that act during the game (test_leaders_scoring and
# test_cities_scoring show them scoring nothing): here each with its reason, checked against card_db,
# on the worked city above (11 with the card or without it).
@pytest.mark.parametrize("leader,why", [
    ("Maecenas", "free build"), ("Ramses", "free build"), ("Solomon", "free build"),
    ("Imhotep", "discount"), ("Hammurabi", "discount"), ("Leonidas", "discount"), ("Archimedes", "discount"),
    ("Bilkis", "discount"),
    ("Croesus", "coins"), ("Xenophon", "coins"), ("Vitruvius", "coins"), ("Nero", "coins"), ("Hatshepsut", "coins"),
    ("Hannibal", "shields"), ("Caesar", "shields"), ("Tomyris", "tokens"),
])
def test_a_leader_whose_effect_acts_during_the_game_scores_nothing_at_the_end(leader, why):
    assert explained(1, leader, why), WHY[why][1]
    assert ana([leader], **WORKED)["total"] == ana(**WORKED)["total"] == 11


@pytest.mark.parametrize("card,why", [
    ("Militia", "shields"), ("Mercenaries", "shields"), ("Contingent", "shields"),
    ("Gambling Den", "coins"), ("Gambling House", "coins"),
    ("Clandestine Dock West", "discount"), ("Clandestine Dock East", "discount"),
    ("Secret Warehouse", "resources"), ("Black Market", "resources"),
])
def test_a_black_card_whose_effect_acts_during_the_game_scores_nothing_at_the_end(card, why):
    assert explained(1, card, why), WHY[why][1]
    with_it = ana(cards=WORKED["cards"] + [card], coins=WORKED["coins"], military=WORKED["military"])
    assert with_it["scores"]["cities"] == 3 and with_it["total"] == 11       # Lair's 3 only
