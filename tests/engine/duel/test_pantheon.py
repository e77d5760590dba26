"""7 Wonders Duel with Pantheon (issue 32, point 3): each rule of the box, by name.

Positions are built with the Duel's helpers (duel_helpers.py) and a Pantheon
beside them; moves go through the box's legal_actions and apply.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.engine.duel import rules as duel
from companion.engine.duel.actions import Build, ChooseStarter, Discard, Rebuild
from companion.engine.duel.city import City
from companion.engine.duel.pantheon import rules
from companion.engine.duel.pantheon.actions import (ApplyLoot, DiscardSlot, DrawDivinity, DropLoot, EnkiPick,
                                                    GatePick, Invoke, IsisBuild, LayMythology, LayOffering,
                                                    LayOnEnki, PlaceDivinity, PlaceSnake, TakeCard, TakeWonder,
                                                    PlaceMinerva, TurnDiscarded, Unbuild, parse)
from companion.engine.duel.pantheon.costs import invocation_cost
from companion.engine.duel.pantheon.facts import facts
from companion.engine.duel.pantheon.scoring import player_scores, temple_points
from companion.engine.duel.pantheon.simulate import play_one, violations
from companion.engine.duel.pantheon.state import CHANCE, Pantheon, PantheonGame, PPending, PWait
from companion.engine.duel.state import Pending, Wait
from companion.engine.errors import IllegalAction

from .duel_helpers import ident, make_city, make_game


def pantheon(**fields) -> Pantheon:
    f = facts()
    decks = tuple((m, tuple(sorted(ids))) for m, ids in sorted(f.by_mythology.items()))
    return replace(Pantheon(spaces=(None,) * f.spaces, decks=decks), **fields)


def with_pantheon(base, **fields) -> PantheonGame:
    return PantheonGame(base, pantheon(**fields))


def age_two(cities=None, spaces=("zeus", None, None, None, None, None), **fields) -> PantheonGame:
    """Age II, player 0 to move, the game's first player 0, every card known."""
    base = make_game(2, cities=cities or (City(coins=20), City(coins=20)))
    return with_pantheon(base, spaces=spaces, **fields)


# -- set-up ---------------------------------------------------------------------------

def test_setup_lays_five_mythology_tokens_on_age_one_face_down_cards():
    game = rules.new_game(0)
    laid = [p for p in game.pantheon.pending if p.wait == PWait.LAY_MYTHOLOGY]
    assert [p.slot for p in laid] == [2, 4, 9, 11, 13] and all(p.player == CHANCE for p in laid)
    face_down = duel.Pyramid.deal(1)
    assert not any(face_down.is_face_up(p.slot) for p in laid)
    options = rules.legal_actions(game)
    assert {a.mythology for a in options} == {"greek", "phoenician", "mesopotamian", "egyptian", "roman"}


def test_setup_has_two_tokens_of_each_mythology_in_the_box():
    game = rules.new_game(0)
    for _ in range(2):
        game = rules.apply(game, LayMythology(game.pantheon.pending[0].slot, "greek"))
    assert "greek" not in {a.mythology for a in rules.legal_actions(game)}
    with pytest.raises(IllegalAction):
        rules.apply(game, LayMythology(game.pantheon.pending[0].slot, "greek"))


def test_setup_then_plays_the_duels_own_setup():
    game = rules.new_game(1)
    for slot in facts().mythology_slots:
        game = rules.apply(game, rules.legal_actions(game)[0])
    assert not game.pantheon.pending
    assert game.base.pending[0].wait == Wait.SHOW_PROGRESS and game.to_move() == CHANCE


# -- mythology tokens and the Pantheon ----------------------------------------------------

def uncovering_slot_two(**fields) -> PantheonGame:
    """Age I, the rows below and slot 5 taken: taking slot 6 turns up slot 2, which holds a Greek token."""
    base = make_game(1, cities=(City(coins=20), City(coins=20)), taken=(*range(14, 20), *range(9, 14), 5))
    return with_pantheon(base, mythology_on=((2, "greek"),), **fields)


