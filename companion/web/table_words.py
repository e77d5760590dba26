"""A tracked game in words: the status, the payments and the undos as sentences in the reader's language.

Names of people are joined as the reader's language joins a list ("Ana and
Bogdan", "Ana et Bogdan"). The moves themselves are said by the engine
(engine/tracked.py `describe`, as messages the web renders).
"""
from __future__ import annotations

from functools import lru_cache

from babel.lists import format_list
from flask_babel import ngettext
from flask_babel import gettext as _

from .i18n import current


def join(names) -> str:
    names = tuple(names)
    if not names:
        return ""
    return _joined(names, current())      # the request's language, found once a request (i18n)


@lru_cache(maxsize=4096)
def _joined(names: tuple[str, ...], lang: str) -> str:
    """Names joined as the language joins a list, once a language and list (the status says who
    the table waits for at every board)."""
    try:
        return format_list(list(names), locale=lang)
    except Exception:          # a locale babel cannot join: commas are understood everywhere
        return ", ".join(names)


def coins(n: int) -> str:
    return ngettext("%(num)s coin", "%(num)s coins", n)


def waiting(state: dict, seat: str | None) -> str:
    """7 Wonders: who the table waits for, as a sentence."""
    who = state.get("waiting_for") or []
    if state.get("over") or not who:
        return ""
    return _waiting(tuple(who), state.get("phase", "pick"), bool(seat and seat != "all" and seat not in who),
                    current())


@lru_cache(maxsize=16384)
def _waiting(who: tuple[str, ...], phase: str, card_in: bool, lang: str) -> str:
    """The sentence said once a language, phase and list (`card_in`: this phone's own card is in): every
    board's status says it (issue 29: Flask-Babel's ngettext and the list joined, a twentieth of a
    pushed board's render)."""
    if phase == "seventh":
        return _("Waiting for %(name)s to play the last card of the age.", name=who[0])
    if phase == "discard":
        return _("Waiting for %(name)s to build a card from the discard, or pass.", name=who[0])
    if card_in:
        return ngettext("Your card is in. Waiting for %(names)s.", "Your card is in. Waiting for %(names)s.",
                        len(who), names=join(who))
    return ngettext("Waiting for %(names)s.", "Waiting for %(names)s.", len(who), names=join(who))


def payment(option: dict, player: dict) -> str:
    """A way to pay, naming the neighbours: "pay Chloé 2, the bank 1"."""
    parts = []
    for side in ("left", "right"):
        if option.get(side):
            parts.append(_("pay %(name)s %(n)s", name=player.get(side, side), n=option[side]))
    if option.get("bank"):
        parts.append(_("the bank %(n)s", n=option["bank"]))
    return ", ".join(parts)


def undone(entry: dict, what: str) -> str:
    """An undo in the log: who took back what (`what`: the move taken back, in words)."""
    if entry.get("by") and entry["by"] != "all":
        return _("%(name)s took back: %(move)s", name=entry["by"], move=what)
    return _("Taken back: %(move)s", move=what)


# -- a card's name in its pyramid slot ---------------------------------------------
# A slot is ~15% of a phone's width: a long word ("Holzfällerlager", "Scriptorium") was cut in the
# middle, anywhere. The slot's font shrinks to the longest word (--w, app.css), down to a floor;
# below it a word breaks only where the language hyphenates it (a soft hyphen: a visible "-" in
# every browser, with no hyphenation dictionary needed on the phone).
HYPHENATE_FROM = 7          # letters: shorter words always fit the slot at the floor size


@lru_cache(maxsize=16)
def _hyphenator(lang: str):
    import pyphen
    found = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=found or "en", left=3, right=3)


def slot_name(name: str, lang: str):
    """The name, HTML-escaped, with soft hyphens at the language's hyphenation points of long words."""
    from markupsafe import Markup, escape
    hyphens = _hyphenator(lang)
    words = [hyphens.inserted(w, hyphen="\u00ad") if len(w) >= HYPHENATE_FROM else w for w in name.split()]
    return Markup(" ".join(str(escape(w)) for w in words))


def longest_word(name: str) -> int:
    return max((len(w) for w in name.split()), default=1)


# -- a Duel slot tapped that cannot be entered yet ------------------------------------

def entry_later(n: int, who: str | None, wait: str | None) -> str:
    """Why the card turned face up in slot `n` (counted from 1) cannot be entered now: the table waits
    for another entry first (`who`: a player's name or "chance"; `wait`: what, in words, if known).
    The ✎ slot tapped said nothing (the table waited for a progress token chosen)."""
    if who and who != "chance":
        if wait:
            return _("First %(name)s must %(wait)s; then enter the card in slot %(n)s.", name=who, wait=wait, n=n)
        return _("First it is %(name)s's turn; then enter the card in slot %(n)s.", name=who, n=n)
    if wait:
        return _("First %(wait)s; then enter the card in slot %(n)s.", wait=wait, n=n)
    return _("Enter the card in slot %(n)s once the entry the table is waiting for is made.", n=n)


def first_wait(who: str, wait: str) -> str:
    """A card tapped while its player must first make another choice (a progress token)."""
    return _("First %(name)s must %(wait)s.", name=who, wait=wait)
