"""The paper score pads: rows in the order the rulebooks count them."""
from companion.catalog import Game


def test_first_edition_pad_counts_in_the_rulebooks_order(cat):
    # Seed 004 "Somando os Pontos": military, coins, wonders, civil, science, commercial, guilds.
    pad = cat.pads["7wonders"]
    assert [r.key for r in pad.rows] == ["military", "treasury", "wonder", "civil", "science",
                                         "commercial", "guilds"]
    assert pad.game is Game.SEVEN_WONDERS and pad.edition == 1


def test_second_edition_pad_in_the_order_seed_001s_worked_example_adds_up(cat):
    # Alex's column: 6 3 10 9 2 4 21 = 55, science 21 being the seed's own science example.
    pad = cat.pads["7wonders-2e"]
    assert [r.key for r in pad.rows] == ["military", "treasury", "wonder", "civil", "commercial",
                                         "guilds", "science"]
    column = dict(zip([r.key for r in pad.rows], (6, 3, 10, 9, 2, 4, 21)))
    assert all(pad.row(k).min <= v <= pad.row(k).max for k, v in column.items())
    assert sum(column.values()) == 55


def test_duel_pad_has_the_eight_contract_categories(cat):
    pad = cat.pads["duel"]
    assert [r.key for r in pad.rows] == ["civil", "science", "commercial", "guilds", "wonders",
                                         "progress", "treasury", "military"]
    assert pad.players == (2, 2)


def test_military_bounds(cat):
    assert (cat.pads["7wonders"].row("military").min, cat.pads["7wonders"].row("military").max) == (-6, 18)
    assert cat.pads["duel"].row("military").max == 10
