"""Append new msgid/msgstr pairs to each language's catalogue, as text.

    python scripts/add_translations.py pairs.json
    python scripts/add_translations.py --fix pairs.json     (also replace these msgids' translations)

pairs.json: {"English text": {"fr": "...", "de": "...", "es": "...", "it": "...", "pt": "...", "ro": "..."}}.
With --fix a pair may name only the languages it corrects, and a plural entry (ngettext) takes a list,
one string a plural form of that language: {"%(num)s coin": {"pt": ["%(num)s moeda", "%(num)s moedas"]}}.
A msgid already translated in a catalogue is left alone; one that `make messages` already added with an
empty msgstr (someone ran it before the translation was added) gets its msgstr filled in place; any other is
appended, and `make messages` sorts the new pairs in later. Working on the text (not rewriting with babel's
writer) keeps every other entry byte for byte, and a lock keeps two people changing it at once from interleaving.
"""
import fcntl
import json
import re
import sys

LANGS = ("fr", "de", "es", "it", "pt", "ro")
# An entry's msgid (on one line, or wrapped as msgid "" and continuation lines) and an empty msgstr after it.
EMPTY_ENTRY = re.compile(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr ""\n(?!")', re.M)
# An entry's msgid and its msgstr, whatever it holds (--fix: a translation corrected).
ANY_ENTRY = re.compile(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr (?:"(?:[^"\\]|\\.)*"\n)+', re.M)


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def unquoted(lines: str) -> str:
    """The text of a msgid's quoted lines, joined."""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', lines)
    return "".join(parts).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


# A plural entry: its msgid, msgid_plural and msgstr[n] lines (--fix with a list, one string a form).
PLURAL_ENTRY = re.compile(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgid_plural (?:"(?:[^"\\]|\\.)*"\n)+'
                          r'(?:msgstr\[\d+\] (?:"(?:[^"\\]|\\.)*"\n)+)+', re.M)


def fill_plural(text: str, by_msgid: dict) -> tuple[str, set[str]]:
    """The catalogue with the plural entries of each msgid given a list of forms rewritten, and which were."""
    filled: set[str] = set()

    def fill(match: re.Match) -> str:
        msgid = unquoted(match.group(1))
        forms = by_msgid.get(msgid)
        if not isinstance(forms, list) or not msgid:
            return match.group(0)
        filled.add(msgid)
        head = match.group(0)[:match.group(0).index("msgstr[")]
        return head + "".join(f"msgstr[{i}] {quoted(form)}\n" for i, form in enumerate(forms))
    return PLURAL_ENTRY.sub(fill, text), filled


def fill_empty(text: str, by_msgid: dict[str, str], entry: re.Pattern = EMPTY_ENTRY) -> tuple[str, set[str]]:
    """The catalogue with the empty msgstr (any msgstr with ANY_ENTRY) of each msgid in `by_msgid`
    filled, and which were."""
    filled: set[str] = set()

    def fill(match: re.Match) -> str:
        msgid = unquoted(match.group(1))
        if msgid not in by_msgid or not msgid:
            return match.group(0)
        filled.add(msgid)
        return f"msgid {match.group(1)}msgstr {quoted(by_msgid[msgid])}\n"
    return entry.sub(fill, text), filled


def main(path: str, fix: bool = False) -> None:
    pairs = json.load(open(path, encoding="utf-8"))
    with open("/tmp/po.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for lang in LANGS:
            po = f"translations/{lang}/LC_MESSAGES/messages.po"
            text = open(po, encoding="utf-8").read()
            wanted = {msgid: by_lang[lang] for msgid, by_lang in pairs.items() if lang in by_lang}
            text, filled = fill_empty(text, {k: v for k, v in wanted.items() if isinstance(v, str)},
                                      ANY_ENTRY if fix else EMPTY_ENTRY)
            if fix:
                text, plural = fill_plural(text, wanted)
                filled |= plural
            if filled:
                open(po, "w", encoding="utf-8").write(text)
            with open(po, "a", encoding="utf-8") as out:
                for msgid, by_lang in pairs.items():
                    if lang in by_lang and isinstance(by_lang[lang], str) and msgid not in filled \
                            and f"msgid {quoted(msgid)}\n" not in text and unquoted_absent(text, msgid):
                        out.write(f"\nmsgid {quoted(msgid)}\nmsgstr {quoted(by_lang[lang])}\n")


def unquoted_absent(text: str, msgid: str) -> bool:
    """Whether no entry (one line or wrapped) has this msgid."""
    return all(unquoted(m.group(1)) != msgid
               for m in re.finditer(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)', text, re.M))


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[-1], fix="--fix" in args[:-1])
