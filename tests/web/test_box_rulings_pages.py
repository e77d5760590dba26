"""The boxes' rulings on the pages (issue 31, point 4): a box ruling's page and the card page it is about
show it in the reader's language, its sources named in that language's words (never the English
description of a review or a rulebook), in each of the six other languages."""
import re

import pytest

from companion.catalog import LANGUAGES
from tests.catalog.test_box_rulings import BOXES

BOX_RULINGS = [ident for idents in BOXES.values() for ident in idents]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_box_rulings_sources_are_told_in_the_readers_language(app, cat, lang):
    from flask_babel import force_locale

    from companion.web.sources import source_text
    rulings = [r for r in cat.rulings if r.id in BOX_RULINGS]
    assert len(rulings) == len(BOX_RULINGS)
    with app.test_request_context():
        english = {r.id: source_text(r.source) for r in rulings}
        with force_locale(lang):
            told = {r.id: source_text(r.source) for r in rulings}
    same = [ident for ident in told if told[ident] == english[ident]]
    assert same == []
    for ident, text in told.items():
        for part in english[ident].split("; "):
            what = part.split(": ", 1)[-1]
            assert what not in text, (ident, what)


@pytest.mark.parametrize("lang,ident,question,source", [
    ("fr", "cities-debt", "Une carte noire me fait perdre des pièces", "la page d&#39;un distributeur sur 7 Wonders Cities"),
    ("de", "edifice-reward", "Wer bekommt die Belohnung", "englische Rezensionen von 7 Wonders Edifice"),
    ("es", "babel-tower-full", "Qué pasa cuando la Torre de Babel está llena", "el reglamento inglés"),
    ("it", "leaders-rome-needs-leaders", "Possiamo usare Roma", "il regolamento italiano di Leaders"),
    ("pt", "armada-move-a-ship", "Com Armada, quando posso mover um navio", "uma resenha em inglês de Armada"),
    ("ro", "great-wall-b-without-cities", "Putem juca fața B a Marelui Zid", "o recenzie germană a Wonder Pack"),
])
def test_a_box_rulings_page_in_the_readers_language(client, lang, ident, question, source):
    html = client.get(f"/cards/rulings/{ident}", query_string={"lang": lang}).get_data(as_text=True)
    assert question in html and source in html


def test_a_box_cards_page_shows_its_rulings_in_the_readers_language(client):
    html = client.get("/cards/7wonders/1/great-wall", query_string={"lang": "de"}).get_data(as_text=True)
    assert "Müssen die Stufen der Chinesischen Mauer" in html
    html = client.get("/cards/7wonders/2/band-of-spies-2e", query_string={"lang": "it"}).get_data(as_text=True)
    assert "Come conta nella scienza la maschera" in html


def test_every_rulings_page_answers_in_every_language(client, cat):
    """The mask ruling names a card of each edition (pigeon-loft, pigeonhole-2e): its page was a 500."""
    for lang in LANGUAGES:
        failed = [r.id for r in cat.rulings
                  if client.get(f"/cards/rulings/{r.id}", query_string={"lang": lang}).status_code != 200]
        assert failed == [], lang
    html = client.get("/cards/rulings/cities-mask-copies-science").get_data(as_text=True)
    assert 'href="/cards/7wonders/1/pigeon-loft"' in html and 'href="/cards/7wonders/2/pigeonhole-2e"' in html


def test_a_rulings_topics_lead_to_the_rulings_on_them(client, cat):
    # the topics were chips that looked tappable and did nothing; each now lists its topic's rulings
    ruling = next(r for r in cat.rulings if r.id == "armada-guilds-capped-at-10")
    html = client.get(f"/cards/rulings/{ruling.id}", query_string={"lang": "de"}).get_data(as_text=True)
    links = re.findall(r'<a class="chip" href="([^"]+)">', html)
    assert len(links) == len(ruling.topics) >= 1
    for link, topic in zip(links, ruling.topics):
        assert f"topic={topic}" in link and f"game={ruling.game.value}" in link
        listed = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
        assert f"/cards/rulings/{ruling.id}" in listed


def test_every_7_wonders_box_pieces_public_sources_are_told_in_the_readers_words(cat):
    # a source missing from sources.PUBLIC is shown as written, in English, on every page (Abu Simbel 2e's shop)
    from companion.catalog import Game
    from companion.web.sources import PUBLIC, _outside_brackets, _without_note
    missing = set()
    for (game, _edition, _box), things in cat.box_things.items():
        if game is not Game.SEVEN_WONDERS:
            continue
        for thing in things:
            for source in [thing.source] + [s.source for s in getattr(thing, "sides", ()) if s.source]:
                for part in map(_without_note, _outside_brackets(source or "")):
                    if part.startswith("public:") and part[len("public:"):].strip() not in PUBLIC:
                        missing.add(part)
    assert not missing, sorted(missing)
