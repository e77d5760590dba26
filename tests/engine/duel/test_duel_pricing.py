"""Trading with the bank (seed 000, Comertul): the worked examples and every discount."""
from companion.catalog import Resource as R
from companion.engine.duel.facts import tables
from companion.engine.duel.pricing import price, unit_prices
from companion.engine.resources import INDEX

from .duel_helpers import ident, make_city


def card(name):
    return tables().cards[ident(name)]


def wonder(name):
    return tables().wonders[ident(name, "wonder")]


def test_price_is_two_plus_the_opponents_brown_and_grey_symbols_of_that_resource():
    # Seed example: Alex produces 2 stone with Shelf Quarry. Vlad pays 4 a stone;
    # Alex pays 2 for a third stone since Vlad's brown cards make none.
    alex, vlad = make_city(["Shelf Quarry"]), make_city()
    assert unit_prices(vlad, alex)[INDEX[R.STONE]] == 4
    assert unit_prices(alex, vlad)[INDEX[R.STONE]] == 2


def test_seed_example_fortifications_costs_5_coins():
    # Alex (2 stone) needs clay and papyrus; Vlad makes 1 clay, no papyrus: 3 + 2.
    alex, vlad = make_city(["Shelf Quarry"]), make_city(["Clay Pool"])
    paid = price(alex, vlad, card("Fortifications"))
    assert (paid.total, paid.trade, paid.card_coins) == (5, 5, 0)


def test_seed_example_aqueduct_costs_12_coins():
    # Vlad makes no stone; Alex makes 2 with brown cards: 3 stone at 4 each.
    alex, vlad = make_city(["Shelf Quarry"]), make_city()
    assert price(vlad, alex, card("Aqueduct")).total == 12


def test_seed_example_caravansery_costs_7_coins():
    # 2 coins printed + glass at 3 (Vlad makes 1 glass) + papyrus at 2.
    alex, vlad = make_city(), make_city(["Glassworks"])
    paid = price(alex, vlad, card("Caravansery"))
    assert (paid.total, paid.card_coins, paid.trade) == (7, 2, 5)


def test_seed_example_own_production_builds_without_trade():
    # Vlad produces 1 stone, 3 clay, 1 papyrus: Baths (1 stone) and Garrison (1 clay) are free.
    vlad = make_city(["Quarry", "Clay Pool", "Brickyard", "Press"])
    other = make_city(["Glassworks"])
    assert price(vlad, other, card("Baths")).total == 0
    assert price(vlad, other, card("Garrison")).total == 0
    assert price(vlad, other, card("Apothecary")).total == 3


def test_resources_are_not_consumed_by_building():
    city = make_city(["Quarry"])
    after = make_city(["Quarry", "Baths"])
    assert price(after, make_city(), card("Walls")).total == price(city, make_city(), card("Walls")).total


def test_printed_coin_cost_is_paid_to_the_bank():
    assert price(make_city(), make_city(), card("Stone Pit")).total == 1
    assert price(make_city(), make_city(), card("Scriptorium")).total == 2


def test_free_card_costs_nothing():
    assert price(make_city(), make_city(["Lumber Yard"]), card("Lumber Yard")).total == 0


def test_fixed_trade_price_card_sets_that_resource_at_one_coin():
    opp = make_city(["Shelf Quarry"])                 # stone would cost 4
    with_reserve = make_city(["Stone Reserve"])
    assert price(with_reserve, opp, card("Aqueduct")).total == 3
    # Customs House fixes glass and papyrus.
    customs = make_city(["Customs House"])
    assert price(customs, make_city(["Glassworks", "Press"]), card("Caravansery")).total == 2 + 1 + 1


def test_choice_production_of_yellow_cards_and_wonders_covers_own_cost():
    # Forum gives glass or papyrus; Piraeus too: together they cover Caravansery's goods.
    city = make_city(["Forum"], wonders=["Piraeus"])
    assert price(city, make_city(), card("Caravansery")).total == 2


def test_choice_production_does_not_raise_the_opponents_price():
    owner = make_city(["Caravansery", "Forum"], wonders=["The Great Lighthouse", "Piraeus"])
    buyer = make_city()
    assert all(unit_prices(buyer, owner)[INDEX[r]] == 2 for r in (R.WOOD, R.STONE, R.CLAY, R.GLASS, R.PAPYRUS))


