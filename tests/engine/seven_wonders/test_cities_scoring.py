"""Cities (1st edition) in `score`: each black card's and each of the box's guilds' scoring effect
by name, the masks copying a neighbour's science symbol into the science optimum, the Sepulcher whose
points the sources do not agree on, and black cards named without the box.

The worked examples are ours, counted by hand: the Cities rulebook we could read prints none for a card.
Seats: Ana's left neighbour is Bruno (the next player), her right one Chloé (the last).
"""
import pytest

from companion.catalog import Game, catalog
from companion.engine.contract import score
from companion.engine.errors import BadInput


def table(ana=(), bruno=(), chloe=(), expansions=("cities",), **city):
    doc = {"game": "7wonders", "edition": 1, "expansions": list(expansions), "players": [
        {"name": "Ana", "wonder": "Alexandria", "cards": list(ana), "coins": 0, **city},
        {"name": "Bruno", "wonder": "Giza", "cards": list(bruno)},
        {"name": "Chloé", "wonder": "Rhodes", "cards": list(chloe)}]}
    return score(doc)["players"]


def ana(cards=(), **kw):
    return table(cards, **kw)[0]


def row(key, cards=(), **kw):
    return ana(cards, **kw)["scores"][key]


def test_the_box_holds_27_black_cards_nine_an_age_and_three_guilds():
    things = catalog().box_list(Game.SEVEN_WONDERS, 1, "cities")
    black = [t for t in things if t.piece == "city"]
    assert len(black) == 27 and [sum(1 for t in black if t.age == a) for a in (1, 2, 3)] == [9, 9, 9]
    assert {t.id for t in things if t.piece == "building"} == {"counterfeiters-guild", "guild-of-shadows",
                                                                "mourners-guild"}
    assert {t.name for t in things if t.piece == "leader"} == {"Aspasia", "Berenice", "Caligula", "Darius",
                                                               "Diocletian"}
    cards = [t for t in things if t.piece != "wonder"]    # the box's two boards are no cards
    assert all(t.counts == () for t in cards)        # drawn, as many as players an Age: no player count


@pytest.mark.parametrize("card,points", [
    ("Residence", 1), ("Hideout", 2), ("Gates of the City", 4), ("Architect Cabinet", 2), ("Consulate", 2),
    ("Lair", 3), ("Tabularium", 6), ("Brotherhood", 4), ("Builders' Union", 4), ("Capitol", 8),
    ("Cenotaph", 5), ("Embassy", 3),
])
def test_a_black_card_scores_its_printed_points_in_the_cities_row(card, points):
    scores = ana([card])["scores"]
    assert scores["cities"] == points
    assert sum(v for k, v in scores.items() if k != "cities") == 0


@pytest.mark.parametrize("card", ["Militia", "Mercenaries", "Contingent", "Gambling Den", "Gambling House",
                                  "Clandestine Dock West", "Clandestine Dock East", "Secret Warehouse",
                                  "Black Market"])
def test_a_black_card_that_gives_shields_coins_trade_or_resources_scores_no_points(card):
    # shields count through the conflict tokens, coins through the treasury: both are typed as they end
    assert ana([card])["total"] == 0


def test_secret_society_scores_one_for_each_black_card_in_its_own_city_itself_included():
    assert row("cities", ["Secret Society"]) == 1
    assert row("cities", ["Secret Society", "Militia", "Hideout"]) == 3 + 2          # Hideout's own 2
    assert table(["Secret Society"], bruno=["Militia", "Lair"])[0]["scores"]["cities"] == 1


def test_slave_market_scores_one_for_each_victory_token_whatever_its_value():
    assert row("cities", ["Slave Market"], military=[1, 3, 5, -1]) == 3
    assert row("cities", ["Slave Market"]) == 0


def test_the_cities_debt_row_takes_off_the_debt_held():
    assert row("debt", debt=6) == -6 and ana(["Tabularium"], debt=6)["total"] == 0


@pytest.mark.parametrize("mask", ["Pigeon Loft", "Spy Ring", "Torture Chamber"])
def test_a_mask_copies_the_neighbours_science_symbol_that_scores_most(mask):
    # Ana: 2 tablets and a compass; Bruno (left) shows a gear, Chloé (right) a tablet.
    # Copying the gear completes a set: 4 + 1 + 1 + 7 = 13; a tablet would give 9 + 1 = 10.
    players = table([mask, "Scriptorium", "School", "Apothecary"], bruno=["Workshop"], chloe=["Library"])
    science = players[0]["science"]
    assert players[0]["scores"]["science"] == 13 and science["copied"] == {"gear": 1}
    assert players[0]["scores"]["cities"] == 0
    assert players[1]["scores"]["science"] == 1 and players[2]["scores"]["science"] == 1    # not taken