def test_a_token_goes_to_the_player_whose_move_turns_its_card_up():
    game = rules.apply(uncovering_slot_two(), Discard(6))
    assert game.pantheon.mythologies == (("greek",), ())
    assert game.pantheon.mythology_on == ()
    waits = [(p.wait, p.player) for p in game.pantheon.pending]
    assert waits == [(PWait.DRAW, CHANCE), (PWait.DRAW, CHANCE), (PWait.PLACE, 0)]


def test_a_mythology_token_draws_two_of_its_divinities_and_places_one_on_an_empty_space():
    game = rules.apply(uncovering_slot_two(), Discard(6))
    assert {a.divinity for a in rules.legal_actions(game)} == {"aphrodite", "hades", "zeus"}
    game = rules.apply(game, DrawDivinity("zeus"))
    game = rules.apply(game, DrawDivinity("hades"))
    places = rules.legal_actions(game)
    assert {(a.divinity, a.space) for a in places} == {(d, s) for d in ("zeus", "hades") for s in range(6)}
    game = rules.apply(game, PlaceDivinity("zeus", 3))
    assert game.pantheon.spaces[3] == "zeus" and game.to_move() == 1


def test_the_divinity_not_kept_goes_back_on_top_and_is_drawn_first():
    game = rules.apply(uncovering_slot_two(), Discard(6))
    for divinity in ("zeus", "hades"):
        game = rules.apply(game, DrawDivinity(divinity))
    game = rules.apply(game, PlaceDivinity("zeus", 0))
    assert game.pantheon.top("greek") == "hades"
    again = game.but(pending=(PPending(PWait.DRAW, CHANCE, mythology="greek"), PPending(PWait.PLACE, 1)))
    assert rules.legal_actions(again) == [DrawDivinity("hades")]
    with pytest.raises(IllegalAction):
        rules.apply(again, DrawDivinity("aphrodite"))


def test_a_divinity_goes_on_an_empty_space_only():
    game = rules.apply(uncovering_slot_two(spaces=("mars", None, None, None, None, None)), Discard(6))
    for divinity in ("zeus", "hades"):
        game = rules.apply(game, DrawDivinity(divinity))
    assert all(a.space != 0 for a in rules.legal_actions(game))
    with pytest.raises(IllegalAction):
        rules.apply(game, PlaceDivinity("zeus", 0))
    with pytest.raises(IllegalAction):
        rules.apply(game, PlaceDivinity("aphrodite", 1))


def test_age_two_puts_the_gate_on_the_empty_space_and_lays_three_offering_tokens():
    base = make_game(1, taken=tuple(range(20)))
    base = base.evolve(pending=(Pending(Wait.STARTER, 1),))
    game = with_pantheon(base, spaces=("zeus", "mars", None, "isis", "tanit", "enki"),
                         offering_box=("offering-2", "offering-3", "offering-4"))
    game = rules.apply(game, ChooseStarter(1))
    assert game.base.age == 2 and game.pantheon.spaces[2] == facts().gate
    assert [(p.wait, p.slot) for p in game.pantheon.pending] == [(PWait.LAY_OFFERING, s) for s in (6, 8, 10)]
    game = rules.apply(game, LayOffering(6, "offering-4"))
    assert game.pantheon.offering_on == ((6, "offering-4"),)


def test_an_offering_token_goes_to_the_player_who_uncovers_its_card():
    base = make_game(2, cities=(City(coins=20), City(coins=20)), taken=tuple(range(12, 20)))
    game = with_pantheon(base, offering_on=((6, "offering-3"),))
    game = rules.apply(game, Discard(11))        # slot 11 alone covers slot 6 in Age II
    assert game.pantheon.offerings == (("offering-3",), ()) and game.pantheon.offering_on == ()


# -- invoking ---------------------------------------------------------------------------

def test_divinities_are_invoked_in_ages_two_and_three_only():
    base = make_game(1, cities=(City(coins=20), City(coins=20)))
    game = with_pantheon(base, spaces=("tanit", None, None, None, None, None))
    assert not [a for a in rules.legal_actions(game) if isinstance(a, Invoke)]
    with pytest.raises(IllegalAction):
        rules.apply(game, Invoke("tanit"))
    assert Invoke("zeus") in rules.legal_actions(age_two())


