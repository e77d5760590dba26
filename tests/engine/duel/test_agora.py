"""7 Wonders Duel with Agora (issue 32): each rule of the box's game, by name: set-up, every
senator, every conspiracy and every decree played, the military tokens, political supremacy.

Positions are built on Agora's structures with every card known; moves go through the
box's legal_actions and apply.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.engine.duel import rules as duel
from companion.engine.duel.actions import Build, BuildWonder, Discard, Rebuild, Reveal
from companion.engine.duel.agora import rules
from companion.engine.duel.agora.actions import (Coerce, Conspire, DiscardAvailable, DrawConspiracy, Extort,
                                                 Foreclose, Fraud, KeepConspiracy, LayDecree, Lock, MoveCube,
                                                 MoveDecree, PlaceCube, Prepare, RemoveCube, Sabotage, Skip, Spy,
                                                 Treason, Trigger, parse)
from companion.engine.duel.agora.facts import facts
from companion.engine.duel.agora.scoring import player_scores, result
from companion.engine.duel.agora.senate import Senate
from companion.engine.duel.agora.simulate import play_one, violations
from companion.engine.duel.agora.state import CHANCE, Agora, AgoraGame, APending, AWait
from companion.engine.duel.city import City
from companion.engine.duel.facts import tables
from companion.engine.duel.military import Loot
from companion.engine.duel.pyramid import Pyramid, geometry
from companion.engine.duel.state import GameState, Pending, Wait
from companion.engine.errors import IllegalAction

from .duel_helpers import ident, make_city

BOTTOM = (18, 19, 20, 21, 22, 23, 24)      # Age I's accessible slots at the start (Agora's structure)


def senate(*placed: tuple[int, int, int]) -> Senate:
    """A Senate with (player, chamber, cubes) placed."""
    s = Senate.empty()
    for player, chamber, n in placed:
        for _ in range(n):
            s = s.place(player, chamber)
    return s


def agora_game(slots: dict[int, str] | None = None, cities=None, *, age: int = 1, current: int = 0,
               decrees: dict[int, str] | None = None, **fields) -> AgoraGame:
    """`age` on Agora's structure, every card known (`slots`: card ids or senators that matter),
    player `current` to move, the decrees of `decrees` laid, the others in the box."""
    t = tables()
    g = geometry(age, "agora")
    named = dict(slots or {})
    cities = cities or (City(coins=20), City(coins=20))
    owned = {c for city in cities for c in city.cards + city.buried}
    filler = [c for c in t.by_age[age] + (t.guilds if age == 3 else ()) if c not in named.values() and c not in owned]
    filler += [s for s in facts().senators if s not in named.values()]
    cards = tuple(named.get(s) or filler.pop(0) for s in range(g.size))
    base = GameState(cities=tuple(cities), age=age, pyramid=Pyramid(age, cards, g.face_up, 0, "agora"),
                     current=current, last=current, loot_kept=True)
    laid = dict(decrees or {})
    agora = Agora(fields.pop("senate", Senate.empty()), tuple((laid[c],) if c in laid else () for c in range(1, 7)),
                  unrevealed=tuple(c for c in range(1, 7) if c not in laid),
                  decree_box=tuple(d for d in sorted(facts().decrees) if d not in laid.values()),
                  conspiracy_deck=tuple(c for c in sorted(facts().conspiracies)
                                        if c not in _owned_conspiracies(fields)))
    return AgoraGame(base, replace(agora, **fields))


def _owned_conspiracies(fields) -> set[str]:
    return {c for key in ("held", "prepared", "triggered") for side in fields.get(key, ((), ())) for c in side}


def coins(game: AgoraGame, player: int) -> int:
    return game.base.cities[player].coins


# -- set-up -----------------------------------------------------------------------------------

def test_setup_lays_a_face_up_decree_in_chambers_one_three_and_five():
    game = rules.new_game(0)
    assert [(p.wait, p.chamber, p.player) for p in game.agora.pending] == [(AWait.LAY_DECREE, c, CHANCE)
                                                                           for c in (1, 3, 5)]
    for _ in range(3):
        game = rules.apply(game, rules.legal_actions(game)[0])
    laid = [len(stack) for stack in game.agora.decrees]
    assert laid == [1, 0, 1, 0, 1, 0] and game.agora.unrevealed == (2, 4, 6)
    assert game.base.loot_kept and game.agora.senate.reserve(0) == game.agora.senate.reserve(1) == 12


def test_setup_deals_agoras_structures_of_25_25_and_23_cards():
    game = rules.new_game(0)
    while game.base.age == 0 or game.to_move() == CHANCE and game.base.pyramid is None or game.agora.pending:
        game = rules.apply(game, rules.legal_actions(game)[0])
    assert game.base.pyramid.shape == "agora" and len(game.base.pyramid.cards) == 25
    assert [len(Pyramid.deal(age, "agora").cards) for age in (1, 2, 3)] == [25, 25, 23]


def hidden_top(game: AgoraGame, rows: int = 7) -> AgoraGame:
    """`game` with its structure's first `rows` slots not turned up yet."""
    pyr = game.base.pyramid
    pyr = replace(pyr, cards=tuple(None if s < rows else c for s, c in enumerate(pyr.cards)))
    return AgoraGame(game.base.evolve(pyramid=pyr), game.agora)


