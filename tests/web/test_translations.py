"""The interface in seven languages: every catalogue string translated, placeholders kept."""
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("fr", "de", "es", "it", "pt", "ro")
KEYWORDS = {"_": None, "gettext": None, "_l": None, "lazy_gettext": None, "ngettext": (1, 2),
            "N_": None, "Np_": (1, 2)}   # N_/Np_: the engine's message templates (engine/messages.py)
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def source_messages() -> set[str]:
    """Every interface string in the code and templates right now."""
    found = set()
    methods = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map=methods, keywords=KEYWORDS):
        found.add(message if isinstance(message, str) else message[0])
    return found


def catalogue(lang: str):
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", encoding="utf-8") as fh:
        return read_po(fh, locale=lang)


def test_the_template_is_up_to_date():
    with open(ROOT / "translations" / "messages.pot", encoding="utf-8") as fh:
        pot = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}
    missing = source_messages() - pot
    assert not missing, f"run `make messages`: {sorted(missing)[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_is_translated(lang):
    po = catalogue(lang)
    untranslated = []
    for text in source_messages():
        message = po.get(text) or next((m for m in po if isinstance(m.id, tuple) and m.id[0] == text), None)
        strings = [] if message is None else (list(message.string) if isinstance(message.string, tuple)
                                              else [message.string])
        if message is None or message.fuzzy or not all(strings):
            untranslated.append(text)
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {sorted(untranslated)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_survive_translation(lang):
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set(PLACEHOLDER.findall(ids[-1]))
        for s in strings:
            if s:
                assert set(PLACEHOLDER.findall(s)) <= expected | {"num"}, (lang, message.id, s)
                assert set(PLACEHOLDER.findall(s)) >= expected - {"num"}, (lang, message.id, s)


# One way of addressing the player per language, as the rest of each catalogue
# does: German says "du" (a walk found the group and players pages saying
# "Sie"), Portuguese the third person ("o seu"), French "vous", Romanian "tu"
# (a walk found the group, players, delete and limit pages saying "voi":
# "Grupul vostru", "scanați", "Așteptați"). What is said to the whole table
# says "voi" in every language ("Spielt ihr in Teams?", "Jucați pe echipe?",
# a ruling's "Folosiți ... dați ..." as "Nehmt ... gebt ..."), and so do "tu și
# vecinii tăi nu puteți" and participles ("îngropați"): none is listed here.
# A player reads a switch of register as two apps stitched together.
RO_PLURAL = (r"\b(vostru|voastră|voștri|voastre|dumneavoastră|alegeți|introduceți|scrieți|scanați|deschideți|apăsați"
             r"|încercați|așteptați|intrați|adăugați|trimiteți|scoateți|faceți|ați|ștergeți|redenumiți|uniți"
             r"|importați|cereți|reveniți|puteți anula)\b")
OTHER_REGISTER = {
    "ro": re.compile(RO_PLURAL, re.IGNORECASE),
    "de": re.compile(r"\b(Ihr|Ihre|Ihrer|Ihren|Ihrem|Ihres)\b|\b\w+en Sie\b(?! (sind|gehört|verschwindet))"),
    "pt": re.compile(r"\b(tu|teu|tua|teus|tuas|tens|podes|produzes|pagues|escolheste|estás|usa o|envia dois|constrói uma carta)\b"),
    "fr": re.compile(r"\b(tu|ton|ta|tes|toi)\b"),
}


@pytest.mark.parametrize("lang", sorted(OTHER_REGISTER))
def test_one_way_of_addressing_the_player(lang):
    mixed = []
    for message in catalogue(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        mixed += [s for s in strings if s and OTHER_REGISTER[lang].search(s)]
    assert not mixed, f"{lang}: {mixed[:5]}"


def test_romanian_rulings_say_tu():
    """A ruling's answer to one player as the interface: "scrie punctele pe foaie", not "scrieți"."""
    mixed = [(path.name, line) for path in (ROOT / "card_db" / "rulings" / "ro").glob("*.toml")
             for line in path.read_text(encoding="utf-8").splitlines()
             if re.match(r"\s*(question|answer)\s*=", line) and OTHER_REGISTER["ro"].search(line)]
    assert not mixed, mixed
