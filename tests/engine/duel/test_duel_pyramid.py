"""The card structures (seed 000, DESFASURAREA JOCULUI): accessibility, cards turning up, reveals."""
from dataclasses import replace

import pytest

from companion.engine.duel.actions import Build, Discard, Reveal
from companion.engine.duel.pyramid import Pyramid
from companion.engine.duel.rules import apply, legal_actions, reveal_candidates
from companion.engine.duel.state import CHANCE
from companion.engine.errors import IllegalAction

from .duel_helpers import ident, make_game


def test_only_uncovered_cards_are_accessible_at_the_start():
    assert Pyramid.deal(1).accessible() == (14, 15, 16, 17, 18, 19)
    assert Pyramid.deal(2).accessible() == (18, 19)
    assert Pyramid.deal(3).accessible() == (18, 19)


def test_a_card_is_accessible_only_when_every_card_covering_it_is_gone():
    pyr = Pyramid.deal(1).take(14)
    assert not pyr.is_accessible(9)
    assert pyr.take(15).is_accessible(9)


def test_age_two_edge_card_is_freed_by_its_one_covering_card():
    pyr = Pyramid.deal(2)
    for s in (18, 19, 15, 16, 17, 11):
        pyr = pyr.take(s)
    assert pyr.is_accessible(6)


def test_an_uncovered_face_down_card_turns_face_up():
    pyr = Pyramid.deal(1)
    assert not pyr.is_face_up(9)
    pyr = pyr.take(14).take(15)
    assert pyr.is_face_up(9) and 9 in pyr.to_reveal()
    assert not pyr.is_face_up(10)


def test_face_up_cards_of_a_new_age_wait_to_be_entered():
    pyr = Pyramid.deal(1)
    assert pyr.to_reveal() == (0, 1, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19)


def test_the_turned_card_is_entered_before_the_next_turn():
    state = make_game(1, {14: "Lumber Yard", 15: "Quarry"}, taken=(14,))
    pyr = state.pyramid
    state = replace(state, pyramid=replace(pyr, cards=pyr.cards[:9] + (None,) + pyr.cards[10:]))
    after = apply(state, Build(15))
    assert after.to_move() == CHANCE and after.pyramid.to_reveal() == (9,)
    assert legal_actions(after, 1) == []
    with pytest.raises(IllegalAction):
        apply(after, Discard(16))
    unseen = reveal_candidates(after)
    assert len(unseen) == 23 - 19          # the age's deck less the 19 cards seen
    revealed = apply(after, Reveal(9, unseen[0]))
    assert revealed.to_move() == 1 and revealed.pyramid.cards[9] == unseen[0]


def _unknown_slot_game(age):
    state = make_game(age)
    pyr = state.pyramid
    return replace(state, pyramid=Pyramid(age, pyr.cards[:18] + (None, pyr.cards[19]), pyr.up))


def test_a_revealed_card_belongs_to_the_age():
    state = _unknown_slot_game(1)
    with pytest.raises(IllegalAction):
        apply(state, Reveal(18, ident("Aqueduct")))


def test_a_card_is_seen_once():
    state = _unknown_slot_game(1)
    with pytest.raises(IllegalAction):
        apply(state, Reveal(18, state.pyramid.cards[19]))


def test_only_a_face_up_unknown_slot_is_revealed():
    state = _unknown_slot_game(1)
    with pytest.raises(IllegalAction):
        apply(state, Reveal(3, "tavern"))


def test_the_third_age_holds_three_guilds_at_most():
    state = make_game(3)
    pyr = state.pyramid
    cards = ("merchants-guild", "builders-guild", "moneylenders-guild") + pyr.cards[3:18] + (None, pyr.cards[19])
    state = replace(state, pyramid=Pyramid(3, cards, pyr.up))
    candidates = reveal_candidates(state)
    assert not any(c.endswith("-guild") for c in candidates)
    with pytest.raises(IllegalAction):
        apply(state, Reveal(18, ident("Tacticians Guild")))


def test_guilds_may_turn_up_in_the_third_age():
    state = _unknown_slot_game(3)
    assert "scientists-guild" in reveal_candidates(state)
    assert "scientists-guild" not in reveal_candidates(_unknown_slot_game(2))


def test_a_face_up_card_still_covered_cannot_be_taken():
    state = make_game(1)
    with pytest.raises(IllegalAction):
        apply(state, Build(5))
    assert all(a.slot in (14, 15, 16, 17, 18, 19) for a in legal_actions(state, 0))
