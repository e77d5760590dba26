"""Science and progress (seed 000, STIINTA SI PROGRESUL; the progress token texts)."""
import pytest

from companion.engine.duel.actions import Build, TakeProgress
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.state import Pending, Wait
from companion.engine.errors import IllegalAction

from .duel_helpers import make_city, make_game

BOARD = ("agriculture", "law", "philosophy", "urbanism", "mathematics")


def pair_position(city=None, **fields):
    """Player 0 holds Scriptorium (quill) and can build Library (quill) from slot 18."""
    city = city or make_city(["Scriptorium"])
    fields.setdefault("board", BOARD)
    return make_game(2, {18: "Library"}, (city, make_city()), **fields)


def test_a_pair_of_symbols_lets_the_player_take_a_progress_token():
    after = apply(pair_position(), Build(18))
    assert after.pending == (Pending(Wait.PROGRESS, 0),)
    assert set(map(str, legal_actions(after, 0))) == {f"progress {t}" for t in BOARD}
    took = apply(after, TakeProgress("philosophy"))
    assert took.cities[0].progress == ("philosophy",) and "philosophy" not in took.board


def test_the_token_choice_comes_before_the_opponents_turn():
    after = apply(pair_position(), Build(18))
    assert after.to_move() == 0 and legal_actions(after, 1) == []
    assert apply(after, TakeProgress("law")).to_move() == 1


def test_no_token_when_the_board_is_empty():
    after = apply(pair_position(board=()), Build(18))
    assert after.pending == () and after.to_move() == 1


def test_different_symbols_make_no_pair():
    city = make_city(["Pharmacist"])
    after = apply(pair_position(city), Build(18))
    assert after.pending == ()


def test_six_different_symbols_is_scientific_supremacy():
    city = make_city(["Pharmacist", "Apothecary", "Workshop", "Academy", "University"], coins=20)
    after = apply(make_game(2, {18: "Library"}, (city, make_city()), board=BOARD), Build(18))
    assert after.over and after.victory == "scientific" and after.winner == 0


def test_five_symbols_and_a_pair_is_no_supremacy():
    city = make_city(["Pharmacist", "Apothecary", "Workshop", "Scriptorium", "University"], coins=20)
    after = apply(make_game(2, {18: "Library"}, (city, make_city()), board=BOARD), Build(18))
    assert not after.over


def test_law_counts_toward_scientific_supremacy():
    city = make_city(["Pharmacist", "Apothecary", "Workshop", "Scriptorium", "Academy"])
    state = make_game(2, {}, (city, make_city()), board=BOARD, pending=(Pending(Wait.PROGRESS, 0),))
    after = apply(state, TakeProgress("law"))
    assert after.over and after.victory == "scientific" and after.winner == 0


def test_agriculture_gives_6_coins():
    state = make_game(2, {}, (make_city(coins=3), make_city()), board=BOARD, pending=(Pending(Wait.PROGRESS, 0),))
    assert apply(state, TakeProgress("agriculture")).cities[0].coins == 9


def test_urbanism_gives_6_coins_and_4_more_for_each_chain_build():
    state = make_game(2, {}, (make_city(coins=0), make_city()), board=BOARD, pending=(Pending(Wait.PROGRESS, 0),))
    after = apply(state, TakeProgress("urbanism"))
    assert after.cities[0].coins == 6
    city = make_city(["Baths"], progress=["Urbanism"], coins=0)
    built = apply(make_game(2, {18: "Aqueduct"}, (city, make_city())), Build(18))
    assert built.cities[0].coins == 4


def test_no_chain_bonus_without_urbanism():
    built = apply(make_game(2, {18: "Aqueduct"}, (make_city(["Baths"], coins=0), make_city())), Build(18))
    assert built.cities[0].coins == 0


def test_a_token_not_on_the_board_cannot_be_taken():
    after = apply(pair_position(), Build(18))
    with pytest.raises(IllegalAction):
        apply(after, TakeProgress("economy"))
