"""rulings/: the rulings (rulings/*.toml), their other languages (rulings/<lang>/) and the topics' names."""
from __future__ import annotations

from dataclasses import replace

from ..catalog import Catalog
from ..errors import CatalogError
from ..model import LANGUAGES, RULING_TOPICS, Game, Ruling, RulingText
from .fields import ID_PATTERN, check_source
from .files import CardDbFiles, entry_name, list_of, top_keys

TOPICS_FILE = "topics.toml"         # rulings/: the topics' names, not rulings


def read_rulings(files: CardDbFiles, catalog: Catalog) -> tuple[Ruling, ...]:
    keys = {"id", "game", "editions", "topics", "cards", "question", "answer", "keywords", "source"}
    out, seen = [], set()
    for path in sorted((files.root / "rulings").glob("*.toml")):
        if path.name == TOPICS_FILE:
            continue
        file, raw = files.toml(str(path.relative_to(files.root)))
        top_keys(file, raw, {"ruling"})
        for index, entry in enumerate(list_of(file, raw, "ruling")):
            where = entry_name("ruling", index, entry)
            if not isinstance(entry, dict) or set(entry) - keys:
                raise CatalogError(f"a ruling has only {sorted(keys)}", file, where)
            for key in ("id", "question", "answer", "source"):
                if not isinstance(entry.get(key), str) or not entry[key].strip():
                    raise CatalogError(f"needs a non-empty {key}", file, where)
            if not ID_PATTERN.match(entry["id"]) or entry["id"] in seen:
                raise CatalogError(f'id "{entry["id"]}" must be a unique lowercase slug', file, where)
            seen.add(entry["id"])
            check_source(file, where, entry["source"])
            try:
                game = Game(entry.get("game"))
            except ValueError:
                raise CatalogError(f'game must be "seven_wonders" or "duel", not {entry.get("game")!r}',
                                   file, where) from None
            editions = entry.get("editions", [1, 2] if game is Game.SEVEN_WONDERS else [])
            if game is Game.DUEL and editions:
                raise CatalogError("Duel rulings have no editions", file, where)
            if not isinstance(editions, list) or not set(editions) <= {1, 2}:
                raise CatalogError("editions must list 1 and/or 2", file, where)
            topics = entry.get("topics", [])
            if not isinstance(topics, list) or not topics or set(topics) - set(RULING_TOPICS):
                raise CatalogError(f"topics must be one or more of {list(RULING_TOPICS)}", file, where)
            cards = entry.get("cards", [])
            known = catalog.ids(game)
            missing = [c for c in cards if c not in known] if isinstance(cards, list) else ["(not a list)"]
            if missing:
                raise CatalogError(f"cards names unknown ids {missing}", file, where)
            words = entry.get("keywords", [])
            if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                raise CatalogError("keywords must be a list of words", file, where)
            out.append(Ruling(id=entry["id"], game=game, editions=tuple(editions), topics=tuple(topics),
                              cards=tuple(cards), question=entry["question"].strip(),
                              answer=entry["answer"].strip(), keywords=tuple(words), source=entry["source"]))
    translated = ruling_texts(files, seen)
    return tuple(replace(r, texts=(RulingText("en", r.question, r.answer, r.keywords),)
                         + tuple(translated.get(r.id, {})[lang] for lang in LANGUAGES
                                 if lang in translated.get(r.id, {})))
                 for r in out)


def ruling_texts(files: CardDbFiles, known: set[str]) -> dict[str, dict[str, RulingText]]:
    """rulings/<lang>/*.toml: each ruling in another language, keyed by its id."""
    found: dict[str, dict[str, RulingText]] = {}
    given_in: dict[tuple[str, str], str] = {}
    for lang in LANGUAGES[1:]:
        for path in sorted((files.root / "rulings" / lang).glob("*.toml")):
            file, raw = files.toml(str(path.relative_to(files.root)))
            top_keys(file, raw, {"lang", "ruling"})
            if raw.get("lang") != lang:
                raise CatalogError(f'must say lang = "{lang}" at the top (the folder\'s language)', file)
            table = raw.get("ruling", {})
            if not isinstance(table, dict):
                raise CatalogError("[ruling.<id>] must be tables of question, answer, keywords", file)
            for ident, entry in table.items():
                where = f"ruling.{ident}"
                if ident not in known:
                    raise CatalogError(f'no ruling has the id "{ident}"', file, where)
                if not isinstance(entry, dict) or set(entry) - {"question", "answer", "keywords"}:
                    raise CatalogError("a translation has question, answer and optionally keywords",
                                       file, where)
                for key in ("question", "answer"):
                    if not isinstance(entry.get(key), str) or not entry[key].strip():
                        raise CatalogError(f"needs a non-empty {key}", file, where)
                words = entry.get("keywords", [])
                if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
                    raise CatalogError("keywords must be a list of words", file, where)
                if (ident, lang) in given_in:
                    raise CatalogError(f"the {lang} text of {ident} is given twice "
                                       f"(also in {given_in[(ident, lang)]})", file, where)
                given_in[(ident, lang)] = file
                found.setdefault(ident, {})[lang] = RulingText(
                    lang, entry["question"].strip(), entry["answer"].strip(), tuple(words))
    return found


def read_topic_labels(files: CardDbFiles) -> dict[str, dict[str, str]]:
    """rulings/topics.toml: every ruling topic's name in every language."""
    file, raw = files.toml(f"rulings/{TOPICS_FILE}")
    top_keys(file, raw, {"topic"})
    table = raw.get("topic", {})
    if not isinstance(table, dict) or set(table) != set(RULING_TOPICS):
        raise CatalogError(f"[topic.<slug>] must name exactly the topics {list(RULING_TOPICS)}", file)
    labels = {}
    for topic, entry in table.items():
        where = f"topic.{topic}"
        if not isinstance(entry, dict) or set(entry) != set(LANGUAGES) \
                or not all(isinstance(v, str) and v.strip() for v in entry.values()):
            raise CatalogError(f"a topic has a non-empty label in each of {list(LANGUAGES)}", file, where)
        labels[topic] = {lang: entry[lang].strip() for lang in LANGUAGES}
    return labels
