"""Text folding shared by exact look-ups and the search index."""
from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^0-9a-z]+")
# Letters that Unicode does not decompose into a base letter plus a mark.
_SPECIAL = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i"})


def fold(text: str) -> str:
    """Lowercase, strip accents and punctuation, collapse spaces.

    "Carieră de piatră" -> "cariera de piatra"; "Glass-Blower" -> "glass blower".
    """
    lowered = text.casefold().translate(_SPECIAL)
    decomposed = unicodedata.normalize("NFKD", lowered)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped).strip()