@pytest.mark.parametrize("age, per_age", [(1, 5), (2, 5), (3, 3)])
def test_each_age_deals_five_five_and_three_senators(age, per_age):
    assert facts().per_age == (5, 5, 3) and len(facts().senators) == 13
    senators = list(facts().senators)
    seen = agora_game({s: x for s, x in zip(range(10, 30), senators[:per_age])}, age=age)
    assert not any(c in facts().senators for c in rules.reveal_candidates(hidden_top(seen)))
    fewer = agora_game({s: x for s, x in zip(range(10, 30), senators[:per_age - 1])}, age=age)
    offered = [c for c in rules.reveal_candidates(hidden_top(fewer)) if c in facts().senators]
    assert offered == senators[per_age - 1:]


# -- senators --------------------------------------------------------------------------------

def test_a_senator_costs_a_coin_for_each_senator_already_recruited():
    game = agora_game({18: "politician-left-1"}, recruited=(("conspirator-1", "conspirator-2"), ()))
    after = rules.apply(game, Build(18))
    assert coins(after, 0) == 20 - 2 and after.agora.recruited[0][-1] == "politician-left-1"
    poor = agora_game({18: "politician-left-1"}, (City(coins=1), City()),
                      recruited=(("conspirator-1", "conspirator-2"), ()))
    assert Build(18) not in rules.legal_actions(poor)
    with pytest.raises(IllegalAction, match="costs 2"):
        rules.apply(poor, Build(18))


@pytest.mark.parametrize("senator, chambers", [("politician-left-1", (1, 2)), ("politician-centre-1", (3, 4)),
                                               ("politician-right-1", (5, 6))])
def test_a_politician_places_influence_in_its_sections_chambers(senator, chambers):
    game = rules.apply(agora_game({18: senator}), Build(18))
    assert game.to_move() == 0 and game.agora.pending[0].wait == AWait.SENATE
    places = {a.chamber for a in rules.legal_actions(game) if isinstance(a, PlaceCube)}
    assert places == set(chambers)
    outside = next(c for c in range(1, 7) if c not in chambers)
    with pytest.raises(IllegalAction, match="chambers"):
        rules.apply(game, PlaceCube(outside))


@pytest.mark.parametrize("blue, actions", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (6, 3)])
def test_a_politicians_senate_actions_follow_the_citys_blue_cards(blue, actions):
    blues = ["Theater", "Altar", "Baths", "Tribunal", "Statue", "Temple"][:blue]
    game = agora_game({18: "politician-left-1"}, (make_city(blues, coins=20), City()))
    game = rules.apply(game, Build(18))
    done = 0
    while game.agora.pending and game.agora.pending[0].wait == AWait.SENATE:
        game = rules.apply(game, PlaceCube(1))
        done += 1
        while game.agora.pending and game.agora.pending[0].player == CHANCE:     # chamber 1's decree
            game = rules.apply(game, rules.legal_actions(game)[0])
    assert done == actions and game.agora.senate.in_chamber(1, 0) == actions and game.to_move() == 1


def test_a_politicians_action_may_move_a_cube_to_a_neighbouring_chamber_or_be_skipped():
    game = agora_game({18: "politician-right-1"}, senate=senate((0, 2, 1)), decrees={3: "decree-shield"})
    game = rules.apply(game, Build(18))
    assert MoveCube(2, 3) in rules.legal_actions(game) and MoveCube(2, 4) not in rules.legal_actions(game)
    with pytest.raises(IllegalAction, match="neighbouring"):
        rules.apply(game, MoveCube(2, 4))
    moved = rules.apply(game, MoveCube(2, 3))
    assert moved.agora.senate.in_chamber(3, 0) == 1 and moved.agora.senate.in_chamber(2, 0) == 0
    skipped = rules.apply(game, Skip())
    assert skipped.agora.senate == game.agora.senate and skipped.to_move() == 1


