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
