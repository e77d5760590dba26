"""Deck sizes: the rules deal 7 cards a player every age (Age III: players + 2 guilds)."""
import pytest

from companion.catalog import Colour, Game

# Cards before guilds, by age, for 3..7 players: 7n in ages I and II, 7n - (n + 2) in age III.
BASE_SIZES = {3: (21, 21, 16), 4: (28, 28, 22), 5: (35, 35, 28), 6: (42, 42, 34), 7: (49, 49, 40)}


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", sorted(BASE_SIZES))
def test_base_deck_holds_seven_cards_a_player(cat, edition, players):
    sizes = tuple(len(cat.deck(edition, age, players)) for age in (1, 2, 3))
    assert sizes == BASE_SIZES[players]
    assert sizes[2] + players + 2 == 7 * players


@pytest.mark.parametrize("edition", [1, 2])
def test_full_box_matches_the_printed_card_counts(cat, edition):
    # Both editions' boxes: 49 Age I, 49 Age II, 50 Age III cards (guilds included).
    cards = cat.card_list(Game.SEVEN_WONDERS, edition)
    per_age = [sum(len(c.counts) for c in cards if c.age == age and not c.is_guild) for age in (1, 2, 3)]
    guilds = [c for c in cards if c.is_guild]
    assert per_age[:2] == [49, 49]
    assert per_age[2] + len(guilds) == 50


def test_first_edition_has_the_ten_guilds(cat):
    guilds = {c.id for c in cat.guilds(Game.SEVEN_WONDERS, 1)}
    assert guilds == {"workers-guild", "craftsmens-guild", "traders-guild", "philosophers-guild",
                      "spies-guild", "strategists-guild", "shipowners-guild", "scientists-guild",
                      "magistrates-guild", "builders-guild"}


def test_no_card_of_a_city_repeats_within_one_player_count(cat):
    # Two copies of a card never enter at the same player count (one city could hold both).
    for edition in (1, 2):
        for card in cat.card_list(Game.SEVEN_WONDERS, edition):
            assert len(set(card.counts)) == len(card.counts), (edition, card.id, card.counts)


def test_duel_decks_are_23_23_20_plus_7_guilds(cat):
    cards = cat.card_list(Game.DUEL)
    assert [sum(1 for c in cards if c.age == a and not c.is_guild) for a in (1, 2, 3)] == [23, 23, 20]
    assert len([c for c in cards if c.is_guild]) == 7
    assert not [c for c in cards if c.age == 3 and c.colour in (Colour.BROWN, Colour.GREY)]


def test_duel_has_twelve_wonders_and_ten_progress_tokens(cat):
    assert len(cat.wonder_list(Game.DUEL)) == 12
    assert len(cat.progress) == 10


@pytest.mark.parametrize("edition", [1, 2])
def test_seven_boards_with_both_sides(cat, edition):
    boards = cat.wonder_list(Game.SEVEN_WONDERS, edition)
    assert {b.id for b in boards} == {"alexandria", "babylon", "ephesus", "gizah", "halicarnassus",
                                      "olympia", "rhodes"}
    expected = ("A", "B") if edition == 1 else ("day", "night")
    assert all(tuple(s.side for s in b.sides) == expected for b in boards)


def test_chains_name_existing_cards_of_earlier_ages_both_ways(cat):
    for game in Game:
        for edition in cat.editions(game):
            cards = {c.id: c for c in cat.card_list(game, edition)}
            for card in cards.values():
                for source in card.chains_from:
                    assert cards[source].age < card.age
                    assert card.id in cards[source].chains_to
                for target in card.chains_to:
                    assert card.id in cards[target].chains_from


def test_ids_are_unique_per_game_and_edition(cat):
    for game in Game:
        for edition in cat.editions(game):
            ids = [e.id for e in cat.entities(game, edition)]
            assert len(ids) == len(set(ids))


def sourced(source: str) -> bool:
    return source == "general" or source.startswith(("seed:", "public: "))


def test_every_fact_has_a_source(cat):
    for entity in cat.all_entities():
        assert sourced(entity.source), entity.id
        assert all(sourced(n.source) for n in entity.names), entity.id


def test_every_name_in_every_language(cat):
    missing = [(e.game.value, e.edition, e.id, lang) for e in cat.all_entities()
               for lang in ("fr", "de", "es", "it", "pt", "ro") if lang not in e.names_by_lang()]
    assert not missing


def test_a_building_printed_in_two_ages_is_one_name(cat):
    # 1st edition: Loom, Glassworks and Press are printed in Age I and again in Age II.
    for name in ("Loom", "Glassworks", "Press"):
        copies = [c for c in cat.card_list(Game.SEVEN_WONDERS, 1) if c.name == name]
        assert sorted(c.age for c in copies) == [1, 2]
        assert cat.find(Game.SEVEN_WONDERS, 1, name).age == 1