def test_a_spaces_cost_is_its_own_for_each_player():
    game = age_two()
    f = facts()
    assert [invocation_cost(game, s, 0) for s in range(6)] == list(f.first_costs) == [8, 7, 6, 5, 4, 3]
    assert [invocation_cost(game, s, 1) for s in range(6)] == list(f.other_costs) == [3, 4, 5, 6, 7, 8]
    second = PantheonGame(game.base.evolve(first=1), game.pantheon)
    assert invocation_cost(second, 0, 1) == 8 and invocation_cost(second, 0, 0) == 3


def test_the_gate_costs_twice_its_space():
    game = age_two(spaces=(None, None, None, None, "the-gate", None))
    assert invocation_cost(game, 4, 0) == 2 * 4 and invocation_cost(game, 4, 1) == 2 * 7


def test_offering_tokens_lower_an_invocation_and_are_spent():
    game = age_two(offerings=(("offering-2", "offering-4"), ()))
    assert invocation_cost(game, 0, 0, ("offering-4",)) == 4
    assert invocation_cost(game, 0, 0, ("offering-2", "offering-4")) == 2
    after = rules.apply(game, Invoke("zeus", "offering-4"))
    assert after.base.cities[0].coins == 20 - 4 and after.pantheon.offerings == (("offering-2",), ())
    with pytest.raises(IllegalAction):
        rules.apply(game, Invoke("zeus", "offering-3"))


def test_an_invocation_never_costs_less_than_nothing():
    game = age_two(spaces=(None, None, None, None, None, "zeus"), offerings=(("offering-4",), ()))
    assert invocation_cost(game, 5, 0, ("offering-4",)) == 0


def test_an_invocation_too_dear_is_neither_offered_nor_allowed():
    game = age_two(cities=(City(coins=7), City(coins=7)))
    assert Invoke("zeus") not in rules.legal_actions(game)
    with pytest.raises(IllegalAction, match="costs 8 coins"):
        rules.apply(game, Invoke("zeus"))


def test_invoking_takes_the_divinity_off_its_space_and_ends_the_turn():
    game = rules.apply(age_two(spaces=(None, "tanit", None, None, None, None)), Invoke("tanit"))
    assert game.pantheon.spaces[1] is None and game.pantheon.invoked == (("tanit",), ())
    assert game.to_move() == 1 and game.base.pyramid == age_two().base.pyramid


def test_a_divinity_not_in_the_pantheon_cannot_be_invoked():
    with pytest.raises(IllegalAction, match="not in the Pantheon"):
        rules.apply(age_two(), Invoke("mars"))


def test_an_invocation_reads_back_from_its_text():
    assert parse("invoke zeus offering-2+offering-4") == Invoke("zeus", "offering-2+offering-4")
    assert parse("invoke tanit") == Invoke("tanit") and str(Invoke("tanit")) == "invoke tanit -"
    assert parse("place zeus 3") == PlaceDivinity("zeus", 3)


# -- the divinities' powers -----------------------------------------------------------------

def invoked(divinity: str, cities=None) -> PantheonGame:
    game = age_two(cities=cities, spaces=(None, None, None, None, None, divinity))
    return rules.apply(game, Invoke(divinity))


def test_tanit_gives_twelve_coins():
    assert invoked("tanit").base.cities[0].coins == 20 - 3 + 12


def test_mars_gives_two_shields():
    assert invoked("mars").base.conflict == 2


def test_aphrodite_is_worth_nine_points_in_the_divinities_row():
    game = invoked("aphrodite")
    assert player_scores(game, 0)["divinities"] == 9 and player_scores(game, 1)["divinities"] == 0


def test_hades_builds_a_card_of_the_discard_pile_free():
    game = age_two(spaces=(None, None, None, None, None, "hades"))
    game = PantheonGame(game.base.evolve(discard=(ident("Baths"),)), game.pantheon)
    game = rules.apply(game, Invoke("hades"))
    assert rules.legal_actions(game) == [Rebuild(ident("Baths"))]
    game = rules.apply(game, Rebuild(ident("Baths")))
    assert ident("Baths") in game.base.cities[0].cards and game.base.cities[0].coins == 20 - 3


