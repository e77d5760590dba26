"""Every wonder power of both sides and both editions that changes how a city plays."""
import pytest

from companion.engine.errors import IllegalAction
from companion.engine.seven_wonders import Action, Move, apply, legal_actions
from companion.engine.seven_wonders.pricing import FIRST_OF_AGE, FIRST_OF_COLOUR, LAST_OF_AGE, price_card
from companion.engine.seven_wonders.state import Phase
from companion.engine.seven_wonders.facts import tables

from .tools import city, ids, table

B, S, ST, DB = Move.BUILD, Move.SELL, Move.STAGE, Move.DISCARD_BUILD


def pick(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def others(edition=1):
    return city("Giza", edition=edition, coins=0), city("Rhodes", edition=edition, coins=0)


# ---------------------------------------------------------------- Olympia A: a free build each age

def olympia(stages=2, **more):
    return city("Olympia", side="A", stages=stages, coins=0, **more)


def test_olympia_a_builds_one_card_an_age_for_free():
    state = table((olympia(), *others()), [["Palace", "Baths"], ["Altar", "Theater"], ["Theater", "Altar"]], age=3)
    assert Action(0, B, "palace", power=True) in legal_actions(state, 0)
    state = pick(state, Action(0, B, "palace", power=True), Action(1, S, "altar"), Action(2, S, "theater"))
    o = state.cities[0]
    assert (o.cards, o.coins, o.free_build_age) == (("palace",), 0, 3)


def test_olympia_a_free_build_is_spent_for_the_rest_of_the_age():
    state = table((olympia(free_build_age=2), *others()), [["Temple", "Baths"], ["Altar", "Theater"],
                                                           ["Theater", "Altar"]], age=2)
    assert not any(a.power for a in legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="already used this age's free build"):
        apply(state, Action(0, B, "temple", power=True))
    next_age = table((olympia(free_build_age=2), *others()), [["Palace", "Baths"], ["Altar", "Theater"],
                                                              ["Theater", "Altar"]], age=3)
    assert Action(0, B, "palace", power=True) in legal_actions(next_age, 0)


def test_olympia_a_free_build_is_for_cards_that_cost_something_and_not_for_stages():
    state = table((olympia(), *others()), [["Altar", "Baths"], ["Altar", "Theater"], ["Theater", "Altar"]])
    with pytest.raises(IllegalAction, match="costs you nothing already"):
        apply(state, Action(0, B, "altar", power=True))
    with pytest.raises(IllegalAction, match="not a wonder stage"):
        apply(state, Action(0, ST, "altar", power=True))
    with pytest.raises(IllegalAction, match="gives no free build"):
        apply(table((olympia(stages=1), *others()), state.hands), Action(0, B, "baths", power=True))


def test_a_power_acts_from_the_turn_after_its_stage_is_built():
    me = city("Olympia", "Stone Pit", "Quarry", side="A", stages=1, coins=0)
    state = table((me, *others()), [["Altar", "Palace", "Baths"], ["Altar", "Theater", "Baths"],
                                    ["Theater", "Altar", "Baths"]], age=3, turn=4)
    assert not any(a.power for a in legal_actions(state, 0))
    state = pick(state, Action(0, ST, "altar"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert state.cities[0].stages == 2
    assert any(a.power for a in legal_actions(state, 0))


# ---------------------------------------------------------------- Babylon B: the seventh card

def test_babylon_b_plays_the_last_card_of_the_age_instead_of_discarding_it():
    babylon = city("Babylon", side="B", stages=2, coins=0)
    state = table((babylon, *others()), [["Baths", "Altar"], ["Theater", "Tavern"], ["Stockade", "Barracks"]],
                  age=3, turn=6)
    state = pick(state, Action(0, B, "altar"), Action(1, S, "theater"), Action(2, S, "stockade"))
    assert state.phase is Phase.SEVENTH and state.waiting == (0,)
    # Baths would need a stone at 2 coins; Babylon has none: it may only sell the card.
    assert legal_actions(state, 0) == [Action(0, S, "baths")]
    assert legal_actions(state, 1) == []
    state = apply(state, Action(0, S, "baths"))
    assert state.phase is Phase.OVER
    assert state.cities[0].coins == 3 and state.cities[0].seventh == 1
    assert sorted(state.discard) == sorted(ids(1, "Theater", "Tavern", "Stockade", "Barracks", "Baths"))


def test_babylon_b_may_build_its_second_stage_in_the_sixth_turn_and_play_the_seventh_card():
    babylon = city("Babylon", "Lumber Yard", "Sawmill", "Glassworks", side="B", stages=1, coins=0)
    state = table((babylon, *others()), [["Baths", "Altar"], ["Theater", "Tavern"], ["Stockade", "Barracks"]],
                  age=3, turn=6)
    state = pick(state, Action(0, ST, "baths"), Action(1, S, "theater"), Action(2, S, "stockade"))
    assert state.phase is Phase.SEVENTH
    state = apply(state, Action(0, B, "altar"))
    assert "altar" in state.cities[0].cards


def test_without_its_second_stage_babylon_b_discards_the_last_card():
    babylon = city("Babylon", side="B", stages=1)
    state = table((babylon, *others()), [["Baths", "Altar"], ["Theater", "Tavern"], ["Stockade", "Barracks"]],
                  age=3, turn=6)
    state = pick(state, Action(0, S, "altar"), Action(1, S, "theater"), Action(2, S, "stockade"))
    assert state.phase is Phase.OVER and "baths" in state.discard


# ---------------------------------------------------------------- Halicarnassus: build from the discard

def halicarnassus(side="A", stages=1, **more):
    return city("Halicarnassus", "Ore Vein", "Foundry", side=side, stages=stages, **more)


def test_halicarnassus_builds_a_discarded_card_for_free_at_the_end_of_the_turn():
    state = table((halicarnassus(coins=0), *others()), [["Baths", "Altar"], ["Palace", "Tavern"],
                                                        ["Stockade", "Barracks"]],
                  age=2, turn=3, discard=["Temple", "Ore Vein"])
    state = pick(state, Action(0, ST, "baths"), Action(1, S, "palace"), Action(2, S, "stockade"))
    assert state.phase is Phase.DISCARD and state.waiting == (0,)
    assert legal_actions(state, 1) == []
    # This turn's discards are in the pile too (Palace, Stockade); its own Ore Vein's name is not offered.
    assert set(legal_actions(state, 0)) == {Action(0, DB, c) for c in ids(1, "Temple", "Palace", "Stockade")} \
        | {Action(0, Move.PASS)}
    state = apply(state, Action(0, DB, "palace"))
    h = state.cities[0]
    assert h.cards[-1] == "palace" and h.coins == 0 and h.from_discard == 1
    assert "palace" not in state.discard
    assert (state.phase, state.turn) == (Phase.PICK, 4)


def test_halicarnassus_may_take_the_cards_discarded_at_the_end_of_the_age():
    state = table((halicarnassus(coins=0), *others()), [["Baths", "Altar"], ["Palace", "Tavern"],
                                                        ["Stockade", "Barracks"]], age=3, turn=6)
    state = pick(state, Action(0, ST, "baths"), Action(1, S, "palace"), Action(2, S, "stockade"))
    offered = {a.card for a in legal_actions(state, 0) if a.move is DB}
    assert offered == set(ids(1, "Altar", "Palace", "Tavern", "Stockade", "Barracks"))
    state = apply(state, Action(0, DB, "tavern"))
    assert state.cities[0].coins == 5                          # the card's coins are taken as if built
    assert state.phase is Phase.OVER


def test_halicarnassus_may_pass_and_skips_an_empty_discard():
    state = table((halicarnassus(), *others()), [["Baths", "Altar"], ["Palace", "Tavern"],
                                                 ["Stockade", "Barracks"]], age=2, turn=3)
    state = pick(state, Action(0, ST, "baths"), Action(1, S, "palace"), Action(2, S, "stockade"))
    state = apply(state, Action(0, Move.PASS))
    assert state.phase is Phase.PICK and state.cities[0].cards == ids(1, "Ore Vein", "Foundry")
    state = table((halicarnassus(), *others()), [["Baths", "Altar"], ["Palace", "Tavern"],
                                                 ["Stockade", "Barracks"]], age=2, turn=3)
    state = pick(state, Action(0, ST, "baths"), Action(1, B, "tavern"), Action(2, B, "barracks"))
    assert state.phase is Phase.PICK and state.turn == 4       # nothing to build from: no extra move


def test_halicarnassus_b_builds_from_the_discard_with_each_of_its_stages():
    board = tables(1).board("halicarnassus", "B")
    assert [("build_from_discard" in s.gains.powers, s.gains.points) for s in board.stages] == \
        [(True, 2), (True, 1), (True, 0)]
    state = table((city("Halicarnassus", "Ore Vein", side="B", coins=2), *others()),
                  [["Baths", "Altar"], ["Palace", "Tavern"], ["Stockade", "Barracks"]], age=2, turn=3,
                  discard=["Temple"])
    state = pick(state, Action(0, ST, "baths", 0, 2), Action(1, S, "palace"), Action(2, S, "stockade"))
    assert state.phase is Phase.DISCARD


# ---------------------------------------------------------------- coins and production of stages

def test_ephesus_takes_its_coins_once_when_the_stage_is_built():
    state = table((city("Ephesus", "Lumber Yard", "Sawmill", stages=1, coins=0), *others()),
                  [["Baths", "Altar"], ["Altar", "Theater"], ["Theater", "Altar"]], age=2, turn=2)
    state = pick(state, Action(0, ST, "baths"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert state.cities[0].coins == 9
    state = pick(state, Action(0, S, state.hands[0][0]), Action(1, S, state.hands[1][0]),
                 Action(2, S, state.hands[2][0]))
    assert state.cities[0].coins == 9 + 3


def test_alexandria_stage_production_serves_its_own_city():
    me = city("Alexandria", side="B", stages=2, coins=0)
    p = price_card(me, *others(), tables(1).cards["temple"])   # wood, clay, glass
    assert p.total is None                                    # only one raw choice for wood and clay
    p = price_card(me, *others(), tables(1).cards["library"])  # 2 stone + textile
    assert (p.total, p.splits()) == (2, ((2, 0),))             # one stone from Giza, one from the stage


# ---------------------------------------------------------------- Olympia, 2nd edition

def test_olympia_day_builds_the_first_card_of_each_colour_for_free():
    me = city("Olympia", "Baths", side="day", stages=2, edition=2, coins=0)
    left, right = others(2)
    t = tables(2).cards
    assert price_card(me, left, right, t["guard-tower"]).free == FIRST_OF_COLOUR   # first red
    assert price_card(me, left, right, t["temple"]).free is None                    # blue already there
    before = city("Olympia", side="day", stages=1, edition=2)
    assert price_card(before, left, right, t["guard-tower"]).free is None


def test_olympia_night_builds_the_first_and_the_last_card_of_each_age_for_free():
    first = city("Olympia", side="night", stages=1, edition=2, coins=0)
    both = city("Olympia", side="night", stages=2, edition=2, coins=0)
    t = tables(2).cards
    left, right = others(2)
    assert price_card(first, left, right, t["palace"], turn=1).free == FIRST_OF_AGE
    assert price_card(first, left, right, t["palace"], turn=6).free is None
    assert price_card(both, left, right, t["palace"], turn=6).free == LAST_OF_AGE
    assert price_card(both, left, right, t["palace"], turn=3).free is None
    state = table((both, *others(2)), [["Palace", "Baths"], ["Altar", "Theater"], ["Theater", "Altar"]],
                  age=3, turn=6)
    state = pick(state, Action(0, B, "palace"), Action(1, S, "altar"), Action(2, S, "theater"))
    assert "palace" in state.cities[0].cards and state.cities[0].coins == 0
