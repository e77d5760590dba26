"""Rulings: sourced, in our words, about real cards, findable by a player's own words."""
import pytest

from companion.catalog import Game

REQUIRED = [
    "neighbours-sell-only-brown-grey-and-start", "trade-income-not-spendable-same-turn",
    "halicarnassus-end-of-turn-sees-this-turns-discards", "babylon-b-plays-seventh-card",
    "olympia-b-discount-does-not-stack", "duel-architecture-masonry-choose-waived-resources",
    "duel-economy-gets-actual-trade-spend", "duel-strategy-red-cards-only",
    "duel-play-again-lost-at-end-of-age", "duel-mausoleum-not-setup-cards",
    "duel-shipowners-one-city-both-colours",
]
TOPICS = ["trading", "chains", "wonders", "military", "science", "end-of-age", "end-of-game", "two-player"]


def test_every_ruling_has_a_source(cat):
    assert cat.rulings
    for ruling in cat.rulings:
        assert ruling.source == "general" or ruling.source.startswith("seed:0"), ruling.id


@pytest.mark.parametrize("ident", REQUIRED)
def test_the_seeds_clarifications_are_there(cat, ident):
    assert ident in {r.id for r in cat.rulings}


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_has_rulings(cat, topic):
    assert any(topic in r.topics for r in cat.rulings)


def test_rulings_about_a_card(cat):
    babylon = cat.get(Game.SEVEN_WONDERS, 1, "babylon")
    assert "babylon-b-plays-seventh-card" in {r.id for r in cat.rulings_about(babylon)}


@pytest.mark.parametrize("question,expected", [
    ("can I buy from a yellow card?", "neighbours-sell-only-brown-grey-and-start"),
    ("can I spend the coins my neighbour just paid me", "trade-income-not-spendable-same-turn"),
    ("does strategy add a shield to wonders", "duel-strategy-red-cards-only"),
    ("mausoleum cards removed at setup", "duel-mausoleum-not-setup-cards"),
    ("olympia discount and trading post together", "olympia-b-discount-does-not-stack"),
])
def test_a_question_finds_its_ruling(index, question, expected):
    found = [r.id for r in index.search_rulings(question)]
    assert expected in found[:3], found
