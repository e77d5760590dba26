"""Cities, 1st edition: the box's bonus leaders the other tests did not name (Berenice, Caligula,
Diocletian), each by name with a worked example counted by hand (ours: the Cities rulebook we could
read prints none): a city holding the leader, what it scores, and the same city without her.
Each acts during the game and scores nothing at the end; the reason is checked against card_db.
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
