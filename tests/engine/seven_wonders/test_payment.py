"""Payment: own production, what neighbours sell, discounts, chains, coins; the exact cheapest search."""
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalog import Resource as R
from companion.engine.resources import RESOURCES, ZERO, options_mask, vector
from companion.engine.seven_wonders.payment import Offer, every_split, quote
from companion.engine.seven_wonders.pricing import CHAIN, price_card, price_stage, why_not
from companion.engine.seven_wonders.facts import tables

from .tools import city

T1 = tables(1)


def card(name_id: str, edition: int = 1):
    return tables(edition).cards[name_id]


def price(me, left, right, card_id, edition=1):
    return price_card(me, left, right, card(card_id, edition))


# ---------------------------------------------------------------- seed 004, trade examples

def test_seed_example_a_university_buys_one_resource_from_each_neighbour_at_2_coins():
    # University: 2 wood, 1 glass, 1 papyrus. The city makes 1 wood and 1 glass;
    # one neighbour makes wood, the other papyrus: 2 coins to each.
    me = city("Alexandria", "Lumber Yard", coins=4)          # glass from the board
    left = city("Olympia")                                   # wood from the board
    right = city("Ephesus")                                  # papyrus from the board
    p = price(me, left, right, "university")
    assert (p.total, p.bank, p.splits()) == (4, 0, ((2, 2),))
    assert why_not(me, left, right, p) is None


def test_seed_example_c_coins_earned_this_turn_cannot_pay_so_the_forum_waits():
    # Forum: 2 clay. The city makes 1 clay, a neighbour makes clay, the city has no coins.
    me = city("Babylon", coins=0)                            # clay from the board
    left = city("Olympia", "Clay Pool")
    right = city("Ephesus")
    p = price(me, left, right, "forum")
    assert p.total == 2
    assert str(why_not(me, left, right, p)) == "This build costs 2 coins; you have 0 coins"


def test_seed_gizah_example_own_production_builds_barracks_and_scriptorium_but_not_aqueduct():
    # Gizah makes 2 stone, 1 clay, 1 ore, 1 papyrus, 1 textile (seed 004, Production).
    gizah = city("Giza", "Stone Pit", "Clay Pool", "Ore Vein", "Press", "Loom", coins=0)
    nobody = city("Olympia", coins=0), city("Alexandria", coins=0)
    assert price(gizah, *nobody, "barracks").total == 0
    assert price(gizah, *nobody, "scriptorium").total == 0
    aqueduct = price(gizah, *nobody, "aqueduct")
    assert not aqueduct.possible
    assert str(why_not(gizah, *nobody, aqueduct)) == \
        "This build needs 3 stone; you produce 2, nobody sells the third"


# ---------------------------------------------------------------- what neighbours sell

def test_a_neighbour_sells_its_starting_resource_and_brown_and_grey_cards():
    me = city("Rhodes", coins=10)
    left = city("Giza", "Clay Pool", "Loom")                 # stone (board), clay (brown), textile (grey)
    right = city("Babylon")
    p = price_card(me, left, city("Ephesus"), card("courthouse"))   # 2 clay + textile
    assert not p.possible                                    # the left sells only one clay
    p = price_card(me, left, right, card("courthouse"))      # right's board sells the second clay
    assert (p.total, p.splits()) == (6, ((4, 2),))


def test_neighbours_cannot_buy_yellow_card_production():
    me = city("Rhodes", coins=10)
    left = city("Giza", "Caravansery", "Forum")              # untradable choices
    right = city("Ephesus")
    assert not price(me, left, right, "stockade").possible   # wood: only on the Caravansery
    assert not price(me, left, right, "workshop").possible   # glass: only on the Forum


def test_neighbours_cannot_buy_wonder_stage_production():
    me = city("Rhodes", coins=10)
    left = city("Alexandria", side="B", stages=2)            # stage 1 raw choice, stage 2 manufactured choice
    right = city("Ephesus")
    assert not price(me, left, right, "stockade").possible
    assert price(me, left, right, "workshop").total == 2     # the board's own glass is for sale


def test_a_choice_card_sells_either_option_to_each_buyer_whatever_its_owner_uses():
    seller = city("Ephesus", "Tree Farm")                    # wood or clay
    west, east = city("Rhodes", coins=5), city("Giza", coins=5)
    # Both neighbours of the seller buy from the same Tree Farm in the same turn, one wood, one clay.
    assert price_card(west, seller, city("Olympia"), card("stockade")).total == 2
    assert price_card(east, city("Olympia"), seller, card("guard-tower")).total == 2


def test_a_choice_card_sells_one_unit_a_turn_to_one_buyer():
    me = city("Rhodes", coins=10)
    left = city("Ephesus", "Tree Farm")
    p = price_card(me, left, city("Halicarnassus"), card("stables"))   # clay + wood + ore(own)
    assert not p.possible
    assert str(why_not(me, left, city("Halicarnassus"), p)) == (
        "This build needs 1 wood and 1 clay more than you surely make; you and your neighbours cannot supply "
        "both "
        "at once (a card offering a choice gives one resource a turn)")


