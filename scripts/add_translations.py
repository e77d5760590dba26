"""Append new msgid/msgstr pairs to each language's catalogue, as text.

    python scripts/add_translations.py pairs.json
    python scripts/add_translations.py --fix pairs.json     (also replace these msgids' translations)

pairs.json: {"English text": {"fr": "...", "de": "...", "es": "...", "it": "...", "pt": "...", "ro": "..."}}.
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
            text, filled = fill_empty(text, {msgid: by_lang[lang] for msgid, by_lang in pairs.items()},
                                      ANY_ENTRY if fix else EMPTY_ENTRY)
            if filled:
                open(po, "w", encoding="utf-8").write(text)
            with open(po, "a", encoding="utf-8") as out:
                for msgid, by_lang in pairs.items():
                    if msgid not in filled and f"msgid {quoted(msgid)}\n" not in text \
                            and unquoted_absent(text, msgid):
                        out.write(f"\nmsgid {quoted(msgid)}\nmsgstr {quoted(by_lang[lang])}\n")


def unquoted_absent(text: str, msgid: str) -> bool:
    """Whether no entry (one line or wrapped) has this msgid."""
    return all(unquoted(m.group(1)) != msgid
               for m in re.finditer(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)', text, re.M))


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[-1], fix="--fix" in args[:-1])
