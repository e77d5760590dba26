"""Game flow: simultaneous picks, the three actions, trade at the end of the turn, the draft, conflicts."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.errors import IllegalAction
from companion.engine.seven_wonders import Action, Move, apply, legal_actions
from companion.engine.seven_wonders.rules import check, military
from companion.engine.seven_wonders.setup import random_game
from companion.engine.seven_wonders.simulate import next_mover, pick_from
from companion.engine.seven_wonders.state import Phase

from .tools import city, ids, table

B, S, ST = Move.BUILD, Move.SELL, Move.STAGE


def pick(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def three(*hands, cities=None, **more):
    cities = cities or (city("Giza", name="G"), city("Rhodes", name="R"), city("Ephesus", name="E"))
    return table(cities, hands, **more)


# ---------------------------------------------------------------- picks, resolved together

def test_picks_are_prepared_one_by_one_and_resolved_together():
    state = three(["Lumber Yard", "Baths"], ["Ore Vein", "Altar"], ["Clay Pool", "Theater"], turn=5)
    after_one = apply(state, Action(0, B, "lumber-yard"))
    assert after_one.cities == state.cities and after_one.pending[0] == Action(0, B, "lumber-yard")
    assert legal_actions(after_one, 0) == []
    with pytest.raises(IllegalAction, match="already chosen"):
        apply(after_one, Action(0, S, "baths"))
    done = pick(after_one, Action(1, B, "ore-vein"), Action(2, S, "clay-pool"))
    assert done.cities[0].cards == ("lumber-yard",) and done.cities[1].cards == ("ore-vein",)
    assert done.cities[2].coins == 3 + 3 and done.turn == 6


def test_a_neighbour_card_picked_this_turn_cannot_be_bought_this_turn():
    state = three(["Stockade", "Baths"], ["Lumber Yard", "Altar"], ["Clay Pool", "Theater"])
    state = apply(state, Action(1, B, "lumber-yard"))
    assert not any(a.card == "stockade" and a.move is B for a in legal_actions(state, 0))


def test_selling_a_card_gives_three_coins_and_discards_it():
    state = pick(three(["Baths", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"]),
                 Action(0, S, "baths"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert [c.coins for c in state.cities] == [6, 6, 6]
    assert sorted(state.discard) == sorted(ids(1, "Baths", "Altar", "Theater"))


def test_seed_example_b_a_city_uses_what_it_sells_the_same_turn():
    # Both neighbours buy 2 stone from Gizah (8 coins in all); Gizah builds the Library with them.
    gizah = city("Giza", "Stone Pit", "Loom", coins=0)
    alexandria = city("Alexandria", coins=4)
    ephesus = city("Ephesus", coins=4)
    state = table((gizah, alexandria, ephesus), [["Library", "Baths"], ["Altar", "Baths"], ["Theater", "Baths"]],
                  age=2)
    state = pick(state, Action(0, B, "library"), Action(1, ST, "altar", 0, 4), Action(2, ST, "theater", 4, 0))
    assert state.cities[0].cards[-1] == "library"
    assert [c.coins for c in state.cities] == [8, 0, 0]
    assert [c.stages for c in state.cities] == [0, 1, 1]


def test_seed_example_c_coins_earned_this_turn_cannot_be_spent_this_turn():
    # Babylon makes 1 clay, its right neighbour makes clay too, and Babylon has no coins.
    babylon = city("Babylon", coins=0)
    cities = (babylon, city("Olympia", coins=2), city("Ephesus", "Clay Pool", coins=5))
    state = table(cities, [["Forum", "Altar"], ["Guard Tower", "Theater"], ["Theater", "Baths"]], age=2)
    assert not any(a.card == "forum" and a.move is B for a in legal_actions(state, 0))
    with pytest.raises(IllegalAction) as e:
        apply(state, Action(0, B, "forum", 0, 2))
    assert e.value.reason == "Forum costs 2 coins; you have 0 coins"
    # The left neighbour buys Babylon's clay this turn: the 2 coins come at the end of the turn ...
    state = pick(state, Action(0, B, "altar"), Action(1, B, "guard-tower", 0, 2), Action(2, S, "theater"))
    assert state.cities[0].coins == 2
    # ... and pay for the Forum's clay in the next turn.
    state = table(state.cities, [["Forum"], ["Baths"], ["Baths"]], age=2, turn=6)
    assert Action(0, B, "forum", 0, 2) in legal_actions(state, 0)


def test_trade_coins_are_paid_at_the_end_of_the_turn_and_create_none():
    me = city("Rhodes", coins=4)
    left = city("Giza", coins=0)
    right = city("Babylon", coins=0)
    state = table((me, left, right), [["Baths", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"]])
    state = pick(state, Action(0, B, "baths", 2, 0), Action(1, S, "altar"), Action(2, S, "theater"))
    assert [c.coins for c in state.cities] == [2, 2 + 3, 3]
    assert sum(c.coins for c in state.cities) == 4 + 3 + 3


def test_a_payment_that_does_not_buy_the_cost_is_refused_with_the_cheapest():
    state = three(["Baths", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"],
                  cities=(city("Rhodes", coins=4), city("Giza"), city("Babylon")))
    with pytest.raises(IllegalAction) as e:
        apply(state, Action(0, B, "baths", 0, 2))
    assert e.value.reason == ("paying 0 to the left and 2 to the right does not buy what Baths needs; "
                              "the cheapest is 2 coins")


def test_an_impossible_build_says_which_resource_nobody_sells():
    state = three(["Dispensary", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"], age=2,
                  cities=(city("Giza", coins=9), city("Ephesus"), city("Olympia", "Ore Vein")))
    with pytest.raises(IllegalAction) as e:
        apply(state, Action(0, B, "dispensary", 0, 2))
    assert e.value.reason == "Dispensary needs 2 ore; your right neighbour sells 1, nobody sells the second"


def test_a_chain_build_is_free_and_pays_nothing():
    state = three(["Library", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"], age=2,
                  cities=(city("Giza", "Scriptorium", coins=0), city("Ephesus"), city("Olympia")))
    assert Action(0, B, "library") in legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="costs you nothing"):
        apply(state, Action(0, B, "library", 2, 0))


def test_a_coin_cost_goes_to_the_bank():
    state = pick(three(["Mine", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"]),
                 Action(0, B, "mine"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert state.cities[0].coins == 2


# ---------------------------------------------------------------- buildings

def test_a_city_never_builds_two_buildings_of_one_name():
    state = three(["Loom", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"], age=2,
                  cities=(city("Giza", "Loom"), city("Ephesus"), city("Olympia")))
    state = state.but(hands=(ids(1, "loom-age-2", "Altar"),) + state.hands[1:])
    assert not any(a.move is B and a.card == "loom-age-2" for a in legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="already has a Loom"):
        apply(state, Action(0, B, "loom-age-2"))


def test_a_card_under_a_wonder_stage_is_not_a_building():
    state = three(["Stone Pit", "Altar"], ["Altar", "Theater"], ["Theater", "Baths"],
                  cities=(city("Giza", "Stone Pit"), city("Ephesus"), city("Olympia")))
    state = pick(state, Action(0, ST, "stone-pit"), Action(1, S, "altar"), Action(2, S, "theater"))
    g = state.cities[0]
    assert (g.stages, g.stage_cards, g.cards) == (1, ("stone-pit",), ("stone-pit",))
    assert g.count("brown") == 1


def test_wonder_stages_are_built_in_order_and_once():
    done = city("Rhodes", side="B", stages=2, coins=20)
    state = three(["Altar", "Baths"], ["Altar", "Theater"], ["Theater", "Baths"],
                  cities=(done, city("Giza"), city("Ephesus")))
    assert not any(a.move is ST for a in legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="every stage of your wonder is built"):
        apply(state, Action(0, ST, "altar"))


def test_vineyard_counts_the_brown_cards_neighbours_build_the_same_turn():
    state = three(["Vineyard", "Altar"], ["Lumber Yard", "Theater"], ["Clay Pool", "Baths"], age=2,
                  cities=(city("Giza", "Stone Pit", coins=0), city("Ephesus", "Ore Vein"), city("Olympia")))
    state = pick(state, Action(0, B, "vineyard"), Action(1, B, "lumber-yard"), Action(2, B, "clay-pool"))
    assert state.cities[0].coins == 1 + 2 + 1                 # own Stone Pit; Ore Vein and Lumber Yard; Clay Pool


def test_lighthouse_counts_itself_and_arena_counts_stages_when_built():
    me = city("Rhodes", "Tavern", "Caravansery", "Stone Pit", "Glassworks", stages=2, coins=0)
    state = three(["Lighthouse", "Arena"], ["Altar", "Theater"], ["Theater", "Baths"], age=3,
                  cities=(me, city("Giza"), city("Ephesus")))
    after = pick(state, Action(0, B, "lighthouse"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert after.cities[0].coins == 3
    after = pick(state, Action(0, B, "arena"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert after.cities[0].coins == 3 * 2                     # the Caravansery makes the second stone


def test_discounts_of_a_card_built_this_turn_apply_from_the_next_turn():
    state = three(["West Trading Post", "Stockade", "Baths"], ["Altar", "Theater", "Baths"],
                  ["Theater", "Baths", "Altar"], cities=(city("Rhodes", coins=5), city("Olympia"), city("Giza")),
                  turn=5)
    assert all(a.left != 1 for a in legal_actions(state, 0) if a.card == "stockade" and a.move is B)
    state = pick(state, Action(0, B, "west-trading-post"), Action(1, S, "altar"), Action(2, S, "theater"))
    state = state.but(hands=(ids(1, "Stockade", "Baths"),) + state.hands[1:])
    assert Action(0, B, "stockade", 1, 0) in legal_actions(state, 0)


# ---------------------------------------------------------------- the draft

def test_hands_pass_left_in_ages_one_and_three_and_right_in_age_two():
    hands = [["Baths", "Altar"], ["Theater", "Tavern"], ["Stockade", "Barracks"]]
    for age, expect in ((1, [2, 0, 1]), (2, [1, 2, 0]), (3, [2, 0, 1])):
        state = three(*hands, age=age, turn=4)
        state = pick(state, *(Action(i, S, ids(1, h[0])[0]) for i, h in enumerate(hands)))
        # Seat i now holds the rest of the hand of seat expect[i].
        assert state.hands == tuple(ids(1, hands[j][1]) for j in expect)
        assert state.turn == 5


def test_the_sixth_turn_discards_the_card_left_without_coins_and_ends_the_age():
    state = three(["Baths", "Altar"], ["Theater", "Tavern"], ["Stockade", "Barracks"], age=3, turn=6)
    state = pick(state, Action(0, S, "baths"), Action(1, S, "theater"), Action(2, S, "stockade"))
    assert sorted(state.discard) == sorted(ids(1, "Baths", "Altar", "Theater", "Tavern", "Stockade", "Barracks"))
    assert [c.coins for c in state.cities] == [6, 6, 6]
    assert state.phase is Phase.OVER


def test_an_age_has_six_turns_and_the_game_three_ages():
    state = random_game(random.Random(11), 4, 1)
    rng = random.Random(1)
    seen = []
    while not state.over:
        seen.append((state.age, state.turn))
        seat, actions = next_mover(state)
        state = apply(state, rng.choice(pick_from(rng, actions)))
    assert sorted(set(seen)) == [(a, t) for a in (1, 2, 3) for t in range(1, 7)]


# ---------------------------------------------------------------- military conflicts

def test_seed_example_conflicts_at_the_end_of_age_two():
    # Alexandria (3 shields) between Rhodes (5) on the left and Ephesus (2) on the right.
    alexandria = city("Alexandria", "Stockade", "Barracks", "Guard Tower")
    rhodes = city("Rhodes", "Walls", "Stables", "Barracks")
    ephesus = city("Ephesus", "Walls")
    state = table((alexandria, rhodes, ephesus), [[], [], []], age=2)
    state = military(state)
    assert [c.shields for c in (alexandria, rhodes, ephesus)] == [3, 5, 2]
    assert sorted(state.cities[0].military) == [-1, 3]
    assert sorted(state.cities[1].military) == [3, 3]
    assert sorted(state.cities[2].military) == [-1, -1]


@pytest.mark.parametrize("age, win", [(1, 1), (2, 3), (3, 5)])
def test_victories_are_worth_1_3_5_by_age_defeats_minus_1_ties_nothing(age, win):
    a, b, c = city("Giza", "Stockade"), city("Rhodes"), city("Ephesus", "Stockade")
    state = military(table((a, b, c), [[], [], []], age=age))
    assert sorted(state.cities[0].military) == [win]          # beats Rhodes, ties Ephesus
    assert state.cities[1].military == (-1, -1)


def test_rhodes_stage_shields_count_in_conflicts():
    assert city("Rhodes", stages=2).shields == 2
    assert city("Rhodes", side="B", stages=2).shields == 2


# ---------------------------------------------------------------- moves as values

def test_a_move_has_a_string_form_and_back():
    for a in (Action(0, B, "temple", 2, 1), Action(3, S, "baths"), Action(1, B, "palace", power=True),
              Action(2, ST, "baths", 0, 2), Action(1, Move.DISCARD_BUILD, "statue"), Action(1, Move.PASS)):
        assert Action.parse(str(a)) == a
    assert str(Action(2, B, "temple", 2, 1)) == "2 build temple L2 R1"


# ---------------------------------------------------------------- apply accepts exactly the legal moves

def random_state(seed: int, steps: int):
    rng = random.Random(seed)
    edition = rng.choice((1, 1, 2))
    state = random_game(rng, rng.choice((2, 3, 4, 5, 6, 7) if edition == 1 else (3, 4, 5, 6, 7)), edition)
    for _ in range(steps):
        if state.over:
            break
        seat, actions = next_mover(state)
        state = apply(state, rng.choice(pick_from(rng, actions)))
    return state


def accepted(state, action) -> bool:
    try:
        check(state, action)
        return True
    except IllegalAction:
        return False


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10 ** 6), steps=st.integers(0, 120))
def test_apply_accepts_exactly_the_legal_moves(seed, steps):
    state = random_state(seed, steps)
    rng = random.Random(seed)
    for seat in range(state.seats):
        legal = set(legal_actions(state, seat, every_payment=True))
        cheapest = set(legal_actions(state, seat))
        assert cheapest <= legal
        for a in legal:
            assert accepted(state, a), a
        cards = {c for h in state.hands for c in h} | set(state.discard) | {"palace", "no-such-card"}
        for _ in range(30):
            a = Action(seat, rng.choice(list(Move)), rng.choice(sorted(cards)), rng.randint(0, 4),
                       rng.randint(0, 4), rng.random() < 0.2)
            assert accepted(state, a) == (a in legal), a


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10 ** 6), steps=st.integers(0, 120))
def test_listed_payments_are_the_cheapest_of_all_possible(seed, steps):
    state = random_state(seed, steps)
    for seat in range(state.seats):
        every = legal_actions(state, seat, every_payment=True)
        for a in legal_actions(state, seat):
            same = [b for b in every if (b.move, b.card, b.power) == (a.move, a.card, a.power)]
            assert a.left + a.right == min(b.left + b.right for b in same)