def test_a_conspirator_places_a_cube_in_any_chamber():
    game = rules.apply(agora_game({18: "conspirator-1"}), Build(18))
    assert game.agora.pending[0].wait == AWait.CONSPIRATOR
    assert {a.chamber for a in rules.legal_actions(game) if isinstance(a, PlaceCube)} == set(range(1, 7))
    game = rules.apply(game, PlaceCube(6))
    assert game.agora.senate.in_chamber(6, 0) == 1
    assert game.to_move() == CHANCE and game.agora.pending[0] == APending(AWait.LAY_DECREE, CHANCE, chamber=6)


def test_a_conspirator_conspires_two_conspiracies_drawn_one_kept():
    game = rules.apply(rules.apply(agora_game({18: "conspirator-1"}), Build(18)), Conspire())
    assert [p.wait for p in game.agora.pending] == [AWait.DRAW, AWait.DRAW, AWait.KEEP]
    game = rules.apply(game, DrawConspiracy("coup"))
    assert DrawConspiracy("coup") not in rules.legal_actions(game)
    game = rules.apply(game, DrawConspiracy("blackmail"))
    assert set(rules.legal_actions(game)) == {KeepConspiracy("coup"), KeepConspiracy("blackmail")}
    game = rules.apply(game, KeepConspiracy("coup"))
    assert game.agora.held[0] == ("coup",) and "blackmail" in game.agora.conspiracy_deck
    assert "coup" not in game.agora.conspiracy_deck and game.to_move() == 1


def test_a_senator_is_no_building_to_rebuild_from_the_discard_pile():
    game = agora_game()
    game = game.but(base=game.base.evolve(discard=("conspirator-1",), pending=(Pending(Wait.REBUILD, 0),)))
    assert rules.legal_actions(game) == []
    with pytest.raises(IllegalAction, match="senator"):
        rules.apply(game, Rebuild("conspirator-1"))


def test_a_mausoleum_with_only_senators_discarded_builds_nothing():
    game = agora_game({18: "conspirator-1", 19: "conspirator-2"},
                      (make_city(left=["The Mausoleum"], coins=30), City()))
    game = rules.apply(game, Discard(18))                 # player 0 discards the senator
    game = rules.apply(game, Discard(19))                 # and player 1 the other
    game = rules.apply(game, BuildWonder(20, ident("The Mausoleum", "wonder")))
    assert not game.base.pending and game.to_move() == 1


# -- conspiracies: prepared, triggered ------------------------------------------------------

def test_a_conspiracy_is_prepared_with_an_accessible_card_tucked_under_it_as_a_turn():
    game = agora_game(held=(("coup",), ()))
    assert Prepare(18, "coup") in rules.legal_actions(game)
    card = game.base.pyramid.cards[18]
    after = rules.apply(game, Prepare(18, "coup"))
    assert after.agora.prepared[0] == ("coup",) and after.agora.held[0] == () and after.agora.under == (card,)
    assert after.base.pyramid.is_taken(18) and after.to_move() == 1
    with pytest.raises(IllegalAction, match="no unprepared conspiracy"):
        rules.apply(game, Prepare(18, "blackmail"))


def test_a_prepared_conspiracy_is_triggered_before_the_turns_move_one_a_turn():
    game = agora_game(prepared=(("coup", "blackmail"), ()))
    assert Trigger("coup") in rules.legal_actions(game)
    game = rules.apply(game, Trigger("coup"))
    assert game.to_move() == 0 and game.agora.triggered[0] == ("coup",)
    assert Trigger("blackmail") not in rules.legal_actions(game)
    with pytest.raises(IllegalAction, match="One conspiracy a turn"):
        rules.apply(game, Trigger("blackmail"))
    game = rules.apply(game, Discard(18))                 # the turn's move, then the opponent's
    game = rules.apply(game, Discard(19))
    assert Trigger("blackmail") in rules.legal_actions(game)


def test_an_unprepared_conspiracy_is_not_triggered():
    game = agora_game(held=(("coup",), ()))
    assert not any(isinstance(a, Trigger) for a in rules.legal_actions(game))
    with pytest.raises(IllegalAction, match="no prepared conspiracy"):
        rules.apply(game, Trigger("coup"))


def trigger(conspiracy: str, game: AgoraGame | None = None, **kwargs) -> AgoraGame:
    game = game or agora_game(prepared=((conspiracy,), ()), **kwargs)
    return rules.apply(game, Trigger(conspiracy))


