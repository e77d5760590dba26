"""Search by any printed name in any language, accents and case ignored, typos forgiven."""
import pytest

from companion.catalog import Game


def top(index, text, **kw):
    hits = index.search(text, **kw)
    assert hits, f"nothing found for {text!r}"
    return hits[0].entity


def test_romanian_without_diacritics_finds_stone_pit(index):
    assert top(index, "cariera de piatra").name == "Stone Pit"


def test_spanish_with_accents_finds_tacticians_guild(index):
    assert top(index, "Gremio de tácticos").name == "Tacticians Guild"


@pytest.mark.parametrize("text,game,ident", [
    ("Lumber Yard", Game.DUEL, "lumber-yard"),
    ("lumbr yard", Game.DUEL, "lumber-yard"),                 # a letter missing
    ("Lumber Yadr", Game.DUEL, "lumber-yard"),                # two letters swapped
    ("CARAVANSERY", Game.DUEL, "caravansery"),                # case
    ("almacen de madera", Game.DUEL, "lumber-yard"),          # es, accents dropped
    ("Almacen de medera", Game.DUEL, "lumber-yard"),          # es, a typo
    ("Grajdury", Game.DUEL, "stable"),                        # ro, a typo
    ("Ghilda Camatarilor", Game.DUEL, "moneylenders-guild"),  # ro
    ("Gremio de tacticso", Game.DUEL, "tacticians-guild"),    # es, a typo
    ("Sticlarie", Game.DUEL, "glassworks"),                   # ro without diacritics
    ("Glass blower", Game.DUEL, "glass-blower"),              # punctuation
])
def test_finds_with_typos_and_without_accents(index, text, game, ident):
    assert top(index, text, game=game).id == ident


def test_exact_name_comes_first(index):
    hits = index.search("Temple", game=Game.DUEL)
    assert hits[0].entity.id == "temple"


def test_filters_by_game_and_edition(index):
    assert {h.entity.game for h in index.search("Stone Pit", game=Game.DUEL)} == {Game.DUEL}
    hits = index.search("Stone Pit", game=Game.SEVEN_WONDERS, edition=2)
    assert hits and all(h.entity.edition == 2 for h in hits)


def test_wonders_and_tokens_are_found_too(index):
    assert top(index, "Apian way", game=Game.DUEL).id == "the-appian-way"
    assert top(index, "Agricultura", game=Game.DUEL).id == "agriculture"


def test_ambiguous_courthouse_returns_both_cards(index):
    ids = {h.entity.id for h in index.search("Courthouse", game=Game.DUEL, limit=3)}
    assert {"tribunal", "pretorium"} <= ids


def test_nothing_for_empty_or_nonsense(index):
    assert index.search("   ") == []
    assert index.search("zzzzqqqq xxjj") == []


@pytest.mark.parametrize("text,game,ident", [
    ("Poço de Argial", Game.SEVEN_WONDERS, "clay-pool"),     # the longer name, not "Poço" (Well)
    ("La Grandq Biblioteca", Game.DUEL, "the-great-library"),
    ("Alfar", Game.SEVEN_WONDERS, "altar"),                  # not "Far" inside the word
    ("tacticos", Game.DUEL, "tacticians-guild"),             # one word of a longer name
])
def test_whole_words_beat_pieces_of_words(index, text, game, ident):
    assert top(index, text, game=game).id == ident


PALISADES = {"palisade", "stockade"}     # the 7 Wonders card and the Duel's, printed alike


@pytest.mark.parametrize("lang,text,idents", [
    ("de", "Bäder", {"baths"}),          # not ~20 names holding "der" (Der Koloss, Gilde der ...)
    ("de", "Bäderr", {"baths"}),         # a letter too many: still only the Baths
    ("fr", "Bains", {"baths"}),          # not Jardins
    ("fr", "Palissade", PALISADES),      # not Palace
    ("pt", "Banhos", {"baths"}),         # not Banco dei pegni, Urbanism, Band of Spies
    ("pt", "Paliçada", PALISADES),       # not Halicarnas, Academia
])
def test_a_name_typed_lists_its_matches_not_names_sharing_a_fragment(index, lang, text, idents):
    hits = index.search(text, lang=lang, limit=60, boxes=True)
    assert {h.entity.id for h in hits} == idents, [(h.matched, round(h.score)) for h in hits[:8]]


@pytest.mark.parametrize("lang,text,idents", [
    ("de", "Tempel", {"temple", "the-temple-of-artemis", "ephesus"}),   # the word inside longer names
    ("fr", "Guilde des", {"builders-guild", "scientists-guild", "spies-guild"}),   # a name's start
    ("pt", "Guilda", {"builders-guild", "scientists-guild", "spies-guild"}),
])
def test_a_name_typed_keeps_the_names_it_starts_or_is_a_word_of(index, lang, text, idents):
    assert idents <= {h.entity.id for h in index.search(text, lang=lang, limit=60, boxes=True)}
