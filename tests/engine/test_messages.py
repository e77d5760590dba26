"""Engine messages as data: every message key renders in all seven languages, none left in English.

The catalogues are read from the .po files (compiled here in memory), so the
test sees what a reader would after `make translations`.
"""
import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

import companion.engine.duel.agora.messages  # noqa: F401  (a box's messages join TEXTS when its rules load)
import companion.engine.duel.pantheon.messages  # noqa: F401
import companion.engine.duel.boxes_score  # noqa: F401  (the Duel's box score messages)
import companion.engine.duel.box_table_messages  # noqa: F401  (a tracked Duel's box moves in words)
from companion.engine.errors import IllegalAction
from companion.engine.messages import JOINERS, TEXTS, Amount, Category, Coins, Listed, M, Msg, Name, Res, Words

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("fr", "de", "es", "it", "pt", "ro")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")

# Words of English that are no word of the six other languages: one in a rendering means English was left.
ENGLISH = {"the", "is", "and", "you", "your", "not", "already", "have", "with", "from", "nothing",
           "neighbour", "neighbours", "sells", "needs", "costs", "wonder", "wonders", "stage", "stages", "coin",
           "coins", "player", "players", "card", "cards", "build", "built", "turn", "this", "of", "to", "first",
           "pay", "nobody", "discard", "token", "tokens", "age", "city", "deck", "guild", "guilds", "copy",
           "free", "chain", "waiting", "enter", "which", "one", "its", "at", "by", "be", "cannot"}


def sample(name: str, key: str):
    """A parameter for a placeholder, of the kind the engine passes under that name."""
    duel = key.startswith(("duel", "pantheon", "agora", "boxt"))
    card = Name("baths", "duel") if duel else Name("dispensary", "7wonders", 1)
    samples = {
        "card": card, "what": card,
        "wonder": Name("the-pyramids", "duel") if duel else Name("babylon", "7wonders", 1),
        "token": Name("law", "duel"),
        "resource": Res("ore"), "amount": Amount(2, "ore"), "row": Category("science"),
        "amounts": Listed((Amount(1, "wood"), Amount(1, "clay"))),
        "sold": Listed((M("sw.short.you_produce", num=1), M("sw.short.right_sells", num=1)), ","),
        "tail": M("sw.short.nth.3"), "why": M("sw.free.chain"),
        "cost": M("sw.pay.parts", total=Coins(3), parts=Listed((M("sw.pay.bank", coins=Coins(1)),
                                                                M("sw.pay.left", coins=Coins(2))), ",")),
        "coins": Coins(2), "total": Coins(3),
        "parts": Listed((M("sw.pay.bank", coins=Coins(1)), M("sw.pay.right", coins=Coins(2))), ","),
        "options": Listed((M("coins", num=2), M("coins", num=3)), "or"),
        "name": "Ana", "other": "Bogdan", "age": "II", "now": "III", "side": "A",
        "n": 2, "num": 2, "seat": 5, "slot": 4, "stage": 3, "first": 2, "left": 1, "right": 2,
        # input errors: what was sent, and where
        "kind": M("type.list"), "value": "'x'", "text": "Lumber Yrd", "hint": card, "id": "pretorium",
        "at": "players[0]", "low": 3, "high": 7, "count": 5, "cap": 9, "game": "7wonders", "stages": 9,
        "key": "coins", "verb": "build", "verbs": "build, stage, sell", "who": "'Zoe'", "names": "Ana, Bruno",
        # the expansion boxes: a box's contract name, a leader
        "box": "leaders", "leader": Name("cleopatra", "7wonders", 1),
        # Pantheon: a divinity, a space of the Pantheon (counted from 1)
        "divinity": Name("zeus", "duel"), "space": 3,
        # Agora: a chamber of the Senate, and a section's chambers
        "chamber": 3, "chambers": "5, 6",
        # a tracked Duel's box moves: a mythology (by its token), tokens spent, a track position, chambers
        "mythology": M("boxt.myth.greek"), "tokens": Listed((M("boxt.offering", n=2),)),
        "position": 3, "origin": 2, "to": 4, "theirs": Name("baths", "duel"), "mine": Name("altar", "duel"),
        # Architects: the totals a wonder's stages built can show
        "choices": "5, 8", "step": 3,      # a row counted in steps (military tokens of 3 points)
        "conspiracy": Name("blackmail", "duel"), "decree": Name("decree-shield", "duel"),
        "thing": Name("the-pyramids", "duel"),
        "boxes": "pantheon, agora",
        "games": Listed(('"7wonders"', '"duel"'), "or"),
        "colours": Listed(('"blue"', '"red"'), "or"),       # Stonehenge B: the colour under a stage
    }
    if name == "name" and key.startswith(("in.listed", "in.both", "lookup.option")):
        return card                  # there "name" is a card's, not a player's
    return samples[name]


def template_of(key: str) -> str:
    text = TEXTS[key]
    return text[-1] if isinstance(text, tuple) else text


