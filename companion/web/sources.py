"""Where a fact comes from, in words a player reads: never a file name.

card_db/ cites a seed rulebook as "seed:<file> <section>" (the section as the
rulebook prints it, or a description of ours) or says "general" for
well-established public knowledge.
"""
from __future__ import annotations

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
}


def source_text(source: str) -> str:
    """"seed:002_….txt card list" -> "7 Wonders Duel rulebook, Spanish edition: card list"."""
    source = (source or "").strip()
    if source == "general" or not source:
        return _("well-established public knowledge of the game")
    if not source.startswith("seed:"):
        return source
    ref, _sep, part = source[len("seed:"):].partition(" ")
    book = RULEBOOKS.get(ref[:3])
    if book is None:
        return _("a rulebook")
    part = part.strip()
    if not part:
        return str(book)
    return f"{book}: {PARTS[part] if part in PARTS else '“' + part + '”'}"
