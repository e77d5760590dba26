"""Every tracked game answers the same interface (engine/tracked.py), found by its Play."""
import inspect

import pytest

from companion.catalog.plays import PLAYS, play
from companion.engine import tracked
from companion.engine.errors import BadInput
from companion.engine.messages import render

OPERATIONS = [name for name, _ in inspect.getmembers(tracked.TrackedGame, inspect.isfunction)
              if not name.startswith("_")]


@pytest.mark.parametrize("p", [p for p in PLAYS if p.tracked], ids=lambda p: p.key)
def test_each_play_has_a_tracked_game_with_every_operation(p):
    game = tracked.implementation(p)
    assert game is tracked.implementation(p.contract_game)
    for name in OPERATIONS:
        assert callable(getattr(game, name)), name
        assert list(inspect.signature(getattr(game, name)).parameters) == \
            list(inspect.signature(getattr(tracked.TrackedGame, name)).parameters)[1:], name


@pytest.mark.parametrize("p", [p for p in PLAYS if not p.tracked], ids=lambda p: p.key)
def test_a_play_only_scored_has_no_tracked_game(p):
    with pytest.raises(BadInput) as refused:
        tracked.implementation(p)
    assert refused.value.where == "game"


def test_a_new_game_says_what_is_played_and_whether_players_act_at_once():
    for doc, key in (({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]}, "duel"),
                     ({"game": "7wonders", "edition": 2, "players": [{"name": n, "wonder": w.id, "side": "day"} for n, w in
                                                                       zip("ABC", play("7wonders-2e").wonders())]},
                      "7wonders-2e")):
        game, state, names = tracked.new_game(doc)
        rules = tracked.implementation(game)
        assert rules.play_of(state) is play(key)
        assert rules.play_of(state).simultaneous == (key != "duel")


@pytest.mark.parametrize("doc", [{"game": "duel", "players": [{"name": "x" * 25}, {"name": "Bo"}]},
                                 {"game": "7wonders", "players": [{"name": "x" * 25}, {"name": "B"}, {"name": "C"}]}])
def test_a_name_is_checked_once_for_every_game(doc):
    with pytest.raises(BadInput) as refused:
        tracked.new_game(doc)
    assert refused.value.where == "players[0].name" and refused.value.msg.params == {"num": 24}


def test_unknown_games_are_refused():
    for game in ("chess", None, ["duel"], {"a": 1}):
        with pytest.raises(BadInput):
            tracked.implementation(game)


def test_a_move_is_described_with_the_names_the_box_prints():
    duel = play("duel")
    assert render(tracked.describe(duel, {"player": "Ana", "action": "build", "card": "Bains"})) == "Ana built Baths."
    assert render(tracked.describe(duel, {"player": "Ana", "action": "build", "card": "baths"}, hidden=True)) \
        == "Ana chose a card."
    assert render(tracked.describe(duel, {"action": "reveal", "slot": 3, "card": "nothing-known"})) \
        == "nothing-known turned face up on slot 4."
    assert render(tracked.describe(duel, {"player": "Ana", "action": "juggle"})) == "Ana juggle"
