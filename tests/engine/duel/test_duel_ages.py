"""Setup, the draft, the ages and the end (seed 000: PREGATIREA JOCULUI, SFARSITUL UNEI ERE)."""
import random

import pytest

from companion.engine.duel.actions import ChooseStarter, Discard, PickWonder, ShowProgress, ShowWonder
from companion.engine.duel.facts import tables
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.setup import FIRST_GAME, new_game
from companion.engine.duel.simulate import Dealer
from companion.engine.duel.state import CHANCE, Pending, Wait
from companion.engine.errors import IllegalAction

from .duel_helpers import make_city, make_game

WONDERS = list(tables().base_wonders)


def setup_tokens(state, tokens=("agriculture", "law", "philosophy", "urbanism", "mathematics")):
    for t in tokens:
        state = apply(state, ShowProgress(t))
    return state


def test_each_player_starts_with_7_coins():
    assert [c.coins for c in new_game().cities] == [7, 7]


def test_five_progress_tokens_go_face_up_on_the_board_the_rest_stay_out():
    state = new_game()
    assert state.to_move() == CHANCE and len(legal_actions(state, CHANCE)) == 10
    state = setup_tokens(state)
    assert len(state.board) == 5 and len(state.unused) == 5
    assert set(state.board).isdisjoint(state.unused)


def test_a_token_is_placed_once():
    state = apply(new_game(), ShowProgress("law"))
    with pytest.raises(IllegalAction):
        apply(state, ShowProgress("law"))


def test_the_draft_order_is_1_2_1_then_2_1_2():
    state = setup_tokens(new_game(first=1))
    pickers = []
    for rnd in range(2):
        for w in WONDERS[rnd * 4: rnd * 4 + 4]:
            assert state.to_move() == CHANCE
            state = apply(state, ShowWonder(w))
        while state.shown:
            pickers.append(state.to_move())
            state = apply(state, legal_actions(state)[0])
    # The first player (1) takes 1, the second (0) takes 2, the last one goes to 1 by itself;
    # then the second player (0) picks first.
    assert pickers == [1, 0, 0, 0, 1, 1]
    assert [len(c.wonders_left) for c in state.cities] == [4, 4]


def test_the_last_wonder_of_a_round_goes_to_its_only_taker():
    state = setup_tokens(new_game(first=0))
    for w in WONDERS[:4]:
        state = apply(state, ShowWonder(w))
    state = apply(state, PickWonder(WONDERS[0]))
    state = apply(state, PickWonder(WONDERS[1]))
    state = apply(state, PickWonder(WONDERS[2]))
    assert WONDERS[3] in state.cities[0].wonders_left and state.shown == ()


def test_a_wonder_not_shown_cannot_be_picked():
    state = setup_tokens(new_game())
    for w in WONDERS[:4]:
        state = apply(state, ShowWonder(w))
    with pytest.raises(IllegalAction):
        apply(state, PickWonder(WONDERS[5]))


def test_first_game_wonders_as_the_rules_assign_them():
    state = setup_tokens(new_game(first=0, first_game=True))
    assert state.cities[0].wonders_left == FIRST_GAME[0] and state.cities[1].wonders_left == FIRST_GAME[1]
    assert set(FIRST_GAME[0]) == {"the-pyramids", "the-great-lighthouse", "the-temple-of-artemis",
                                  "the-statue-of-zeus"}
    assert set(FIRST_GAME[1]) == {"circus-maximus", "piraeus", "the-appian-way", "the-colossus"}


def test_age_one_begins_with_the_first_player_after_the_cards_are_entered():
    state = setup_tokens(new_game(first=1, first_game=True))
    assert state.age == 1 and state.to_move() == CHANCE
    dealer = Dealer.shuffle(random.Random(4))
    while state.to_move() == CHANCE:
        state = apply(state, dealer.event(state))
    assert state.to_move() == 1


def test_three_cards_of_each_age_are_removed_and_three_guilds_join_age_three():
    dealer = Dealer.shuffle(random.Random(7))
    t = tables()
    for age in (1, 2, 3):
        assert len(dealer.decks[age]) == 20 and len(dealer.removed[age]) == 3
    age3 = dealer.decks[3] + dealer.removed[3]
    assert sum(c in t.guilds for c in age3) == 3 and len(dealer.guilds_out) == 4
    assert set(dealer.decks[1] + dealer.removed[1]) == set(t.by_age[1])


def end_of_age(conflict, last):
    """Age I with one card left, taken by `last`."""
    state = make_game(1, {}, (make_city(), make_city()), taken=tuple(range(1, 20)), current=last,
                      conflict=conflict)
    return apply(state, Discard(0))


def test_the_weaker_player_chooses_who_begins_the_next_age():
    after = end_of_age(conflict=2, last=0)          # pawn on player 1's side
    assert after.pending == (Pending(Wait.STARTER, 1),)
    after = end_of_age(conflict=-1, last=1)
    assert after.pending == (Pending(Wait.STARTER, 0),)


def test_with_the_pawn_at_the_centre_the_last_player_to_act_chooses():
    assert end_of_age(conflict=0, last=1).pending == (Pending(Wait.STARTER, 1),)
    assert end_of_age(conflict=0, last=0).pending == (Pending(Wait.STARTER, 0),)


def test_the_chosen_player_begins_the_next_age():
    after = apply(end_of_age(conflict=2, last=0), ChooseStarter(0))
    assert after.age == 2 and after.pyramid.age == 2 and after.pyramid.taken == 0
    assert after.to_move() == CHANCE
    dealer = Dealer.shuffle(random.Random(1))
    while after.to_move() == CHANCE:
        after = apply(after, dealer.event(after))
    assert after.to_move() == 0


def test_the_game_ends_after_age_three_with_a_civilian_victory():
    state = make_game(3, {}, (make_city(), make_city()), taken=tuple(range(1, 20)))
    after = apply(state, Discard(0))
    assert after.over and after.victory == "civilian" and after.to_move() is None
    assert legal_actions(after) == []
    with pytest.raises(IllegalAction):
        apply(after, Discard(0))
