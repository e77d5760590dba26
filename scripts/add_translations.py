"""Append new msgid/msgstr pairs to each language's catalogue, as text.

    python scripts/add_translations.py pairs.json

pairs.json: {"English text": {"fr": "...", "de": "...", "es": "...", "it": "...", "pt": "...", "ro": "..."}}.
A msgid already in a catalogue is left alone; `make messages` sorts the new pairs in later.
Appending (not rewriting with babel's writer) keeps every other entry byte for byte, and a
lock keeps two people appending at once from interleaving.
"""
import fcntl
import json
import sys

LANGS = ("fr", "de", "es", "it", "pt", "ro")


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(path: str) -> None:
    pairs = json.load(open(path, encoding="utf-8"))
    with open("/tmp/po.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for lang in LANGS:
            po = f"translations/{lang}/LC_MESSAGES/messages.po"
            text = open(po, encoding="utf-8").read()
            with open(po, "a", encoding="utf-8") as out:
                for msgid, by_lang in pairs.items():
                    if f"msgid {quoted(msgid)}\n" not in text:
                        out.write(f"\nmsgid {quoted(msgid)}\nmsgstr {quoted(by_lang[lang])}\n")


if __name__ == "__main__":
    main(sys.argv[1])
