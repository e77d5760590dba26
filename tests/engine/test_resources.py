"""The shared rule: own production covers a cost first, choices picked to leave the least to buy."""
from companion.catalog import Resource as R
from companion.engine.resources import ZERO, can_supply, options_mask, remainders, vector


def test_fixed_production_covers_what_it_can():
    need = vector({R.STONE: 2, R.ORE: 1})
    assert remainders(need, vector({R.STONE: 1}), ()) == {vector({R.STONE: 1, R.ORE: 1})}


def test_a_choice_card_covers_one_unit_of_one_option():
    need = vector({R.WOOD: 1, R.CLAY: 1})
    tree_farm = options_mask([R.WOOD, R.CLAY])
    # Either wood or clay is left: both shortfalls are kept, the game prices them.
    assert remainders(need, ZERO, (tree_farm,)) == {vector({R.WOOD: 1}), vector({R.CLAY: 1})}


def test_two_choice_cards_cover_both():
    need = vector({R.WOOD: 1, R.CLAY: 1})
    masks = (options_mask([R.WOOD, R.CLAY]), options_mask([R.CLAY, R.ORE]))
    assert remainders(need, ZERO, masks) == {ZERO}
    assert can_supply(need, ZERO, masks)


def test_a_larger_shortfall_is_never_kept_beside_a_smaller_one():
    need = vector({R.GLASS: 1, R.PAPYRUS: 1})
    forum = options_mask([R.GLASS, R.TEXTILE, R.PAPYRUS])
    assert all(sum(v) == 1 for v in remainders(need, ZERO, (forum,)))


def test_cannot_supply_more_than_produced():
    assert not can_supply(vector({R.ORE: 2}), vector({R.ORE: 1}), (options_mask([R.WOOD, R.STONE]),))
