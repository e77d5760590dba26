"""The 2-player variant of the 1st edition: the Free City, played in turn by both players."""
import random

import pytest

from companion.engine.errors import IllegalAction
from companion.engine.seven_wonders import Action, Move, apply, legal_actions
from companion.engine.seven_wonders.setup import new_game, random_decks
from companion.engine.seven_wonders.simulate import next_mover, pick_from
from companion.engine.seven_wonders.state import Phase

from .tools import city, ids, table

B, S, ST = Move.BUILD, Move.SELL, Move.STAGE
BOARDS = [("gizah", "A"), ("rhodes", "A"), ("ephesus", "A")]


def game(seed=1):
    decks = random_decks(1, 3, random.Random(seed))
    return new_game(1, BOARDS, decks, free_city=True), decks


def test_setup_uses_the_3_player_decks_and_gives_the_free_city_a_pile_and_3_coins():
    state, decks = game()
    assert state.free_city == 2 and [c.free_city for c in state.cities] == [False, False, True]
    assert [c.coins for c in state.cities] == [3, 3, 3]
    # Age I: the player on the Free City's left (seat 0) holds its card and draws the pile's top card.
    assert state.fc_holder == 0
    assert state.hands[0] == decks[0][:7] + decks[0][14:15]
    assert state.hands[1] == decks[0][7:14] and state.hands[2] == ()
    assert state.fc_pile == decks[0][15:21]


def test_the_holder_picks_for_its_city_first_then_for_the_free_city_from_the_rest():
    state, _ = game()
    assert legal_actions(state, 2) == []
    with pytest.raises(IllegalAction, match="after its holder chooses"):
        apply(state, Action(2, S, state.hands[0][0]))
    own = state.hands[0][0]
    state = apply(state, Action(0, S, own))
    rest = list(state.hands[0])
    rest.remove(own)
    assert {a.card for a in legal_actions(state, 2)} <= set(rest)
    assert legal_actions(state, 2)


def test_after_each_turn_the_hands_change_sides_and_the_other_player_holds_the_free_city():
    state, decks = game()
    a0 = next(a for a in legal_actions(state, 0) if a.move is S)
    state = apply(state, a0)
    a2 = legal_actions(state, 2)[0]
    a1 = next(a for a in legal_actions(state, 1) if a.move is S)
    state = apply(apply(state, a2), a1)
    assert state.turn == 2 and state.fc_holder == 1
    # Seat 0 took seat 1's 6 cards; seat 1 took seat 0's 6 cards and drew the pile's next card.
    assert len(state.hands[0]) == 6 and len(state.hands[1]) == 7
    assert state.hands[1][-1] == decks[0][15] and len(state.fc_pile) == 5


def test_the_holder_of_the_free_city_card_starts_left_right_left_by_age():
    state, _ = game(5)
    rng = random.Random(2)
    holders = {}
    while not state.over:
        holders.setdefault(state.age, state.fc_holder)
        seat, actions = next_mover(state)
        state = apply(state, rng.choice(pick_from(rng, actions)))
    assert holders == {1: 0, 2: 1, 3: 0}


def fc_table(fc_city, holder_hand, other_hand, turn=2, pile=("Baths",), holder=0):
    cities = (city("Giza", coins=3), city("Rhodes", coins=3), fc_city)
    return table(cities, [holder_hand, other_hand, []], turn=turn, free_city=2, fc_holder=holder,
                 fc_pile=ids(1, *pile), age=2)


def test_the_free_city_must_take_a_free_chain_build():
    state = fc_table(city("Ephesus", "Scriptorium", coins=0), ["Altar", "Library", "Baths"], ["Theater", "Tavern"])
    state = apply(state, Action(0, S, "altar"))
    assert [a for a in legal_actions(state, 2) if a.card == "library"] == [Action(2, B, "library")]
    with pytest.raises(IllegalAction, match="must build Library, free by its chain"):
        apply(state, Action(2, ST, "library"))


def test_the_free_city_may_sell_only_when_it_can_play_nothing():
    state = fc_table(city("Ephesus", coins=3), ["Altar", "Baths", "Palace"], ["Theater", "Tavern"])
    state = apply(state, Action(0, S, "altar"))
    assert not any(a.move is S for a in legal_actions(state, 2))
    with pytest.raises(IllegalAction, match="only when it can play none"):
        apply(state, Action(2, S, "palace"))
    broke = fc_table(city("Ephesus", coins=0), ["Altar", "Palace", "Dispensary"], ["Theater", "Tavern"])
    broke = apply(broke, Action(0, S, "altar"))
    assert set(legal_actions(broke, 2)) == {Action(2, S, "palace"), Action(2, S, "dispensary")}


def test_the_free_city_buys_from_both_players_with_its_own_coins():
    fc = city("Ephesus", coins=4)
    state = fc_table(fc, ["Altar", "Baths", "Stockade"], ["Theater", "Tavern"])   # Baths: a stone from Giza
    state = apply(state, Action(0, S, "altar"))
    state = apply(state, Action(2, B, "baths", 2, 0))
    state = apply(state, Action(1, S, "theater"))
    assert [c.coins for c in state.cities] == [3 + 3 + 2, 3 + 3, 4 - 2]


def test_in_the_sixth_turn_the_pile_last_card_and_the_unplayed_cards_are_discarded():
    state = fc_table(city("Ephesus"), ["Altar", "Baths", "Theater"], ["Tavern", "Stockade"], turn=6,
                     pile=("Barracks",))
    state = state.but(age=3)
    state = apply(state, Action(0, S, "altar"))
    state = apply(state, Action(2, B, "theater"))
    state = apply(state, Action(1, S, "tavern"))
    assert state.phase is Phase.OVER
    assert "theater" in state.cities[2].cards
    assert sorted(state.discard) == sorted(ids(1, "Altar", "Tavern", "Baths", "Stockade", "Barracks"))
    assert state.fc_pile == ()
