"""Card lookup: type what is printed on the card, in any language, and get it."""
from __future__ import annotations

import re

from flask import Blueprint, abort, current_app, request, url_for
from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from ..catalog import Colour, Game, LookupFailed, catalog, fold
from ..catalog.model import RULING_TOPICS
from ..catalog.plays import PLAYS
from ..catalog.search import SearchIndex
from .describe import COLOUR, card_summary, cost_text, effect_text, game_label, price_text
from .i18n import NAMES, PLAY_BOXES, current
from .render import page
from .sources import doubt_view, source_text

bp = Blueprint("cards", __name__, url_prefix="/cards")

SHOWN = 24
GOOD_NAME_MATCH = 75.0      # below this a name match is noise beside a ruling
NAME_TYPED = 90.0           # a name typed whole, or its start: the cards before the rulings
GAMES = {"": None, **{p.lookup: (p.game, p.edition) for p in PLAYS}}   # the filter's values


def search_index() -> SearchIndex:
    """One in-memory index a worker process, built from card_db/ at its first search (issue 29: 0.12 s
    of CPU at each worker's start, which a restart's phones waited behind; a table never searches)."""
    return current_app.extensions["card_search"]()


def card_url(entity) -> str:
    if entity.edition is None:          # a game without editions: /cards/duel/..., /cards/architects/...
        return url_for("cards.game_card", game_name=entity.game.contract_name, ident=entity.id)
    return url_for("cards.base_card", edition=entity.edition, ident=entity.id)


@bp.record_once
def _template_helpers(state) -> None:
    # Globals, not a context processor: imported macros see globals only.
    state.app.jinja_env.globals.update(card_url=card_url, cost_text=cost_text, effect_text=effect_text,
                                       game_label=game_label, colour_word=lambda c: COLOUR[c],
                                       source_text=source_text, doubt_view=doubt_view, name_known=name_known)
    state.app.jinja_env.filters["english_marked"] = english_marked


# A name a ruling's translation writes in English, none being known in its language: "Politics*".
_ENGLISH_NAME = re.compile(r"([^\W\d_]+)\*")


def english_marked(text: str) -> Markup:
    """A ruling's text with each "Name*" shown as the pages show an English name (templates/sheets/
    _names.html): lang="en" and the asterisk, which the note under the text explains."""
    return Markup(_ENGLISH_NAME.sub(r'<span lang="en">\1</span><span class="en-mark" aria-hidden="true">*</span>',
                                    str(escape(text))))


def name_known(entity, lang: str) -> bool:
    """Whether the entity has a name of its own in `lang`; else `name_in` falls back to the English one,
    which the page must mark as English and say so (not show it silently as the language's). An English
    name kept in a language's file for want of a printed one (LocalName.english) is no name of its own."""
    return lang == "en" or any(local.lang == lang and not local.english for local in entity.local_names())


@bp.get("/")
def index():
    query = request.args.get("q", "").strip()[:80]
    filters = {"game": request.args.get("game", ""), "age": request.args.get("age", ""),
               "colour": request.args.get("colour", "")}
    if filters["game"] not in GAMES:
        filters["game"] = ""
    if filters["age"] not in ("", "1", "2", "3"):
        filters["age"] = ""
    if filters["colour"] not in [""] + [c.value for c in Colour]:
        filters["colour"] = ""
    game, edition = GAMES[filters["game"]] or (None, None)
    lang = current()
    if query:
        # Every box's things too: a player looks up a divinity or a leader by any printed name.
        hits = search_index().search(query, game=game, edition=edition, lang=lang, limit=60, boxes=True)
        # Equal scores: the card whose name, as shown, is what was typed comes first
        # ("Stables" is the 7 Wonders card before the Duel's Stable, also printed so).
        typed = fold(query)
        hits.sort(key=lambda h: (-h.score, fold(h.entity.name_in(lang)) != typed and fold(h.entity.name) != typed))
        entities = [h.entity for h in hits if h.score >= GOOD_NAME_MATCH or len(query.split()) == 1]
        rulings = search_index().search_rulings(query, game=game, lang=lang, limit=6)
        # A card's name typed: that card first; a question: the rulings first.
        cards_first = bool(hits) and hits[0].score >= NAME_TYPED
    else:
        entities, rulings, cards_first = _browse(game, edition), [], True
    entities = [e for e in entities if _matches(e, filters)][:SHOWN if query else 200]
    return page("cards/index.html", block="results", query=query, filters=filters, entities=entities,
                rulings=rulings, lang=lang, cards_first=cards_first, plays=PLAYS, boxes=PLAY_BOXES)


