"""Costs and chains the seeds state in their examples: the publisher's own numbers."""
import pytest

from companion.catalog import Game, Resource

W, S, C, O = Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE
G, T, P = Resource.GLASS, Resource.TEXTILE, Resource.PAPYRUS


def cost(cat, game, edition, ident):
    c = cat.get(game, edition, ident).cost
    return c.coins, dict(c.resources)


# Seed 000 (CARTILE ERA, Costul cartilor) and seed 002 (card costs, trade examples).
DUEL_COSTS = {
    "lumber-yard": (0, {}),                          # free
    "stone-pit": (1, {}),                            # 1 coin
    "baths": (0, {S: 1}),                            # 1 stone
    "arena": (0, {C: 1, S: 1, W: 1}),                # clay + stone + wood
    "caravansery": (2, {G: 1, P: 1}),                # 2 coins + glass + papyrus
    "fortifications": (0, {S: 2, C: 1, P: 1}),       # 2 stone + clay + papyrus
    "aqueduct": (0, {S: 3}),                         # 3 stone
    "horse-breeders": (0, {C: 1, W: 1}),             # clay + wood, or the Stable chain
    "scriptorium": (2, {}),                          # 2 coins
}


@pytest.mark.parametrize("ident,expected", sorted(DUEL_COSTS.items()))
def test_duel_cost_stated_by_the_seeds(cat, ident, expected):
    assert cost(cat, Game.DUEL, None, ident) == expected


def test_duel_horse_breeders_chain_from_stable(cat):
    assert cat.get(Game.DUEL, None, "horse-breeders").chains_from == ("stable",)


# Seed 004 (Custo das Cartas, Produção) and seed 003: 1st-edition examples.
BASE_COSTS = {
    "marketplace": (0, {}),                          # free
    "mine": (1, {}),                                 # 1 coin
    "baths": (0, {S: 1}),                            # 1 stone
    "arena": (0, {S: 2, O: 1}),                      # 2 stone + 1 ore
    "stables": (0, {C: 1, W: 1, O: 1}),              # clay + wood + ore, or the Apothecary chain
    "east-trading-post": (0, {}),                    # free
    "barracks": (0, {O: 1}),                         # 1 ore
    "scriptorium": (0, {P: 1}),                      # 1 papyrus
    "university": (0, {W: 2, G: 1, P: 1}),           # 2 wood + glass + papyrus
    "library": (0, {S: 2, T: 1}),                    # 2 stone + textile
    "forum": (0, {C: 2}),                            # 2 clay
}


@pytest.mark.parametrize("ident,expected", sorted(BASE_COSTS.items()))
def test_first_edition_cost_stated_by_the_seeds(cat, ident, expected):
    assert cost(cat, Game.SEVEN_WONDERS, 1, ident) == expected


@pytest.mark.parametrize("later,earlier", [
    ("stables", "apothecary"), ("library", "scriptorium"), ("courthouse", "scriptorium"),
    ("statue", "theater"), ("gardens", "statue"),
])
def test_first_edition_chain_stated_by_the_seeds(cat, later, earlier):
    assert earlier in cat.get(Game.SEVEN_WONDERS, 1, later).chains_from


def test_alexandria_a_second_stage_needs_two_ore(cat):
    # Seed 004: building Alexandria's second stage with the two ore the city makes.
    side = cat.get(Game.SEVEN_WONDERS, 1, "alexandria").side("A")
    assert dict(side.stages[1].cost.resources) == {O: 2}


def test_gizah_starts_with_stone(cat):
    assert cat.get(Game.SEVEN_WONDERS, 1, "gizah").resource is S