def test_yellow_card_choice_is_spent_where_it_saves_most():
    # Caravansery (wood/clay/stone) should cover the stone, priced 4 by the opponent's Shelf Quarry.
    city = make_city(["Caravansery"])
    paid = price(city, make_city(["Shelf Quarry"]), card("Rostrum"))   # 1 stone + 1 wood
    assert paid.total == 2


def test_chain_builds_for_free():
    city = make_city(["Baths"], coins=0)
    paid = price(city, make_city(["Shelf Quarry"]), card("Aqueduct"))
    assert paid.free_by_chain and paid.total == 0


def test_chain_also_waives_a_coin_cost():
    paid = price(make_city(["Garrison"]), make_city(), card("Barracks"))
    assert paid.free_by_chain and paid.total == 0


def test_economy_gives_the_opponent_the_trade_coins_but_not_the_card_cost():
    buyer = make_city()
    holder = make_city(["Glassworks"], progress=["Economy"])
    paid = price(buyer, holder, card("Caravansery"))     # 2 printed + 3 glass + 2 papyrus
    assert (paid.total, paid.opponent_gains, paid.bank) == (7, 5, 2)


def test_economy_pays_what_was_spent_after_the_buyers_discounts():
    buyer = make_city(["Customs House"])
    holder = make_city(["Glassworks"], progress=["Economy"])
    paid = price(buyer, holder, card("Caravansery"))
    assert paid.opponent_gains == 2 and paid.total == 4


def test_architecture_waives_the_two_most_expensive_resources_of_a_wonder():
    # The Pyramids: 3 stone + 1 papyrus; stone costs 4 (opponent's Shelf Quarry), papyrus 2.
    city = make_city(progress=["Architecture"])
    opp = make_city(["Shelf Quarry"])
    paid = price(city, opp, wonder("The Pyramids"))
    assert paid.total == 4 + 2
    assert paid.waived[INDEX[R.STONE]] == 2
    assert price(make_city(), opp, wonder("The Pyramids")).total == 3 * 4 + 2


def test_architecture_does_not_apply_to_cards():
    city = make_city(progress=["Architecture"])
    assert price(city, make_city(), card("Aqueduct")).total == 6


def test_masonry_waives_two_resources_of_blue_cards_only():
    city = make_city(progress=["Masonry"])
    opp = make_city(["Sawmill"])        # wood at 4
    assert price(city, opp, card("Tribunal")).total == 2     # 2 wood waived, glass bought at 2
    assert price(city, opp, card("Walls")).total == 4        # red: 2 stone at 2 each
    assert price(city, opp, wonder("The Pyramids")).total == 8


def test_waiving_uses_own_production_first():
    # Town Hall: 2 wood + 3 stone. Own 2 stone; Masonry waives the two dearest units left.
    city = make_city(["Quarry", "Stone Pit"], progress=["Masonry"])
    opp = make_city(["Sawmill"])        # wood 4, stone 2
    assert price(city, opp, card("Town Hall")).total == 2    # wood waived twice, one stone bought


def test_wonder_cost_uses_own_production():
    city = make_city(["Clay Pool", "Brickyard", "Glassworks"])
    assert price(city, make_city(), wonder("The Colossus")).total == 0


def test_seed_example_printed_costs():
    # Lumber Yard is free, Stone Pit costs 1 coin, Baths 1 stone, Arena 1 clay + 1 stone + 1 wood.
    nothing, other = make_city(), make_city()
    assert price(nothing, other, card("Lumber Yard")).total == 0
    assert price(nothing, other, card("Stone Pit")).total == 1
    assert price(make_city(["Quarry"]), other, card("Baths")).total == 0
    assert price(make_city(["Quarry", "Clay Pool", "Lumber Yard"]), other, card("Arena")).total == 0
    assert price(nothing, other, card("Arena")).total == 6


def test_seed_example_chains_horse_breeders_aqueduct_fortifications():
    opp = make_city(["Shelf Quarry", "Brickyard", "Sawmill"])
    assert price(make_city(["Stable"]), opp, card("Horse Breeders")).free_by_chain
    assert price(make_city(), opp, card("Horse Breeders")).total == 4 + 4
    assert price(make_city(["Baths"]), opp, card("Aqueduct")).total == 0
    assert price(make_city(["Palisade"]), opp, card("Fortifications")).total == 0


def test_seed_example_the_colossus_costs_3_clay_and_1_glass():
    assert price(make_city(["Brickyard", "Clay Pool", "Glassworks"]), make_city(), wonder("The Colossus")).total == 0
    assert price(make_city(), make_city(), wonder("The Colossus")).total == 4 * 2
