"""Random wonders for a table: one each, none twice, the boxes' wonders included, bad counts refused."""
import random

import pytest

from companion.catalog.plays import play
from companion.engine.dealing import deal_wonders, wonders_in_play
from companion.engine.errors import BadInput

ARCHITECTS = play("architects")


@pytest.mark.parametrize("seed", range(20))
def test_each_player_gets_a_different_wonder_of_the_game(seed):
    dealt = deal_wonders(ARCHITECTS, 7, random.Random(seed))
    assert len({w.id for w in dealt}) == 7
    assert {w.id for w in dealt} <= {w.id for w in ARCHITECTS.wonders()}


def test_the_medals_box_adds_its_two_wonders_to_the_deal():
    medals = ARCHITECTS.with_boxes(["medals"])
    assert {w.id for w in wonders_in_play(medals)} - {w.id for w in ARCHITECTS.wonders()} == {"rome", "ur"}
    seen = {w.id for seed in range(60) for w in deal_wonders(medals, 7, random.Random(seed))}
    assert {"rome", "ur"} <= seen


def test_the_deal_is_random_not_fixed():
    deals = {tuple(w.id for w in deal_wonders(ARCHITECTS, 3, random.Random(seed))) for seed in range(30)}
    assert len(deals) > 10


@pytest.mark.parametrize("players", [1, 8])
def test_a_table_the_game_does_not_seat_is_refused(players):
    with pytest.raises(BadInput) as refused:
        deal_wonders(ARCHITECTS, players, random.Random(1))
    assert refused.value.where == "players"


def test_boards_of_7_wonders_are_dealt_too():
    assert len(deal_wonders(play("7wonders"), 7, random.Random(2))) == 7
