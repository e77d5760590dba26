"""The Catalog: every loaded fact, with look-ups by id and by printed name."""
from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from .architects import ArchitectsBox
from .boxes import Box
from .errors import LookupFailed
from .model import (BoardWonder, Card, DuelWonder, Entity, Game, MilitaryTrack, Pad, ProgressToken,
                    PyramidLayout, Ruling)
from .text import fold

EDITIONS = {Game.SEVEN_WONDERS: (1, 2), Game.DUEL: (None,), Game.ARCHITECTS: (None,)}


@dataclass
class Catalog:
    cards: dict[tuple[Game, int | None], tuple[Card, ...]]
    wonders: dict[tuple[Game, int | None], tuple[BoardWonder | DuelWonder, ...]]
    progress: tuple[ProgressToken, ...]
    layouts: dict[int, PyramidLayout]
    military: MilitaryTrack
    pads: dict[str, Pad] = field(default_factory=dict)
    rulings: tuple[Ruling, ...] = ()
    topic_labels: dict[str, dict[str, str]] = field(default_factory=dict)   # topic -> lang -> label
    doubts: tuple[str, ...] = ()
    boxes: dict[str, Box] = field(default_factory=dict)      # the expansion boxes (boxes.toml), by key
    architects: ArchitectsBox | None = None                  # 7 Wonders Architects (card_db/architects/)
    # Each box's things (its buildings, wonders, tokens and pieces), by (game, edition, box key).
    # They stay out of the base game's lists and look-ups unless a box is named.
    box_things: dict[tuple[Game, int | None, str], tuple[Entity, ...]] = field(default_factory=dict)
    # A box's own tables of numbers (Pantheon's [board], Agora's [senate]), by the same key.
    box_tables: dict[tuple[Game, int | None, str], dict[str, dict]] = field(default_factory=dict)
    # A box's own structures (Agora's, with the senators), by the same key, then by age.
    box_layouts: dict[tuple[Game, int | None, str], dict[int, PyramidLayout]] = field(default_factory=dict)
    _by_id: dict = field(default_factory=dict, repr=False)
    _by_name: dict = field(default_factory=dict, repr=False)
    _box_by_name: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        self._by_id = {}
        self._by_name = {}
        for game in Game:
            for edition in EDITIONS[game]:
                for entity in self.entities(game, edition):
                    self._by_id[(game, edition, entity.id)] = entity
                    for lang, name, own in entity.all_names_ranked():
                        key = (game, edition, fold(name))
                        bucket = self._by_name.setdefault(key, {})
                        held = bucket.get(entity.id)
                        if held is None or (own and not held[2]):
                            bucket[entity.id] = (entity, lang, own)
        self._box_by_name = {}
        for (game, edition, box), things in self.box_things.items():
            for entity in things:
                self._by_id.setdefault((game, edition, entity.id), entity)
                for lang, name, own in entity.all_names_ranked():
                    bucket = self._box_by_name.setdefault((game, edition, box, fold(name)), {})
                    bucket.setdefault(entity.id, (entity, lang, own))

    # -- listing -----------------------------------------------------------
    @staticmethod
    def editions(game: Game) -> tuple[int | None, ...]:
        return EDITIONS[game]

    def card_list(self, game: Game, edition: int | None = None) -> tuple[Card, ...]:
        return self.cards[(game, _edition(game, edition))]

    def wonder_list(self, game: Game, edition: int | None = None):
        return self.wonders[(game, _edition(game, edition))]

    def entities(self, game: Game, edition: int | None = None) -> list[Entity]:
        edition = _edition(game, edition)
        out: list[Entity] = list(self.cards[(game, edition)]) + list(self.wonders[(game, edition)])
        if game is Game.DUEL:
            out += list(self.progress)
        if game is Game.ARCHITECTS and self.architects is not None:
            out += list(self.architects.tokens_of())
        return out

    def ids(self, game: Game) -> set[str]:
        """Every id of the game, its boxes' things included (names files name both)."""
        return ({e.id for edition in EDITIONS[game] for e in self.entities(game, edition)}
                | {e.id for (g, _, _), things in self.box_things.items() if g is game for e in things})

    def box_list(self, game: Game, edition: int | None, box: str) -> tuple[Entity, ...]:
        """Everything a box adds to this game and edition (none for a box of another game)."""
        return self.box_things.get((game, _edition(game, edition), box), ())

    def box_entities(self, game: Game, edition: int | None = None) -> list[Entity]:
        """Every box's things for this game and edition."""
        edition = _edition(game, edition)
        return [e for (g, ed, _), things in self.box_things.items() if g is game and ed == edition for e in things]

    def all_entities(self) -> list[Entity]:
        return [e for game in Game for edition in EDITIONS[game] for e in self.entities(game, edition)]

    def deck(self, edition: int, age: int, players: int) -> list[Card]:
        """The base-game deck of an age before guilds are drawn: one entry a copy."""
        return [card for card in self.card_list(Game.SEVEN_WONDERS, edition)
                if card.age == age and not card.is_guild
                for _ in range(card.copies_at(players))]

    def rulings_about(self, entity: Entity) -> list[Ruling]:
        return [r for r in self.rulings if r.game is entity.game and entity.id in r.cards
                and (entity.edition is None or entity.edition in r.editions)]

    def topic_label(self, topic: str, lang: str) -> str:
        """A ruling topic's name in `lang` (English when not given, the slug when unknown)."""
        labels = self.topic_labels.get(topic, {})
        return labels.get(lang) or labels.get("en") or topic

    def guilds(self, game: Game, edition: int | None = None) -> list[Card]:
        return [c for c in self.card_list(game, edition) if c.is_guild]

    # -- look-ups ----------------------------------------------------------
    def get(self, game: Game, edition: int | None, ident: str) -> Entity:
        try:
            return self._by_id[(game, _edition(game, edition), ident)]
        except KeyError:
            raise LookupFailed(f'no id "{ident}"') from None

    def find(self, game: Game, edition: int | None, text: str,
             kinds: tuple[str, ...] = ("card", "wonder", "progress"), boxes: tuple[str, ...] = ()) -> Entity:
        """Resolve what a player typed: an id, or any printed name in any language.

        English names and aliases win over other languages, and a name printed
        in this edition over one printed only in another edition; an ambiguous
        name (the Duel's "Courthouse") or an unknown one raises LookupFailed.
        The things of the `boxes` named are found too, each piece by its kind
        ("divinity", "senator"...) as well as by `kinds`.
        """
        edition = _edition(game, edition)

        def wanted(entity: Entity) -> bool:
            in_play = entity.expansion is None or entity.expansion in boxes
            return in_play and (entity.kind in kinds or (entity.expansion is not None and entity.piece in kinds)
                                or (entity.kind == "piece" and "piece" in kinds))
        entity = self._by_id.get((game, edition, text.strip()))
        if entity is not None and wanted(entity):
            return entity
        merged = dict(self._by_name.get((game, edition, fold(text)), {}))
        for box in boxes:
            merged.update(self._box_by_name.get((game, edition, box, fold(text)), {}))
        bucket = {i: v for i, v in merged.items() if wanted(v[0])}
        if len(bucket) > 1 and any(v[2] for v in bucket.values()):
            # A name of another edition (a German 1st-edition name the 2nd edition
            # gave to another card) yields to the card that bears it in this one.
            bucket = {i: v for i, v in bucket.items() if v[2]}
        if len(bucket) > 1:
            # A printed English name or alias beats a name in another language;
            # two English matches (the Duel's "Courthouse") stay ambiguous.
            english = {i: v for i, v in bucket.items() if v[1] == "en"}
            if len(english) == 1:
                return next(iter(english.values()))[0]
            bucket = english or bucket
            same = {(fold(v[0].name), v[0].kind) for v in bucket.values()}
            if len(same) == 1:
                # One building printed in two ages (the 1st edition's Loom in Age I
                # and II): a city may hold only one, so the earliest stands for both.
                return min((v[0] for v in bucket.values()), key=lambda e: (getattr(e, "age", 0), e.id))
            options = sorted(f'{v[0].name} ({v[0].id})' for v in bucket.values())
            raise LookupFailed(f'"{text}" is ambiguous: it may be {" or ".join(options)}; use the id',
                               tuple(v[0].id for v in bucket.values()))
        if bucket:
            return next(iter(bucket.values()))[0]
        raise LookupFailed(self._unknown_message(game, edition, text, kinds),
                           self.suggest(game, edition, text, kinds))

    def suggest(self, game: Game, edition: int | None, text: str,
                kinds: tuple[str, ...] = ("card", "wonder", "progress"), limit: int = 3) -> tuple[str, ...]:
        edition = _edition(game, edition)
        choices = {e.name: fold(e.name) for e in self.entities(game, edition) if e.kind in kinds}
        found = process.extract(fold(text), choices, scorer=fuzz.WRatio, limit=limit, score_cutoff=70)
        return tuple(name for _, _, name in found)

    def _unknown_message(self, game, edition, text, kinds) -> str:
        noun = {"card": "card", "wonder": "wonder", "progress": "progress token", "piece": "piece of a box"}
        what = " or ".join(noun.get(k, k) for k in kinds)
        suggestions = self.suggest(game, edition, text, kinds, limit=1)
        hint = f' (did you mean "{suggestions[0]}"?)' if suggestions else ""
        return f'unknown {what} "{text}"{hint}'


def _edition(game: Game, edition: int | None) -> int | None:
    if game is not Game.SEVEN_WONDERS:         # the Duel and Architects have no editions
        return None
    if edition is None:
        return 1
    if edition not in (1, 2):
        raise LookupFailed(f"edition must be 1 or 2, not {edition}")
    return edition
