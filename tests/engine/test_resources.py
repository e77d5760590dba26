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


def _every_use(need, fixed, choices):
    """Reference: every way to use each "one of" source (one option or none), the minimal shortfalls kept."""
    from itertools import product
    start = [max(0, n - f) for n, f in zip(need, fixed)]
    options = [[None] + [i for i in range(len(ZERO)) if m >> i & 1] for m in choices]
    found = set()
    for picks in product(*options):
        short = list(start)
        for i in picks:
            if i is not None and short[i]:
                short[i] -= 1
        found.add(tuple(short))
    return {s for s in found if not any(o != s and all(a <= b for a, b in zip(o, s)) for o in found)}


def test_shortfalls_cut_to_what_is_short_match_every_use_of_the_choice_cards():
    # The search keys its cache by the shortfall after fixed production and the
    # sources cut to it; over many random cities it must find what trying every use finds.
    import random
    rng = random.Random(17)
    for _ in range(3000):
        need = tuple(rng.choice((0, 0, 0, 1, 2, 3)) for _ in ZERO)
        fixed = tuple(rng.choice((0, 0, 1, 2)) for _ in ZERO)
        choices = tuple(rng.randrange(1, 1 << len(ZERO)) for _ in range(rng.randrange(5)))
        assert remainders(need, fixed, choices) == _every_use(need, fixed, choices), (need, fixed, choices)
