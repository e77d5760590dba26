"""Doubts settled by public checks: the facts stand, name what settled them, and are no longer doubts."""
import pytest

from companion.catalog import Game, Resource

BASE = Game.SEVEN_WONDERS
PHOTOS = "public: photos of the printed 2nd-edition cards"
R = Resource


@pytest.mark.parametrize("ident,cost,counts", [
    ("town-hall", {R.STONE: 2, R.ORE: 1, R.GLASS: 1}, (3, 6)),
    ("arena", {R.STONE: 2, R.ORE: 1}, (3, 5)),
    ("circus", {R.STONE: 3, R.ORE: 1}, (4, 6)),
    ("craftsmens-guild", {R.STONE: 2, R.ORE: 2}, ()),
])
def test_second_edition_costs_confirmed_by_photos(cat, ident, cost, counts):
    card = cat.get(BASE, 2, ident)
    assert dict(card.cost.resources) == cost and card.cost.coins == 0
    assert card.counts == counts
    assert card.source == PHOTOS and card.doubt is None


def test_the_arena_is_free_from_the_dispensary(cat):
    assert cat.get(BASE, 2, "arena").chains_from == ("dispensary",)


def test_babylon_night_has_two_stages(cat):
    night = cat.get(BASE, 2, "babylon").side("night")
    assert len(night.stages) == 2
    assert night.source == "public: photos of the printed 2nd-edition boards" and night.doubt is None


def test_duel_pyramids_confirmed_by_two_engines_and_board_game_arena(cat):
    for layout in cat.layouts.values():
        assert layout.source == "public: two public engines and Board Game Arena's Duel"


def test_no_doubt_left_on_second_edition_cards_and_boards(cat):
    left = [d for d in cat.doubts if d.startswith(("seven_wonders/cards_2e.toml", "seven_wonders/wonders_2e.toml"))]
    assert left == []