def test_extortion_takes_an_opponents_wonder_not_built_then_moves_a_cube():
    pyramids = ident("The Pyramids", "wonder")
    game = trigger("extortion", cities=(City(coins=5), make_city(left=["The Pyramids"])),
                   senate=senate((0, 1, 1)))
    assert rules.legal_actions(game) == [Extort(pyramids)]
    game = rules.apply(game, Extort(pyramids))
    assert game.base.cities[0].wonders_left == (pyramids,) and game.base.cities[1].wonders_left == ()
    assert game.agora.pending[0].wait == AWait.MOVE and MoveCube(1, 2) in rules.legal_actions(game)
    assert Skip() in rules.legal_actions(game)


def test_blackmail_takes_half_the_opponents_coins_rounded_up():
    game = trigger("blackmail", cities=(City(coins=4), City(coins=7)))
    assert (coins(game, 0), coins(game, 1)) == (8, 3)
    assert game.agora.pending[0].wait == AWait.MOVE


@pytest.mark.parametrize("conspiracy, card", [("expropriation", "Theater"), ("swindle", "Tavern")])
def test_expropriation_and_swindle_discard_an_opponents_blue_or_yellow_card(conspiracy, card):
    game = trigger(conspiracy, cities=(City(), make_city(["Theater", "Tavern", "Lumber Yard"])))
    assert game.base.pending[0] == Pending(Wait.DESTROY, 0, colour=("blue" if card == "Theater" else "yellow"))
    game = rules.apply(game, Skip())                      # the cube's move first (Agora's queue leads)
    assert rules.legal_actions(game) == [duel.Destroy(ident(card))]
    game = rules.apply(game, duel.Destroy(ident(card)))
    assert ident(card) in game.base.discard and ident(card) not in game.base.cities[1].cards


def test_coup_gives_two_shields():
    game = trigger("coup")
    assert game.base.conflict == 2 and game.to_move() == 0


def test_political_maneuver_places_a_cube_removes_one_and_moves_one():
    game = trigger("political-maneuver", senate=senate((1, 4, 1)), decrees={3: "decree-shield"})
    assert [p.wait for p in game.agora.pending] == [AWait.PLACE, AWait.REMOVE, AWait.MOVE]
    game = rules.apply(game, PlaceCube(3))
    assert rules.legal_actions(game) == [RemoveCube(4)]
    game = rules.apply(game, RemoveCube(4))
    assert game.agora.senate.in_chamber(4, 1) == 0
    game = rules.apply(game, MoveCube(3, 4))
    assert game.agora.senate.in_chamber(4, 0) == 1


def test_espionage_takes_any_progress_token_left_out_at_setup():
    base_unused = ("agriculture", "law")
    game = agora_game(prepared=(("espionage",), ()))
    game = trigger("espionage", game.but(base=game.base.evolve(unused=base_unused)))
    assert set(rules.legal_actions(game)) == {Spy("agriculture"), Spy("law")}
    game = rules.apply(game, Spy("agriculture"))
    assert game.base.cities[0].progress == ("agriculture",) and coins(game, 0) == 26


def test_turn_of_events_discards_an_accessible_card_and_may_discard_a_second():
    game = trigger("turn-of-events")
    assert Skip() not in rules.legal_actions(game)
    card = game.base.pyramid.cards[18]
    game = rules.apply(game, DiscardAvailable(18))
    assert game.base.discard == (card,) and Skip() in rules.legal_actions(game)
    game = rules.apply(game, DiscardAvailable(19))
    assert len(game.base.discard) == 2 and game.agora.pending[0].wait == AWait.MOVE


def test_embezzlement_a_coin_for_each_of_your_cubes_and_the_opponent_loses_one_for_each_of_theirs():
    game = trigger("embezzlement", cities=(City(coins=1), City(coins=2)),
                   senate=senate((0, 1, 2), (0, 3, 1), (1, 5, 4)))
    assert (coins(game, 0), coins(game, 1)) == (4, 0)


def test_foreclosure_takes_an_opponents_brown_or_grey_card():
    game = trigger("foreclosure", cities=(City(), make_city(["Lumber Yard", "Glassworks", "Theater"])))
    assert set(rules.legal_actions(game)) == {Foreclose(ident("Lumber Yard")), Foreclose(ident("Glassworks"))}
    game = rules.apply(game, Foreclose(ident("Glassworks")))
    assert game.base.cities[0].cards == (ident("Glassworks"),)
    assert ident("Glassworks") not in game.base.cities[1].cards
    with pytest.raises(IllegalAction):
        rules.apply(trigger("foreclosure", cities=(City(), make_city(["Theater"]))), Foreclose(ident("Theater")))


def test_sabotage_returns_an_opponents_built_wonder_to_the_box_and_its_card_to_the_discard():
    pyramids = ident("The Pyramids", "wonder")
    game = trigger("sabotage", cities=(City(), make_city(wonders=["The Pyramids"], buried=["Baths"])))
    assert rules.legal_actions(game) == [Sabotage(pyramids)]
    game = rules.apply(game, Sabotage(pyramids))
    assert game.base.cities[1].wonders == () and pyramids in game.base.retired_wonders
    assert game.base.discard == (ident("Baths"),)
    assert player_scores(game, 1)["wonders"] == 0


