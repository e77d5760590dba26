"""A malformed entry fails loudly, naming the file and the entry."""
import shutil

import pytest

from companion.catalog import CatalogError, default_card_db, load_catalog

CARD = """
[[card]]
id = "{id}"
name = "Bogus"
age = {age}
colour = "brown"
cost = {{}}
chains_from = {chains}
effects = [{effect}]
source = "{source}"
"""


@pytest.fixture
def db(tmp_path):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    return root


def append_card(root, *, id="bogus-card", age=1, chains="[]",
                effect='{ kind = "produce", resources = { wood = 1 } }', source="general"):
    path = root / "duel" / "cards.toml"
    path.write_text(path.read_text() + CARD.format(id=id, age=age, chains=chains,
                                                   effect=effect, source=source))


def load_error(root) -> str:
    with pytest.raises(CatalogError) as info:
        load_catalog(root)
    return str(info.value)


def test_the_project_database_loads(db):
    assert load_catalog(db).card_list


def test_unknown_effect_kind_names_file_and_entry(db):
    append_card(db, effect='{ kind = "teleport" }')
    message = load_error(db)
    assert message.startswith("duel/cards.toml: card[")
    assert "(bogus-card)" in message and 'unknown effect kind "teleport"' in message


def test_effect_with_a_missing_field(db):
    append_card(db, effect='{ kind = "points" }')
    message = load_error(db)
    assert "(bogus-card)" in message and "needs ['amount']" in message


def test_unknown_resource(db):
    append_card(db, effect='{ kind = "produce", resources = { gold = 1 } }')
    assert 'unknown resource "gold"' in load_error(db)


def test_chain_to_a_card_that_does_not_exist(db):
    append_card(db, age=2, chains='["nowhere"]')
    message = load_error(db)
    assert "duel/cards.toml" in message and "(bogus-card)" in message and '"nowhere"' in message


def test_source_must_be_general_a_seed_or_a_public_check(db):
    append_card(db, source="a forum post")
    message = load_error(db)
    assert "(bogus-card)" in message and "source" in message


def test_an_extra_card_breaks_the_deck_size(db):
    append_card(db)
    assert "age 1 holds 24 cards, expected 23" in load_error(db)


def test_an_id_used_twice(db):
    append_card(db, id="lumber-yard")
    assert "lumber-yard" in load_error(db)


def test_invalid_toml_names_the_file(db):
    path = db / "duel" / "progress.toml"
    path.write_text(path.read_text() + "\n[[token]\n")
    message = load_error(db)
    assert message.startswith("duel/progress.toml: not valid TOML")


def test_a_name_given_twice_in_one_language(db):
    (db / "names" / "duel" / "ro.extra.toml").write_text(
        'game = "duel"\nlang = "ro"\n[names.lumber-yard]\nname = "X"\nsource = "general"\n')
    message = load_error(db)
    assert "names/duel/ro.extra.toml" in message and "lumber-yard" in message and "twice" in message


def test_a_name_for_an_unknown_id(db):
    (db / "names" / "duel" / "ro.extra.toml").write_text(
        'game = "duel"\nlang = "ro"\n[names.no-such-card]\nname = "X"\nsource = "general"\n')
    assert 'no card, wonder or token has the id "no-such-card"' in load_error(db)


def test_a_broken_pyramid(db):
    path = db / "duel" / "layouts.toml"
    path.write_text(path.read_text().replace("covered_by = [2, 3]", "covered_by = [2]", 1))
    message = load_error(db)
    assert message.startswith("duel/layouts.toml") and "slot 0" in message


def test_missing_file(db):
    (db / "duel" / "wonders.toml").unlink()
    assert load_error(db) == "duel/wonders.toml: file is missing"


def test_a_second_edition_entry_needs_its_own_source(db):
    path = db / "seven_wonders" / "cards_2e.toml"
    text = path.read_text()
    start = text.index('id = "lumber-yard"')
    end = text.index("\n[[card]]", start)
    block = text[start:end]
    path.write_text(text.replace(block, "\n".join(l for l in block.splitlines() if not l.startswith("source"))))
    message = load_error(db)
    assert message.startswith("seven_wonders/cards_2e.toml") and "(lumber-yard)" in message and "source" in message


def test_search_index_can_be_rebuilt_in_the_same_database():
    from sqlite_utils import Database
    from companion.catalog import catalog
    from companion.catalog.search import SearchIndex
    db = Database(memory=True)
    SearchIndex(catalog(), db)
    again = SearchIndex(catalog(), db)
    assert again.search("Lumber Yard")[0].entity.name == "Lumber Yard"
