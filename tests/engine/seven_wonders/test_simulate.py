"""Random games through simulate: the invariants hold after every move; the checks catch breakage."""
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import contract
from companion.engine.errors import BadInput
from companion.engine.seven_wonders import apply
from companion.engine.seven_wonders.invariants import check_move, check_state
from companion.engine.seven_wonders.scoring import CATEGORIES, score_cities
from companion.engine.seven_wonders.setup import random_game
from companion.engine.seven_wonders.simulate import SimulationCounts, next_mover, pick_from, play, simulate
from companion.engine.seven_wonders.state import Transfer

# The benchmark plays 1,000 games a configuration; the suite fewer (SEVEN_WONDERS_GAMES=1000 for all).
GAMES = int(os.environ.get("SEVEN_WONDERS_GAMES", "150"))


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", [3, 5, 7])
def test_simulate_reports_no_violation(players, edition):
    out = simulate(games=GAMES, seed=players * 10 + edition, players=players, edition=edition)
    assert out["violations"] == 0, out["examples"]
    assert out["games"] == GAMES and out["moves"] >= GAMES * 18 * players


def test_simulate_reports_no_violation_in_the_free_city_variant():
    out = simulate(games=GAMES, seed=2, players=2, edition=1)
    assert out["violations"] == 0, out["examples"]


def test_simulate_answers_the_contract_fields():
    out = contract.simulate("7wonders", games=3, seed=1, players=None, edition=None)
    assert {"games", "seconds", "games_per_second", "moves", "violations"} <= set(out)
    assert out["games"] == 3 and out["violations"] == 0


def test_simulate_is_repeatable_with_a_seed():
    a = simulate(games=3, seed=42, players=4, edition=1)
    b = simulate(games=3, seed=42, players=4, edition=1)
    assert a["moves"] == b["moves"]


@pytest.mark.parametrize("players, edition", [(8, 1), (1, 1), (2, 2)])
def test_simulate_refuses_impossible_tables(players, edition):
    with pytest.raises(BadInput) as e:
        simulate(games=1, seed=1, players=players, edition=edition)
    assert e.value.where == "players"


@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 10 ** 9), players=st.integers(2, 7), edition=st.sampled_from((1, 2)))
def test_every_random_game_keeps_the_invariants_and_scores_sum_up(seed, players, edition):
    if edition == 2 and players == 2:
        players = 3
    tally = SimulationCounts()
    state = play(random.Random(seed), players, edition, tally)
    assert tally.violations == 0, tally.examples
    assert state.over
    for city, score in zip(state.cities, score_cities(state.cities)):
        assert score.total == sum(score.scores[k] for k in CATEGORIES)
        # 18 turns, plus the wonders' extra cards: every card a city played is somewhere in it or sold.
        assert len(city.cards) - city.from_discard - city.seventh + city.stages + city.sold == 18


# ---------------------------------------------------------------- the checks catch what they should

def mid_game(seed=3):
    rng = random.Random(seed)
    state = random_game(rng, 4, 1)
    for _ in range(30):
        seat, actions = next_mover(state)
        state = apply(state, rng.choice(pick_from(rng, actions)))
    assert check_state(state) == []
    return state


def test_the_checks_catch_a_lost_or_copied_card():
    state = mid_game()
    hands = list(state.hands)
    hands[0] = hands[0][1:]
    assert any("out of place" in v for v in check_state(state.but(hands=tuple(hands))))
    cities = list(state.cities)
    cities[1] = cities[1].but(cards=cities[1].cards + state.hands[0][:1])
    assert any("out of place" in v for v in check_state(state.but(cities=tuple(cities))))


def test_the_checks_catch_two_cards_of_one_name():
    state = mid_game()
    cities = list(state.cities)
    cities[2] = cities[2].but(cards=cities[2].cards + ("loom", "loom-age-2"))
    assert any("two cards of one name" in v for v in check_state(state.but(cities=tuple(cities))))


def test_the_checks_catch_negative_coins_and_coins_made_from_nothing():
    state = mid_game()
    cities = list(state.cities)
    cities[0] = cities[0].but(coins=-1)
    assert any("-1 coins" in v for v in check_state(state.but(cities=tuple(cities))))
    cities[0] = state.cities[0].but(coins=state.cities[0].coins + 2)
    after = state.but(cities=tuple(cities))
    assert any("ledger says" in v for v in check_move(state, after))
    # A transfer to a seat that is not a neighbour is caught too.
    ledger = (Transfer(0, 2, 2, "buys"),)
    cities = list(state.cities)
    cities[0] = cities[0].but(coins=cities[0].coins - 2)
    cities[2] = cities[2].but(coins=cities[2].coins + 2)
    assert any("not a neighbour" in v for v in check_move(state, state.but(cities=tuple(cities), ledger=ledger)))


def test_the_checks_catch_a_skipped_turn():
    state = mid_game()
    cities = list(state.cities)
    cities[3] = cities[3].but(sold=cities[3].sold + 1)
    assert any("has played" in v for v in check_state(state.but(cities=tuple(cities))))