def test_zeus_discards_a_card_of_the_structure_with_its_token():
    game = age_two(spaces=(None, None, None, None, None, "zeus"), offering_on=((8, "offering-3"),))
    game = rules.apply(game, Invoke("zeus"))
    assert game.to_move() == 0 and DiscardSlot(8) in rules.legal_actions(game)
    card = game.base.pyramid.cards[15]
    after = rules.apply(game, DiscardSlot(15))
    assert after.base.discard == (card,) and after.base.pyramid.is_taken(15)
    hidden = PantheonGame(game.base.evolve(pyramid=game.base.pyramid.reveal(8, None)), game.pantheon)
    after = rules.apply(hidden, DiscardSlot(8))
    assert after.pantheon.offering_on == () and after.to_move() == CHANCE
    turned = rules.legal_actions(after)[0]
    assert isinstance(turned, TurnDiscarded)
    after = rules.apply(after, turned)
    assert after.base.discard == (turned.card,) and after.to_move() == 1


def test_baal_takes_a_brown_or_grey_card_of_the_opponent():
    cities = (make_city(coins=20), make_city(["Lumber Yard", "Glassworks", "Baths"], coins=20))
    game = invoked("baal", cities)
    assert set(rules.legal_actions(game)) == {TakeCard(ident("Lumber Yard")), TakeCard(ident("Glassworks"))}
    game = rules.apply(game, TakeCard(ident("Glassworks")))
    assert game.base.cities[0].cards == (ident("Glassworks"),)
    assert ident("Glassworks") not in game.base.cities[1].cards
    with pytest.raises(IllegalAction):
        rules.apply(invoked("baal", cities), TakeCard(ident("Baths")))


def test_ra_takes_a_wonder_the_opponent_has_not_built():
    cities = (make_city(coins=20), make_city(left=["The Pyramids"], coins=20))
    game = rules.apply(invoked("ra", cities), TakeWonder(ident("The Pyramids", "wonder")))
    assert game.base.cities[0].wonders_left == (ident("The Pyramids", "wonder"),)
    assert game.base.cities[1].wonders_left == ()


def test_anubis_discards_the_card_under_a_built_wonder_which_may_be_built_again():
    cities = (make_city(coins=20), make_city(wonders=["The Pyramids"], buried=["Baths"], coins=20))
    game = rules.apply(invoked("anubis", cities), Unbuild(ident("The Pyramids", "wonder")))
    victim = game.base.cities[1]
    assert victim.wonders == () and victim.buried == ()
    assert victim.wonders_left == (ident("The Pyramids", "wonder"),) and game.base.discard == (ident("Baths"),)


def test_a_power_with_nothing_to_act_on_asks_nothing():
    game = invoked("baal")          # the opponent has no brown or grey card
    assert not game.pantheon.pending and game.to_move() == 1


def test_every_divinity_of_the_box_has_its_power_played():
    from companion.engine.duel.pantheon.powers import playable
    assert all(playable(d) for d in facts().divinities.values())
    unknown = replace(facts().divinities["zeus"], powers=("summon_kraken",))
    assert not playable(unknown)


def test_astarte_puts_seven_coins_apart_which_no_loss_takes_and_score_a_point_each():
    game = invoked("astarte", (City(coins=3), City(coins=20)))          # space 6 costs 3
    assert game.base.cities[0].coins == 7 and game.pantheon.sheltered == (7, 0)
    # The opponent's Appian Way-like loss: 3 coins lost, none from Astarte's card.
    loss = PantheonGame(game.base.with_city(0, game.base.cities[0].losing(3)), game.pantheon)
    from companion.engine.duel.pantheon.rules import _shelter
    kept = _shelter(loss, game.base, 1)
    assert kept.base.cities[0].coins == 7 and kept.pantheon.sheltered == (7, 0)
    scores = player_scores(game, 0)
    assert scores["divinities"] == 7 and scores["treasury"] == 0