def test_a_conspiracy_with_nothing_to_take_is_let_go():
    game = trigger("extortion")
    assert rules.legal_actions(game) == [Skip()]


def test_coercion_swaps_a_blue_or_green_card_with_the_opponents_of_the_same_colour_then_moves_a_cube():
    game = trigger("coercion", cities=(make_city(["Theater", "Workshop"]), make_city(["Altar", "Apothecary",
                                                                                      "Lumber Yard"])))
    assert set(rules.legal_actions(game)) == {Coerce(ident("Altar"), ident("Theater")),
                                              Coerce(ident("Apothecary"), ident("Workshop"))}
    with pytest.raises(IllegalAction):
        rules.apply(game, Coerce(ident("Apothecary"), ident("Theater")))
    game = rules.apply(game, Coerce(ident("Apothecary"), ident("Workshop")))
    assert ident("Apothecary") in game.base.cities[0].cards and ident("Workshop") in game.base.cities[1].cards
    assert ident("Workshop") not in game.base.cities[0].cards and game.agora.pending[0].wait == AWait.MOVE


def test_obscurantism_locks_a_progress_token_of_the_board_the_opponent_or_the_box():
    game = agora_game(prepared=(("obscurantism",), ()), cities=(City(), make_city(progress=["Law"])))
    game = trigger("obscurantism", game.but(base=game.base.evolve(board=("agriculture",), unused=("theology",))))
    assert set(rules.legal_actions(game)) == {Lock("agriculture"), Lock("law"), Lock("theology")}
    locked = rules.apply(game, Lock("law"))
    assert locked.base.cities[1].progress == () and locked.agora.locked == ("law",)
    assert player_scores(locked, 1)["science"] == 0
    assert rules.apply(game, Lock("agriculture")).base.board == ()


def test_property_fraud_builds_free_a_card_of_the_structures_last_row():
    game = agora_game({18: ident("Scriptorium"), 19: "conspirator-1"}, (City(coins=0), City()),
                      prepared=(("property-fraud",), ()))
    game = trigger("property-fraud", game)
    assert Fraud(19) not in rules.legal_actions(game) and Fraud(18) in rules.legal_actions(game)
    game = rules.apply(game, Fraud(18))
    assert game.base.cities[0].cards == (ident("Scriptorium"),) and coins(game, 0) == 0
    assert game.base.pyramid.is_taken(18) and game.to_move() == 0


def test_treason_builds_free_a_card_set_aside_at_setup_from_this_age_or_an_earlier_one():
    game = agora_game(age=2, prepared=(("treason",), ()))
    pyr = game.base.pyramid              # the face-down cards not known yet
    pyr = replace(pyr, cards=tuple(c if pyr.is_face_up(s) else None for s, c in enumerate(pyr.cards)))
    game = trigger("treason", AgoraGame(game.base.evolve(pyramid=pyr), game.agora))
    offered = {a.card for a in rules.legal_actions(game) if isinstance(a, Treason)}
    t = tables()
    assert offered and all(t.cards[c].age in (1, 2) for c in offered)
    assert not offered & set(game.base.pyramid.known())
    card = sorted(c for c in offered if t.cards[c].age == 1)[0]
    game = rules.apply(game, Treason(card))
    assert card in game.base.cities[0].cards and game.agora.from_box == (card,)
    assert card not in rules.reveal_candidates(game)


def test_treason_takes_at_most_three_cards_an_age_from_the_box():
    t = tables()
    three = tuple(t.by_age[1][:3])
    game = trigger("treason", agora_game(age=1, prepared=(("treason",), ()), from_box=three))
    assert not any(isinstance(a, Treason) for a in rules.legal_actions(game))


def test_insider_influence_moves_a_decree_under_another_chambers_then_moves_a_cube():
    game = trigger("insider-influence", decrees={1: "decree-shield", 2: "decree-red-income"},
                   senate=senate((0, 2, 1)))
    assert MoveDecree("decree-shield", 2) in rules.legal_actions(game)
    game = rules.apply(game, MoveDecree("decree-shield", 2))
    assert game.agora.decrees[:2] == ((), ("decree-red-income", "decree-shield"))
    assert game.base.conflict == 1                      # the shield now in player 0's chamber
    assert game.agora.pending[0].wait == AWait.MOVE


