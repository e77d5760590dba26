"""Setup: decks by player count, players + 2 guilds, 7 cards and 3 coins a player, wonders."""
import random
from collections import Counter

import pytest

from companion.engine.errors import BadInput
from companion.engine.seven_wonders.setup import guild_count, new_game, random_decks, random_game
from companion.engine.seven_wonders.state import Phase
from companion.engine.seven_wonders.facts import tables


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_age_deck_deals_seven_cards_a_player(edition, players):
    decks = random_decks(edition, players, random.Random(players))
    assert [len(d) for d in decks] == [7 * players] * 3


@pytest.mark.parametrize("players, guilds", [(3, 5), (4, 6), (5, 7), (6, 8), (7, 9)])
def test_age_three_adds_players_plus_two_different_guilds(players, guilds):
    # Seeds 003/004: 5 guilds at 3 players ... 9 at 7.
    assert guild_count(players) == guilds
    t = tables(1)
    deck = random_decks(1, players, random.Random(1))[2]
    drawn = [c for c in deck if t.cards[c].card.is_guild]
    assert len(drawn) == len(set(drawn)) == guilds


def test_a_deck_holds_the_cards_printed_for_at_most_that_many_players():
    t = tables(1)
    four = Counter(t.deck(1, 4))
    assert four["lumber-yard"] == 2 and four["tree-farm"] == 0 and four["excavation"] == 1
    assert Counter(t.deck(1, 6))["tree-farm"] == 1
    assert Counter(t.deck(2, 7))["loom-age-2"] == 2


def test_each_player_starts_with_three_coins_a_board_and_seven_cards():
    state = random_game(random.Random(3), 5, 1)
    assert state.phase is Phase.PICK and (state.age, state.turn) == (1, 1)
    assert [c.coins for c in state.cities] == [3] * 5
    assert [len(h) for h in state.hands] == [7] * 5
    assert len({c.wonder for c in state.cities}) == 5
    assert all(c.stages == 0 and not c.cards for c in state.cities)


def test_a_table_chooses_boards_and_enters_the_deal():
    decks = random_decks(1, 3, random.Random(9))
    state = new_game(1, [("gizah", "B"), ("rhodes", "a"), ("ephesus", "A")], decks, names=["A", "B", "C"])
    assert [(c.wonder, c.side, c.name) for c in state.cities] == [("gizah", "B", "A"), ("rhodes", "A", "B"),
                                                                  ("ephesus", "A", "C")]
    assert state.hands[1] == decks[0][7:14]


def test_new_game_refuses_a_wrong_deal_or_table():
    decks = random_decks(1, 3, random.Random(9))
    boards = [("gizah", "A"), ("rhodes", "A"), ("ephesus", "A")]
    with pytest.raises(BadInput) as e:
        new_game(1, boards, (decks[0][:-1],) + decks[1:])
    assert e.value.where == "decks[0]"
    with pytest.raises(BadInput) as e:
        new_game(1, boards, (decks[0], decks[1], decks[1]))
    assert e.value.where == "decks[2]"
    with pytest.raises(BadInput) as e:
        new_game(1, [("gizah", "A"), ("gizah", "B"), ("ephesus", "A")], decks)
    assert e.value.where == "boards[1]"
    with pytest.raises(BadInput) as e:
        new_game(1, boards + [("olympia", "A")] * 5, decks)
    assert "not 8" in e.value.message
    with pytest.raises(BadInput):
        new_game(1, [("gizah", "day"), ("rhodes", "A"), ("ephesus", "A")], decks)


def test_second_edition_boards_have_day_and_night_sides():
    state = random_game(random.Random(4), 4, 2)
    assert {c.side for c in state.cities} <= {"day", "night"}