def test_astarte_coins_are_spent_last():
    game = invoked("astarte", (City(coins=10), City(coins=20)))       # 10 - 3 + 7 = 14, 7 apart
    spent = PantheonGame(game.base.with_city(0, game.base.cities[0].with_coins(-9)), game.pantheon)
    from companion.engine.duel.pantheon.rules import _shelter
    after = _shelter(spent, game.base, 0)
    assert after.base.cities[0].coins == 5 and after.pantheon.sheltered == (5, 0)


def test_minerva_stops_the_conflict_pawn_before_her_space_then_leaves():
    game = invoked("minerva")
    assert PlaceMinerva(0) not in rules.legal_actions(game) and PlaceMinerva(-2) in rules.legal_actions(game)
    game = rules.apply(game, PlaceMinerva(2))
    assert game.base.stop == 2
    pushed = duel._push(game.base, 0, 3)
    assert pushed.conflict == 1 and pushed.stop is None
    again = duel._push(pushed, 0, 3)
    assert again.conflict == 4


def test_minerva_stops_either_players_push():
    game = rules.apply(invoked("minerva"), PlaceMinerva(-1))
    assert duel._push(game.base, 1, 2).conflict == 0


def test_ishtar_gives_the_law_symbol_which_counts_for_a_pair():
    cities = (make_city(["Scriptorium"], progress=["Law"], coins=20), make_city(coins=20))
    game = age_two(cities=cities, spaces=(None, None, None, None, None, "ishtar"))
    game = PantheonGame(game.base.evolve(board=(ident("Agriculture", "progress"),)), game.pantheon)
    game = rules.apply(game, Invoke("ishtar"))
    assert game.base.cities[0].symbols["law"] == 2
    assert game.base.pending[0].wait == Wait.PROGRESS and game.to_move() == 0


def test_ishtar_can_complete_six_symbols():
    by_symbol = {}
    for card, f in duel.tables().cards.items():
        if f.symbol and f.symbol != "law":
            by_symbol.setdefault(f.symbol, card)
    greens = tuple(by_symbol.values())[:5]
    cities = (City(cards=greens, coins=20), make_city(coins=20))
    game = rules.apply(age_two(cities=cities, spaces=(None, None, None, None, None, "ishtar")), Invoke("ishtar"))
    assert game.base.over and game.base.victory == "scientific" and game.base.winner == 0


def test_nisaba_copies_the_symbol_of_an_opponents_green_card():
    cities = (make_city(coins=20), make_city(["Scriptorium", "Baths"], coins=20))
    game = rules.apply(age_two(cities=cities, spaces=(None, None, None, None, None, "nisaba")), Invoke("nisaba"))
    assert rules.legal_actions(game) == [PlaceSnake(ident("Scriptorium"))]
    game = rules.apply(game, PlaceSnake(ident("Scriptorium")))
    symbol = duel.tables().cards[ident("Scriptorium")].symbol
    assert game.base.cities[0].symbols == {symbol: 1} and game.base.cities[1].symbols == {symbol: 1}


def test_enki_gets_two_left_out_tokens_when_revealed_and_its_invoker_keeps_one():
    base = make_game(1, taken=tuple(range(20)))
    base = base.evolve(pending=(Pending(Wait.STARTER, 0),), unused=tuple(sorted(duel.tables().tokens)))
    game = with_pantheon(base, spaces=("enki", "zeus", "mars", "isis", "tanit", None),
                         offering_box=("offering-2", "offering-3", "offering-4"))
    game = rules.apply(game, ChooseStarter(0))
    for slot, token in zip((6, 8, 10), ("offering-2", "offering-3", "offering-4")):
        game = rules.apply(game, LayOffering(slot, token))
    assert game.to_move() == CHANCE and isinstance(rules.legal_actions(game)[0], LayOnEnki)
    for token in ("agriculture", "theology"):
        game = rules.apply(game, LayOnEnki(token))
    assert game.pantheon.enki == ("agriculture", "theology") and "agriculture" not in game.base.unused
    dealt = make_game(2).pyramid        # every card of Age II known: nothing waits to be entered
    game = PantheonGame(game.base.evolve(cities=(City(coins=20), City(coins=20)), pyramid=dealt), game.pantheon)
    game = rules.apply(game, Invoke("enki"))
    assert set(rules.legal_actions(game)) == {EnkiPick("agriculture"), EnkiPick("theology")}
    game = rules.apply(game, EnkiPick("agriculture"))
    assert game.base.cities[0].progress == ("agriculture",) and game.base.cities[0].coins == 20 - 8 + 6
    assert "theology" in game.base.unused and game.pantheon.enki == ()


