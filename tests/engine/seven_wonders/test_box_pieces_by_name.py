"""Armada's islands (2nd edition) and Babel's Great Projects that no other test named, each by name
with a worked example counted by hand (ours: the rulebooks we could read print none): a city holding
it, what it scores, and the same city without it. None scores at the end; each says why, the reason
checked against its effects in card_db (no_points.WHY).
"""
import pytest

from companion.engine.contract import score

from .no_points import WHY, explained


def ana(edition, expansions, **city):
    doc = {"game": "7wonders", "edition": edition, "expansions": expansions, "players": [
        {"name": "Ana", "wonder": "Alexandria", "stages": 1, "coins": 7, "military": [1, 3], "cards": ["Baths"],
         **city},
        {"name": "Bruno", "wonder": "Rhodes"}, {"name": "Chloé", "wonder": "Olympia"}]}
    return score(doc)["players"][0]


# Counted by hand: Alexandria's first stage 3, 7 coins 7 // 3 = 2, tokens 1 + 3 = 4, Baths 3: 12 in all,
# with the island or project or without it.
WORKED_TOTAL = 12


@pytest.mark.parametrize("island,why", [
    ("Topaz Island (Blue)", "fleets"), ("Topaz Island (Yellow)", "fleets"),
    ("Windy Oasis", "naval shields"), ("Breezy Archipelago", "naval shields"),
    ("Scarlet Archipelago", "shields"),
    ("Virgin Island", "in words"), ("Lost Island", "in words"), ("Abandoned Oasis", "in words"),
    ("Ancient Oasis", "in words"), ("Wonderous Oasis", "in words"),
])
def test_an_island_that_acts_during_the_game_scores_nothing_at_the_end(island, why):
    assert explained(2, island, why), WHY[why][1]
    with_it = ana(2, ["armada"], islands=[island])
    assert with_it["scores"]["islands"] == 0 and with_it["scores"]["science"] == 0
    assert with_it["total"] == ana(2, ["armada"])["total"] == WORKED_TOTAL


@pytest.mark.parametrize("project,why", [("Sewer Network", "in words"), ("War Mirror", "in words")])
def test_a_great_project_whose_reward_is_no_points_scores_nothing_in_the_projects_row(project, why):
    # Sewer Network: a token to build a card for free; War Mirror: a victory token of 3, in the military
    # row the city gives (typed with its other tokens)
    assert explained(1, project, why), WHY[why][1]
    with_it = ana(1, ["babel"], projects=[project])
    assert with_it["scores"]["projects"] == 0
    assert with_it["total"] == ana(1, ["babel"])["total"] == WORKED_TOTAL
