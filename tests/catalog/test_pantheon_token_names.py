"""Pantheon's pieces named in French and Italian from two public sources each (helper 124): Minerva in
Italian (two Italian pages name her pawn), and the tokens, which carry no printed name, by the words two
pages of that language use for them (our descriptive names). What the pages disagree on, or no page
names, stays English."""
import pytest

from companion.catalog import Game, catalog


def _pantheon(ident):
    return catalog().get(Game.DUEL, None, ident)


def _local(entity, lang):
    return next(n for n in entity.names if n.lang == lang)


def test_minerva_in_italian_names_two_sources_and_is_no_longer_doubted():
    minerva = _local(_pantheon("minerva"), "it")
    assert minerva.name == "Minerva" and minerva.source.count("public:") == 2
    assert "gioconomicon" in minerva.source
    doubts = " ".join(catalog().doubts)
    assert "it.pantheon.toml: names.minerva:" not in doubts
    assert "de.pantheon.toml: names.minerva:" in doubts                 # German: still one source


@pytest.mark.parametrize("ident, amount", [("offering-2", 2), ("offering-3", 3), ("offering-4", 4)])
def test_the_offering_tokens_in_french_and_italian(ident, amount):
    token = _pantheon(ident)
    assert token.name_in("fr") == f"Jeton Offrande ({amount})"
    assert token.name_in("it") == f"Segnalino Offerta ({amount})"
    assert all(_local(token, lang).source.count("public:") == 2 for lang in ("fr", "it"))


@pytest.mark.parametrize("ident, french", [
    ("mesopotamian-mythology", "Jeton Mythologie (mésopotamienne)"),
    ("phoenician-mythology", "Jeton Mythologie (phénicienne)"),
    ("greek-mythology", "Jeton Mythologie (grecque)"),
    ("egyptian-mythology", "Jeton Mythologie (égyptienne)"),
    ("roman-mythology", "Jeton Mythologie (romaine)"),
])
def test_the_mythology_tokens_in_french_and_not_in_italian(ident, french):
    token = _pantheon(ident)
    assert token.name_in("fr") == french and _local(token, "fr").source.count("public:") == 2
    assert not any(n.lang == "it" for n in token.names)                 # the Italian pages disagree


def test_a_french_lookup_finds_an_offering_token(index):
    hit = index.search("jeton offrande 3", game=Game.DUEL, boxes=True, lang="fr")[0]
    assert hit.entity.id == "offering-3"


@pytest.mark.parametrize("ident, german", [
    ("mesopotamian-mythology", "Mythologie-Plättchen (mesopotamisch)"),
    ("greek-mythology", "Mythologie-Plättchen (griechisch)"),
    ("roman-mythology", "Mythologie-Plättchen (römisch)"),
    ("offering-2", "Opfergaben-Plättchen (2)"),
    ("offering-4", "Opfergaben-Plättchen (4)"),
])
def test_the_tokens_in_german_from_two_german_reviews(ident, german):
    token = _pantheon(ident)
    assert token.name_in("de") == german and _local(token, "de").source.count("public:") == 2
