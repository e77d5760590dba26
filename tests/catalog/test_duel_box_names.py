"""Issue 32's pieces found by a name printed in another language (card_db/names/duel/<lang>.pantheon.toml).

Only the names a printed localised source gives are kept; every other piece of
Pantheon and Agora is found by its English name alone (see the files' comments).
"""
import pytest

from companion.catalog import Game, catalog


@pytest.mark.parametrize("typed, lang", [("Tor", "de"), ("Tor-Karte", "de"), ("Portale", "it"), ("portale", "it")])
def test_the_gate_is_found_by_its_german_and_italian_names(index, typed, lang):
    hit = index.search(typed, game=Game.DUEL, boxes=True)[0]
    assert hit.entity.id == "the-gate"
    assert lang in {local.lang for local in hit.entity.names}


def test_the_gates_printed_names_each_name_two_sources():
    gate = next(t for t in catalog().box_things[(Game.DUEL, None, "pantheon")] if t.id == "the-gate")
    names = {local.lang: local for local in gate.names}
    assert (names["de"].name, names["it"].name) == ("Tor", "Portale")
    assert all(names[lang].source.count("public:") == 2 for lang in ("de", "it"))


def test_a_piece_without_a_printed_local_name_keeps_only_its_english_one():
    enki = next(t for t in catalog().box_things[(Game.DUEL, None, "pantheon")] if t.id == "enki")
    assert enki.names == ()


def _decrees():
    return [t for t in catalog().box_things[(Game.DUEL, None, "agora")] if t.piece == "decree"]


def test_every_decree_has_our_descriptive_name_in_each_language():
    # a decree has no printed name: the English one is ours, so is each translation (a French lookup
    # listed "Decree: conspirators play again" in English)
    decrees = _decrees()
    assert len(decrees) == 16
    for decree in decrees:
        assert {local.lang for local in decree.names} == {"fr", "de", "es", "it", "pt", "ro"}, decree.id


@pytest.mark.parametrize("typed, lang, ident", [
    ("Décret : les conspirateurs rejouent", "fr", "decree-conspirator-replay"),
    ("Dekret: ein Schild", "de", "decree-shield"),
    ("Decreto: maravillas más baratas", "es", "decree-wonder-discount"),
])
def test_a_decree_is_found_by_its_name_in_another_language(index, typed, lang, ident):
    hit = index.search(typed, game=Game.DUEL, boxes=True, lang=lang)[0]
    assert hit.entity.id == ident