def test_each_resource_can_be_bought_only_as_often_as_it_is_produced():
    me = city("Rhodes", coins=10)
    p = price_card(me, city("Giza"), city("Ephesus"), card("walls"))   # 3 stone; Giza sells 1
    assert not p.possible


def test_the_reason_names_who_sells_and_which_unit_nobody_sells():
    me = city("Giza", coins=10)
    left = city("Ephesus")
    right = city("Olympia", "Ore Vein")
    p = price_card(me, left, right, card("dispensary"))      # 2 ore + glass
    assert str(why_not(me, left, right, p)) == \
        "This build needs 2 ore; your right neighbour sells 1, nobody sells the second"


def test_the_reason_says_when_nobody_makes_a_resource_at_all():
    me = city("Giza", coins=10)
    p = price_card(me, city("Ephesus"), city("Olympia"), card("workshop"))
    assert str(why_not(me, city("Ephesus"), city("Olympia"), p)) == \
        "This build needs 1 glass; you produce none and neither neighbour sells any"


# ---------------------------------------------------------------- discounts

def test_east_trading_post_lowers_raw_materials_from_the_right_only():
    me = city("Rhodes", "East Trading Post", coins=10)
    left, right = city("Olympia"), city("Halicarnassus", "Lumber Yard")
    p = price_card(me, left, right, card("stockade"))        # wood on both sides
    assert (p.total, p.splits()) == (1, ((0, 1),))
    assert price_card(me, city("Olympia"), city("Giza"), card("stockade")).splits() == ((2, 0),)


def test_west_trading_post_lowers_raw_materials_from_the_left_only():
    me = city("Rhodes", "West Trading Post", coins=10)
    p = price_card(me, city("Olympia"), city("Halicarnassus", "Lumber Yard"), card("stockade"))
    assert (p.total, p.splits()) == (1, ((1, 0),))


def test_trading_posts_do_not_lower_manufactured_goods():
    me = city("Rhodes", "West Trading Post", "East Trading Post", coins=10)
    assert price_card(me, city("Alexandria"), city("Giza"), card("workshop")).total == 2


def test_marketplace_lowers_manufactured_goods_from_both_neighbours():
    me = city("Rhodes", "Marketplace", coins=10)
    p = price_card(me, city("Alexandria"), city("Giza", "Glassworks"), card("workshop"))
    assert (p.total, p.splits()) == (1, ((1, 0), (0, 1)))
    assert price_card(me, city("Olympia"), city("Giza"), card("stockade")).total == 2   # not raw


def test_olympia_b_first_stage_lowers_raw_materials_from_both_neighbours():
    me = city("Olympia", side="B", stages=1, coins=10)
    p = price_card(me, city("Giza"), city("Halicarnassus", "Stone Pit"), card("walls"))   # 3 stone, wood board
    assert not p.possible                                     # only 2 stone for sale
    p = price_card(me, city("Giza"), city("Halicarnassus", "Stone Pit"), card("baths"))
    assert (p.total, p.splits()) == (1, ((1, 0), (0, 1)))


def test_discounts_are_not_cumulative():
    me = city("Olympia", "East Trading Post", "West Trading Post", side="B", stages=1, coins=10)
    p = price_card(me, city("Giza"), city("Halicarnassus"), card("baths"))
    assert p.total == 1                                       # never 0


def test_every_distinct_cheapest_split_is_listed():
    # Temple: wood, clay, glass. Clay and glass are sold on both sides at 2.
    me = city("Olympia", coins=10)                            # wood
    left = city("Babylon", "Glassworks")                      # clay, glass
    right = city("Alexandria", "Clay Pool")                   # glass, clay
    p = price_card(me, left, right, card("temple"))
    assert p.total == 4
    assert set(p.splits()) == {(4, 0), (2, 2), (0, 4)}


def test_a_dearer_split_is_possible_but_not_cheapest():
    me = city("Rhodes", "West Trading Post", coins=10)
    left, right = city("Olympia"), city("Halicarnassus", "Lumber Yard")
    p = price_card(me, left, right, card("stockade"))
    prod = me.production
    dearer = every_split(p.need, prod.fixed, prod.choices, left.production.sells, right.production.sells,
                         prod.left_prices, prod.right_prices)
    assert p.splits() == ((1, 0),)
    assert dearer == {(1, 0), (0, 2)}


def test_own_choice_cards_are_used_where_they_save_most():
    # Own Tree Farm (wood or clay); Stables needs clay, wood, ore; ore on the board.
    me = city("Rhodes", "Tree Farm", coins=10)
    left = city("Babylon")                                    # sells clay
    right = city("Ephesus")                                   # sells nothing useful
    p = price_card(me, left, right, card("stables"))
    assert (p.total, p.splits()) == (2, ((2, 0),))            # the farm makes the wood, clay is bought