def test_neptune_discards_one_military_token_and_applies_another():
    game = rules.apply(age_two(spaces=(None, None, None, None, None, "neptune")), Invoke("neptune"))
    tokens = sorted(game.base.loot, key=lambda t: (t.victim, t.at))
    assert rules.legal_actions(game) == [DropLoot(t.victim, t.at) for t in tokens]
    big = max((t for t in tokens if t.victim == 1), key=lambda t: t.coins)
    small = min((t for t in tokens if t.victim == 1), key=lambda t: t.coins)
    game = rules.apply(game, DropLoot(small.victim, small.at))
    game = rules.apply(game, ApplyLoot(big.victim, big.at))
    assert game.base.cities[1].coins == 20 - big.coins and len(game.base.loot) == len(tokens) - 2


def test_neptunes_applied_token_costs_the_opponent_whichever_side_it_lay_on():
    game = rules.apply(age_two(spaces=(None, None, None, None, None, "neptune")), Invoke("neptune"))
    own = max((t for t in game.base.loot if t.victim == 0), key=lambda t: t.coins)
    other = next(t for t in game.base.loot if t != own)
    game = rules.apply(game, DropLoot(other.victim, other.at))
    game = rules.apply(game, ApplyLoot(own.victim, own.at))
    assert game.base.cities[0].coins == 20 - 3 and game.base.cities[1].coins == 20 - own.coins


def test_the_gate_reveals_each_decks_top_divinity_and_invokes_one_free():
    decks = (("egyptian", ("ra",)), ("greek", ()), ("mesopotamian", ()), ("phoenician", ("tanit",)),
             ("roman", ("mars",)))
    game = age_two(spaces=(None, None, None, None, None, "the-gate"), decks=decks)
    game = rules.apply(game, Invoke("the-gate"))
    assert game.base.cities[0].coins == 20 - 2 * 3        # space 6 costs the first player 3, the Gate twice
    for divinity in ("ra", "tanit", "mars"):
        assert rules.legal_actions(game) == [DrawDivinity(divinity)]
        game = rules.apply(game, DrawDivinity(divinity))
    assert set(rules.legal_actions(game)) == {GatePick(d) for d in ("ra", "tanit", "mars")}
    game = rules.apply(game, GatePick("tanit"))
    assert game.base.cities[0].coins == 20 - 6 + 12 and game.pantheon.invoked[0] == ("the-gate", "tanit")
    assert game.pantheon.top("egyptian") == "ra" and game.pantheon.deck("roman") == ("mars",)


def test_isis_builds_a_wonder_free_with_a_discarded_card():
    cities = (make_city(left=["The Pyramids"], coins=20), make_city(coins=20))
    game = age_two(cities=cities, spaces=(None, None, None, None, None, "isis"))
    game = PantheonGame(game.base.evolve(discard=(ident("Baths"),)), game.pantheon)
    game = rules.apply(game, Invoke("isis"))
    pyramids = ident("The Pyramids", "wonder")
    assert rules.legal_actions(game) == [IsisBuild(ident("Baths"), pyramids)]
    game = rules.apply(game, IsisBuild(ident("Baths"), pyramids))
    city = game.base.cities[0]
    assert city.wonders == (pyramids,) and city.buried == (ident("Baths"),) and game.base.discard == ()
    assert city.coins == 20 - 3


# -- Grand Temples ------------------------------------------------------------------------

