"""An expansion box's things (issue 32, point 1): each card, wonder, token and piece says its box
(`expansion`) and what it is there (`kind`), is checked on load, and stays out of the base
game's lists and look-ups unless its box is named."""
import json
import shutil

import pytest

from companion.catalog import CatalogError, Game, LookupFailed, catalog, default_card_db, load_catalog
from companion.catalog.jsonview import entity_json
from companion.catalog.search import SearchIndex
from testkit.cli_run import run


def listed(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_every_box_thing_names_its_box_and_kind():
    for (game, _, box), things in catalog().box_things.items():
        assert things
        for thing in things:
            assert thing.expansion == box and thing.piece, thing.id


def test_pantheon_lists_its_divinities_temples_tokens_and_the_gate(capsys):
    items = listed(capsys, "cards", "list", "--game", "duel", "--expansion", "pantheon")
    kinds = {}
    for item in items:
        assert item["expansion"] == "pantheon" and item["game"] == "duel"
        kinds.setdefault(item["kind"], []).append(item["id"])
    assert len(kinds["divinity"]) == 15 and kinds["gate"] == ["the-gate"]
    assert len(kinds["temple"]) == 5 and len(kinds["mythology-token"]) == 5
    assert sorted(kinds["offering-token"]) == ["offering-2", "offering-3", "offering-4"]
    by_id = {i["id"]: i for i in items}
    mythologies = [i["mythology"] for i in items if i["kind"] == "divinity"]
    assert all(mythologies.count(m) == 3 for m in set(mythologies)) and len(set(mythologies)) == 5
    assert by_id["greek-grand-temple"]["cost"]["resources"] == {"stone": 3, "glass": 1, "papyrus": 1}
    assert by_id["greek-grand-temple"]["chains_from"] == ["Greek mythology token"]


def test_a_box_card_has_the_shape_of_a_base_card_plus_expansion_and_kind(capsys):
    base = listed(capsys, "cards", "list", "--game", "duel")[0]
    temple = next(i for i in listed(capsys, "cards", "list", "--game", "duel", "--expansion", "pantheon")
                  if i["kind"] == "temple")
    assert set(base) <= set(temple) and set(temple) - set(base) <= {"expansion", "doubt"}


def test_pantheon_wonders_and_progress_tokens_are_listed_apart(capsys):
    wonders = listed(capsys, "wonders", "list", "--game", "duel", "--expansion", "pantheon")
    assert {w["id"] for w in wonders} == {"the-sanctuary", "the-divine-theater"}
    assert all(w["kind"] == "wonder" and w["expansion"] == "pantheon" for w in wonders)
    tokens = listed(capsys, "progress", "list", "--game", "duel", "--expansion", "pantheon")
    assert {t["id"] for t in tokens} == {"mysticism", "poliorcetics", "engineering"}


def test_the_base_listings_stay_as_they_were_without_an_expansion(capsys):
    cards = listed(capsys, "cards", "list", "--game", "duel")
    assert len(cards) == 73 and all("expansion" not in c and c["kind"] == "card" for c in cards)
    assert len(listed(capsys, "wonders", "list", "--game", "duel")) == 12
    assert len(listed(capsys, "progress", "list", "--game", "duel")) == 10


def test_a_box_of_another_game_or_an_unknown_box_is_refused_saying_which(capsys):
    code, _, err = run(capsys, "cards", "list", "--game", "duel", "--expansion", "leaders")
    assert code == 2 and '"leaders" is not a box of duel' in err
    code, _, err = run(capsys, "cards", "list", "--game", "duel", "--expansion", "olympus")
    assert code == 2 and 'unknown expansion "olympus"' in err


def test_search_finds_a_divinity_by_its_printed_name(capsys):
    hits = listed(capsys, "cards", "search", "Anubis")
    assert hits[0]["id"] == "anubis" and hits[0]["expansion"] == "pantheon"


def test_the_webs_search_leaves_box_things_out_unless_asked():
    index = SearchIndex(catalog())
    assert all(h.entity.expansion is None for h in index.search("Zeus", game=Game.DUEL))
    assert any(h.entity.id == "zeus" for h in index.search("Zeus", game=Game.DUEL, boxes=True))


def test_find_knows_a_box_thing_only_when_its_box_is_named():
    cat = catalog()
    with pytest.raises(LookupFailed):
        cat.find(Game.DUEL, None, "Greek Grand Temple")
    assert cat.find(Game.DUEL, None, "Greek Grand Temple", boxes=("pantheon",)).id == "greek-grand-temple"
    assert cat.find(Game.DUEL, None, "Isis", kinds=("divinity",), boxes=("pantheon",)).piece == "divinity"
    assert entity_json(cat.get(Game.DUEL, None, "isis"), cat)["kind"] == "divinity"


def test_pantheons_board_gives_each_space_two_costs():
    board = catalog().box_tables[(Game.DUEL, None, "pantheon")]["board"]
    assert board["first_player_costs"] == [8, 7, 6, 5, 4, 3]
    assert board["other_player_costs"] == list(reversed(board["first_player_costs"]))


@pytest.fixture
def db(tmp_path):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    return root


def edit(root, old, new):
    path = root / "duel" / "pantheon.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("old,new,says", [
    ('kind = "divinity"\nid = "enki"', 'kind = "deity"\nid = "enki"', "kind must be one of"),
    ('mythology = "mesopotamian"\neffects', 'mythology = "sumerian"\neffects', "mythology must be one of"),
    ('chains_from = ["greek-mythology"]', 'chains_from = ["olympus"]', 'chains_from names "olympus"'),
    ('copies = 2', 'copies = 0', "copies must be a whole number"),
    ('box = "pantheon"', 'box = "agora"', 'must say box = "pantheon"'),
    ('kind = "temple"\nid = "greek', 'kind = "guild"\nid = "greek', "a box's card says its kind"),
    ('spaces = 6', 'spaces = "six"', "board.spaces must be whole numbers"),
    ('{ kind = "coins", amount = 12 }', '{ kind = "coins", amount = 12, colours = ["red"] }', "does not take"),
])
def test_a_malformed_box_thing_fails_naming_the_file_and_entry(db, old, new, says):
    edit(db, old, new)
    with pytest.raises(CatalogError) as info:
        load_catalog(db)
    assert says in str(info.value) and "duel/pantheon.toml" in str(info.value)


