"""A turn (seed 000, DESFASURAREA JOCULUI): build, discard for coins, or build a wonder."""
import pytest

from companion.engine.duel.actions import Build, BuildWonder, Discard
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.scoring import categories
from companion.engine.errors import IllegalAction

from .duel_helpers import make_city, make_game


def test_building_pays_the_cost_and_adds_the_card_to_the_city():
    state = make_game(2, {18: "Aqueduct"}, (make_city(coins=20), make_city(["Shelf Quarry"])))
    after = apply(state, Build(18))
    assert after.cities[0].cards == ("aqueduct",) and after.cities[0].coins == 8
    assert after.pyramid.is_taken(18) and after.to_move() == 1


def test_seed_example_discarding_with_tavern_and_clay_reserve_gives_4_coins():
    city = make_city(["Tavern", "Clay Reserve"], coins=0)
    after = apply(make_game(2, {18: "Aqueduct"}, (city, make_city())), Discard(18))
    assert after.cities[0].coins == 4 and after.discard == ("aqueduct",)


def test_discarding_gives_2_coins_without_yellow_cards():
    after = apply(make_game(1, {14: "Baths"}, (make_city(["Quarry", "Guard Tower"], coins=0), make_city())),
                  Discard(14))
    assert after.cities[0].coins == 2


def test_a_card_that_cannot_be_paid_for_is_not_a_legal_build():
    state = make_game(2, {18: "Aqueduct"}, (make_city(coins=11), make_city(["Shelf Quarry"])))
    assert Build(18) not in legal_actions(state, 0) and Discard(18) in legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="costs 12 coins"):
        apply(state, Build(18))


def test_apply_changes_nothing_in_the_state_it_was_given():
    state = make_game(2, {18: "Aqueduct"}, (make_city(coins=20), make_city()))
    before = repr(state)
    apply(state, Build(18))
    assert repr(state) == before


def test_economy_pays_the_trade_coins_to_the_opponent_when_building():
    state = make_game(2, {18: "Caravansery"}, (make_city(coins=10), make_city(["Glassworks"], coins=0,
                                                                              progress=["Economy"])))
    after = apply(state, Build(18))
    assert after.cities[0].coins == 3 and after.cities[1].coins == 5


def test_only_the_player_whose_turn_it_is_plays():
    state = make_game(1, current=1)
    assert legal_actions(state, 0) == [] and legal_actions(state, 1)
    assert legal_actions(state) == legal_actions(state, 1)


def test_players_alternate():
    state = make_game(1)
    state = apply(state, Discard(14))
    assert state.to_move() == 1
    assert apply(state, Discard(19)).to_move() == 0


def test_coins_per_card_are_counted_when_built_lighthouse_counting_itself():
    city = make_city(["Tavern", "Stone Reserve", "Clay Pool", "Glassworks"], coins=0)
    after = apply(make_game(3, {18: "Lighthouse"}, (city, make_city())), Build(18))
    # Tavern chains to Lighthouse: free; then 1 coin for each of the 3 yellow cards.
    assert after.cities[0].coins == 3


def test_arena_gives_2_coins_per_wonder_built():
    city = make_city(["Brewery"], wonders=["The Pyramids", "The Sphinx"], coins=0)
    assert apply(make_game(3, {18: "Arena"}, (city, make_city())), Build(18)).cities[0].coins == 4


def test_chamber_of_commerce_port_and_armory_count_own_cards():
    grey = make_city(["Press", "Drying Room", "Glassworks"], coins=0)
    assert apply(make_game(3, {18: "Chamber of Commerce"}, (grey, make_city())), Build(18)).cities[0].coins == 9
    brown = make_city(["Lumber Yard", "Quarry", "Press", "Glassworks", "Glass-blower"], coins=0)
    assert apply(make_game(3, {18: "Port"}, (brown, make_city())), Build(18)).cities[0].coins == 4
    red = make_city(["Quarry", "Shelf Quarry", "Glassworks", "Guard Tower", "Garrison"], coins=0)
    assert apply(make_game(3, {18: "Armory"}, (red, make_city())), Build(18)).cities[0].coins == 2


def test_a_coins_per_card_is_not_counted_again_later():
    city = make_city(["Lumber Yard", "Quarry", "Press", "Glassworks", "Port"], coins=2)
    after = apply(make_game(2, {18: "Sawmill"}, (city, make_city())), Build(18))
    assert after.cities[0].coins == 0         # Sawmill costs 2; Port pays nothing for a later brown card


def test_guild_coins_when_built_count_the_city_with_most():
    own = make_city(["Lumber Yard", "Clay Pool", "Glassworks", "Press", "Tavern"], coins=0)
    other = make_city(["Wood Reserve", "Stone Reserve", "Clay Reserve"])
    after = apply(make_game(3, {18: "Merchants Guild"}, (own, other)), Build(18))
    assert after.cities[0].coins == 3


def test_an_inaccessible_or_empty_slot_cannot_be_played():
    state = make_game(1, taken=(14,))
    for bad in (Build(14), Discard(3), Build(25)):
        with pytest.raises(IllegalAction):
            apply(state, bad)


def test_a_wonder_is_built_with_an_accessible_card_tucked_under_it():
    city = make_city(["Shelf Quarry", "Quarry", "Press"], left=["The Pyramids"], coins=0)
    after = apply(make_game(2, {18: "Aqueduct"}, (city, make_city())), BuildWonder(18, "the-pyramids"))
    c = after.cities[0]
    assert c.wonders == ("the-pyramids",) and c.wonders_left == () and c.buried == ("aqueduct",)
    assert "aqueduct" not in after.discard and "aqueduct" not in c.cards


def test_a_wonder_is_paid_for_its_own_cost_not_the_cards():
    city = make_city(left=["The Pyramids"], coins=14)
    opp = make_city(["Shelf Quarry"])
    after = apply(make_game(2, {18: "Aqueduct"}, (city, opp)), BuildWonder(18, "the-pyramids"))
    assert after.cities[0].coins == 0          # 3 stone at 4 + 1 papyrus at 2


def test_only_the_players_own_drafted_wonders_can_be_built():
    state = make_game(2, {}, (make_city(left=["The Sphinx"], coins=30), make_city(left=["The Pyramids"])))
    with pytest.raises(IllegalAction):
        apply(state, BuildWonder(18, "the-pyramids"))
    assert {a.wonder for a in legal_actions(state, 0) if isinstance(a, BuildWonder)} == {"the-sphinx"}


def test_a_guilds_coins_and_points_may_count_different_cities():
    own = make_city(["Baths", "Lumber Yard", "Sawmill", "Clay Pool", "Press"], coins=0)
    other = make_city(["Altar", "Theater", "Temple"])
    built = apply(make_game(3, {18: "Magistrates Guild"}, (own, other)), Build(18))
    assert built.cities[0].coins == 3                       # the opponent's 3 blue cards, when built
    later = built.cities[0].__class__(cards=built.cities[0].cards + ("palace", "obelisk", "senate"))
    assert categories(later, other, 0, 0)["guilds"] == 4     # own 4 blue cards, at the end