def test_age_three_deals_three_grand_temples_instead_of_guilds():
    base = make_game(3)
    pyr = base.pyramid
    slots = [s for s in range(20) if pyr.is_face_up(s)]
    base = base.evolve(pyramid=replace(pyr, cards=tuple(None if s in slots else c for s, c in enumerate(pyr.cards))))
    game = with_pantheon(base)
    candidates = rules.reveal_candidates(game)
    assert set(facts().temples) <= set(candidates)
    assert not set(duel.tables().guilds) & set(candidates)
    for slot, temple in zip(slots, facts().temples[:3]):
        game = rules.apply(game, duel.Reveal(slot, temple))
    assert not set(facts().temples) & set(rules.reveal_candidates(game))


def test_a_base_game_never_deals_a_temple():
    base = make_game(3)
    assert not set(facts().temples) & set(duel.reveal_candidates(base))


def test_a_grand_temple_is_free_to_a_holder_of_its_mythologys_token():
    temple = "greek-grand-temple"
    base = make_game(3, cities=(City(coins=0), City(coins=0)))
    slot = base.pyramid.open_slots[0]
    cards = list(base.pyramid.cards)
    cards[slot] = temple
    base = base.evolve(pyramid=replace(base.pyramid, cards=tuple(cards)))
    poor = with_pantheon(base)
    assert Build(slot) not in rules.legal_actions(poor)
    holder = with_pantheon(base, mythologies=(("greek",), ()))
    assert Build(slot) in rules.legal_actions(holder)
    after = rules.apply(holder, Build(slot))
    assert temple in after.base.cities[0].cards and after.base.cities[0].coins == 0


@pytest.mark.parametrize("count,points", [(1, 5), (2, 12), (3, 21)])
def test_grand_temples_score_five_twelve_or_twenty_one(count, points):
    city = City(cards=facts().temples[:count])
    assert temple_points(city) == points


# -- whole games ----------------------------------------------------------------------------

def test_random_pantheon_games_break_no_invariant():
    rng = random.Random(7)
    for _ in range(15):
        moves, victory, found, game = play_one(rng)
        assert not found and game.base.over and victory


def test_an_invariant_fails_on_a_broken_state():
    game = age_two(cities=(City(coins=-1), City(coins=5)))
    assert any("coins" in v for v in violations(game))
    lost = replace(game.pantheon, decks=game.pantheon.decks[1:])
    assert any("divinities not conserved" in v for v in violations(PantheonGame(game.base, lost)))


