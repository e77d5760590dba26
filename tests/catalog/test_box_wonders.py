"""A 7 Wonders box's wonder boards (issue 31, point 1): Cities' Petra and Byzantium and the Wonder
Pack's Great Wall, Stonehenge and Abu Simbel are read as the base boards are (sides A and B, each
stage's cost and effects), belong to their box, are listed with it and found by any printed name."""
import shutil

import pytest

from companion.catalog import CatalogError, Game, catalog, default_card_db, load_catalog
from companion.catalog.model import Resource


def boards(box):
    return {w.id: w for w in catalog().box_list(Game.SEVEN_WONDERS, 1, box) if w.listed_kind == "wonder"}


def stage_points(board, side):
    return [sum(e.amount for e in stage.effects if e.kind == "points") for stage in board.side(side).stages]


def kinds(board, side):
    return [[e.kind for e in stage.effects] for stage in board.side(side).stages]


def test_cities_adds_petra_and_byzantium_with_their_stages():
    found = boards("cities")
    assert sorted(found) == ["byzantium", "petra"]
    petra, byzantium = found["petra"], found["byzantium"]
    assert (petra.resource, byzantium.resource) == (Resource.CLAY, Resource.STONE)
    assert stage_points(petra, "A") == [3, 7, 7] and stage_points(petra, "B") == [3, 14]
    assert [s.cost.coins for s in petra.side("A").stages] == [0, 7, 0]        # Petra's stage paid in coins
    assert petra.side("B").stages[1].cost.coins == 14
    assert "others_lose_coins" in kinds(petra, "B")[0]
    assert stage_points(byzantium, "A") == [3, 2, 7] and stage_points(byzantium, "B") == [3, 4]
    assert kinds(byzantium, "B") == [["points", "diplomacy"], ["points", "diplomacy"]]
    assert all(side.doubt for board in found.values() for side in board.sides)   # one 1st-edition source


def test_the_wonder_pack_adds_four_boards_the_great_wall_worth_no_points():
    found = boards("wonder-pack")
    assert sorted(found) == ["abu-simbel", "great-wall", "manneken-pis", "stonehenge"]
    wall = found["great-wall"]
    assert len(wall.side("A").stages) == len(wall.side("B").stages) == 4
    assert stage_points(wall, "A") == stage_points(wall, "B") == [0, 0, 0, 0]
    assert kinds(wall, "A") == [["coins"], ["science_any"], ["shields"], ["build_from_discard"]]
    assert kinds(wall, "B")[2] == ["diplomacy", "others_lose_coins"]
    assert stage_points(found["stonehenge"], "A")[:2] == [3, 5]
    assert kinds(found["stonehenge"], "A")[2] == ["points_per"]     # 2 a stone on the brown cards, counted
    assert kinds(found["stonehenge"], "B") == [["points_per"], ["points_per_colour_under"]]  # the colour put under
    assert wall.stages_any_order and found["stonehenge"].stages_any_order is False
    assert stage_points(found["abu-simbel"], "A")[:2] == [3, 5]


def test_box_boards_stay_out_of_the_base_list_and_are_found_by_printed_names():
    cat = catalog()
    assert "petra" not in {w.id for w in cat.wonder_list(Game.SEVEN_WONDERS, 1)}
    for typed, ident in (("Byzance", "byzantium"), ("Hagia Sophia", "byzantium"), ("Pétra", "petra"),
                         ("petra", "petra"), ("great wall", "great-wall")):
        box = "wonder-pack" if ident == "great-wall" else "cities"
        assert cat.find(Game.SEVEN_WONDERS, 1, typed, boxes=(box,)).id == ident
    assert cat.get(Game.SEVEN_WONDERS, 1, "byzantium").name_in("fr") == "La Cathédrale de Byzance"


@pytest.fixture
def db(tmp_path):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    return root


@pytest.mark.parametrize("old,new,says", [
    ('side = "B"\ndoubt = "one 1st-edition source (K) for the costs and points; boardgame',
     'side = "night"\ndoubt = "one 1st-edition source (K) for the costs and points; boardgame', "sides must be"),
    ('resource = "clay"\nsource = "public: kavispires', 'resource = "brick"\nsource = "public: kavispires',
     'unknown resource "brick"'),
    ('cost = { coins = 14 }', 'cost = { coins = 14, stones = 1 }', "cost"),
])
def test_a_malformed_box_board_is_refused_naming_it(db, old, new, says):
    path = db / "seven_wonders" / "cities_1e.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CatalogError, match=says) as caught:
        load_catalog(db)
    assert "cities_1e.toml" in str(caught.value)