def _browse(game, edition):
    cat = catalog()
    if game is None:
        return list(cat.card_list(Game.SEVEN_WONDERS, 1)) + list(cat.card_list(Game.DUEL))
    return list(cat.entities(game, edition))


def _matches(entity, filters) -> bool:
    if filters["age"] and str(getattr(entity, "age", "")) != filters["age"]:
        return False
    if filters["colour"] and getattr(getattr(entity, "colour", None), "value", None) != filters["colour"]:
        return False
    return True


@bp.get("/duel/<ident>")
def duel_card(ident):
    return _card(Game.DUEL, None, ident)


@bp.get("/<game_name>/<ident>")
def game_card(game_name, ident):
    """A card, wonder or token of a game without editions, by the contract's name of the game."""
    game = Game.from_contract(game_name)
    if game is None or catalog().editions(game) != (None,):
        abort(404)
    return _card(game, None, ident)


@bp.get("/7wonders/<int:edition>/<ident>")
def base_card(edition, ident):
    if edition not in (1, 2):
        abort(404)
    return _card(Game.SEVEN_WONDERS, edition, ident)


def _card(game, edition, ident):
    cat = catalog()
    try:
        entity = cat.get(game, edition, ident)
    except LookupFailed:
        abort(404)
    chains_from = [cat.get(game, edition, i) for i in getattr(entity, "chains_from", ())]
    chains_to = [cat.get(game, edition, i) for i in getattr(entity, "chains_to", ())]
    return page("cards/card.html", entity=entity, chains_from=chains_from, chains_to=chains_to,
                effects=card_summary(entity), price=price_text(entity), names=_names_by_edition(entity),
                rulings=cat.rulings_about(entity), lang=current())


EDITION_LABEL = {1: _l("7 Wonders, 1st edition"), 2: _l("7 Wonders, 2nd edition")}


def _names_by_edition(entity) -> list[tuple[str, str, list[tuple[str, object]]]]:
    """Each language's printed names, with the edition that prints each when they differ."""
    out = []
    for lang, language in NAMES.items():
        if lang == "en":
            printed = [(entity.name, None)]
        else:
            locals_ = [n for n in entity.names if n.lang == lang]
            printed = [(n.name, EDITION_LABEL[n.editions[0]] if len(locals_) > 1 and len(n.editions) == 1
                        else None) for n in locals_]
        out.append((language, lang, printed))
    return out


@bp.get("/rulings")
def rulings():
    topic = request.args.get("topic", "")
    game = request.args.get("game", "")
    chosen = [r for r in catalog().rulings
              if (not topic or topic in r.topics) and (not game or r.game.value == game)]
    lang = current()
    return page("cards/rulings.html", rulings=chosen, topic=topic, game=game, lang=lang,
                topics=[(t, catalog().topic_label(t, lang)) for t in RULING_TOPICS])


def _card_of_ruling(cat, ruling, ident):
    """The card a ruling names, in the first of the ruling's editions that has it: a ruling of both
    editions may name a card of each (Cities' mask cards have an id an edition)."""
    if ruling.game is Game.DUEL:
        return cat.get(ruling.game, None, ident)
    for edition in ruling.editions:
        try:
            return cat.get(ruling.game, edition, ident)
        except LookupFailed:
            continue
    return None


@bp.get("/rulings/<ident>")
def ruling(ident):
    found = [r for r in catalog().rulings if r.id == ident]
    if not found:
        abort(404)
    cat = catalog()
    about = [card for card in (_card_of_ruling(cat, found[0], ident) for ident in found[0].cards) if card]
    lang = current()
    return page("cards/ruling.html", ruling=found[0], text=found[0].text(lang), about=about, lang=lang,
                topics=[(t, cat.topic_label(t, lang)) for t in found[0].topics])
