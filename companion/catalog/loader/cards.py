"""[[card]] entries of either game, and which later cards each one chains to."""
from __future__ import annotations

from dataclasses import replace

from ..catalog import Catalog
from ..errors import CatalogError
from ..model import Card, Colour, Game
from .fields import ENTITY_KEYS, cost, effects, entity_fields
from .files import CardDbFiles, entry_name

CARD_KEYS = ENTITY_KEYS | {"age", "colour", "counts", "cost", "chains_from", "effects"}


def cards(files: CardDbFiles, file: str, entries: list, game: Game, edition: int | None) -> tuple[Card, ...]:
    if not isinstance(entries, list):
        raise CatalogError("[[card]] must be an array of tables", file)
    out = []
    for index, raw in enumerate(entries):
        where = entry_name("card", index, raw)
        fields = entity_fields(files, file, where, raw, CARD_KEYS, game, edition)
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
            if colour not in (Colour.PURPLE, Colour.BLACK) and not counts:    # Cities' black cards are drawn
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
                        cost=cost(file, where, raw.get("cost")),
                        chains_from=tuple(chains),
                        effects=effects(file, where, raw.get("effects", []), game)))
    return tuple(out)


def with_chains_to(catalog: Catalog) -> Catalog:
    for key, deck in catalog.cards.items():
        by_id = {c.id: c for c in deck}
        targets: dict[str, list[str]] = {c.id: [] for c in deck}
        for card in deck:
            for source_id in card.chains_from:
                if source_id not in by_id:
                    raise CatalogError(f'chains_from names "{source_id}", which is not a card of this edition',
                                       card_file(key), f"card ({card.id})")
                if by_id[source_id].age >= card.age:
                    raise CatalogError(f'chains_from "{source_id}" is not of an earlier age',
                                       card_file(key), f"card ({card.id})")
                targets[source_id].append(card.id)
        catalog.cards[key] = tuple(replace(c, chains_to=tuple(targets[c.id])) for c in deck)
    return catalog


def card_file(key: tuple[Game, int | None]) -> str:
    game, edition = key
    return "duel/cards.toml" if game is Game.DUEL else f"seven_wonders/cards_{edition}e.toml"