def test_every_conspiracy_and_every_decree_is_played():
    assert len(facts().conspiracies) == 16 and len(facts().decrees) == 16 and facts().left_out == ()
    assert len(rules.new_game(0).agora.decree_box) == 16


# -- the box's progress tokens and wonders -------------------------------------------------

def test_corruption_makes_every_senator_free():
    game = agora_game({18: "politician-left-1"}, (City(progress=("corruption",), coins=0), City()),
                      recruited=(("conspirator-1",), ()))
    assert Build(18) in rules.legal_actions(game)
    assert coins(rules.apply(game, Build(18)), 0) == 0


def test_organized_crime_keeps_both_conspiracies_drawn():
    game = agora_game({18: "conspirator-1"}, (City(progress=("organized-crime",)), City()))
    game = rules.apply(rules.apply(game, Build(18)), Conspire())
    game = rules.apply(rules.apply(game, DrawConspiracy("coup")), DrawConspiracy("sabotage"))
    game = rules.apply(game, KeepConspiracy("sabotage"))
    assert game.agora.held[0] == ("sabotage", "coup") and not {"coup", "sabotage"} & set(game.agora.conspiracy_deck)


def test_the_boxs_wonders_and_tokens_join_an_agora_game():
    game = rules.new_game(0)
    assert {"curia-julia", "knossos"} <= set(game.base.unseen_wonders)
    assert {"corruption", "organized-crime"} <= set(game.base.unused)


def drafting(wonder: str) -> AgoraGame:
    """The draft's last pick: `wonder` shown, player 0 to take it."""
    game = agora_game()
    base = game.base.evolve(age=0, pyramid=None, shown=(wonder,), pending=(Pending(Wait.PICK_WONDER, 0),))
    return AgoraGame(base, game.agora)


def test_knossos_places_a_cube_when_drafted_and_a_cube_placed_and_one_moved_when_built_3_points():
    game = rules.apply(drafting("knossos"), duel.PickWonder("knossos"))
    assert game.agora.pending[0] == APending(AWait.PLACE, 0)
    built = agora_game(cities=(City(coins=30, wonders_left=("knossos",)), City()))
    built = rules.apply(built, BuildWonder(18, "knossos"))
    assert [p.wait for p in built.agora.pending] == [AWait.PLACE, AWait.MOVE]
    assert player_scores(built, 0)["wonders"] == 3


def test_curia_julia_conspires_when_drafted_and_when_built_triggers_a_conspiracy_6_coins_and_plays_again():
    game = rules.apply(drafting("curia-julia"), duel.PickWonder("curia-julia"))
    assert [p.wait for p in game.agora.pending] == [AWait.DRAW, AWait.DRAW, AWait.KEEP]
    built = agora_game(cities=(City(coins=30, wonders_left=("curia-julia",)), City()), held=(("coup",), ()))
    price = duel.price(built.base.cities[0], built.base.cities[1], tables().wonders["curia-julia"]).total
    built = rules.apply(built, BuildWonder(18, "curia-julia"))
    assert rules.legal_actions(built) == [Trigger("coup")]
    built = rules.apply(built, Trigger("coup"))          # unprepared, triggered all the same
    assert built.base.conflict == 2 and coins(built, 0) == 30 - price + 6 and built.to_move() == 0


# -- decrees ------------------------------------------------------------------------------

def test_a_face_down_decree_turns_up_with_its_chambers_first_cube():
    game = rules.apply(agora_game({18: "conspirator-1"}), Build(18))
    game = rules.apply(game, PlaceCube(2))
    assert rules.legal_actions(game) == [LayDecree(2, d) for d in game.agora.decree_box]
    with pytest.raises(IllegalAction, match="chamber 2"):
        rules.apply(game, LayDecree(4, "decree-shield"))
    game = rules.apply(game, LayDecree(2, "decree-shield"))
    assert game.agora.decrees[1] == ("decree-shield",) and "decree-shield" not in game.agora.decree_box
    assert 2 not in game.agora.unrevealed


@pytest.mark.parametrize("decree, card", [("decree-blue-income", "Theater"), ("decree-green-income", "Workshop"),
                                          ("decree-yellow-income", "Tavern"), ("decree-red-income", "Guard Tower")])
def test_a_colour_decree_pays_its_controller_the_ages_coins_when_either_player_builds_that_colour(decree, card):
    game = agora_game({18: ident(card)}, decrees={1: decree}, senate=senate((1, 1, 1)))
    after = rules.apply(game, Build(18))            # player 0 builds; player 1 controls the decree: Age I, 1 coin
    assert coins(after, 1) == 20 + 1
    other = agora_game({18: ident("Lumber Yard")}, decrees={1: decree}, senate=senate((1, 1, 1)))
    assert coins(rules.apply(other, Build(18)), 1) == 20


