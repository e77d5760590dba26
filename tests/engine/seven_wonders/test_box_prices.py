"""`trade` with the boxes in play: the leaders who waive a resource (Imhotep, Hammurabi, Leonidas,
Archimedes), Bilkis's resource from the bank, the Architect Cabinet's stages without resources and the
Clandestine Docks' coin off a neighbour's resource, each tested by name with prices counted by hand.

Ana (Alexandria, glass) sits between Bruno (Giza, left: Stone Pit, Quarry, 2 coins a stone) and
Chloé (Rhodes, right: Ore Vein, Brickyard). Alexandria A's first stage costs 2 stone.
"""
import pytest

from companion.engine.contract import trade
from companion.engine.errors import BadInput

LEFT = {"wonder": "Giza", "cards": ["Stone Pit", "Quarry"]}
RIGHT = {"wonder": "Rhodes", "cards": ["Ore Vein", "Brickyard"]}


def price(build, expansions=(), **ana):
    doc = {"game": "7wonders", "edition": 1, "expansions": list(expansions), "build": build,
           "player": {"wonder": "Alexandria", "coins": 10, **ana}, "left": LEFT, "right": RIGHT}
    answer = trade(doc)
    return answer["cost"], answer


def test_without_a_box_the_stage_costs_two_stones_from_the_left():
    assert price({"stage": 1})[0] == {"total": 4, "bank": 0, "left": 4, "right": 0}


def test_imhotep_waives_one_resource_of_a_wonder_stage():
    assert price({"stage": 1}, ["leaders"], leaders=["Imhotep"])[0]["total"] == 2


@pytest.mark.parametrize("leader,card,plain", [("Hammurabi", "Baths", 2), ("Leonidas", "Barracks", 2),
                                               ("Archimedes", "Apothecary", None)])
def test_a_leader_waives_one_resource_of_a_card_of_its_colour(leader, card, plain):
    # Baths: a stone (2 from the left); Barracks: an ore (2 from the right); Apothecary: textile, sold by nobody
    assert (price({"card": card})[0] or {}).get("total") == plain
    cost, answer = price({"card": card}, ["leaders"], leaders=[leader])
    assert answer["legal"] and cost["total"] == 0
    other = "Barracks" if card == "Baths" else "Baths"
    assert price({"card": other}, ["leaders"], leaders=[leader])[0]["total"] == 2       # not another colour


def test_archimedes_waives_the_resource_that_saves_most():
    # Laboratory: 2 clay and papyrus; nobody sells papyrus: waived, the clay bought at 2 each
    cost, answer = price({"card": "Laboratory"}, ["leaders"], leaders=["Archimedes"])
    assert answer["legal"] and cost["total"] == 4 and cost["right"] == 4
    assert not price({"card": "Laboratory"})[1]["legal"]


def test_bilkis_buys_a_resource_from_the_bank_for_a_coin():
    assert price({"stage": 1}, ["leaders"], leaders=["Bilkis"])[0] == {"total": 3, "bank": 1, "left": 2, "right": 0}
    cost, answer = price({"card": "Scriptorium"}, ["leaders"], leaders=["Bilkis"])   # papyrus: nobody sells it
    assert answer["legal"] and cost == {"total": 1, "bank": 1, "left": 0, "right": 0}


def test_architect_cabinet_builds_wonder_stages_without_their_resources():
    cost, answer = price({"stage": 1}, ["cities"], cards=["Architect Cabinet"])
    assert answer["legal"] and cost["total"] == 0


@pytest.mark.parametrize("dock,total", [("Clandestine Dock West", 3), ("Clandestine Dock East", 4)])
def test_a_clandestine_dock_takes_a_coin_off_the_first_resource_from_its_side(dock, total):
    assert price({"stage": 1}, ["cities"], cards=[dock])[0]["total"] == total


def test_imhotep_and_the_west_dock_together():
    assert price({"stage": 1}, ["leaders", "cities"], leaders=["Imhotep"],
                 cards=["Clandestine Dock West"])[0]["total"] == 1


def test_a_leader_named_without_the_box_is_refused_saying_where():
    with pytest.raises(BadInput) as refused:
        price({"stage": 1}, leaders=["Imhotep"])
    assert refused.value.where == "player.leaders"
