"""The boxes' things in other languages (issue 31, point 4): the 1st edition's leaders carry the French
names a printed French list gives, for that edition only, each with its source, a doubt where only one
source gives it; search finds a leader by its French name; what no source names stays English."""
import pytest

from companion.catalog import Game, catalog


def test_the_first_edition_leaders_have_their_french_names_for_that_edition_only():
    cat = catalog()
    for ident, french in (("nebuchadnezzar", "Nabuchodonosor"), ("cleopatra", "Cléopâtre"),
                          ("hatshepsut", "Hatchepsout"), ("diocletian", "Dioclétien")):
        assert cat.get(Game.SEVEN_WONDERS, 1, ident).name_in("fr") == french
    assert cat.get(Game.SEVEN_WONDERS, 2, "nero-2e").name_in("fr") == "Nero"             # 2nd edition: not read
    assert cat.get(Game.SEVEN_WONDERS, 1, "nero").name_in("de") == "Nero"                # no German source


def test_a_french_leader_name_from_one_source_is_doubted_two_are_not():
    leaders = {e.id: e for e in catalog().box_list(Game.SEVEN_WONDERS, 1, "leaders") if e.piece == "leader"}
    french = {ident: next(n for n in leader.names if n.lang == "fr") for ident, leader in leaders.items()}
    assert len(french) == 36
    assert "lerepairedesjeux" in french["caesar"].source and "lerepairedesjeux" not in french["nero"].source
    doubts = " ".join(catalog().doubts)
    assert "names.nero:" in doubts and "names.caesar:" not in doubts


def test_search_finds_a_leader_or_a_box_board_by_its_french_name():
    cat = catalog()
    assert cat.find(Game.SEVEN_WONDERS, 1, "neron", boxes=("leaders",)).id == "nero"
    assert cat.find(Game.SEVEN_WONDERS, 1, "Aspasie", boxes=("cities",)).id == "aspasia"


def test_cities_boards_carry_each_editions_french_name():
    cat = catalog()
    assert cat.get(Game.SEVEN_WONDERS, 1, "petra").name_in("fr") == "L'Al-Khazneh de Pétra"
    assert cat.get(Game.SEVEN_WONDERS, 2, "petra").name_in("fr") == "Petra"
    assert cat.get(Game.SEVEN_WONDERS, 2, "byzantium").name_in("fr") == "Byzantium"


def test_the_first_edition_cities_black_cards_have_their_german_names_for_that_edition_only():
    """A German short rules of Cities (Ludoversum's) names 20 of the 27 black cards: one source, so each is doubted."""
    cat = catalog()
    for ident, german in (("pigeon-loft", "Taubenschlag"), ("spy-ring", "Spionagering"), ("militia", "Miliz"),
                          ("embassy", "Botschaft"), ("builders-union", "Kammer der Baumeister")):
        assert cat.get(Game.SEVEN_WONDERS, 1, ident).name_in("de") == german
    assert cat.get(Game.SEVEN_WONDERS, 2, "torture-chamber-2e").name_in("de") == "Torture Chamber"   # not read
    assert cat.get(Game.SEVEN_WONDERS, 1, "tabularium").name_in("de") == "Tabularium"               # not named
    doubts = " ".join(cat.doubts)
    assert "names.pigeon-loft:" in doubts and "names.lair:" in doubts


@pytest.mark.parametrize("lang,typed,expected", [
    ("de", "Taubenschlag", "pigeon-loft"),
    ("de", "Kammer der Baumeister", "builders-union"),
    ("de", "Hagia Sophia", "byzantium"),
    ("it", "Bisanzio", "byzantium"),
    ("it", "L'El-Khasneh di Petra", "petra"),
])
def test_a_look_up_finds_a_cities_card_or_board_by_its_german_or_italian_name(lang, typed, expected):
    assert catalog().find(Game.SEVEN_WONDERS, 1, typed, boxes=("cities",)).id == expected


@pytest.mark.parametrize("lang,typed,expected", [
    ("de", "Folterkamer", "torture-chamber"),          # a typo
    ("de", "spionagering", "spy-ring"),
    ("it", "cattedrale bisanzio", "byzantium"),
])
def test_the_search_finds_them_typed_loosely_in_the_readers_language(index, lang, typed, expected):
    hits = index.search(typed, game=Game.SEVEN_WONDERS, boxes=True, lang=lang)
    assert expected in [h.entity.id for h in hits[:3]], [h.entity.id for h in hits[:5]]


def test_the_italian_and_german_board_names_hold_for_the_first_edition_only():
    cat = catalog()
    assert cat.get(Game.SEVEN_WONDERS, 1, "byzantium").name_in("it") == "La Cattedrale di Bisanzio"
    assert cat.get(Game.SEVEN_WONDERS, 1, "byzantium").name_in("de") == "Hagia Sophia"
    assert cat.get(Game.SEVEN_WONDERS, 2, "byzantium").name_in("it") == "Byzantium"
    assert cat.get(Game.SEVEN_WONDERS, 2, "petra").name_in("de") == "Petra"


def test_two_edifices_carry_the_french_names_a_french_article_gives_for_both_editions(index):
    cat = catalog()
    for edition in (1, 2):
        assert cat.get(Game.SEVEN_WONDERS, edition, "river-port").name_in("fr") == "Port fluvial"
        assert cat.get(Game.SEVEN_WONDERS, edition, "belvedere").name_in("fr") == "Belvédère"
    hits = index.search("port fluvial", game=Game.SEVEN_WONDERS, boxes=True, lang="fr")
    assert "river-port" in [h.entity.id for h in hits[:3]]
    assert cat.get(Game.SEVEN_WONDERS, 1, "curtain-wall").name_in("fr") == "Curtain Wall"   # double enceinte: which?
    assert "names.river-port:" in " ".join(cat.doubts)