def test_the_wonder_decree_pays_the_ages_coins_for_each_wonder_built():
    game = agora_game(cities=(make_city(left=["The Pyramids"], coins=30), City(coins=0)), age=2,
                      decrees={6: "decree-wonder-income"}, senate=senate((1, 6, 1)))
    after = rules.apply(game, BuildWonder(22, ident("The Pyramids", "wonder")))
    assert coins(after, 1) == 2


def test_the_discard_decree_gives_two_more_coins_for_a_discarded_card():
    game = agora_game(decrees={4: "decree-discard-income"}, senate=senate((0, 4, 1)))
    assert coins(rules.apply(game, Discard(18)), 0) == 20 + 2 + 2
    assert coins(rules.apply(agora_game(), Discard(18)), 0) == 20 + 2


def test_the_senate_decree_counts_two_more_blue_cards_for_a_politician():
    game = agora_game({18: "politician-centre-1"}, decrees={1: "decree-senate-actions"}, senate=senate((0, 1, 1)))
    game = rules.apply(game, Build(18))
    assert game.agora.pending[0].left == 2          # no blue card, counted as two: 2 actions


def test_the_conspirator_decree_plays_again_after_a_conspirator():
    game = agora_game({18: "conspirator-1"}, decrees={5: "decree-conspirator-replay"}, senate=senate((0, 5, 1)))
    game = rules.apply(rules.apply(game, Build(18)), PlaceCube(5))
    assert game.to_move() == 0
    plain = rules.apply(rules.apply(agora_game({18: "conspirator-1"}), Build(18)), PlaceCube(1))
    assert plain.agora.pending[0].player == CHANCE      # chamber 1's decree, then player 1's turn


@pytest.mark.parametrize("decree, card, coins_before, paid", [
    ("decree-yellow-discount", "Stone Reserve", 3, 0),     # the coins' symbol ignored
    ("decree-red-discount", "Stable", 2, 0),               # its one wood ignored
    ("decree-green-discount", "Workshop", 2, 0),           # its one papyrus ignored
])
def test_a_colour_decree_ignores_one_symbol_of_that_colours_cost(decree, card, coins_before, paid):
    slots = {18: ident(card)}
    game = agora_game(slots, (City(coins=coins_before), City()), decrees={1: decree}, senate=senate((0, 1, 1)))
    after = rules.apply(game, Build(18))
    assert coins(after, 0) == coins_before - paid and ident(card) in after.base.cities[0].cards
    plain = agora_game(slots, (City(coins=coins_before), City()))
    assert coins(rules.apply(plain, Build(18)), 0) == 0
    other = agora_game(slots, (City(coins=coins_before), City()), decrees={1: decree}, senate=senate((1, 1, 1)))
    assert coins(rules.apply(other, Build(18)), 0) == 0      # the opponent's decree: full price


def test_the_wonder_decree_waives_one_resource_of_a_wonders_cost():
    pyramids = ident("The Pyramids", "wonder")               # 3 stone and a papyrus: 4 units at 2 coins
    game = agora_game(cities=(City(coins=6, wonders_left=(pyramids,)), City()),
                      decrees={1: "decree-wonder-discount"}, senate=senate((0, 1, 1)))
    assert BuildWonder(18, pyramids) in rules.legal_actions(game)
    assert coins(rules.apply(game, BuildWonder(18, pyramids)), 0) == 0
    poor = agora_game(cities=(City(coins=6, wonders_left=(pyramids,)), City()))
    assert BuildWonder(18, pyramids) not in rules.legal_actions(poor)


@pytest.mark.parametrize("decree, card, paid", [("decree-raw-discount", "Stable", 1),
                                                ("decree-goods-discount", "Workshop", 1)])
def test_a_bank_decree_buys_its_resources_a_coin_cheaper_never_below_one(decree, card, paid):
    game = agora_game({18: ident(card)}, (City(coins=5), City()), decrees={1: decree}, senate=senate((0, 1, 1)))
    assert coins(rules.apply(game, Build(18)), 0) == 5 - paid



def test_a_bank_decree_never_makes_a_unit_cheaper_than_one_coin():
    # Wood Reserve already buys wood at 1: the raw materials' decree leaves it at 1.
    game = agora_game({18: ident("Stable")}, (make_city(["Wood Reserve"], coins=5), City()),
                      decrees={1: "decree-raw-discount"}, senate=senate((0, 1, 1)))
    assert coins(rules.apply(game, Build(18)), 0) == 4


