"""Where a fact comes from, in words a player reads: never a file name.

card_db/ cites a seed rulebook as "seed:<file> <section>" (the section as the
rulebook prints it, or a description of ours) or says "general" for
well-established public knowledge.
"""
from __future__ import annotations

from typing import NamedTuple

from babel import Locale
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

RULEBOOKS = {
    "000": _l("7 Wonders Duel rulebook, Romanian edition"),
    "001": _l("7 Wonders rulebook, 2nd edition (2020), Romanian edition"),
    "002": _l("7 Wonders Duel rulebook, Spanish edition"),
    "003": _l("7 Wonders rulebook, 1st edition (2010), Italian fan translation"),
    "004": _l("7 Wonders rulebook, 1st edition (2010), Portuguese edition"),
}
# Our own descriptions of a part of a rulebook; a heading the rulebook prints is quoted as it is.
PARTS = {
    "card list": _l("card list"),
    "card translation table": _l("table of card names"),
    "guild descriptions": _l("the guilds described"),
    "guild cards": _l("the guilds described"),
    "wonder descriptions": _l("the wonders described"),
    "rules examples and symbol descriptions": _l("examples and the symbols explained"),
    "construction and chain examples": _l("examples of building and chains"),
    "card cost example": _l("the example of a card's cost"),
    "card anatomy example": _l("the example of a card's parts"),
    "construction example": _l("the example of building"),
    "construction rules": _l("the rules for building"),
    "free construction (chains) example": _l("the example of building for free through a chain"),
    "free construction example": _l("the example of building for free through a chain"),
    "production example": _l("the example of production"),
    "scoring example": _l("the scoring example"),
    "trade example A": _l("the first trade example"),
    "trade example B": _l("the second trade example"),
    "trade example C": _l("the third trade example"),
    "Age I symbols": _l("the symbols of Age I"),
    "Age II symbols": _l("the symbols of Age II"),
    "Age III symbols": _l("the symbols of Age III"),
}