# ---------------------------------------------------------------- chains and coin costs

def test_coin_cost_is_paid_to_the_bank():
    me = city("Rhodes", coins=1)
    p = price_card(me, city("Giza"), city("Ephesus"), card("tree-farm"))
    assert (p.total, p.bank, p.splits()) == (1, 1, ((0, 0),))


def test_a_chain_makes_the_card_free():
    me = city("Rhodes", "Scriptorium", coins=0)
    p = price_card(me, city("Giza"), city("Ephesus"), card("library"))
    assert (p.free, p.total) == (CHAIN, 0)


def test_chains_follow_the_edition():
    second = city("Rhodes", "Theater", edition=2, coins=0)
    assert price_card(second, city("Giza", edition=2), city("Ephesus", edition=2),
                      card("gardens", 2)).free == CHAIN
    first = city("Rhodes", "Theater", coins=0)
    assert price_card(first, city("Giza"), city("Ephesus"), card("gardens")).free is None
    assert price_card(first, city("Giza"), city("Ephesus"), card("statue")).free == CHAIN


def test_a_wonder_stage_costs_the_board_price_not_the_card():
    me = city("Alexandria", "Ore Vein", coins=0)
    left, right = city("Rhodes"), city("Giza", "Stone Pit")
    first = price_stage(me, left, right)                      # 2 stone, both from the right
    assert (first.total, first.splits()) == (4, ((0, 4),))
    second = price_stage(city("Alexandria", "Ore Vein", stages=1), left, right)   # 2 ore
    assert second.total == 2


# ---------------------------------------------------------------- the search against brute force

def brute_force(need, own: Offer, left: Offer, right: Offer, lp, rp):
    """Every way to use every choice card (or not), then every split of each unit: cheapest kept."""
    best, splits = None, set()
    n = len(RESOURCES)

    def picks(offer):
        options = [[None] + [i for i in range(n) if m >> i & 1] for m in offer.choices]
        for chosen in product(*options):
            v = list(offer.fixed)
            for i in chosen:
                if i is not None:
                    v[i] += 1
            yield v

    for mine in picks(own):
        rest = [max(0, a - b) for a, b in zip(need, mine)]
        for lv in picks(left):
            for rv in picks(right):
                ranges = [range(max(0, r - rv[i]), min(r, lv[i]) + 1) for i, r in enumerate(rest)]
                for ks in product(*ranges):
                    lc = sum(k * lp[i] for i, k in enumerate(ks))
                    rc = sum((rest[i] - k) * rp[i] for i, k in enumerate(ks))
                    if best is None or lc + rc < best:
                        best, splits = lc + rc, {(lc, rc)}
                    elif lc + rc == best:
                        splits.add((lc, rc))
    return best, splits


small = st.integers(0, 2)
masks = st.sets(st.integers(0, 6), min_size=2, max_size=3).map(lambda s: sum(1 << i for i in s))
vectors = st.tuples(*[small] * 7)
offers = st.builds(lambda f, c: Offer(f, tuple(sorted(c))), st.tuples(*[st.integers(0, 1)] * 7),
                   st.lists(masks, max_size=3))
price_vectors = st.tuples(*[st.sampled_from((1, 2))] * 7)


@settings(max_examples=300, deadline=None, database=None)
@given(need=vectors, own=offers, left=offers, right=offers, lp=price_vectors, rp=price_vectors)
def test_the_cheapest_payment_matches_a_brute_force_search(need, own, left, right, lp, rp):
    got = quote(need, own.fixed, own.choices, left, right, lp, rp)
    best, splits = brute_force(need, own, left, right, lp, rp)
    assert got.total == best
    assert set(got.splits) == splits


@settings(max_examples=100, deadline=None, database=None)
@given(need=vectors, own=offers, left=offers, right=offers, lp=price_vectors, rp=price_vectors)
def test_every_purchase_found_buys_exactly_the_shortfall_at_the_price_claimed(need, own, left, right, lp, rp):
    got = quote(need, own.fixed, own.choices, left, right, lp, rp)
    for p in got.purchases:
        assert p.left == sum(k * c for k, c in zip(p.from_left, lp))
        assert p.right == sum(k * c for k, c in zip(p.from_right, rp))
        bought = tuple(a + b for a, b in zip(p.from_left, p.from_right))
        assert quote(tuple(max(0, n - b) for n, b in zip(need, bought)), own.fixed, own.choices,
                     Offer(), Offer(), lp, rp).total == 0


def test_options_mask_and_vectors_agree_with_the_resources_order():
    assert vector({R.ORE: 2}) == (0, 0, 0, 2, 0, 0, 0)
    assert options_mask([R.WOOD, R.PAPYRUS]) == 0b1000001
    assert ZERO == (0,) * 7
    assert T1.cards["palace"].need == (1,) * 7