def test_the_chains_decree_chains_from_the_opponents_cards():
    game = agora_game({22: ident("Statue")}, (City(coins=0), make_city(["Theater"])), age=2,
                      decrees={1: "decree-shared-chains"}, senate=senate((0, 1, 1)))
    assert Build(22) in rules.legal_actions(game)
    after = rules.apply(game, Build(22))
    assert ident("Statue") in after.base.cities[0].cards and coins(after, 0) == 0
    plain = agora_game({22: ident("Statue")}, (City(coins=0), make_city(["Theater"])), age=2)
    assert Build(22) not in rules.legal_actions(plain)


def test_the_shield_decree_moves_the_pawn_with_its_chambers_control():
    game = agora_game({18: "conspirator-1", 19: "conspirator-2"}, decrees={3: "decree-shield"})
    game = rules.apply(rules.apply(game, Build(18)), PlaceCube(3))
    assert game.base.conflict == 1                      # player 0 takes the chamber: a space their way
    game = rules.apply(game, Build(19))                 # player 1 recruits the other conspirator
    game = rules.apply(game, PlaceCube(3))
    assert game.base.conflict == 0                      # a tie: nobody controls it, the pawn steps back


# -- military tokens and the end --------------------------------------------------------------

def test_a_small_military_token_gives_the_pusher_a_cube_to_place_and_costs_no_coins():
    game = agora_game({18: ident("Garrison")}, (make_city(["Clay Pool"]), City(coins=5)))
    game = game.but(base=game.base.evolve(conflict=2))
    game = rules.apply(game, Build(18))                 # a shield: the pawn reaches the 2-coin token
    assert coins(game, 1) == 5
    assert game.agora.pending[0] == APending(AWait.PLACE, 0)
    game = rules.apply(game, PlaceCube(2))
    assert game.agora.senate.in_chamber(2, 0) == 1


def test_a_large_military_token_removes_an_opponents_cube_then_moves_one():
    game = agora_game({18: ident("Garrison")}, (make_city(["Clay Pool"]), City(coins=5)),
                      senate=senate((1, 4, 1), (0, 2, 1)), decrees={4: "decree-shield", 2: "decree-red-income"})
    game = game.but(base=game.base.evolve(conflict=5, loot=frozenset({Loot(1, 6, 5)})))
    game = rules.apply(game, Build(18))
    assert coins(game, 1) == 5 and [p.wait for p in game.agora.pending] == [AWait.REMOVE, AWait.MOVE]
    game = rules.apply(game, RemoveCube(4))
    game = rules.apply(game, MoveCube(2, 3))
    assert game.agora.senate.in_chamber(4, 1) == 0 and game.agora.senate.in_chamber(3, 0) == 1


def test_controlling_all_six_chambers_wins_at_once():
    game = agora_game({18: "conspirator-1"}, senate=senate(*((0, c, 1) for c in range(1, 6))),
                      decrees={c: d for c, d in zip(range(1, 6), sorted(facts().decrees))})
    game = rules.apply(rules.apply(game, Build(18)), PlaceCube(6))
    assert game.base.over and game.base.victory == "political" and game.base.winner == 0
    assert not game.agora.pending and result(game).victory == "political" and result(game).winners == (0,)


def test_each_chamber_controlled_scores_in_the_senate_row():
    game = agora_game(senate=senate((0, 3, 2), (1, 3, 1), (1, 6, 1)))
    assert player_scores(game, 0)["senate"] == 3 and player_scores(game, 1)["senate"] == 1


# -- the moves' text, random games ----------------------------------------------------------

def test_every_agora_move_reads_back_from_its_text():
    for move in (LayDecree(2, "decree-shield"), PlaceCube(3), MoveCube(2, 3), RemoveCube(4), Skip(), Conspire(),
                 DrawConspiracy("coup"), KeepConspiracy("coup"), Prepare(18, "coup"), Trigger("coup"),
                 Extort("the-pyramids"), Sabotage("the-pyramids"), Foreclose("glassworks"), Spy("law"),
                 DiscardAvailable(19), Coerce("altar", "theater"), Lock("law"), Fraud(20), Treason("baths"),
                 MoveDecree("decree-shield", 4), Reveal(21, "conspirator-3"), Build(24)):
        assert parse(str(move)) == move


def test_random_agora_games_break_no_invariant():
    rng = random.Random(32)
    for _ in range(12):
        moves, victory, found, game = play_one(rng)
        assert found == [] and game.base.over and victory
        assert violations(game) == []


def test_the_command_simulates_agora_games(capsys):
    import json

    from companion import cli
    assert cli.main(["simulate", "--game", "duel", "--expansions", "agora", "--games", "3", "--seed", "5"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["games"] == 3 and answer["violations"] == 0 and answer["expansions"] == ["agora"]