# Public sources checked, as card_db/ describes them ("public: <what>").
PUBLIC = {
    "German 2nd-edition card list of a public OCR scorer of German 2nd-edition cards":
        _l("the German 2nd-edition card list of a public program that reads those cards"),
    "a public German 1st-edition implementation (Java) gives this name":
        _l("a public program of the German 1st edition"),
    "photos of the printed 2nd-edition boards": _l("photos of the printed 2nd-edition boards"),
    "photos of the printed 2nd-edition cards": _l("photos of the printed 2nd-edition cards"),
    "the Italian 2nd-edition card list (Elenco delle Carte) as transcribed in a public implementation":
        _l("the Italian 2nd-edition card list, as a public program copies it"),
    "two independent public French implementations of the 2nd edition":
        _l("two independent public programs of the French 2nd edition"),
    "two independent public German 1st-edition implementations (a Java and a Scala one) give this name":
        _l("two independent public programs of the German 1st edition"),
    "two public engines and Board Game Arena's Duel": _l("two public game engines and Board Game Arena's Duel"),
    # 7 Wonders Leaders (card_db/seven_wonders/leaders_1e.toml)
    "a TypeScript 7 Wonders engine's leaders list": _l("the leaders of a public 7 Wonders program"),
    "NA-Fury/seven-wonders-companion data/leadersDatabase.ts":
        _l("the leaders of a public companion app (NA-Fury/seven-wonders-companion)"),
    "kavispires/7wonderscardsearch www/js/database/allcards.js":
        _l("the cards of a public reference app (kavispires/7wonderscardsearch)"),
    # 7 Wonders Cities and the 2nd edition's Leaders (card_db/seven_wonders/cities_<n>e.toml, leaders_2e.toml)
    "a TypeScript 7 Wonders engine's Cities lists": _l("the Cities cards of a public 7 Wonders program"),
    "a C# 7 Wonders program's BlackDeck.cs": _l("the black cards of a second public 7 Wonders program"),
    "a Java 7 Wonders program's card list": _l("the cards of a third public 7 Wonders program"),
    "a JavaScript 7 Wonders program's cards.js":
        _l("the 2nd-edition cards of a public 7 Wonders program, read from a fan wiki"),
    "NA-Fury/seven-wonders-companion data/blackCardsDatabase.ts":
        _l("the black cards of a public companion app (NA-Fury/seven-wonders-companion)"),
    "a Node.js 7 Wonders server's cards.js": _l("the 2nd-edition cards of another public 7 Wonders program"),
    "a TypeScript 7 Wonders randomizer's card list":
        _l("the 2nd-edition card list of a public 7 Wonders randomizer"),
    # 7 Wonders Armada, Edifice and Babel (card_db/seven_wonders/armada_<n>e.toml, edifice_<n>e.toml, babel_1e.toml)
    "NA-Fury/seven-wonders-companion data/islandsDatabase.ts":
        _l("the islands of a public companion app (NA-Fury/seven-wonders-companion)"),
    "NA-Fury/seven-wonders-companion data/edificeDatabase.ts":
        _l("the edifices of a public companion app (NA-Fury/seven-wonders-companion)"),
    "boardgame-news.com review '7 Wonders: Armada'": _l("an English review of Armada listing the box's contents"),
    "docplayer.pl Polish rulebook 'Zasady Antoine Bauza'": _l("the Polish Armada rulebook's contents"),
    "the English and German Babel rulebooks": _l("the English and German Babel rulebooks"),
    # their rulings (card_db/rulings/seven_wonders_seafaring.toml)
    "a player's review of Armada": _l("a player's review of Armada"),
    "Tabletop Gaming's news of Armada's release": _l("Tabletop Gaming's news of Armada's release"),
    "BoardGameGeek News' preview of 7 Wonders: Edifice": _l("BoardGameGeek News' preview of 7 Wonders Edifice"),
    "the English Babel rulebook": _l("the English Babel rulebook"),
    "a player's blog on Babel": _l("a player's blog on Babel"),
    "kirillunlimited/assist7wonders src/utils/score.ts": _l("a public score app (kirillunlimited/assist7wonders)"),
    # 7 Wonders Leaders' rulings (card_db/rulings/seven_wonders_leaders.toml)
    "BoardGameGeek News preview of 7 Wonders: Leaders": _l("BoardGameGeek News' preview of 7 Wonders Leaders"),
    "Repos Production's press page for 7 Wonders Leaders": _l("the publisher's press page for 7 Wonders Leaders"),
    "a shop's page on the 2nd-edition Leaders box": _l("a shop's page on the 2nd-edition Leaders box"),
    # the boxes' rulings (card_db/rulings/seven_wonders_<box>.toml; issue 31, point 4)
    "the English Leaders rulebook": _l("the English Leaders rulebook"),
    "the Italian Leaders rulebook": _l("the Italian Leaders rulebook"),
    "German reviews of 7 Wonders Leaders": _l("German reviews of 7 Wonders Leaders"),
    "an Italian review of 7 Wonders Leaders": _l("an Italian review of 7 Wonders Leaders"),
    "BoardGameGeek News' preview of 7 Wonders: Cities": _l("BoardGameGeek News' preview of 7 Wonders Cities"),
    "the English Cities rulebook": _l("the English Cities rulebook"),
    "the French 2nd-edition Cities rulebook": _l("the French 2nd-edition Cities rulebook"),
    "a distributor's page on 7 Wonders Cities": _l("a distributor's page on 7 Wonders Cities"),
    "a shop's page on 7 Wonders Cities": _l("a shop's page on 7 Wonders Cities"),
    "a shop's page on the 2nd-edition Cities box": _l("a shop's page on the 2nd-edition Cities box"),
    "an English review of 7 Wonders Cities": _l("an English review of 7 Wonders Cities"),
    "a player's review of the Cities team game on BoardGameGeek":
        _l("a player's review of the Cities team game on BoardGameGeek"),
    "a wiki summary of 7 Wonders and its expansions": _l("a wiki summary of 7 Wonders and its expansions"),
    "a player's answer on Reddit's 7 Wonders forum": _l("a player's answer on Reddit's 7 Wonders forum"),
    "an English review of Armada": _l("an English review of Armada"),
    "English reviews of Babel": _l("English reviews of Babel"),
    "the publisher's description of Babel, as shops carry it":
        _l("the publisher's description of Babel, as shops carry it"),
    "English reviews of 7 Wonders Edifice": _l("English reviews of 7 Wonders Edifice"),
    "Tabletop Gaming's review of 7 Wonders Edifice": _l("Tabletop Gaming's review of 7 Wonders Edifice"),
    "the English Wonder Pack rulebook": _l("the English Wonder Pack rulebook"),
    "a German review of the Wonder Pack": _l("a German review of the Wonder Pack"),
    "the publisher's FAQ for 7 Wonders": _l("the publisher's FAQ for 7 Wonders"),
    "German reviews of 7 Wonders Cities": _l("German reviews of 7 Wonders Cities"),
    "a German review of Armada": _l("a German review of Armada"),
    "a French shop's blog on Armada": _l("a French shop's blog on Armada"),
    "French reviews of 7 Wonders Edifice": _l("French reviews of 7 Wonders Edifice"),
    "the French 2nd-edition Armada rulebook": _l("the French 2nd-edition Armada rulebook"),
    "the Polish Armada rulebook": _l("the Polish Armada rulebook"),
    "French reviews of 7 Wonders Cities": _l("French reviews of 7 Wonders Cities"),
    "a German quick guide to 7 Wonders Cities": _l("a German quick guide to 7 Wonders Cities"),
    "a French shop's page on the 2nd-edition Leaders box": _l("a French shop's page on the 2nd-edition Leaders box"),
    # the boxes' card data named in the same words (card_db/seven_wonders/<box>_<n>e.toml)
    "NA-Fury/seven-wonders-companion data/purpleCardsDatabase.ts":
        _l("the guilds of a public companion app (NA-Fury/seven-wonders-companion)"),
    "NA-Fury/seven-wonders-companion data/wondersDatabase.ts":
        _l("the wonders of a public companion app (NA-Fury/seven-wonders-companion)"),
    "kavispires/7wonderscardsearch www/js/database/allwonders.js":
        _l("the wonders of a public reference app (kavispires/7wonderscardsearch)"),
    "kirillunlimited/assist7wonders src/config/addons/armada.ts":
        _l("a public score app (kirillunlimited/assist7wonders)"),
    "docslib.org '7 Wonders: Leaders Rulebook'": _l("the English Leaders rulebook"),
    "vdocuments.mx '7 wonders - cities'": _l("the English Cities rulebook"),
    "doczz.net 'Abu Simbel The Great Wall'": _l("the English Wonder Pack rulebook"),
    "boardgame.de review '7 Wonders - Cities'": _l("an English review of 7 Wonders Cities"),
    "cardcollective.eu '7 Wonders 2nd Cities'": _l("a shop's page on the 2nd-edition Cities box"),
    "gallu.com.ua '7 Wonders: Cities (2nd edition)'": _l("a shop's page on the 2nd-edition Cities box"),
    "sellzoidet.com '7 Wonders 2nd Edition Leaders Expansion'": _l("a shop's page on the 2nd-edition Leaders box"),
    "cardcollective.eu '7 Wonders Leaders (ENG) Exp'": _l("a shop's page on the 2nd-edition Leaders box"),
    "poeppelkiste.de review '7 Wonders Wonder Pack'": _l("a German review of the Wonder Pack"),
    "poeppelhelden.de 'Es wird wieder gesiebenwundert'": _l("a German review of the Wonder Pack"),
    "scribd.com '7 Wonders Compact'": _l("a fan summary of 7 Wonders and its expansions"),
    "scribd.com 394117490 '7 WONDERS Full Player Aid v1.1'": _l("a fan player aid for 7 Wonders"),
    # 7 Wonders Architects and Medals (card_db/architects/game.toml names each)
    "the English rulebook, as a public copy shows it": _l("the English rulebook, as a public copy shows it"),
    "Board Game Arena's summary of the game": _l("Board Game Arena's summary of the game"),
    "Board Game Arena's tutorial": _l("Board Game Arena's tutorial"),
    "playeraid.net's aid for the game": _l("playeraid.net's aid for the game"),
    "a public score helper for Board Game Arena's game": _l("a public score helper for Board Game Arena's game"),
    "the publisher's Medals page": _l("the publisher's Medals page"),
    "reviews of Medals": _l("reviews of Medals"),
    "four public implementations of the game written apart": _l("four public programs of the game, written apart"),
    "three public implementations of the game written apart":
        _l("three public programs of the game, written apart"),
    "a public implementation of the game": _l("a public program of the game"),
    "two French implementations of the game written apart":
        _l("two public programs of the game in French, written apart"),
    "BoardGameGeek's preview of the game": _l("BoardGameGeek's preview of the game"),
    "a French review of the game": _l("a French review of the game"),
    "French reviews of Medals": _l("French reviews of Medals"),
    "a review of Medals": _l("a review of Medals"),
    "a French review of Medals": _l("a French review of Medals"),
    "a German review of Medals": _l("a German review of Medals"),
    "an English review of Medals": _l("an English review of Medals"),
    "a German review of the game": _l("a German review of the game"),
    "German Wikipedia's article on the game": _l("German Wikipedia's article on the game"),
}

