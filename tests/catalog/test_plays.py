"""What is being played (catalog/plays.py) agrees with the data it names."""
import pytest

from companion.catalog import Game, catalog
from companion.catalog.plays import DEFAULT, PLAYS, find_play, play, play_for, play_of_doc


def test_every_pad_is_a_play_and_every_play_has_its_pad():
    assert {p.key for p in PLAYS} == set(catalog().pads)


@pytest.mark.parametrize("played", PLAYS, ids=lambda p: p.key)
def test_a_play_says_the_game_and_edition_its_pad_says(played):
    pad = played.pad
    assert (pad.game, pad.edition or None) == (played.game, played.edition or None)
    assert played.players == pad.players and pad.players[0] <= played.default_players <= pad.players[1]


@pytest.mark.parametrize("played", PLAYS, ids=lambda p: p.key)
def test_a_plays_board_sides_are_its_wonders_sides(played):
    for wonder in played.wonders():
        if played.has_boards:
            assert tuple(s.side for s in wonder.sides) == played.sides
        else:
            assert not hasattr(wonder, "sides")


def test_a_play_is_found_by_its_key_its_lookup_value_and_the_contracts_document():
    for played in PLAYS:
        assert play(played.key) is played and find_play(played.lookup) is played
        assert play_of_doc(played.contract_doc()) is played
        assert play_for(played.game, played.edition) is played
    assert find_play("chess") is None and find_play(["duel"]) is None
    assert play_for(Game.SEVEN_WONDERS) is DEFAULT
    with pytest.raises(ValueError):
        play_of_doc({"game": "chess"})
