"""Rulings for the 7 Wonders boxes (issue 31, point 4): the questions players ask about Leaders, Cities,
Armada, Babel, Edifice and the Wonder Pack, each in our words, in the seven languages, each naming public
sources (two or more, or the publisher's own FAQ or rulebook), and found by a player's own words in any of the seven languages."""
import pytest

from companion.catalog import LANGUAGES, Game

BOXES = {
    "leaders": ["leaders-draft", "leaders-play-a-leader", "leaders-six-starting-coins",
                "leaders-fourth-leader-discarded", "leaders-rome-needs-leaders", "leaders-guilds-same-count",
                "leaders-blank-leader", "leaders-olympia-free-build-not-leaders",
                "second-edition-boxes-need-second-edition-base"],
    "cities": ["cities-hand-of-eight", "cities-debt", "cities-diplomacy", "cities-diplomacy-only-two-left",
               "cities-mask-copies-science", "cities-team-game", "cities-eight-players",
               "cities-olympia-first-black-card-free", "cities-armada-babylon-last-card",
               "cities-coin-loss-hits-everyone", "cities-boards-only-with-cities"],
    "armada": ["armada-naval-conflicts", "armada-move-a-ship", "armada-what-the-ships-give", "armada-islands",
               "armada-hand-of-eight", "armada-guilds-capped-at-10", "armada-siracusa-only-with-armada",
               "armada-shipyards-differ-in-costs"],
    "babel": ["babel-tower-points", "babel-tile-draft", "babel-build-a-tile", "babel-tower-full",
              "babel-join-a-project", "babel-project-end-of-age", "babel-modules-advice"],
    "edifice": ["edifice-not-built", "edifice-take-a-pawn", "edifice-not-enough-pawns", "edifice-reward",
                "edifice-either-edition"],
    "wonder-pack": ["great-wall-any-order", "great-wall-b-without-cities", "stonehenge-b-colour-of-the-card",
                    "stonehenge-stone-on-brown-cards", "abu-simbel-buried-leader", "manneken-pis-a-copies-stages"],
}


def _rulings(cat, box):
    by_id = {r.id: r for r in cat.rulings}
    return [by_id[ident] for ident in BOXES[box]]


@pytest.mark.parametrize("box", sorted(BOXES))
def test_every_box_has_its_rulings_in_seven_languages_each_with_two_public_sources(cat, box):
    for ruling in _rulings(cat, box):
        assert ruling.game is Game.SEVEN_WONDERS
        assert set(LANGUAGES) <= set(ruling.languages), ruling.id
        parts = [p.strip() for p in ruling.source.split("; public:")]
        official = ruling.source.startswith(("public: the publisher's FAQ for 7 Wonders",
                                             "public: the French 2nd-edition Armada rulebook",
                                             "public: the French 2nd-edition Cities rulebook",
                                             "public: the Polish Armada rulebook"))
        assert ruling.source.startswith("public: ") and (len(parts) >= 2 or official), ruling.id


def test_babel_rulings_hold_for_the_first_edition_only(cat):
    """Babel had no second edition; the Wonder Pack's rulings are the 1st edition's too."""
    for box in ("babel", "wonder-pack"):
        assert all(r.editions == (1,) for r in _rulings(cat, box)), box


def test_the_publishers_faq_rulings_hold_for_the_second_edition_it_answers(cat):
    """The FAQ speaks of the 2nd edition's boards (Olympia's first card of each colour, Babylon's last card)."""
    faq = [r for r in cat.rulings if "the publisher's FAQ for 7 Wonders" in r.source]
    assert len(faq) == 3 and all(r.editions == (2,) for r in faq)
    olympia = cat.get(Game.SEVEN_WONDERS, 2, "olympia")
    assert {"leaders-olympia-free-build-not-leaders", "cities-olympia-first-black-card-free"} <= {
        r.id for r in cat.rulings_about(olympia)}


def test_the_mask_ruling_is_about_the_mask_cards_of_both_editions(cat):
    mask = next(r for r in cat.rulings if r.id == "cities-mask-copies-science")
    assert {"pigeon-loft", "spy-ring", "torture-chamber", "pigeonhole-2e", "band-of-spies-2e"} <= set(mask.cards)
    assert mask.id in {r.id for r in cat.rulings_about(cat.get(Game.SEVEN_WONDERS, 2, "band-of-spies-2e"))}
    wall = cat.get(Game.SEVEN_WONDERS, 1, "great-wall")
    assert {"great-wall-any-order", "great-wall-b-without-cities"} <= {r.id for r in cat.rulings_about(wall)}


@pytest.mark.parametrize("lang,question,expected", [
    ("en", "with cities can I take debt instead of paying coins", "cities-debt"),
    ("en", "how many coins do we start with leaders", "leaders-six-starting-coins"),
    ("en", "when can I move a ship in armada", "armada-move-a-ship"),
    ("en", "who gets the edifice reward", "edifice-reward"),
    ("fr", "jeton diplomatie fin de l'âge voisins", "cities-diplomacy"),
    ("fr", "babel tour pleine tuile la plus ancienne", "babel-tower-full"),
    ("de", "Wie funktioniert das Teamspiel von Cities", "cities-team-game"),
    ("de", "Beteiligungsmarker nehmen Weltwunderstufe", "edifice-take-a-pawn"),
    ("es", "máscara copiar símbolo ciencia vecino", "cities-mask-copies-science"),
    ("es", "gran muralla etapas cualquier orden", "great-wall-any-order"),
    ("it", "roma colosseo senza leader", "leaders-rome-needs-leaders"),
    ("it", "come ottengo un'isola armada", "armada-islands"),
    ("pt", "grande projeto fim da era recompensa penalidade", "babel-project-end-of-age"),
    ("pt", "dá para jogar com oito jogadores", "cities-eight-players"),
    ("ro", "ce se întâmplă cu liderul pe care nu l-am jucat", "leaders-fourth-leader-discarded"),
    ("ro", "de ce sunt mai puțini pioni de participare decât jucători", "edifice-not-enough-pawns"),
    ("en", "can olympia recruit a leader for free", "leaders-olympia-free-build-not-leaders"),
    ("de", "Babylon achte Karte Cities Armada", "cities-armada-babylon-last-card"),
    ("it", "abu simbel leader sepolto", "abu-simbel-buried-leader"),
    ("pt", "stonehenge pedra cartas marrons", "stonehenge-stone-on-brown-cards"),
])
def test_a_question_about_a_box_finds_its_ruling_in_any_language(index, lang, question, expected):
    found = [r.id for r in index.search_rulings(question, lang=lang)]
    assert expected in found[:3], found