# What is not confirmed yet, as card_db/ says it (a doubt's parts, ";" between them); a part not
# listed here is shown as written.
DOUBTS = {
    "names in English and French only (other languages: English, marked)":
        _l("names printed in English and French only: the other languages show the English name"),
    "one public implementation (MatthewDlr) gives 4 for the first stage and 3, 5 and 4 on the middle level "
    "(23 in all, not 22)":
        _l("one of the four programs gives 4 for the first stage and 3, 5 and 4 on the middle level (23 in all, "
           "not 22)"),
    "stage points, which stages give the power and its exact wording not confirmed from the rulebook":
        _l("the stages' points, which stages give the power and its exact wording are not confirmed by the "
           "rulebook"),
    "the English name from a public implementation, not read in the printed English rulebook":
        _l("the English name comes from a public program, not from the printed rulebook"),
    "other languages but French: English": _l("the languages other than French show the English name"),
    "objective from one source": _l("the objective is given by one source only"),
    "no printed name (described in English)": _l("no printed name: described in our words"),
    "what three Culture tokens score is not in a source we read (the engine refuses to guess)":
        _l("what three tokens of this kind score is not given by our sources"),
    # Armada, Edifice and Babel (card_db/seven_wonders/armada_2e.toml, edifice_<n>e.toml, babel_1e.toml)
    "one source (NA-Fury's list): no second source names this island or gives its effect":
        _l("one source only: no second source names this island or gives its effect"),
    "one source (NA-Fury's list) for its name, Age, cost, reward and penalty":
        _l("one source only for its name, Age, cost, reward and penalty"),
    "one source for its Age, colour, tax, reward and penalty (the 15 projects, 5 an Age, agree with the rulebooks' count)":
        _l("one source only for its Age, colour, tax, reward and penalty (the count of 15 projects, 5 an Age, "
           "agrees with the rulebooks)"),
    "one source for its effect": _l("one source only for its effect"),
    "its number is the reference's, not printed": _l("its number is the reference's, not printed"),
    "the box's other three tokens are not confirmed by two sources and are left out":
        _l("the box's three other progress tokens are not confirmed by two sources and are left out"),
    "names in English, French and German only (other languages: English, marked)":
        _l("names printed in English, French and German only: the other languages show the English name"),
    "one source names the third copy: lelekan.com.ua's review is a translation of meeplemountain.com's, "
    "not a second source":
        _l("one source only names the third copy (a second review is a translation of the first)"),
    "of the box's other three tokens, one (keep your red cards after a battle) has one source and another none: "
    "both are left out":
        _l("of the box's three other progress tokens, one (keep your red cards after a battle) has one source "
           "and another none: both are left out"),
    "no printed name read: 'domestication' is a review's word":
        _l("no printed name read: its name is a review's word"),
    "no source gives it points at the end (it scores none here)":
        _l("no source gives it points at the end, so it scores none here"),
    "names in English only (other languages: English, marked)":
        _l("no printed name in another language: every language shows the English name"),
    "the German review says three floors of the wonder where the aid says three stages":
        _l("a German review says three floors of the wonder where the player aid says three stages"),
    # the Duel's boxes (card_db/duel/pantheon.toml, agora.toml)
    "read from BGA only": _l("read from one public program only (Board Game Arena's)"),
    "cost and points read from BGA only": _l("its cost and points are read from one public program only "
                                             "(Board Game Arena's)"),
    "the discount's number read from BGA only": _l("the discount's number is read from one public program only "
                                                   "(Board Game Arena's)"),
}


