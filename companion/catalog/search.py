"""Search every printed name of every card, wonder and token, in every language and edition.

Names are folded (accents, case, punctuation) and indexed in SQLite with an
FTS5 trigram index through sqlite-utils. A query's trigrams fetch the
candidates; a fuzzy score then ranks them, so a letter or two wrong still
finds the card. Short or badly mangled queries fall back to a fuzzy scan of
all names (a few thousand), which keeps typo tolerance without a miss.
"""
from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from sqlite_utils import Database

from .catalog import EDITIONS, Catalog
from .model import Entity, Game, Ruling
from .text import fold

TABLE = "card_names"
RULINGS = "rulings"
# Words that say nothing about a rule ("can I ... from a ...?"), in each of the
# seven languages, folded (no accents) as the query is.
STOPWORDS = frozenset("""a an the i me my we you your he she it its they them their is are was be been
    can could do does did may might must shall should will would to of in on at by for from with
    about as into onto or and but if when what which who how why where there this that these those
    have has had not no yes any some all get got so than then too very just also
    le la les un une des du de d l au aux et ou en je tu il elle on nous vous ils elles ce cet cette ces
    mon ma mes son sa ses qui que quoi est sont peut puis pas ne y se si mais avec pour par sur dans
    der die das den dem des ein eine einen einem einer ich du er sie es wir ihr und oder ist sind kann
    darf mit von zu im am auf fur bei wenn was wer wie nicht kein keine auch noch
    el los las una unos unas lo yo tu usted es son puedo puede se que del al y o con para por sin
    il gli lo uno una io e di da che non si mi posso puo con per tra fra nel della dei delle
    o os as um uma eu voce e sao posso pode da do das dos na no nas nos em com para por que nao
    un o si sau cu la pe din in eu tu el ea este sunt pot poate ce care nu se mai""".split())
CANDIDATES = 300
GOOD_ENOUGH = 85.0     # a best FTS candidate below this also triggers the fuzzy scan
MIN_SCORE = 60.0
NEAR = 25.0            # below a name typed (nearly) whole by more than this, a hit shares only a fragment


@dataclass(frozen=True)
class Hit:
    entity: Entity
    score: float
    matched: str     # the printed name that matched
    lang: str