def test_the_second_edition_cities_box_adds_its_own_petra_and_byzantium():
    found = {w.id: w for w in catalog().box_list(Game.SEVEN_WONDERS, 2, "cities") if w.listed_kind == "wonder"}
    assert sorted(found) == ["byzantium", "petra"]
    petra, byzantium = found["petra"], found["byzantium"]
    assert [s.side for s in petra.sides] == ["day", "night"]
    assert stage_points(petra, "day") == [3, 7, 7] and petra.side("day").stages[1].cost.coins == 5
    assert stage_points(petra, "night") == [3, 14] and petra.side("night").stages[1].cost.coins == 10
    assert stage_points(byzantium, "day") == [3, 4, 7] and stage_points(byzantium, "night") == [4, 6]
    assert all("diplomacy" in k for k in kinds(byzantium, "night"))


def test_the_second_edition_armada_box_adds_siracusa_whose_stages_move_the_fleets():
    found = {w.id: w for w in catalog().box_list(Game.SEVEN_WONDERS, 2, "armada") if w.listed_kind == "wonder"}
    assert list(found) == ["siracusa"]
    siracusa = found["siracusa"]
    assert siracusa.resource is Resource.GLASS
    assert [k[0] for k in kinds(siracusa, "day")] == ["advance_fleets"] * 3
    assert stage_points(siracusa, "day") == [0, 3, 0]
    assert kinds(siracusa, "night")[2] == ["shields", "naval_shields"]
    assert all(side.doubt for side in siracusa.sides)


def test_a_cities_table_of_eight_is_dealt_eight_boards_the_boxes_included():
    import random

    from companion.catalog.plays import play
    from companion.engine.dealing import deal_wonders, wonders_in_play
    cities = play("7wonders+cities")
    assert {"petra", "byzantium"} <= {w.id for w in wonders_in_play(cities)}
    dealt = deal_wonders(cities, 8, random.Random(5))            # 7 base boards could not seat 8
    assert len({w.id for w in dealt}) == 8


def test_manneken_pis_produces_nothing_and_gives_4_coins_its_stages_copying_the_neighbours():
    pis = boards("wonder-pack")["manneken-pis"]
    assert pis.resource is None and pis.start_coins == 4
    copies = [[(e.stage, e.sides) for e in stage.effects] for stage in pis.side("A").stages]
    assert copies == [[(1, ("left",))], [(2, ("right",))], [(3, ("left", "right"))]]
    only = pis.side("B").stages
    assert len(only) == 1 and sum(n for _, n in only[0].cost.resources) == 7 and stage_points(pis, "B") == [7]


def test_the_leaders_box_adds_rome_with_its_power_in_place_of_a_resource_and_4_guilds():
    things = {t.id: t for t in catalog().box_list(Game.SEVEN_WONDERS, 1, "leaders")}
    rome = things["rome"]
    assert rome.resource is None and rome.start_coins == 0
    assert [e.kind for e in rome.side("A").effects] == ["free_leaders"]
    assert [(e.amount, e.whose) for e in rome.side("B").effects] == [(2, ("self",)), (1, ("left", "right"))]
    assert stage_points(rome, "A") == [4, 6] and stage_points(rome, "B") == [0, 3, 3]
    guilds = sorted(i for i, t in things.items() if t.piece == "building")
    assert guilds == ["architects-guild", "courtesans-guild", "diplomats-guild", "gamers-guild"]
    assert all(things[g].colour.value == "purple" and things[g].age == 3 for g in guilds)
    roma = {t.id: t for t in catalog().box_list(Game.SEVEN_WONDERS, 2, "leaders")}["rome"]
    assert roma.name == "Roma" and [s.side for s in roma.sides] == ["day", "night"]
    assert all(side.doubt for side in roma.sides)          # one source, N


@pytest.mark.parametrize("file,old,new,says", [
    # a base board must produce a resource; a box's board without one gives coins or a power instead
    ("wonders_1e.toml", 'resource = "ore"\n', "", 'unknown resource "None"'),
    ("wonder-pack_1e.toml", "start_coins = 4\n", "", "a board without a resource gives start_coins"),
    ("wonder-pack_1e.toml", "start_coins = 4\n", "start_coins = -1\n", "start_coins must be a whole number"),
    ("leaders_1e.toml", 'was read"\neffects = [ { kind = "free_leaders" } ]\n', 'was read"\n',
     "a board without a resource gives start_coins"),
    ("leaders_1e.toml", 'was read"\neffects = [ { kind = "free_leaders" } ]\n',
     'was read"\neffects = [ { kind = "free_leader" } ]\n', 'unknown effect kind "free_leader"'),
    ("wonder-pack_1e.toml", "stage = 3, sides", "stage = 0, sides", "stage must be a whole number of at least 1"),
])
def test_a_board_without_a_resource_is_checked(db, file, old, new, says):
    path = db / "seven_wonders" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CatalogError, match=says) as caught:
        load_catalog(db)
    assert file in str(caught.value)


def test_a_base_board_cannot_take_a_power_in_place_of_its_resource(db):
    path = db / "seven_wonders" / "wonders_1e.toml"
    text = path.read_text()
    old = 'side = "A"\n'
    assert old in text
    path.write_text(text.replace(old, old + 'effects = [ { kind = "free_leaders" } ]\n', 1))
    with pytest.raises(CatalogError, match="only a box's board has side effects"):
        load_catalog(db)
