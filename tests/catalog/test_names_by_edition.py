"""Printed names differ by edition: the data says which name belongs to which, search finds both."""
import shutil

import pytest

from companion.catalog import CatalogError, Game, default_card_db, load_catalog

BASE = Game.SEVEN_WONDERS

# The German 2nd edition renamed thirteen cards: id -> (1st-edition name, 2nd-edition name).
GERMAN_RENAMED = {
    "excavation": ("Ausgrabungsstätte", "Abbaustollen"),
    "east-trading-post": ("Kontor Ost", "Handelsposten Ost"),
    "west-trading-post": ("Kontor West", "Handelsposten West"),
    "stockade": ("Befestigungsanlage", "Palisade"),
    "quarry": ("Bildhauerei", "Kalksteinbruch"),
    "walls": ("Mauern", "Wall"),
    "training-ground": ("Trainingsgelände", "Übungsplatz"),
    "dispensary": ("Arzneiausgabe", "Krankenhaus"),
    "fortifications": ("Verteidigungsanlage", "Festungsanlagen"),
    "circus": ("Zirkus", "Circus"),
    "arsenal": ("Waffenlager", "Arsenal"),
    "craftsmens-guild": ("Gilde der Künstler", "Gilde der Handwerker"),
    "magistrates-guild": ("Gilde der Beamten", "Gilde der Magistraten"),
}

# Names of the cards new in the 2nd edition, per language.
SECOND_EDITION_ONLY = {
    ("de", "ludus"): "Gladiatorenschule",
    ("de", "castrum"): "Militärlager",
    ("de", "well"): "Brunnen",
    ("de", "decorators-guild"): "Gilde der Dekorateure",
    ("it", "ludus"): "Palestra Gladiatoria",
    ("it", "castrum"): "Castra",
    ("it", "well"): "Pozzo",
    ("it", "decorators-guild"): "Gilda degli Arredatori",
    ("fr", "ludus"): "Ludus",
    ("fr", "castrum"): "Castrum",
    ("fr", "decorators-guild"): "Guilde des décorateurs",
}

# Names both editions print, checked in each edition.
BOTH_EDITIONS = {
    ("it", "traders-guild"): "Gilda dei Mercanti",
    ("de", "stone-pit"): "Steinbruch",
    ("de", "traders-guild"): "Gilde der Händler",
}


@pytest.mark.parametrize("ident", sorted(GERMAN_RENAMED))
def test_german_names_per_edition(cat, ident):
    first, second = GERMAN_RENAMED[ident]
    assert cat.get(BASE, 1, ident).name_in("de") == first
    assert cat.get(BASE, 2, ident).name_in("de") == second


def test_the_german_second_edition_renamed_thirteen_cards(cat):
    renamed = [c.id for c in cat.card_list(BASE, 2) if c.id in {x.id for x in cat.card_list(BASE, 1)}
               and c.name_in("de") != cat.get(BASE, 1, c.id).name_in("de")]
    assert sorted(renamed) == sorted(GERMAN_RENAMED)


@pytest.mark.parametrize("lang,ident", sorted(SECOND_EDITION_ONLY))
def test_names_of_the_new_cards(cat, lang, ident):
    assert cat.get(BASE, 2, ident).name_in(lang) == SECOND_EDITION_ONLY[(lang, ident)]


@pytest.mark.parametrize("lang,ident", sorted(BOTH_EDITIONS))
@pytest.mark.parametrize("edition", [1, 2])
def test_names_both_editions_print(cat, lang, ident, edition):
    assert cat.get(BASE, edition, ident).name_in(lang) == BOTH_EDITIONS[(lang, ident)]


def test_a_card_keeps_every_editions_names_with_their_edition(cat):
    names = {(n.name, n.editions) for n in cat.get(BASE, 1, "walls").names if n.lang == "de"}
    assert names == {("Mauern", (1,)), ("Wall", (2,))}
    assert cat.get(BASE, 2, "walls").names_by_lang()["de"] == "Wall"


@pytest.mark.parametrize("typed,ident", [
    ("Gladiatorenschule", "ludus"), ("Militärlager", "castrum"), ("Handelsposten Ost", "east-trading-post"),
    ("Kalksteinbruch", "quarry"), ("Krankenhaus", "dispensary"), ("Gilde der Magistraten", "magistrates-guild"),
    ("Palestra Gladiatoria", "ludus"), ("Gilda degli Arredatori", "decorators-guild"),
])
def test_search_by_a_second_edition_name(index, typed, ident):
    hits = index.search(typed, game=BASE, edition=2)
    assert hits and hits[0].entity.id == ident and hits[0].entity.edition == 2


def test_search_finds_a_renamed_card_by_either_editions_name(index):
    for edition in (1, 2):
        for typed in ("Kontor Ost", "Handelsposten Ost"):
            hits = index.search(typed, game=BASE, edition=edition)
            assert hits[0].entity.id == "east-trading-post", (edition, typed)
    # Unfiltered, the edition that prints the name comes first.
    assert index.search("Handelsposten Ost")[0].entity.edition == 2
    assert index.search("Kontor Ost")[0].entity.edition == 1


def test_lookup_by_another_editions_name(cat):
    assert cat.find(BASE, 2, "Kontor West").id == "west-trading-post"
    assert cat.find(BASE, 1, "Übungsplatz").id == "training-ground"
    assert cat.find(BASE, 2, "Gladiatorenschule").id == "ludus"


# -- the loader -------------------------------------------------------------

@pytest.fixture
def db(tmp_path):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    return root


def load_error(root) -> str:
    with pytest.raises(CatalogError) as info:
        load_catalog(root)
    return str(info.value)


def test_two_names_for_one_edition_fail(db):
    (db / "names" / "seven_wonders" / "de.extra.toml").write_text(
        'game = "seven_wonders"\nlang = "de"\nedition = 2\n[names.walls]\nname = "X"\nsource = "general"\n')
    message = load_error(db)
    assert "names/seven_wonders/de.extra.toml" in message and "walls in edition 2" in message and "twice" in message


def test_a_name_for_every_edition_clashes_with_an_editions_name(db):
    (db / "names" / "seven_wonders" / "de.extra.toml").write_text(
        'game = "seven_wonders"\nlang = "de"\n[names.walls]\nname = "X"\nsource = "general"\n')
    assert "twice" in load_error(db)


def test_an_edition_without_the_card_fails(db):
    (db / "names" / "seven_wonders" / "de.extra.toml").write_text(
        'game = "seven_wonders"\nlang = "de"\nedition = 1\n[names.ludus]\nname = "X"\nsource = "general"\n')
    assert 'edition 1 has no "ludus"' in load_error(db)


def test_duel_names_have_no_edition(db):
    (db / "names" / "duel" / "de.extra.toml").write_text(
        'game = "duel"\nlang = "de"\nedition = 2\n[names.lumber-yard]\nname = "X"\nsource = "general"\n')
    assert "7 Wonders only" in load_error(db)


def test_a_public_source_must_say_what_was_checked(db):
    (db / "names" / "seven_wonders" / "de.extra.toml").write_text(
        'game = "seven_wonders"\nlang = "de"\n[names.well]\nname = "X"\nsource = "public:"\n')
    assert "public: <what was checked>" in load_error(db)