def test_a_box_id_may_not_repeat_a_base_id(db):
    edit(db, 'id = "zeus"', 'id = "lumber-yard"')
    with pytest.raises(CatalogError) as info:
        load_catalog(db)
    assert "lumber-yard" in str(info.value)


def test_a_box_without_its_file_has_no_things(db):
    (db / "duel" / "pantheon.toml").unlink()
    for names in (db / "names" / "duel").glob("*.pantheon.toml"):   # the box's names go with it
        names.unlink()
    assert load_catalog(db).box_list(Game.DUEL, None, "pantheon") == ()


def test_agora_lists_its_senators_conspiracies_and_decrees(capsys):
    items = listed(capsys, "cards", "list", "--game", "duel", "--expansion", "agora")
    copies = {}
    for item in items:
        copies.setdefault(item["kind"], 0)
        copies[item["kind"]] += item["copies"]
    # the rulebook's contents: 13 senators (7 politicians, 6 conspirators), 16 conspiracies, 16 decrees
    assert copies == {"senator": 13, "conspiracy": 16, "decree": 16}
    politicians = [i for i in items if i["kind"] == "senator" and "section" in i]
    assert sum(p["copies"] for p in politicians) == 7
    assert {p["section"] for p in politicians} == {"left", "centre", "right"}
    # each senator carries the Senate's price, a coin for each senator its recruiter holds; no other piece
    assert {i.get("coins_per_held") for i in items if i["kind"] == "senator"} == {1}
    assert not any("coins_per_held" in i for i in items if i["kind"] != "senator")
    wonders = listed(capsys, "wonders", "list", "--game", "duel", "--expansion", "agora")
    assert {w["name"] for w in wonders} == {"Curia Julia", "Knossos"}
    assert len(listed(capsys, "progress", "list", "--game", "duel", "--expansion", "agora")) == 2


def test_agoras_senate_has_six_chambers_in_three_sections():
    senate = catalog().box_tables[(Game.DUEL, None, "agora")]["senate"]
    chambers = sorted(c for section in senate["sections"].values() for c in section)
    assert chambers == list(range(1, senate["chambers"] + 1)) and len(senate["points"]) == 6
    assert senate["cubes_per_player"] == 12 and sum(senate["senators_per_age"]) == 13


def test_show_finds_a_box_thing_when_its_box_is_named(capsys):
    item = listed(capsys, "cards", "show", "Zeus", "--expansion", "pantheon")
    assert item["id"] == "zeus" and item["kind"] == "divinity" and item["game"] == "duel"
    code, _, err = run(capsys, "cards", "show", "Zeus", "--game", "duel")
    assert code == 2 and 'unknown card or wonder or progress token "Zeus"' in err
    code, _, err = run(capsys, "cards", "show", "Olympus", "--expansion", "pantheon")
    assert code == 2 and "piece of a box" in err


def test_agoras_structures_hold_the_senators_25_25_and_23_cards():
    layouts = catalog().box_layouts[(Game.DUEL, None, "agora")]
    assert [len(layouts[age].slots) for age in (1, 2, 3)] == [25, 25, 23]
    senate = catalog().box_tables[(Game.DUEL, None, "agora")]["senate"]
    # each age's 20 cards and its senators
    assert [len(layouts[age].slots) - senate["senators_per_age"][age - 1] for age in (1, 2, 3)] == [20, 20, 20]
    bottom = max(s.row for s in layouts[1].slots)
    assert all(s.face_up for s in layouts[1].slots if s.row in (0, bottom))
    assert catalog().layouts[1].slots[0].x == 4          # the base structures stay as they were


def test_a_box_structure_of_the_wrong_size_fails_naming_the_file(db):
    path = db / "duel" / "agora.toml"
    path.write_text(path.read_text().replace("structure_sizes = [25, 25, 23]", "structure_sizes = [25, 24, 23]", 1))
    with pytest.raises(CatalogError) as info:
        load_catalog(db)
    assert "age 2 layout has 25 slots, expected 24" in str(info.value) and "duel/agora.toml" in str(info.value)