def test_a_mask_copies_only_a_symbol_a_neighbours_green_card_shows():
    # Ana: two compasses; Bruno shows only a tablet: the mask cannot make a third compass (9 + 0 = 9),
    # it copies the tablet: 4 + 1 = 5
    players = table(["Pigeon Loft", "Apothecary", "Dispensary"], bruno=["Scriptorium"])
    assert players[0]["scores"]["science"] == 5 and players[0]["science"]["copied"] == {"tablet": 1}


def test_a_mask_with_no_green_card_beside_it_copies_nothing():
    players = table(["Pigeon Loft", "Apothecary"], bruno=["Lumber Yard"])
    assert players[0]["scores"]["science"] == 1 and "copied" not in players[0]["science"]


def test_two_masks_and_a_wildcard_are_chosen_together_for_the_best_science():
    # Ana: a compass, the Scientists Guild's wildcard, two masks; neighbours show a tablet and a gear.
    # Best: masks copy tablet and gear, the wildcard a compass: 1 + 4 + 1 + 7 = 13
    # (three of one symbol would give at most 9 + 1 = 10).
    players = table(["Apothecary", "Scientists Guild", "Pigeon Loft", "Spy Ring"],
                    bruno=["Scriptorium"], chloe=["Workshop"])
    assert players[0]["scores"]["science"] == 13
    assert players[0]["scores"]["guilds"] == 0


def test_guild_of_shadows_scores_one_for_each_black_card_of_the_two_neighbours():
    players = table(["Guild of Shadows", "Militia"], bruno=["Lair", "Hideout"], chloe=["Residence"])
    assert players[0]["scores"]["guilds"] == 3                # its own Militia is not counted


def test_mourners_guild_scores_one_for_each_victory_token_of_the_two_neighbours():
    doc = {"game": "7wonders", "edition": 1, "expansions": ["cities"], "players": [
        {"name": "Ana", "wonder": "Alexandria", "cards": ["Mourners Guild"], "military": [5, 5]},
        {"name": "Bruno", "wonder": "Giza", "military": [1, 3, -1]},
        {"name": "Chloé", "wonder": "Rhodes", "military": [5]}]}
    assert score(doc)["players"][0]["scores"]["guilds"] == 3


def test_counterfeiters_guild_scores_its_five_points_in_the_guilds_row():
    assert row("guilds", ["Counterfeiters Guild"]) == 5


def test_sepulcher_is_refused_saying_the_sources_disagree_on_its_points():
    with pytest.raises(BadInput) as refused:
        ana(["Tabularium", "Sepulcher"])
    assert refused.value.where == "players[0].cards[1]"
    assert "3 or 4" in str(refused.value.msg)


def test_a_black_card_needs_the_cities_box():
    with pytest.raises(BadInput) as refused:
        table(["Militia"], expansions=())
    assert refused.value.where == "players[0].cards[0]"


def test_a_black_card_is_found_by_another_printed_name():
    assert row("cities", ["City Gates"]) == 4


def test_leaders_and_cities_together_keep_each_row_apart():
    players = table(["Tabularium"], expansions=("leaders", "cities"), leaders=["Cleopatra"], debt=1)
    assert {k: players[0]["scores"][k] for k in ("leaders", "debt", "cities")} == {
        "leaders": 5, "debt": -1, "cities": 6}


def test_the_cities_leaders_darius_and_aspasia_score_in_the_leaders_row():
    # Darius: a point a black card (Militia, Lair: 2); Aspasia: 2 points
    players = table(["Militia", "Lair"], expansions=("leaders", "cities"), leaders=["Darius", "Aspasia"])
    assert players[0]["scores"]["leaders"] == 4 and players[0]["scores"]["cities"] == 3


def test_a_cities_leader_needs_the_cities_box():
    with pytest.raises(BadInput) as refused:
        table(expansions=("leaders",), leaders=["Darius"])
    assert refused.value.where == "players[0].leaders[0]"
