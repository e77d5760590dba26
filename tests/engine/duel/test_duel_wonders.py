"""The twelve wonders (seed 000, Minunile) and the limit of seven (7 Minuni, niciuna in plus!)."""
import pytest

from companion.engine.duel.actions import BuildWonder, Destroy, Discard, DrawToken, LibraryPick, Rebuild
from companion.engine.duel.facts import tables
from companion.engine.duel.pricing import price
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.state import CHANCE, Pending, Wait
from companion.engine.errors import IllegalAction

from .duel_helpers import ident, make_city, make_game


def build(wonder, city=None, opp=None, age=2, **fields):
    """Player 0 builds `wonder` with the card in slot 18."""
    city = city or make_city(left=[wonder], coins=60)
    state = make_game(age, {}, (city, opp or make_city()), **fields)
    return apply(state, BuildWonder(18, ident(wonder, "wonder")))


def test_seed_example_the_seventh_wonder_sends_the_last_one_back_to_the_box():
    alex = make_city(wonders=["The Sphinx", "The Great Library", "The Mausoleum", "Circus Maximus"])
    vlad = make_city(wonders=["The Appian Way", "Piraeus"], left=["The Colossus", "The Pyramids"], coins=60)
    after = apply(make_game(2, {}, (vlad, alex)), BuildWonder(18, "the-colossus"))
    assert after.wonders_built == 7
    assert after.cities[0].wonders_left == () and after.retired_wonders == ("the-pyramids",)
    assert not any(isinstance(a, BuildWonder) for a in legal_actions(after, 1))


def test_no_eighth_wonder_can_be_built():
    a = make_city(wonders=["The Sphinx", "The Great Library", "The Mausoleum", "Circus Maximus"])
    b = make_city(wonders=["The Appian Way", "Piraeus", "The Colossus"], left=["The Pyramids"], coins=60)
    with pytest.raises(IllegalAction):
        apply(make_game(2, {}, (b, a)), BuildWonder(18, "the-pyramids"))


def test_play_again_wonders_give_another_turn():
    for wonder in ("The Sphinx", "Piraeus", "The Hanging Gardens", "The Temple of Artemis", "The Appian Way"):
        assert build(wonder).to_move() == 0, wonder


def test_other_wonders_pass_the_turn():
    for wonder in ("The Pyramids", "The Colossus", "The Great Lighthouse"):
        assert build(wonder).to_move() == 1, wonder


def test_theology_gives_every_later_wonder_play_again():
    city = make_city(left=["The Pyramids"], progress=["Theology"], coins=60)
    assert build("The Pyramids", city).to_move() == 0


def test_theology_does_not_double_play_again():
    city = make_city(left=["The Sphinx"], progress=["Theology"], coins=60)
    after = build("The Sphinx", city)
    assert after.to_move() == 0
    after = apply(after, Discard(19))
    assert after.to_move() == 1            # one extra turn, not two


def test_play_again_is_lost_when_the_age_ends():
    city = make_city(left=["The Sphinx"], coins=60)
    state = make_game(1, {}, (city, make_city()), taken=tuple(s for s in range(20) if s != 14))
    after = apply(state, BuildWonder(14, "the-sphinx"))
    assert after.pending == (Pending(Wait.STARTER, 0),)      # pawn centred, player 0 played last
    assert after.to_move() == 0 and legal_actions(after, 0) != [] and after.age == 1


def test_the_temple_of_artemis_gives_12_coins():
    assert build("The Temple of Artemis").cities[0].coins == 60 - 4 * 2 + 12


def test_the_hanging_gardens_give_6_coins():
    assert build("The Hanging Gardens").cities[0].coins == 60 - 4 * 2 + 6


def test_the_appian_way_gives_3_coins_and_the_opponent_loses_3():
    after = build("The Appian Way", opp=make_city(coins=5))
    assert after.cities[0].coins == 60 - 5 * 2 + 3 and after.cities[1].coins == 2


def test_the_appian_way_never_takes_the_opponent_below_0():
    assert build("The Appian Way", opp=make_city(coins=2)).cities[1].coins == 0