def message(key: str, num: int = 2) -> Msg:
    params = {p: sample(p, key) for p in PLACEHOLDER.findall(template_of(key))}
    if isinstance(TEXTS[key], tuple):
        params["num"] = num
    return Msg(key, params)


def catalogue(lang: str) -> Translations:
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", encoding="utf-8") as fh:
        po = read_po(fh, locale=lang)
    out = io.BytesIO()
    write_mo(out, po)
    out.seek(0)
    return Translations(out)


@pytest.fixture(scope="module")
def words():
    return {lang: Words(catalogue(lang), lang) for lang in LANGS}


# The contract's JSON fields keep their names in every language ("coins must be a whole number").
FIELDS = {"coins", "cards", "stages", "military", "free_city", "players", "name", "wonder", "side", "edition",
          "game", "build", "card", "stage", "pay", "left", "right", "turn", "conflict", "free", "slot", "first",
          "action", "player", "opponent", "true", "false", "null"}


def english_words(text: str, fields: bool = False) -> set[str]:
    """English words left in `text`; with `fields`, the contract's JSON field names are allowed (input errors)."""
    text = text.replace("7 Wonders", "")            # the game's title
    return {w for w in re.findall(r"\w+", text) if w.lower() in ENGLISH and not (fields and w in FIELDS)}


# Every key; a plural one also with the counts that pick the other forms (Romanian has three).
CASES = [(key, 2) for key in sorted(TEXTS)] + \
    [(key, n) for key in sorted(TEXTS) if isinstance(TEXTS[key], tuple) for n in (1, 21)]


@pytest.mark.parametrize("key,num", CASES)
def test_every_message_renders_in_every_language_without_english(key, num, words):
    msg = message(key, num)
    english = str(msg)
    assert not PLACEHOLDER.search(english), english
    for lang in LANGS:
        said = words[lang].say(msg)
        assert "%(" not in said, (lang, said)
        assert said != english, f"{lang}: {key} is left in English: {said}"
        left = english_words(said, fields=key.startswith("in."))
        assert not left, f"{lang}: English words {left} in {key}: {said}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_and_joiner_is_in_the_catalogue(lang):
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", encoding="utf-8") as fh:
        po = read_po(fh, locale=lang)
    translated = {m.id if isinstance(m.id, str) else m.id[0] for m in po
                  if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])}
    templates = [t[0] if isinstance(t, tuple) else t for t in list(TEXTS.values()) + list(JOINERS.values())]
    missing = [t for t in templates if t not in translated]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:3]}"


def test_romanian_counts_take_its_three_plural_forms(words):
    ro = words["ro"]
    assert ro.say(M("coins", num=1)) == "1 monedă"
    assert ro.say(M("coins", num=2)) == "2 monede"
    assert ro.say(M("coins", num=20)) == "20 de monede"


def test_a_count_of_a_resource_takes_the_languages_plural_forms(words):
    """A walk in pt: "precisa de 2 vidro"; a count of a resource was "%(num)s %(resource)s", the singular."""
    short = M("sw.short.none", what=M("sw.this_build"), amount=Amount(2, "glass"))
    assert "precisa de 2 vidros;" in words["pt"].say(short)
    expected = {"pt": ("1 vidro", "2 vidros", "20 vidros"), "fr": ("1 verre", "2 verres", "20 verres"),
                "es": ("1 cristal", "2 cristales", "20 cristales"), "it": ("1 vetro", "2 vetri", "20 vetri"),
                "de": ("1 Stoff", "2 Stoffe", "20 Stoffe"), "ro": ("1 sticlă", "2 sticle", "20 de sticle")}
    for lang, forms in expected.items():
        resource = "textile" if lang == "de" else "glass"
        assert tuple(words[lang].value(Amount(n, resource)) for n in (1, 2, 20)) == forms, lang
    assert str(M("sw.short.none", what=M("sw.this_build"), amount=Amount(2, "textile"))).startswith(
        "This build needs 2 textiles;")


def test_an_unknown_key_is_refused_at_once():
    with pytest.raises(KeyError):
        M("sw.no_such_message")


def test_a_refusal_carries_its_key_and_its_english_sentence():
    refusal = IllegalAction(M("sw.not_in_hand", card=Name("dispensary", "7wonders", 1)))
    assert refusal.reason == "Dispensary is not in your hand"
    assert refusal.msg.to_json() == {"key": "sw.not_in_hand", "params": {"card": "dispensary"}}


def test_card_names_follow_the_edition_of_the_readers_box(words):
    # The 2nd edition renamed the Dispensary in German (Arzneiausgabe -> Krankenhaus).
    first = words["de"].say(M("sw.not_in_hand", card=Name("dispensary", "7wonders", 1)))
    second = words["de"].say(M("sw.not_in_hand", card=Name("dispensary", "7wonders", 2)))
    assert first.startswith("Arzneiausgabe ") and second.startswith("Krankenhaus "), (first, second)
