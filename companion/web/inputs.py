"""The one place where text from a client becomes numbers and JSON documents.

Every 500 on bad input had one of a few causes: `str.isdigit()` accepts
digits `int()` refuses ("²", "①"), `int()` refuses more than 4300 digits, and
`json.loads` recurses without limit, accepts NaN and Infinity, and hands back
lone surrogates ("\\ud800") that no encoder can write. The routes read their
input through these helpers, so each cause is refused here, once, with a
message that says what and where.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

from flask import request
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.exceptions import UnsupportedMediaType

from ..engine import tracked
from ..engine.errors import BadInput
from ..engine.messages import kind_of, shown
from .i18n import say

# ASCII digits only: "²", "١٢" or "１２" are not numbers a player typed on a pad.
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
# The typographic minus and the en dash (a phone's keyboard gives "–" for a long-pressed "-") are a minus.
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-"})


def minus_typed(text: str) -> str:
    """`text` with a typed minus of any kind ("−", "–") as the ASCII "-" the parsers read."""
    return text.translate(_MINUS)


def whole_number(text, *, signed: bool = False) -> int | None:
    """The whole number in `text` (surrounding blanks allowed), or None when it is not one.

    At most 9 digits, so it is never a huge number; callers check their own range.
    """
    if not isinstance(text, str):
        return None
    text = text.strip().translate(_MINUS)
    if not _WHOLE.fullmatch(text) or (not signed and text.startswith("-")):
        return None
    return int(text)


def flip_sign(text: str) -> str:
    """What a number's ± button makes of a field as typed: "3" -> "-3", "-3" -> "3"; blank and 0 stay.

    A phone's numeric keypad (an iPhone's) has no minus key, so a negative number is typed as its
    digits and then given its sign; the digits are kept as they were, whatever they are (the page's
    own check says when they are no number).
    """
    text = (text or "").strip()
    if not text or text.strip("+-\u2212\u20130") == "":       # blank, or 0: no sign to give (never "-0")
        return text.lstrip("+-\u2212\u2013") or text
    if text[0] in "-\u2212\u2013":
        return text[1:].lstrip()
    return "-" + text.lstrip("+")


def sign_flipped(form, may_flip):
    """The form as if its ± button's field (`sign=<field>`) had been typed with the other sign, where
    `may_flip(field)` allows it and the form has that field: the no-script path of the ± (with
    JavaScript the page flips the field itself). The form itself when no ± was tapped."""
    key = form.get("sign", "")
    if not key or not may_flip(key) or key not in form:
        return form
    form = form.copy()
    form[key] = flip_sign(form[key])
    return form


def arg_number(name: str, default: int | None = None) -> int | None:
    """A query-string or form number (request.values), the default when absent or not a number."""
    value = whole_number(request.values.get(name), signed=True)
    return default if value is None else value


def form_version() -> int | None:
    """The board's version a table's form posts: None when the form sends none (no check asked), and a
    refusal naming the field when it is not a whole number (a tampered "version=x" skipped the
    stale-version check, as if none had been sent)."""
    raw = request.values.get("version")
    if raw is None or not raw.strip():
        return None
    value = whole_number(raw, signed=True)
    if value is None or value < 0:
        raise BadInput(_("the board's version must be a whole number of at least 0, not %(value)s: "
                         "load the page again", value=shown(raw)), "version")
    return value


# -- JSON ---------------------------------------------------------------------------

MAX_DEPTH = 16            # the contract's deepest document is 4 levels
MAX_STRING = 200          # names are 24 letters, card and wonder ids far fewer
MAX_ITEMS = 5000          # every value of the document, counted once
MAX_NUMBER = 2 ** 53      # what every JSON reader keeps exactly


@dataclass(frozen=True)
class Limits:
    depth: int = MAX_DEPTH
    string: int = MAX_STRING
    items: int = MAX_ITEMS


API = Limits()
IMPORT = Limits(items=10 ** 7)   # an export; its own caps are the import's


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


class NotJson(BadInput):
    """Input that is not JSON text at all (its reason is the parser's, in English)."""


def parse_json(text: str | bytes, limits: Limits = API):
    """Parse and check a JSON document; BadInput (with a JSON path) when it is not one we accept."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise NotJson(_("the body is not UTF-8 text"), "(body)") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:                       # the C parser stops cleanly at ~1000 levels
        raise BadInput(_deeper_than(limits.depth), "(body)") from None
    except ValueError as exc:                    # JSONDecodeError, NaN, 1e999, 5000 digits
        raise NotJson(_("the body is not valid JSON (%(why)s)", why=_first_line(exc)), "(body)") from None
    check_document(doc, limits)
    return doc


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0][:120]


def check_document(doc, limits: Limits = API) -> None:
    """Every string encodable and bounded, every number finite and bounded, the whole bounded.

    Walked with a stack, not recursion, so no shape of document can exhaust the stack.
    """
    stack = [(doc, "", 0)]
    seen = 0
    while stack:
        value, where, depth = stack.pop()
        seen += 1
        if seen > limits.items:
            raise BadInput(ngettext("the document has more than %(num)s value",
                                    "the document has more than %(num)s values", limits.items), "(body)")
        if isinstance(value, (dict, list)) and depth >= limits.depth:
            raise BadInput(_deeper_than(limits.depth), where or "(body)")
        if isinstance(value, dict):
            for key, item in value.items():
                path = f"{where}.{_printable(key[:40])}".lstrip(".")
                _check_text(key, path + " (the key)", limits.string)
                stack.append((item, path, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, where or "(top)", limits.string)
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise BadInput(_("numbers are at most %(num)s in size", num=MAX_NUMBER), where or "(top)")


def _check_text(text: str, where: str, longest: int) -> None:
    if len(text) > longest:
        raise BadInput(ngettext("text is limited to %(num)s character (this has %(count)s)",
                                "text is limited to %(num)s characters (this has %(count)s)", longest, count=len(text)),
                       where)
    if not is_text(text):
        raise BadInput(_("the text holds an unpaired surrogate (\\ud800-\\udfff), which is not a character"),
                       where)


def _printable(text: str) -> str:
    """A key as it can be shown in a message: a lone surrogate as its \\u escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def is_text(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def json_object(text: str | bytes, where: str = "(top)") -> dict:
    """A JSON document that must be an object (an action, a game)."""
    doc = parse_json(text)
    if not isinstance(doc, dict):
        raise BadInput(_("the body must be a JSON object, not %(kind)s", kind=say(kind_of(doc))), where)
    return doc


# What a tracked game's action may say (the contract's tables section, both games); anything else
# would be stored in the log and sent back on every poll, so it is refused rather than kept.
ACTION_FIELDS = ("action", "player", "card", "wonder", "slot", "token", "starts", "free", "stage", "pay")


def action(doc: dict) -> dict:
    """An action document with only the contract's fields; BadInput naming the first other one."""
    fields = ACTION_FIELDS + tuple(k for k in tracked.action_fields() if k not in ACTION_FIELDS)
    for key in doc:
        if key not in fields:
            raise BadInput(_("an action has no field %(key)s (its fields: %(fields)s)", key=repr(_printable(key[:40])),
                             fields=", ".join(fields)),
                           _printable(key[:40]))
    return doc


def json_body(*, optional: bool = False) -> dict:
    """The request's body as a JSON object; 415 when it is not sent as JSON, BadInput when malformed.

    `optional`: an empty body is an empty object (undo needs nothing more).
    """
    if not request.is_json:
        raise UnsupportedMediaType("send the body as JSON (Content-Type: application/json)")
    data = request.get_data(cache=True)
    if optional and not data.strip():
        return {}
    return json_object(data)


def _deeper_than(depth: int) -> str:
    return ngettext("the JSON is nested more than %(num)s level deep",
                    "the JSON is nested more than %(num)s levels deep", depth)
