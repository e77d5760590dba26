"""The boxes' printed names as public sources give them (helper 119): each name names its sources, a
name with one source carries a doubt, a source describing another edition holds for that edition only,
and what no source names stays English (the pages mark it "*")."""
from companion.catalog import Game, catalog

ONE_2E_SOURCE = "Playin"


def _local(entity, lang):
    return next(n for n in entity.names if n.lang == lang)


def test_a_second_french_source_settles_midas_and_nefertiti():
    cat = catalog()
    doubts = " ".join(cat.doubts)
    for ident, french, second in (("midas", "Midas", "ludococcinelle"), ("nefertiti", "Néfertiti", "krinein")):
        leader = cat.get(Game.SEVEN_WONDERS, 1, ident)
        assert leader.name_in("fr") == french
        assert second in _local(leader, "fr").source
        assert f"fr.toml: names.{ident}:" not in doubts
    assert "fr.toml: names.amytis:" in doubts            # still the fan list alone


def test_a_description_of_the_2020_box_names_the_second_editions_leaders_not_the_firsts():
    cat = catalog()
    for ident, french in (("cleopatra", "Cléopâtre"), ("caesar", "César"), ("archimedes", "Archimède")):
        first, second = cat.get(Game.SEVEN_WONDERS, 1, ident), cat.get(Game.SEVEN_WONDERS, 2, f"{ident}-2e")
        assert first.name_in("fr") == second.name_in("fr") == french
        assert ONE_2E_SOURCE not in _local(first, "fr").source
        assert ONE_2E_SOURCE in _local(second, "fr").source
    doubts = " ".join(cat.doubts)
    assert "fr.2e.toml: names.caesar-2e:" in doubts and "fr.toml: names.caesar:" not in doubts
    assert cat.get(Game.SEVEN_WONDERS, 2, "hatshepsut-2e").name_in("fr") == "Hatshepsut"   # not read: English


def test_the_first_editions_leaders_in_german_two_sources_or_a_doubt():
    cat = catalog()
    caesar = cat.get(Game.SEVEN_WONDERS, 1, "caesar")
    assert caesar.name_in("de") == "Cäsar" and _local(caesar, "de").source.count("public:") == 2
    assert cat.get(Game.SEVEN_WONDERS, 2, "caesar-2e").name_in("de") == "Caesar"            # 2nd edition: not read
    amytis = cat.get(Game.SEVEN_WONDERS, 1, "amytis")
    assert amytis.name_in("de") == "Amyitis" and "Amytis" in _local(amytis, "de").aliases
    doubts = " ".join(cat.doubts)
    assert "de.toml: names.amytis:" in doubts and "de.toml: names.plato:" in doubts
    assert "de.toml: names.caesar:" not in doubts
    assert cat.get(Game.SEVEN_WONDERS, 1, "cleopatra").name_in("de") == "Cleopatra"        # sources disagree


def test_pantheons_minerva_in_german_and_italian_from_her_pawn_doubted():
    cat = catalog()
    minerva = cat.get(Game.DUEL, None, "minerva")
    assert {n.lang for n in minerva.names} >= {"de", "it"}
    doubts = " ".join(cat.doubts)
    assert "de.pantheon.toml: names.minerva:" in doubts     # the Italian one has two sources: test_pantheon_token_names
    assert not any(n.lang == "fr" for n in cat.get(Game.DUEL, None, "zeus").names)        # none read


def test_armadas_siracusa_keeps_its_name_in_the_french_second_edition_doubted():
    cat = catalog()
    siracusa = cat.get(Game.SEVEN_WONDERS, 2, "siracusa")
    assert siracusa.name_in("fr") == "Siracusa" and "7ar-fr02" in _local(siracusa, "fr").source
    assert "fr.2e.toml: names.siracusa:" in " ".join(cat.doubts)
    assert not any(n.lang == "de" for n in siracusa.names)                                  # none read


def test_three_edifices_in_german_for_both_editions_from_the_box_text_doubted():
    cat = catalog()
    for edition in (1, 2):
        assert cat.get(Game.SEVEN_WONDERS, edition, "archives").name_in("de") == "Stadtarchiv"
        assert cat.get(Game.SEVEN_WONDERS, edition, "amphitheater").name_in("de") == "Amphitheater"
        assert cat.get(Game.SEVEN_WONDERS, edition, "outpost").name_in("de") == "Outpost"     # not named
    assert "de.toml: names.archives:" in " ".join(cat.doubts)
