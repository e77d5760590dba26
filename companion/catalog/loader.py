"""Reads card_db/ into a Catalog, refusing anything malformed.

Every error names the file and the entry (its index and id), so a typo in the
data is found at load rather than as a wrong number at a table.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path

from .catalog import Catalog
from .checks import run_self_checks
from .effects import parse_effect, parse_resource, parse_resource_table
from .errors import CatalogError, LookupFailed
from .model import (LANGUAGES, BoardWonder, Card, Colour, Cost, DuelWonder, Entity, Game,
                    DUEL_CATEGORIES, SEVEN_WONDERS_CATEGORIES, LocalName, LootToken,
                    MilitaryTrack, MilitaryZone, Pad, PadLayout, PadRow, ProgressToken, RULING_TOPICS, Ruling,
                    RulingText, PyramidLayout, PyramidSlot, WonderSide, WonderStage)

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SEED_FILES = frozenset({
    "000_1c78c1f9066415b4.txt", "001_debd73f38ba2f4a6.txt", "002_d1b5eb6aa9ab4b95.txt",
    "003_5ad9654bae57ed2f.txt", "004_d662dfb47409e9d6.txt"})
BASE_SIDES = {1: ("A", "B"), 2: ("day", "night")}

ENTITY_KEYS = {"id", "name", "aliases", "source", "doubt", "notes"}
TOPICS_FILE = "topics.toml"         # rulings/: the topics' names, not rulings
CARD_KEYS = ENTITY_KEYS | {"age", "colour", "counts", "cost", "chains_from", "effects"}


def default_card_db() -> Path:
    return Path(__file__).resolve().parents[2] / "card_db"


def load_catalog(root: Path | str | None = None) -> Catalog:
    root = Path(root) if root is not None else default_card_db()
    if not root.is_dir():
        raise CatalogError(f"card database folder not found: {root}")
    reader = _Reader(root)
    catalog = reader.read()
    run_self_checks(catalog)
    return catalog


class _Reader:
    def __init__(self, root: Path):
        self.root = root
        self.doubts: list[str] = []

    # -- files -------------------------------------------------------------
    def _toml(self, relative: str) -> tuple[str, dict]:
        path = self.root / relative
        if not path.is_file():
            raise CatalogError("file is missing", relative)
        try:
            with path.open("rb") as fh:
                return relative, tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise CatalogError(f"not valid TOML: {exc}", relative) from None

    def read(self) -> Catalog:
        cards: dict[tuple[Game, int | None], tuple[Card, ...]] = {}
        wonders: dict[tuple[Game, int | None], tuple] = {}

        file1, raw1 = self._toml("seven_wonders/cards_1e.toml")
        file2, raw2 = self._toml("seven_wonders/cards_2e.toml")
        self._top_keys(file1, raw1, {"edition", "card"})
        self._top_keys(file2, raw2, {"edition", "card"})
        self._expect_edition(file1, raw1, 1)
        self._expect_edition(file2, raw2, 2)
        base1 = self._cards(file1, raw1.get("card", []), Game.SEVEN_WONDERS, 1)
        inherited = {c["id"]: c for c in raw1.get("card", []) if isinstance(c, dict) and "id" in c}
        base2_raw = [self._inherit(file2, i, entry, inherited) for i, entry in enumerate(raw2.get("card", []))]
        base2 = self._cards(file2, base2_raw, Game.SEVEN_WONDERS, 2)
        cards[(Game.SEVEN_WONDERS, 1)] = base1
        cards[(Game.SEVEN_WONDERS, 2)] = base2

        duel_file, duel_raw = self._toml("duel/cards.toml")
        self._top_keys(duel_file, duel_raw, {"card"})
        cards[(Game.DUEL, None)] = self._cards(duel_file, duel_raw.get("card", []), Game.DUEL, None)

        for edition in (1, 2):
            wfile, wraw = self._toml(f"seven_wonders/wonders_{edition}e.toml")
            self._top_keys(wfile, wraw, {"edition", "wonder"})
            self._expect_edition(wfile, wraw, edition)
            wonders[(Game.SEVEN_WONDERS, edition)] = tuple(
                self._board(wfile, i, w, edition) for i, w in enumerate(self._list(wfile, wraw, "wonder")))
        dwfile, dwraw = self._toml("duel/wonders.toml")
        self._top_keys(dwfile, dwraw, {"wonder"})
        wonders[(Game.DUEL, None)] = tuple(
            self._duel_wonder(dwfile, i, w) for i, w in enumerate(self._list(dwfile, dwraw, "wonder")))

        pfile, praw = self._toml("duel/progress.toml")
        self._top_keys(pfile, praw, {"token"})
        progress = tuple(self._progress(pfile, i, t) for i, t in enumerate(self._list(pfile, praw, "token")))

        layouts = self._layouts()
        military = self._military()

        catalog = Catalog(cards=cards, wonders=wonders, progress=progress,
                          layouts=layouts, military=military, pads=self._pads())
        catalog = self._with_chains_to(catalog)
        catalog = self._with_names(catalog)
        catalog.rulings = self._rulings(catalog)
        catalog.topic_labels = self._topic_labels()
        catalog.doubts = tuple(self.doubts)
        return catalog

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _top_keys(file: str, raw: dict, allowed: set[str]) -> None:
        extra = set(raw) - allowed
        if extra:
            raise CatalogError(f"unexpected top-level keys {sorted(extra)} (allowed: {sorted(allowed)})", file)

    @staticmethod
    def _expect_edition(file: str, raw: dict, edition: int) -> None:
        if raw.get("edition") != edition:
            raise CatalogError(f"must say edition = {edition} at the top", file)

    @staticmethod
    def _list(file: str, raw: dict, key: str) -> list:
        value = raw.get(key, [])
        if not isinstance(value, list):
            raise CatalogError(f"[[{key}]] must be an array of tables", file)
        return value

    @staticmethod
    def _entry_name(key: str, index: int, raw) -> str:
        ident = raw.get("id") if isinstance(raw, dict) else None
        return f"{key}[{index}]" + (f" ({ident})" if ident else "")

    def _inherit(self, file: str, index: int, entry: dict, first: dict[str, dict]) -> dict:
        if not isinstance(entry, dict) or not entry.get("like_1e"):
            if isinstance(entry, dict) and "like_1e" in entry and entry["like_1e"] is not False:
                raise CatalogError("like_1e must be true or absent", file, self._entry_name("card", index, entry))
            return {k: v for k, v in entry.items() if k != "like_1e"} if isinstance(entry, dict) else entry
        ident = entry.get("id")
        if "source" not in entry:
            raise CatalogError("a like_1e entry needs its own source for the 2nd edition",
                               file, self._entry_name("card", index, entry))
        if ident not in first:
            raise CatalogError(f'like_1e = true but the 1st edition has no card "{ident}"',
                               file, self._entry_name("card", index, entry))
        merged = dict(first[ident])
        for drop in ("doubt", "notes"):
            merged.pop(drop, None)
        merged.update({k: v for k, v in entry.items() if k != "like_1e"})
        return merged

    def _entity_fields(self, file: str, where: str, raw: dict, allowed: set[str],
                       game: Game, edition: int | None) -> dict:
        if not isinstance(raw, dict):
            raise CatalogError("must be a table", file, where)
        extra = set(raw) - allowed
        if extra:
            raise CatalogError(f"unexpected keys {sorted(extra)}", file, where)
        for key in ("id", "name", "source"):
            if not isinstance(raw.get(key), str) or not raw[key].strip():
                raise CatalogError(f"needs a non-empty {key}", file, where)
        if not ID_PATTERN.match(raw["id"]):
            raise CatalogError(f'id "{raw["id"]}" must be a lowercase slug like "lumber-yard"', file, where)
        self._check_source(file, where, raw["source"])
        aliases = raw.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
            raise CatalogError("aliases must be a list of names", file, where)
        doubt = raw.get("doubt")
        if doubt is not None:
            if not isinstance(doubt, str) or not doubt.strip():
                raise CatalogError("doubt must say what is doubtful", file, where)
            self.doubts.append(f"{file}: {where}: {doubt}")
        return {"id": raw["id"], "game": game, "edition": edition, "name": raw["name"].strip(),
                "aliases": tuple(aliases), "source": raw["source"], "doubt": doubt,
                "notes": raw.get("notes")}

    @staticmethod
    def _check_source(file: str, where: str, source: str) -> None:
        if source == "general":
            return
        if re.match(r"^public:\s*\S", source):
            return
        match = re.match(r"^seed:(\S+)(\s.*)?$", source)
        if not match or match.group(1) not in SEED_FILES:
            raise CatalogError(f'source "{source}" must be "general", "seed:<file>" naming a seed '
                               f'or "public: <what was checked>"', file, where)

    def _cost(self, file: str, where: str, raw) -> Cost:
        if raw is None:
            return Cost()
        if not isinstance(raw, dict) or set(raw) - {"coins", "resources"}:
            raise CatalogError("cost must be a table with coins and/or resources", file, where)
        coins = raw.get("coins", 0)
        if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
            raise CatalogError(f"cost.coins must be a whole number, not {coins!r}", file, where)
        try:
            resources = parse_resource_table(raw.get("resources", {}), "cost.resources", allow_empty=True)
        except CatalogError as exc:
            raise CatalogError(exc.message, file, where) from None
        return Cost(coins=coins, resources=resources)

    def _effects(self, file: str, where: str, raw, game: Game):
        if not isinstance(raw, list):
            raise CatalogError("effects must be a list of tables", file, where)
        try:
            return tuple(parse_effect(e, game, f"effects[{i}]") for i, e in enumerate(raw))
        except CatalogError as exc:
            raise CatalogError(exc.message, file, where) from None

    # -- cards -------------------------------------------------------------
    def _cards(self, file: str, entries: list, game: Game, edition: int | None) -> tuple[Card, ...]:
        if not isinstance(entries, list):
            raise CatalogError("[[card]] must be an array of tables", file)
        out = []
        for index, raw in enumerate(entries):
            where = self._entry_name("card", index, raw)
            fields = self._entity_fields(file, where, raw, CARD_KEYS, game, edition)
            age = raw.get("age")
            if age not in (1, 2, 3):
                raise CatalogError(f"age must be 1, 2 or 3, not {age!r}", file, where)
            try:
                colour = Colour(raw.get("colour"))
            except ValueError:
                raise CatalogError(f'colour "{raw.get("colour")}" is not a card colour', file, where) from None
            counts = raw.get("counts")
            if game is Game.SEVEN_WONDERS:
                if not isinstance(counts, list) or not all(isinstance(n, int) and 2 <= n <= 7 for n in counts):
                    raise CatalogError("counts must list the player counts (3 to 7) printed on each copy",
                                       file, where)
                if colour is not Colour.PURPLE and not counts:
                    raise CatalogError("counts is empty: a non-guild card needs at least one copy", file, where)
                counts = tuple(sorted(counts))
            else:
                if counts is not None:
                    raise CatalogError("Duel cards have no counts", file, where)
                counts = ()
            if colour is Colour.PURPLE and age != 3:
                raise CatalogError("guilds belong to age 3", file, where)
            chains = raw.get("chains_from", [])
            if not isinstance(chains, list) or not all(isinstance(c, str) for c in chains):
                raise CatalogError("chains_from must be a list of card ids", file, where)
            out.append(Card(**fields, age=age, colour=colour, counts=counts,
                            cost=self._cost(file, where, raw.get("cost")),
                            chains_from=tuple(chains),
                            effects=self._effects(file, where, raw.get("effects", []), game)))
        return tuple(out)

    # -- wonders and tokens -------------------------------------------------
    def _board(self, file: str, index: int, raw: dict, edition: int) -> BoardWonder:
        where = self._entry_name("wonder", index, raw)
        fields = self._entity_fields(file, where, raw, ENTITY_KEYS | {"resource", "side"},
                                     Game.SEVEN_WONDERS, edition)
        try:
            resource = parse_resource(raw.get("resource"), "resource")
        except CatalogError as exc:
            raise CatalogError(exc.message, file, where) from None
        sides_raw = raw.get("side")
        if not isinstance(sides_raw, list):
            raise CatalogError("needs its sides as [[wonder.side]]", file, where)
        sides = []
        for s_index, side in enumerate(sides_raw):
            s_where = f"{where} side[{s_index}]"
            if not isinstance(side, dict) or set(side) - {"side", "stage", "source", "doubt"}:
                raise CatalogError("a side has side, stage, and optionally source and doubt", file, s_where)
            stages = side.get("stage")
            if not isinstance(stages, list) or not 1 <= len(stages) <= 4:
                raise CatalogError("a side has one to four [[wonder.side.stage]]", file, s_where)
            parsed = []
            for t_index, stage in enumerate(stages):
                t_where = f"{s_where} stage[{t_index}]"
                if not isinstance(stage, dict) or set(stage) - {"cost", "effects"}:
                    raise CatalogError("a stage has cost and effects only", file, t_where)
                parsed.append(WonderStage(cost=self._cost(file, t_where, stage.get("cost")),
                                          effects=self._effects(file, t_where, stage.get("effects", []),
                                                                Game.SEVEN_WONDERS)))
            source = side.get("source", raw["source"])
            self._check_source(file, s_where, source)
            if side.get("doubt"):
                self.doubts.append(f"{file}: {s_where}: {side['doubt']}")
            sides.append(WonderSide(side=str(side.get("side")), stages=tuple(parsed),
                                    source=source, doubt=side.get("doubt")))
        names = tuple(s.side for s in sides)
        if names != BASE_SIDES[edition]:
            raise CatalogError(f"sides must be {list(BASE_SIDES[edition])} in that order, not {list(names)}",
                               file, where)
        return BoardWonder(**fields, resource=resource, sides=tuple(sides))

    def _duel_wonder(self, file: str, index: int, raw: dict) -> DuelWonder:
        where = self._entry_name("wonder", index, raw)
        fields = self._entity_fields(file, where, raw, ENTITY_KEYS | {"cost", "effects"}, Game.DUEL, None)
        return DuelWonder(**fields, cost=self._cost(file, where, raw.get("cost")),
                          effects=self._effects(file, where, raw.get("effects", []), Game.DUEL))

    def _progress(self, file: str, index: int, raw: dict) -> ProgressToken:
        where = self._entry_name("token", index, raw)
        fields = self._entity_fields(file, where, raw, ENTITY_KEYS | {"effects"}, Game.DUEL, None)
        return ProgressToken(**fields, effects=self._effects(file, where, raw.get("effects", []), Game.DUEL))

    # -- Duel board ----------------------------------------------------------
    def _layouts(self) -> dict[int, PyramidLayout]:
        file, raw = self._toml("duel/layouts.toml")
        self._top_keys(file, raw, {"layout"})
        layouts = {}
        for index, layout in enumerate(self._list(file, raw, "layout")):
            where = f"layout[{index}]"
            if not isinstance(layout, dict) or set(layout) - {"age", "source", "slot"}:
                raise CatalogError("a layout has age, source and its [[layout.slot]]", file, where)
            age = layout.get("age")
            if age not in (1, 2, 3) or age in layouts:
                raise CatalogError(f"age must be 1, 2 or 3 and appear once, not {age!r}", file, where)
            self._check_source(file, where, layout.get("source", ""))
            slots = []
            for s_index, slot in enumerate(layout.get("slot", [])):
                s_where = f"{where} slot[{s_index}]"
                keys = {"slot", "row", "x", "face", "covered_by"}
                if not isinstance(slot, dict) or set(slot) != keys:
                    raise CatalogError(f"a slot has exactly {sorted(keys)}", file, s_where)
                if slot["slot"] != s_index:
                    raise CatalogError(f"slots are numbered in order: expected {s_index}", file, s_where)
                if slot["face"] not in ("up", "down"):
                    raise CatalogError('face must be "up" or "down"', file, s_where)
                slots.append(PyramidSlot(slot=s_index, row=slot["row"], x=slot["x"],
                                         face_up=slot["face"] == "up",
                                         covered_by=tuple(slot["covered_by"])))
            layouts[age] = PyramidLayout(age=age, slots=tuple(slots), source=layout["source"])
        return layouts

    def _military(self) -> MilitaryTrack:
        file, raw = self._toml("duel/military.toml")
        self._top_keys(file, raw, {"spaces", "capital", "source", "zone", "loot"})
        self._check_source(file, "track", raw.get("source", ""))
        try:
            zones = tuple(MilitaryZone(start=z["start"], end=z["end"], points=z.get("points", 0),
                                       capital=z.get("capital", False)) for z in raw["zone"])
            loot = tuple(LootToken(at=t["at"], coins=t["coins"]) for t in raw["loot"])
            return MilitaryTrack(spaces=raw["spaces"], capital=raw["capital"], zones=zones,
                                 loot=loot, source=raw["source"])
        except (KeyError, TypeError) as exc:
            raise CatalogError(f"malformed track: missing or wrong {exc}", file) from None

    def _rulings(self, catalog: Catalog) -> tuple[Ruling, ...]:
        keys = {"id", "game", "editions", "topics", "cards", "question", "answer", "keywords", "source"}
        out, seen = [], set()
        for path in sorted((self.root / "rulings").glob("*.toml")):
            if path.name == TOPICS_FILE:
                continue
            file, raw = self._toml(str(path.relative_to(self.root)))
            self._top_keys(file, raw, {"ruling"})
            for index, entry in enumerate(self._list(file, raw, "ruling")):
                where = self._entry_name("ruling", index, entry)
                if not isinstance(entry, dict) or set(entry) - keys:
                    raise CatalogError(f"a ruling has only {sorted(keys)}", file, where)
                for key in ("id", "question", "answer", "source"):
                    if not isinstance(entry.get(key), str) or not entry[key].strip():
                        raise CatalogError(f"needs a non-empty {key}", file, where)
                if not ID_PATTERN.match(entry["id"]) or entry["id"] in seen:
                    raise CatalogError(f'id "{entry["id"]}" must be a unique lowercase slug', file, where)
                seen.add(entry["id"])
                self._check_source(file, where, entry["source"])
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
        translated = self._ruling_texts(seen)
        return tuple(replace(r, texts=(RulingText("en", r.question, r.answer, r.keywords),)
                             + tuple(translated.get(r.id, {})[lang] for lang in LANGUAGES
                                     if lang in translated.get(r.id, {})))
                     for r in out)

    def _ruling_texts(self, known: set[str]) -> dict[str, dict[str, RulingText]]:
        """rulings/<lang>/*.toml: each ruling in another language, keyed by its id."""
        found: dict[str, dict[str, RulingText]] = {}
        given_in: dict[tuple[str, str], str] = {}
        for lang in LANGUAGES[1:]:
            for path in sorted((self.root / "rulings" / lang).glob("*.toml")):
                file, raw = self._toml(str(path.relative_to(self.root)))
                self._top_keys(file, raw, {"lang", "ruling"})
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

    def _topic_labels(self) -> dict[str, dict[str, str]]:
        """rulings/topics.toml: every ruling topic's name in every language."""
        file, raw = self._toml(f"rulings/{TOPICS_FILE}")
        self._top_keys(file, raw, {"topic"})
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

    def _pads(self) -> dict[str, Pad]:
        pads = {}
        for path in sorted((self.root / "pads").glob("*.toml")):
            file, raw = self._toml(str(path.relative_to(self.root)))
            self._top_keys(file, raw, {"id", "game", "edition", "players", "source", "row", "layout"})
            try:
                game = Game(raw.get("game"))
            except ValueError:
                raise CatalogError(f'game must be "seven_wonders" or "duel", not {raw.get("game")!r}', file) from None
            self._check_source(file, "pad", raw.get("source", ""))
            rows = []
            for index, row in enumerate(self._list(file, raw, "row")):
                where = f"row[{index}]"
                keys = {"key", "label", "colour", "min", "max"}
                if not isinstance(row, dict) or set(row) != keys:
                    raise CatalogError(f"a row has exactly {sorted(keys)}", file, where)
                if not isinstance(row["min"], int) or not isinstance(row["max"], int) or row["min"] > row["max"]:
                    raise CatalogError("min and max must be whole numbers with min <= max", file, where)
                rows.append(PadRow(**row))
            expected = SEVEN_WONDERS_CATEGORIES if game is Game.SEVEN_WONDERS else DUEL_CATEGORIES
            if sorted(r.key for r in rows) != sorted(expected):
                raise CatalogError(f"rows must be the categories {list(expected)}, each once", file)
            players = raw.get("players")
            if not (isinstance(players, list) and len(players) == 2):
                raise CatalogError("players must be [fewest, most]", file)
            layout = self._pad_layout(file, raw["layout"], players) if "layout" in raw else None
            pads[raw["id"]] = Pad(id=raw["id"], game=game, edition=raw.get("edition"),
                                  players=tuple(players), rows=tuple(rows), source=raw["source"],
                                  layout=layout)
        if set(pads) != {"7wonders", "7wonders-2e", "duel"}:
            raise CatalogError(f"expected the pads 7wonders, 7wonders-2e and duel, found {sorted(pads)}", "pads")
        markers = [m for pad in pads.values() if pad.layout for m in pad.layout.markers]
        if len(markers) != len(set(markers)):
            raise CatalogError("each pad's layout needs markers of its own (an id names one pad)", "pads")
        return pads

    @staticmethod
    def _pad_layout(file: str, raw, players: list) -> PadLayout:
        """[layout]: our printable pad's geometry in millimetres (see PadLayout)."""
        pairs = {"page", "grid"}
        numbers = {"marker_size", "marker_margin", "label_width", "column_width", "name_height",
                   "row_height", "total_height"}
        keys = pairs | numbers | {"markers", "columns"}
        if not isinstance(raw, dict) or not keys <= set(raw) <= keys | {"coins_height"}:
            raise CatalogError(f"[layout] has exactly {sorted(keys)} (and coins_height, a coins-left row)",
                               file, "layout")
        if "coins_height" in raw:
            numbers = numbers | {"coins_height"}

        def positive(value) -> bool:
            return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
        for key in pairs:
            if not (isinstance(raw[key], list) and len(raw[key]) == 2 and all(positive(v) for v in raw[key])):
                raise CatalogError(f"{key} must be two positive lengths in mm", file, "layout")
        for key in numbers:
            if not positive(raw[key]):
                raise CatalogError(f"{key} must be a positive length in mm", file, "layout")
        ids = raw["markers"]
        if not (isinstance(ids, list) and len(ids) == 4 and len(set(ids)) == 4
                and all(isinstance(i, int) and 0 <= i < 50 for i in ids)):
            raise CatalogError("markers must be four different ArUco 4x4_50 ids (0 to 49)", file, "layout")
        if raw["columns"] != players[1]:
            raise CatalogError("columns must be the most players", file, "layout")
        return PadLayout(page=tuple(raw["page"]), markers=tuple(ids), marker_size=raw["marker_size"],
                         marker_margin=raw["marker_margin"], grid=tuple(raw["grid"]),
                         label_width=raw["label_width"], column_width=raw["column_width"],
                         columns=raw["columns"], name_height=raw["name_height"],
                         row_height=raw["row_height"], total_height=raw["total_height"],
                         coins_height=raw.get("coins_height", 0))

    # -- derived -------------------------------------------------------------
    @staticmethod
    def _with_chains_to(catalog: Catalog) -> Catalog:
        for key, cards in catalog.cards.items():
            by_id = {c.id: c for c in cards}
            targets: dict[str, list[str]] = {c.id: [] for c in cards}
            for card in cards:
                for source_id in card.chains_from:
                    if source_id not in by_id:
                        raise CatalogError(f'chains_from names "{source_id}", which is not a card of this edition',
                                           _card_file(key), f"card ({card.id})")
                    if by_id[source_id].age >= card.age:
                        raise CatalogError(f'chains_from "{source_id}" is not of an earlier age',
                                           _card_file(key), f"card ({card.id})")
                    targets[source_id].append(card.id)
            catalog.cards[key] = tuple(replace(c, chains_to=tuple(targets[c.id])) for c in cards)
        return catalog

    def _with_names(self, catalog: Catalog) -> Catalog:
        """names/<game>/<lang>*.toml: printed names, each for every edition or for some.

        A file may say `edition = 2` at the top (its names are those of that
        edition) or an entry `editions = [1]`; a name without either holds for
        every edition. One language may name a card once per edition: a card
        the 2nd edition renamed has a 1st-edition and a 2nd-edition name.
        """
        by_game: dict[Game, dict[str, dict[str, list[LocalName]]]] = {g: {} for g in Game}
        given_in: dict[tuple[Game, str, str, int | None], str] = {}
        folder = self.root / "names"
        for path in sorted(folder.rglob("*.toml")):
            relative = str(path.relative_to(self.root))
            _, raw = self._toml(relative)
            self._top_keys(relative, raw, {"game", "lang", "edition", "names"})
            try:
                game = Game(raw.get("game"))
            except ValueError:
                raise CatalogError(f'game must be "seven_wonders" or "duel", not {raw.get("game")!r}',
                                   relative) from None
            lang = raw.get("lang")
            if lang not in LANGUAGES or lang == "en":
                raise CatalogError(f"lang must be one of {list(LANGUAGES[1:])}, not {lang!r}", relative)
            all_editions = catalog.editions(game)
            file_edition = raw.get("edition")
            if file_edition is not None and (game is Game.DUEL or file_edition not in all_editions):
                raise CatalogError("edition, when given, must be 1 or 2 (7 Wonders only)", relative)
            known = catalog.ids(game)
            table = raw.get("names", {})
            if not isinstance(table, dict):
                raise CatalogError("[names] must be a table of id = { name, source }", relative)
            for ident, entry in table.items():
                where = f"names.{ident}"
                if ident not in known:
                    raise CatalogError(f'no card, wonder or token has the id "{ident}"', relative, where)
                if not isinstance(entry, dict) or set(entry) - {"name", "aliases", "source", "doubt", "notes",
                                                                 "editions"}:
                    raise CatalogError("an entry has name, source, and optionally aliases, editions, doubt, notes",
                                       relative, where)
                if not isinstance(entry.get("name"), str) or not entry["name"].strip():
                    raise CatalogError("needs a non-empty name", relative, where)
                if not isinstance(entry.get("source"), str):
                    raise CatalogError("needs a source", relative, where)
                self._check_source(relative, where, entry["source"])
                editions = entry.get("editions")
                if editions is not None:
                    if file_edition is not None or game is Game.DUEL:
                        raise CatalogError("editions is for a 7 Wonders name in a file without an edition",
                                           relative, where)
                    if not isinstance(editions, list) or not editions or not set(editions) <= {1, 2}:
                        raise CatalogError("editions must list 1 and/or 2", relative, where)
                    editions = tuple(sorted(set(editions)))
                elif file_edition is not None:
                    editions = (file_edition,)
                else:
                    editions = ()
                for edition in editions:
                    try:
                        catalog.get(game, edition, ident)
                    except LookupFailed:
                        raise CatalogError(f'edition {edition} has no "{ident}"', relative, where) from None
                if entry.get("doubt"):
                    self.doubts.append(f"{relative}: {where}: {entry['doubt']}")
                for edition in editions or all_editions:
                    if (game, ident, lang, edition) in given_in:
                        label = "" if edition is None else f" in edition {edition}"
                        raise CatalogError(f"a {lang} name for {ident}{label} is given twice "
                                           f"(also in {given_in[(game, ident, lang, edition)]})", relative, where)
                    given_in[(game, ident, lang, edition)] = relative
                aliases = entry.get("aliases", [])
                if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
                    raise CatalogError("aliases must be a list of names", relative, where)
                by_game[game].setdefault(ident, {}).setdefault(lang, []).append(
                    LocalName(lang=lang, name=entry["name"].strip(), aliases=tuple(aliases),
                              source=entry["source"], editions=editions))

        def named(entity: Entity) -> Entity:
            locals_ = by_game[entity.game].get(entity.id, {})
            ordered = tuple(local for lang in LANGUAGES
                            for local in sorted(locals_.get(lang, []), key=lambda n: n.editions))
            return replace(entity, names=ordered)

        catalog.cards = {k: tuple(named(c) for c in v) for k, v in catalog.cards.items()}
        catalog.wonders = {k: tuple(named(w) for w in v) for k, v in catalog.wonders.items()}
        catalog.progress = tuple(named(t) for t in catalog.progress)
        catalog.reindex()
        return catalog


def _card_file(key: tuple[Game, int | None]) -> str:
    game, edition = key
    return "duel/cards.toml" if game is Game.DUEL else f"seven_wonders/cards_{edition}e.toml"