def test_the_command_simulates_pantheon_games_and_refuses_boxes_not_played(capsys):
    import json

    from companion import cli
    assert cli.main(["simulate", "--game", "duel", "--expansions", "pantheon", "--games", "3", "--seed", "2"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["games"] == 3 and answer["violations"] == 0 and answer["expansions"] == ["pantheon"]
    assert cli.main(["simulate", "--game", "duel", "--expansions", "no-such-box", "--games", "1"]) == 2
    assert "not no-such-box" in capsys.readouterr().err


# -- the box's wonders and progress tokens ------------------------------------------------------

def test_the_boxs_wonders_and_tokens_join_a_pantheon_game_only():
    from companion.engine.duel.setup import new_game as duel_new_game
    game = rules.new_game(0)
    assert {"the-sanctuary", "the-divine-theater"} <= set(game.base.unseen_wonders)
    assert {"mysticism", "poliorcetics", "engineering"} <= set(game.base.unused)
    base = duel_new_game(0)
    assert len(base.unseen_wonders) == 12 and len(base.unused) == 10
    assert not {"the-sanctuary", "mysticism"} & set(base.unseen_wonders + base.unused)


def test_the_sanctuary_lowers_every_invocation_by_two():
    cities = (City(wonders=("the-sanctuary",), buried=(ident("Baths"),), coins=20), make_city(coins=20))
    game = age_two(cities=cities)
    assert invocation_cost(game, 0, 0) == 8 - 2 and invocation_cost(game, 0, 1) == 3


def test_the_divine_theater_looks_through_a_deck_and_invokes_one_free():
    cities = (City(wonders_left=("the-divine-theater",), coins=20), make_city(coins=20))
    decks = (("egyptian", ()), ("greek", ()), ("mesopotamian", ()), ("phoenician", ("baal", "tanit")),
             ("roman", ("mars",)))
    game = age_two(cities=cities, decks=decks)
    from companion.engine.duel.actions import BuildWonder
    from companion.engine.duel.pantheon.actions import ChooseDeck
    slot = game.base.pyramid.open_slots[0]
    game = rules.apply(game, BuildWonder(slot, "the-divine-theater"))
    assert set(rules.legal_actions(game)) == {ChooseDeck("phoenician"), ChooseDeck("roman")}
    game = rules.apply(game, ChooseDeck("phoenician"))
    for divinity in ("baal", "tanit"):
        game = rules.apply(game, DrawDivinity(divinity))
    coins = game.base.cities[0].coins
    game = rules.apply(game, GatePick("tanit"))
    assert game.base.cities[0].coins == coins + 12 and game.pantheon.invoked[0] == ("tanit",)
    assert game.pantheon.deck("phoenician") == ("baal",) and game.pantheon.top("phoenician") == "baal"


def test_mysticism_scores_two_points_a_token_still_held():
    cities = (City(progress=("mysticism",)), make_city())
    game = age_two(cities=cities, mythologies=(("greek", "roman"), ()), offerings=(("offering-2",), ()))
    assert player_scores(game, 0)["progress"] == 2 * 3


def test_poliorcetics_costs_the_opponent_a_coin_a_space_moved():
    cities = (City(progress=("poliorcetics",), coins=5), make_city(coins=5))
    base = make_game(2, cities=cities)
    pushed = duel._push(base, 0, 2)
    assert pushed.conflict == 2 and pushed.cities[1].coins == 5 - 2
    back = duel._push(base, 1, 2)
    assert back.cities[0].coins == 5


def test_engineering_builds_a_card_with_a_chain_symbol_for_one_coin():
    from companion.engine.duel.pricing import affordable, price, unit_prices
    chained = next(f for f in duel.tables().cards.values() if f.chains_from and f.age == 2 and f.need != (0,) * 7)
    poor = City(progress=("engineering",), coins=1)
    assert price(poor, City(), chained).total == 1
    assert affordable(poor, City(), chained, unit_prices(poor, City()))
    assert price(make_city(coins=1), City(), chained).total > 1


# -- bad moves of any shape ---------------------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from companion.engine.duel.pantheon import actions as pantheon_actions  # noqa: E402
from companion.engine.errors import BadInput  # noqa: E402

WORDS = st.sampled_from(["zeus", "the-gate", "greek", "offering-2", "offering-2+offering-9", "-", "lumber-yard",
                         "the-pyramids", "agriculture", "", "x" * 40, "7", "-3"])
NUMBERS = st.integers(min_value=-30, max_value=30)


def move_of(cls):
    from dataclasses import fields
    return st.builds(cls, *[NUMBERS if f.name in ("slot", "space", "side", "at", "player") else WORDS
                            for f in fields(cls)])


ANY_MOVE = st.one_of([move_of(c) for c in pantheon_actions.PANTHEON_ACTIONS]
                     + [st.builds(Build, NUMBERS), st.builds(Discard, NUMBERS), st.builds(ChooseStarter, NUMBERS)])


@settings(max_examples=150)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), move=ANY_MOVE)
def test_a_move_of_any_shape_is_played_or_refused_with_a_reason(seed, steps, move):
    rng = random.Random(seed)
    game = rules.new_game(seed % 2)
    for _ in range(steps):
        if game.to_move() is None:
            break
        game = rules.apply(game, rng.choice(rules.legal_actions(game)))
    if game.to_move() is None:
        return
    legal = move in rules.legal_actions(game)
    try:
        rules.apply(game, move)
    except IllegalAction as refusal:
        assert not legal and str(refusal)


@given(st.text(max_size=40))
def test_a_move_typed_in_any_shape_reads_or_is_refused(text):
    try:
        parse(text)
    except BadInput as refusal:
        assert str(refusal)