class DoubtView(NamedTuple):
    words: str              # in the reader's language
    detail: str | None      # the sources' own account, in English, for a reader of another language


def doubt_view(doubt: str) -> DoubtView:
    """A doubt in the reader's words, part by part. A part we have no words for (a note on which source
    says what, written for whoever checks the data) is shown as written to an English reader; another
    reader gets a sentence in their language, and the note apart, marked as English."""
    parts = [part.strip() for part in (doubt or "").split(";") if part.strip()]
    known = [str(DOUBTS[p]) for p in parts if p in DOUBTS]
    if all(p in DOUBTS for p in parts):
        return DoubtView("; ".join(known), None)
    if (get_locale() or Locale("en")).language == "en":
        return DoubtView("; ".join(str(DOUBTS.get(p, p)) for p in parts), None)
    return DoubtView("; ".join([*known, _("our sources are few, or disagree, on a fact of this card")]), doubt)


def source_text(source: str) -> str:
    """"seed:002_….txt card list" -> "7 Wonders Duel rulebook, Spanish edition: card list";
    several sources (";") each so; a note of ours in brackets at the end is left out."""
    return "; ".join(_one_source(part) for part in _outside_brackets(source or "") if part.strip()) or _one_source("")


def _outside_brackets(source: str) -> list[str]:
    """The sources of a line, cut at each ";" that stands outside brackets (a note may hold its own ";")."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(source):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ";" and depth <= 0:
            parts.append(source[start:i])
            start = i + 1
    return [*parts, source[start:]]


def _without_note(source: str) -> str:
    """The source less a note of ours in brackets at its end, brackets inside the note included."""
    source = source.strip()
    if not source.endswith(")"):
        return source
    depth = 0
    for i in range(len(source) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(source[i], 0)
        if depth == 0:
            return source[:i].rstrip()
    return source                                   # unbalanced: shown as written


def _one_source(source: str) -> str:
    source = _without_note(source)
    if source == "general" or not source:
        return _("well-established public knowledge of the game")
    if source.startswith("public:"):
        what = source[len("public:"):].strip()
        return _("public sources: %(what)s", what=PUBLIC.get(what, what))
    if not source.startswith("seed:"):
        return source
    ref, _sep, part = source[len("seed:"):].partition(" ")
    book = RULEBOOKS.get(ref[:3])
    if book is None:
        return _("a rulebook")
    part = part.strip()
    if not part:
        return str(book)
    return _("%(label)s: %(text)s", label=book, text=_part_text(part))      # French: "… roumaine : « … »"


def _part_text(part: str) -> str:
    """Our description in the reader's words ("card cost example and Age I symbols"
    is two of them); a heading the rulebook prints, quoted as printed."""
    if part in PARTS:
        return str(PARTS[part])
    first, _sep, last = part.rpartition(" and ")
    if first in PARTS and last in PARTS:
        return _("%(first)s and %(last)s", first=PARTS[first], last=PARTS[last])
    return "“" + part + "”"
