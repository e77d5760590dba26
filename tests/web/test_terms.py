"""The game's terms, one per language, as the rulebooks in ../shared/seeds name them (issue 27).

Romanian: the Duel's rulebook (seed 000) says "dominația militară" and "supremația științifică",
"Ghilda", "Era"; Spanish (seed 002): "cristal", "banco"; Italian (seed 003): "Era"; Portuguese: the
rulebook is Brazilian, so Brazilian forms; German: "Ton" as in the cards and rulings (no German
rulebook among the seeds). A ruling names its source in words, never "seed 000". The interface
catalogues (msgstr only) and the rulings' text are scanned, so a mix cannot come back.
"""
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
BANNED = {
    "ro": [r"\bsupremați[ea]? militar", r"\bdominați[ea]? științific", r"\bbresl", r"\bbreasl", r"\bepoc[aăi]"],
    "es": [r"\bvidrio", r"\bbanca\b"],
    "it": [r"\bepoc[ah]e?\b"],
    "de": [r"lehm"],
    "pt": [r"\btelemóve", r"\bguardad[oa]", r"\bregistar\b", r"\bficheiro", r"\bpartilh", r"\bactual\b",
           r"\bcarregue em\b", r"\bnoutr[oa]\b", r"\becrã",
           r"\btelefones?\b",     # "celular", as everywhere else: a table's seat panel said both
           # European forms on the table's status line at every turn ("À espera de Ana e Bruno"):
           r"\bà espera\b", r"\best(?:á|ão|ou|ava|avam) a [a-zç]+r\b", r"\bronda\b", r"\bpíxe",
           # A player walk: "Nova ligação" (the group's New link) reads "new phone call" in Brazil;
           # "regista-a", "não batia certo", "demasiados", "de imediato" are European too.
           r"\bligaç(?:ão|ões)\b(?!\")",      # a search keyword ("ligação") may stay: typed, it finds the card
           r"\bregista\b", r"\bbat(?:e|ia) certo", r"\bdemasiad", r"\bde imediato\b",
           r"\belimin",           # the history's "Eliminar": Brazilian screens say "Excluir"
           # A player walk on the scan page: "Ir para esta casa" (a form's box is a "casa" in Portugal,
           # a "célula" in Brazil; a track's space stays a "casa"), "aplicação" ("aplicativo"),
           # "folhas de cálculo" ("planilhas").
           r"\b(?:esta|por) casa\b", r"\bcasas? (?:a verificar|marcadas|do total|vazia|tal como)",
           r"\baplicaç(?:ão|ões)\b(?! d[ao]s? )", r"\bfolhas? de cálculo"],
    "fr": [],
}
SEED = r"\bseed\s*0\d\d\b"


def texts(lang):
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            if s:
                yield f"messages.po {message.id!r}", s
    files = list((ROOT / "card_db" / "rulings" / lang).glob("*.toml")) + list((ROOT / "card_db" / "names").glob(f"*/{lang}.toml"))
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"\s*(question|answer|keywords|name)\s*=", line):
                yield f"{path.relative_to(ROOT)}:{n}", line


@pytest.mark.parametrize("lang", sorted(BANNED))
def test_one_term_a_thing_in_each_language(lang):
    found = [(where, m.group(0)) for where, text in texts(lang)
             for pattern in BANNED[lang] + [SEED] for m in [re.search(pattern, text, re.IGNORECASE)] if m]
    assert found == []


def test_english_rulings_name_their_sources_in_words():
    lines = [(p.name, n) for p in (ROOT / "card_db" / "rulings").glob("*.toml")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.match(r"\s*(question|answer)\s*=", line) and re.search(SEED, line, re.IGNORECASE)]
    assert lines == []
