"""The boxes' things in other languages (issue 31, point 4): the 1st edition's leaders carry the French
names a printed French list gives, for that edition only, each with its source, a doubt where only one
source gives it; search finds a leader by its French name; what no source names stays English."""
from companion.catalog import Game, catalog


def test_the_first_edition_leaders_have_their_french_names_for_that_edition_only():
    cat = catalog()
    for ident, french in (("nebuchadnezzar", "Nabuchodonosor"), ("cleopatra", "Cléopâtre"),
                          ("hatshepsut", "Hatchepsout"), ("diocletian", "Dioclétien")):
        assert cat.get(Game.SEVEN_WONDERS, 1, ident).name_in("fr") == french
    assert cat.get(Game.SEVEN_WONDERS, 2, "cleopatra-2e").name_in("fr") == "Cleopatra"   # 2nd edition: not read
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
