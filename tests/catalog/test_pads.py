"""The paper score pads: rows in the order the rulebooks count them."""
from companion.catalog import Game


def test_first_edition_pad_counts_in_the_rulebooks_order(cat):
    # Seed 004 "Somando os Pontos": military, coins, wonders, civil, science, commercial, guilds.
    pad = cat.pads["7wonders"]
    assert [r.key for r in pad.rows] == ["military", "treasury", "wonder", "civil", "science",
                                         "commercial", "guilds"]
    assert pad.game is Game.SEVEN_WONDERS and pad.edition == 1


def test_second_edition_pad_counts_in_seed_001_order(cat):
    pad = cat.pads["7wonders-2e"]
    assert [r.key for r in pad.rows] == ["wonder", "treasury", "military", "civil", "commercial",
                                         "science", "guilds"]


def test_duel_pad_has_the_eight_contract_categories(cat):
    pad = cat.pads["duel"]
    assert [r.key for r in pad.rows] == ["civil", "science", "commercial", "guilds", "wonders",
                                         "progress", "treasury", "military"]
    assert pad.players == (2, 2)


def test_military_bounds(cat):
    assert (cat.pads["7wonders"].row("military").min, cat.pads["7wonders"].row("military").max) == (-6, 18)
    assert cat.pads["duel"].row("military").max == 10