def test_the_statue_of_zeus_puts_an_opponents_brown_card_in_the_discard():
    opp = make_city(["Lumber Yard", "Glassworks", "Quarry"])
    after = build("The Statue of Zeus", opp=opp)
    assert after.conflict == 1
    assert set(map(str, legal_actions(after, 0))) == {"destroy lumber-yard", "destroy quarry"}
    with pytest.raises(IllegalAction):
        apply(after, Destroy("glassworks"))
    done = apply(after, Destroy("quarry"))
    assert done.cities[1].cards == ("lumber-yard", "glassworks") and done.discard == ("quarry",)
    assert done.to_move() == 1


def test_circus_maximus_puts_an_opponents_grey_card_in_the_discard():
    after = build("Circus Maximus", opp=make_city(["Lumber Yard", "Glassworks"]))
    assert legal_actions(after, 0) == [Destroy("glassworks")]
    assert apply(after, Destroy("glassworks")).cities[1].cards == ("lumber-yard",)


def test_destroying_nothing_when_the_opponent_has_no_card_of_that_colour():
    after = build("Circus Maximus", opp=make_city(["Lumber Yard"]))
    assert after.pending == () and after.to_move() == 1


def test_a_destroyed_card_no_longer_produces():
    opp = make_city(["Shelf Quarry"])
    after = apply(build("The Statue of Zeus", opp=opp), Destroy("shelf-quarry"))
    assert price(after.cities[0], after.cities[1], tables().cards["aqueduct"]).total == 6


def test_the_mausoleum_builds_a_discarded_card_for_free():
    city = make_city(left=["The Mausoleum"], coins=60)
    after = build("The Mausoleum", city, discard=("aqueduct", "walls"))
    assert set(legal_actions(after, 0)) == {Rebuild("aqueduct"), Rebuild("walls")}
    done = apply(after, Rebuild("walls"))
    assert done.cities[0].cards == ("walls",) and done.discard == ("aqueduct",)
    assert done.conflict == 2 and done.cities[0].coins == after.cities[0].coins


def test_the_mausoleum_cannot_build_a_card_outside_the_discard():
    # Cards put back in the box at setup are not in the discard pile.
    after = build("The Mausoleum", discard=("aqueduct",))
    with pytest.raises(IllegalAction):
        apply(after, Rebuild("palace"))


def test_the_mausoleum_with_an_empty_discard_does_nothing():
    assert build("The Mausoleum").pending == ()


def test_a_green_card_from_the_discard_can_make_a_pair():
    city = make_city(["Scriptorium"], left=["The Mausoleum"], coins=60)
    after = apply(build("The Mausoleum", city, discard=("library",), board=("law",)), Rebuild("library"))
    assert after.pending == (Pending(Wait.PROGRESS, 0),)


def test_the_great_library_draws_3_unused_tokens_and_keeps_1():
    unused = ("agriculture", "economy", "law", "masonry", "theology")
    after = build("The Great Library", unused=unused)
    assert after.to_move() == CHANCE
    assert set(legal_actions(after, CHANCE)) == {DrawToken(t) for t in unused}
    for token in ("economy", "law", "theology"):
        after = apply(after, DrawToken(token))
    assert after.to_move() == 0
    assert set(legal_actions(after, 0)) == {LibraryPick(t) for t in ("economy", "law", "theology")}
    with pytest.raises(IllegalAction):
        apply(after, LibraryPick("agriculture"))
    done = apply(after, LibraryPick("theology"))
    assert done.cities[0].progress == ("theology",)
    assert sorted(done.unused) == ["agriculture", "economy", "law", "masonry"]
    assert done.to_move() == 1


def test_the_great_lighthouse_and_piraeus_produce_for_their_owner():
    city = make_city(wonders=["The Great Lighthouse", "Piraeus"])
    assert price(city, make_city(), tables().cards["rostrum"]).total == 2     # 1 of 2 covered
    assert price(city, make_city(), tables().cards["temple"]).total == 0      # wood + papyrus


def test_the_colossus_gives_2_shields():
    assert build("The Colossus").conflict == 2
