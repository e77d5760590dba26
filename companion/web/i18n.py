"""The interface in seven languages (gettext catalogues through Flask-Babel).

The language comes from ?lang= (remembered in the session), else the one
remembered, else the browser's Accept-Language, else English.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from datetime import date

from babel import Locale
from flask import Flask, g, request, session
from flask_babel import Babel, Domain, format_date, format_decimal, format_percent, get_locale, get_translations
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from jinja2 import pass_eval_context
from markupsafe import Markup, escape

from ..catalog import LANGUAGES
from ..catalog.plays import PLAYS, play
from ..engine.messages import CATEGORY_WORDS, Msg, Words, full_stop, minus, render, signed

NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español", "it": "Italiano",
         "pt": "Português", "ro": "Română"}

# The pad's categories, by their contract key: data in card_db, words here.
CATEGORIES = {key: _l(word) for key, word in CATEGORY_WORDS.items()}



class PlayTitles(Mapping):
    """What is being played, by its key (catalog/plays.py marks the titles for translation).

    Its keys are the plays of the family; a stored key with boxes
    ("7wonders+leaders+cities") is found too, titled with its boxes' names.
    """

    def __init__(self):
        self._base = {p.key: _l(p.title) for p in PLAYS}

    def __getitem__(self, key):
        if key in self._base:
            return self._base[key]
        if not isinstance(key, str):
            raise KeyError(key)
        return " + ".join(gettext(title) for title in play(key).titles)    # KeyError for any other key

    def __contains__(self, key) -> bool:
        """Only the plays of the family: a form chooses one, and its boxes apart."""
        return key in self._base

    def __iter__(self):
        return iter(self._base)

    def __len__(self):
        return len(self._base)


PLAY_TITLES = PlayTitles()
PLAY_SHORT = {p.key: _l(p.short) for p in PLAYS}
PLAY_BOXES = {p.key: _l(p.box) for p in PLAYS}

# How a game was won.
VICTORIES = {"civilian": _l("Civilian victory"), "military": _l("Military supremacy"),
             "scientific": _l("Scientific supremacy"), "political": _l("Political supremacy")}

# A wonder board's sides: A/B in the 1st edition, day/night in the 2nd.
SIDES = {"A": _l("Side A"), "B": _l("Side B"), "day": _l("Day side"), "night": _l("Night side")}


@functools.lru_cache(maxsize=None)
def _locale(code: str) -> Locale:
    """One Locale a language: Flask-Babel parsed the chosen code again at each request (a look for
    the locale's data file among them)."""
    return Locale.parse(code)


# The language each Accept-Language header asks for, by the header as sent (issue 29): parsed and
# matched again at every request, it cost 13 us with none sent and 35-65 us with a phone's usual one.
# Phones send a few headers; a long one (padding, or many languages) is matched afresh each time.
_by_header: dict[str, Locale] = {}
KEPT_HEADERS, LONGEST_HEADER = 1024, 200


def select_locale() -> Locale:
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return _locale(chosen)
    sent = request.environ.get("HTTP_ACCEPT_LANGUAGE", "")
    found = _by_header.get(sent)
    if found is None:
        found = _locale(request.accept_languages.best_match(LANGUAGES) or "en")
        if len(sent) <= LONGEST_HEADER:
            if len(_by_header) >= KEPT_HEADERS:
                _by_header.clear()
            _by_header[sent] = found
    return found


def _remember_choice() -> None:
    query = request.environ.get("QUERY_STRING", "")
    if "lang" not in query and "%" not in query:       # no ?lang= (nor an escaped one): nothing parsed
        return
    lang = request.args.get("lang")
    if lang in LANGUAGES:
        session["lang"] = lang
        session.permanent = True


def current() -> str:
    """The reader's language code, found once a request (Flask-Babel's get_locale makes several
    context lookups at each call; a board asks it several times). Kept with the locale it was read
    from, so that a locale chosen again (flask_babel.refresh) is read again."""
    try:
        real = g._get_current_object()
    except RuntimeError:                     # outside a request: get_locale gives None
        return "en"
    locale = getattr(getattr(real, "_flask_babel", None), "babel_locale", None)
    kept = getattr(real, "_companion_lang", None)
    if kept is not None and locale is not None and kept[0] is locale:
        return kept[1]
    text = str(get_locale() or "en")
    real._companion_lang = (getattr(getattr(real, "_flask_babel", None), "babel_locale", None), text)
    return text


def words() -> Words:
    """The engine's messages in the reader's language, card names as their box prints them.
    The request's catalogue as the templates find it (kept a request): Flask-Babel's look-up was two
    thirds of a logged move said (issue 29: a restarted worker says every line of every game's log)."""
    try:
        found = _translations()
    except RuntimeError:                     # outside a request: Flask-Babel's own answer
        return KeptNames(get_translations(), current())
    lang = current()
    real = g._get_current_object()
    kept = getattr(real, "_companion_words", None)        # one a request (a log says many lines)
    if kept is None or kept.t is not found or kept.lang != lang:
        kept = real._companion_words = KeptNames(found, lang)
    return kept


class KeptNames(Words):
    """Words whose cards, wonders and tokens are named once a language in this process: the catalog
    is the same for every table (issue 29: a restarted worker says every line of each table's log at
    its first board; the catalog's look-up was a fifth of a line)."""

    def placed(self, said: str, values: dict) -> str:
        """French "de" elided before a name beginning with a vowel, as in the templates."""
        return elided(self.t, said, values) if self.lang.split("_")[0] == "fr" else said

    def name(self, ref) -> str:
        key = (ref, self.lang)
        found = _NAMES.get(key)
        if found is None:
            if len(_NAMES) >= KEPT_NAMES:     # a few hundred entities a language: never reached
                _NAMES.clear()
            found = _NAMES[key] = super().name(ref)
        return found


_NAMES: dict = {}
KEPT_NAMES = 65536


def say(message) -> str | None:
    """An engine message (a Msg, or an error carrying one) as a sentence in the reader's language."""
    message = getattr(message, "msg", message)
    return render(message, words())


def refusal(message) -> str | None:
    """A refusal shown to the player (an engine error or its message) as a sentence with its full stop."""
    return full_stop(say(message))


def error_json(exc) -> dict:
    """An engine error for the API: `error` in the reader's language; added: its key and parameters."""
    out = {"error": say(exc)}
    if isinstance(exc.msg, Msg):
        out.update(error_key=exc.msg.key, error_params=exc.msg.to_json()["params"])
    if getattr(exc, "where", None) is not None:
        out["where"] = exc.where
    return out


def one_decimal(value: float) -> str:
    """7.5 as the reader writes it: "7.5", "7,5" in German or French; "−1.5" with the true minus sign."""
    return minus(format_decimal(value, format="0.0"))


def filed_date(iso: str) -> str:
    """A stored ISO timestamp's day as the reader writes dates ("23.11.2026", "Nov 23, 2026")."""
    try:
        return format_date(date.fromisoformat(iso[:10]), format="medium")
    except ValueError:           # an imported game with a malformed date: shown as stored
        return iso[:10]


def share(part: int, whole: int) -> str:
    """A win rate as the reader writes percentages ("50%", "50 %" in French)."""
    return format_percent(part / whole if whole else 0)


def _translations():
    """This request's catalogue, found once a request and language (Flask-Babel looks it up through
    several context lookups at each call: a tenth of a table board's render, with its ~70 texts)."""
    real = g._get_current_object()
    locale = getattr(getattr(real, "_flask_babel", None), "babel_locale", None)
    kept = getattr(real, "_companion_translations", None)
    if kept is not None and locale is not None and kept[0] is locale:
        return kept[1]
    found = get_translations()
    real._companion_translations = (getattr(real._flask_babel, "babel_locale", None), found)
    return found


class KeptDomain(Domain):
    """Flask-Babel's domain, its catalogue found once a request and locale (issue 29). Domain's own
    look-up walked the request's context, asked the locale (more look-ups) and built its name again
    at each text said: some 25 us a lazy text (a verb, a wait, a title), some 15 a board or a price.
    A locale chosen again (flask_babel.refresh, force_locale) is another object: found afresh."""

    def get_translations(self):
        try:
            ctx = g._flask_babel
        except (AttributeError, RuntimeError):       # outside a request, or before Flask-Babel's first look
            return super().get_translations()
        locale = getattr(ctx, "babel_locale", None) or get_locale()
        kept = getattr(ctx, "companion_translations", None)
        if kept is not None and kept[0] is locale:
            return kept[1]
        found = super().get_translations()
        ctx.companion_translations = (locale, found)
        return found


@pass_eval_context
def _said(eval_ctx, string: str, **variables) -> str:
    """`_()` in a template: Jinja's newstyle gettext (escaped, always formatted), called at once. Jinja's
    own `_` resolved `gettext` in the context and called it, which called the catalogue's: three calls
    through the context a text (issue 29: some 20 texts a move, a pushed board's status first). It takes
    the evaluation context, not the context: Jinja derives a new context (every name copied) for a
    function that takes one when it is called inside a block, as a board's every text is."""
    catalogue = _translations()
    if not variables:             # a text alone: said and formatted once a catalogue (3 us -> 0.2)
        kept = _alone(catalogue)
        key = (string, eval_ctx.autoescape)
        said = kept.get(key)
        if said is None:
            if len(kept) >= KEPT_TEXTS:       # the templates' texts are a few hundred: a text made up
                kept.clear()                  # at each call (none is) would not grow it without end
            said = kept[key] = _formatted(catalogue.ugettext(string), {}, eval_ctx.autoescape)
        return said
    return _formatted(elided(catalogue, catalogue.ugettext(string), variables), variables, eval_ctx.autoescape)


KEPT_TEXTS = 4096

# French elides "de", "que" (and "lorsque", "puisque", "jusque") and "le" before a word that begins with a
# vowel: "Cité d'Amélie", not "Cité de Amélie". A player's name put in a French sentence after one of them
# is elided here, where every template's text is formatted. Vowels only (Y too): French elides before a
# mute h ("d'Hélène") but not an aspirate one ("de Hugo" is said either way), which no rule can tell.
_ELIDABLE = re.compile(r"(?<![\w'’])(de|que|lorsque|puisque|jusque|le) %\((\w+)\)s", re.IGNORECASE)
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")


def elided(catalogue, said: str, variables: dict) -> str:
    """A French text with "de %(name)s" made "d'%(name)s" where the name begins with a vowel; any other
    language's text as it is. The places a text may elide are found once a catalogue and text."""
    try:
        spots = catalogue._companion_elidable
    except AttributeError:
        # Flask-Babel's catalogue is an empty one with the language's merged in: no header, so the
        # request's language (the catalogue is the one of that language, kept once a process).
        french = (catalogue.info().get("language") or current() or "").split("_")[0] == "fr"
        spots = catalogue._companion_elidable = {} if french else None
    if spots is None:
        return said
    found = spots.get(said)
    if found is None:
        found = spots[said] = tuple(_ELIDABLE.finditer(said))
    for spot in reversed(found):
        value = variables.get(spot.group(2))
        if isinstance(value, str) and value[:1].lower() in _VOWELS:
            word = spot.group(1)
            said = said[:spot.start()] + word[:-1] + "'%(" + spot.group(2) + ")s" + said[spot.end():]
    return said


def _alone(catalogue) -> dict:
    """The catalogue's texts said without variables, kept on it (one a language, loaded once)."""
    try:
        return catalogue._companion_alone
    except AttributeError:
        catalogue._companion_alone = {}
        return catalogue._companion_alone


def _formatted(said: str, variables: dict, autoescape: bool) -> str:
    """`Markup(said) % variables`, as Jinja's newstyle gettext formats: each value escaped, by hand
    (markupsafe wraps the mapping and each value in a helper object: 5.5 us a text, this 3.2; some
    18 texts with variables a move). Numbers are formatted as they are, as the helper gives them, a
    negative one with the true minus sign (engine/messages.py `minus`)."""
    if not autoescape:
        return said % {k: _number(v) if type(v) in _NUMBERS else v for k, v in variables.items()}
    return Markup(said % {k: _number(v) if type(v) in _NUMBERS else escape(v) for k, v in variables.items()})


_NUMBERS = (int, float)


def _number(v):
    """A number put in a sentence: a negative one with the true minus sign ("−6 points")."""
    return minus(v) if v < 0 else v


@pass_eval_context
def _said_n(eval_ctx, singular: str, plural: str, num: int, **variables) -> str:
    """`ngettext()` in a template: Jinja's newstyle ngettext (`num` among the variables), as `_`."""
    variables.setdefault("num", num)
    return _formatted(_translations().ungettext(singular, plural, num), variables, eval_ctx.autoescape)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(app.config["TRANSLATIONS"]))
    babel = Babel(app, locale_selector=select_locale)
    babel.domain_instance = KeptDomain(domain=app.extensions["babel"].default_domain)
    app.jinja_env.install_gettext_callables(          # Flask-Babel's, with the catalogue kept a request
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n), newstyle=True)
    app.jinja_env.globals.update({"_": _said, "gettext": _said, "ngettext": _said_n})
    app.jinja_env.filters.update(one_decimal=one_decimal, filed_date=filed_date, minus=minus, signed=signed)
    app.jinja_env.globals.update(share=share)
    app.before_request(_remember_choice)
    app.jinja_env.globals.update(current_lang=current, say=say, refusal=refusal, language_names=NAMES,
                                  category_label=CATEGORIES.get,
                                  side_label=lambda side: SIDES.get(side, side),
                                  victory_label=lambda kind: VICTORIES.get(kind, kind))
