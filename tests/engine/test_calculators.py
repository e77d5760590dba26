"""The standalone calculators apply the same rules as the full engine."""
from companion.catalog import Resource as R
from companion.engine.calculators import Supply, base_trade, duel_trade, science


def test_science_three_tablets_two_compasses_one_gear_is_21():
    # Seeds 003/004 and 001: 9 + 4 + 1 + 7 for the set.
    assert science(3, 2, 1, 0).points == 21


def test_science_one_more_gear_is_31():
    assert science(3, 2, 2, 0).points == 31


def test_science_wildcard_becomes_the_best_symbol():
    result = science(3, 2, 1, 1)
    assert result.points == 31 and result.chosen == (0, 0, 1)


def test_base_trade_buys_from_the_cheaper_neighbour_with_a_trading_post():
    # Need 2 ore, make none; both neighbours sell one ore; West Trading Post: left costs 1.
    answer = base_trade(1, {R.ORE: 2}, 0, Supply(), Supply({R.ORE: 1}), Supply({R.ORE: 1}),
                        discounts=["west-trading-post"])
    assert answer.total == 3 and answer.splits == ((1, 2),)


def test_base_trade_discounts_do_not_stack():
    answer = base_trade(1, {R.STONE: 1}, 0, Supply(), Supply({R.STONE: 1}), Supply(),
                        discounts=["west-trading-post", "olympia-b"])
    assert answer.total == 1


def test_base_trade_offers_every_cheapest_split():
    answer = base_trade(1, {R.WOOD: 1}, 0, Supply(), Supply({R.WOOD: 1}), Supply({R.WOOD: 1}))
    assert set(answer.splits) == {(2, 0), (0, 2)}


def test_base_trade_choice_card_sells_either_option():
    answer = base_trade(1, {R.CLAY: 1}, 0, Supply(), Supply(choices=((R.WOOD, R.CLAY),)), Supply())
    assert answer.total == 2 and answer.splits == ((2, 0),)


def test_base_trade_says_who_sells_what_when_impossible():
    answer = base_trade(1, {R.ORE: 2}, 0, Supply(), Supply(), Supply({R.ORE: 1}))
    assert not answer.possible and str(answer.reason).startswith("This build needs 2 ore")


def test_base_trade_short_of_coins():
    answer = base_trade(1, {R.ORE: 1}, 1, Supply(), Supply({R.ORE: 1}), Supply(), coins=2)
    assert not answer.possible and answer.total == 3 and "you have 2" in str(answer.reason)


def test_duel_trade_caravansery_costs_7():
    # Seed 000's example: 2 coins, glass at 2 + 1 (the opponent makes one), papyrus at 2.
    answer = duel_trade({R.GLASS: 1, R.PAPYRUS: 1}, 2, Supply(), {R.GLASS: 1})
    assert answer.total == 7 and answer.trade == 5


def test_duel_trade_fixed_price_card_makes_it_1():
    answer = duel_trade({R.STONE: 2}, 0, Supply(), {R.STONE: 2}, fixed_price=[R.STONE])
    assert answer.total == 2


def test_duel_trade_waives_the_two_dearest_units():
    answer = duel_trade({R.STONE: 2, R.WOOD: 1}, 0, Supply(), {R.STONE: 2}, waive=2)
    assert answer.total == 2 and answer.waived == {R.STONE: 2}