class SearchIndex:
    def __init__(self, catalog: Catalog, db: Database | None = None):
        self.catalog = catalog
        # Built once, then only read; a threaded server queries it from many
        # threads, one at a time under the lock.
        self.db = db if db is not None else Database(sqlite3.connect(":memory:", check_same_thread=False))
        self._lock = threading.Lock()
        self._entities: dict[str, Entity] = {}
        self._names: list[tuple[str, str, str, str, bool]] = []  # (key, lang, name, folded, own edition)
        self._build()

    @staticmethod
    def _key(entity: Entity) -> str:
        return f"{entity.game.value}:{entity.edition or 0}:{entity.kind}:{entity.id}"

    def _build(self) -> None:
        rows = []
        for game in Game:
            for edition in EDITIONS[game]:
                for entity in self.catalog.entities(game, edition) + self.catalog.box_entities(game, edition):
                    key = self._key(entity)
                    self._entities[key] = entity
                    seen = set()
                    # Names printed in this edition first, so a name both
                    # editions print is kept as this edition's.
                    for lang, name, own in sorted(entity.all_names_ranked(), key=lambda n: not n[2]):
                        folded = fold(name)
                        if (lang, folded) in seen or not folded:
                            continue
                        seen.add((lang, folded))
                        self._names.append((key, lang, name, folded, own))
                        # The row id is the position in self._names, plus one.
                        rows.append({"id": len(self._names), "entity": key, "game": game.value,
                                     "edition": edition or 0, "kind": entity.kind, "lang": lang,
                                     "name": name, "folded": folded})
        table = self.db[TABLE]
        if table.exists():        # rebuilt from card_db/ at every start
            if table.detect_fts():
                table.disable_fts()
            table.drop()
        table.insert_all(rows, pk="id")
        table.create_index(["entity"])
        table.enable_fts(["folded"], fts_version="FTS5", tokenize="trigram")
        self._folded_choices = [row[3] for row in self._names]
        self._build_rulings()

    def _build_rulings(self) -> None:
        """One row a ruling and language, so a question in any language finds it."""
        self._rulings = {r.id: r for r in self.catalog.rulings}
        table = self.db[RULINGS]
        if table.exists():
            if table.detect_fts():
                table.disable_fts()
            table.drop()
        rows = ({"ruling": r.id, "lang": t.lang, "game": r.game.value, "question": fold(t.question),
                 "answer": fold(t.answer), "keywords": fold(" ".join(t.keywords)),
                 "topics": fold(" ".join([*r.topics, *(self.catalog.topic_label(x, t.lang) for x in r.topics)]))}
                for r in self.catalog.rulings for t in (r.texts or (r.text("en"),)))
        table.insert_all(rows)
        if self._rulings:
            table.enable_fts(["question", "answer", "keywords", "topics"], fts_version="FTS5",
                             tokenize="porter unicode61 remove_diacritics 2")

    def search_rulings(self, text: str, *, game: Game | None = None, lang: str | None = None,
                       limit: int = 5) -> list[Ruling]:
        """Rulings matching the words of a question in any language, best first.

        A ruling matched in several languages counts once, at its best rank;
        on a tie the reader's language comes first.
        """
        words = [w for w in fold(text).split() if w not in STOPWORDS and len(w) > 1]
        if not words or not self._rulings:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        # bm25 weights: question, answer, keywords, topics.
        with self._lock:
            rows = self.db.execute(
                f"""select {RULINGS}.ruling, {RULINGS}.game, {RULINGS}.lang,
                           bm25({RULINGS}_fts, 3.0, 1.0, 4.0, 2.0) as rank from {RULINGS}_fts
                    join {RULINGS} on {RULINGS}.rowid = {RULINGS}_fts.rowid
                    where {RULINGS}_fts match ? order by rank limit ?""",
                [match, limit * 21]).fetchall()
        best: dict[str, float] = {}
        for ident, g, row_lang, rank in rows:
            if game is not None and g != game.value:
                continue
            score = rank - (0.01 if row_lang == lang else 0.0)
            best[ident] = min(best.get(ident, score), score)
        return [self._rulings[i] for i in sorted(best, key=best.get)][:limit]

    # -- querying -----------------------------------------------------------
    def search(self, text: str, *, game: Game | None = None, edition: int | None = None,
               kinds: tuple[str, ...] | None = None, lang: str | None = None,
               limit: int = 10, boxes: bool = False) -> list[Hit]:
        """The best matches, best first; the expansion boxes' things only when `boxes`."""
        query = fold(text)
        if not query:
            return []
        with self._lock:
            return self._search(query, game, edition, kinds, lang, limit, boxes)

    def _search(self, query, game, edition, kinds, lang, limit, boxes=False) -> list[Hit]:
        scored: dict[str, Hit] = {}
        best = 0.0

        def allowed(row_id: int) -> bool:
            return boxes or self._entities[self._names[row_id - 1][0]].expansion is None
        for row_id in self._fts_candidates(query):
            if allowed(row_id):
                best = max(best, self._consider(row_id, query, lang, scored))
        if best < GOOD_ENOUGH:
            for _, _, index in process.extract(query, self._folded_choices, scorer=fuzz.WRatio,
                                               limit=CANDIDATES, score_cutoff=MIN_SCORE):
                if allowed(index + 1):
                    self._consider(index + 1, query, lang, scored)
        hits = [h for h in scored.values() if self._wanted(h.entity, game, edition, kinds)]
        hits.sort(key=lambda h: (-h.score, h.entity.game.value, h.entity.edition or 0, h.entity.name))
        if hits and hits[0].score >= GOOD_ENOUGH:
            # A name typed (nearly) whole or its start: the names that match it, not those merely
            # sharing a fragment with it ("Bäder" and "Der Koloss" share "der").
            hits = [h for h in hits if h.score >= hits[0].score - NEAR]
        return hits[:limit]

    def _fts_candidates(self, query: str) -> list[int]:
        grams = {query[i:i + 3] for i in range(len(query) - 2)}
        if not grams:  # one or two letters: a prefix scan
            rows = self.db.execute(f"select rowid from {TABLE} where folded like ? limit ?",
                                   [query + "%", CANDIDATES]).fetchall()
            return [r[0] for r in rows]
        match = " OR ".join('"' + g.replace('"', '""') + '"' for g in sorted(grams))
        rows = self.db.execute(
            f"select rowid from {TABLE}_fts where {TABLE}_fts match ? order by rank limit ?",
            [match, CANDIDATES]).fetchall()
        return [r[0] for r in rows]

    def _consider(self, row_id: int, query: str, lang: str | None, scored: dict[str, Hit]) -> float:
        key, name_lang, name, folded, own = self._names[row_id - 1]
        score = _score(query, folded)
        if lang and name_lang == lang:
            score += 2.0      # prefer the reader's language on a tie
        if own:
            score += 1.0      # and the edition that prints the name (a renamed card's other name)
        current = scored.get(key)
        if current is None or score > current.score:
            scored[key] = Hit(self._entities[key], score, name, name_lang)
        return score

    @staticmethod
    def _wanted(entity: Entity, game, edition, kinds) -> bool:
        if game is not None and entity.game is not game:
            return False
        if edition is not None and entity.game is Game.SEVEN_WONDERS and entity.edition != edition:
            return False
        return kinds is None or entity.kind in kinds


def _score(query: str, name: str) -> float:
    """110 for the exact name; close to 100 for a prefix or a typo or two.

    Words typed from inside a longer name ("tacticos" for "gremio de tacticos")
    are compared with whole words of the name, never with pieces of a word, so
    "alfar" is not "far" and a short name inside a longer query does not win.
    """
    if query == name:
        return 110.0
    if name.startswith(query) and len(query) >= 3:
        return 95.0 + 5.0 * len(query) / len(name)
    best = fuzz.ratio(query, name)
    typed, words = query.split(), name.split()
    if len(typed) < len(words):
        for start in range(len(words) - len(typed) + 1):
            window = " ".join(words[start:start + len(typed)])
            if window.startswith(query) and len(query) >= 3:
                best = max(best, 90.0)
            best = max(best, fuzz.ratio(query, window) * 0.9)
    return best
