"""What Armada and Edifice add to a 7 Wonders city's score (card_db/seven_wonders/armada_<n>e.toml,
edifice_<n>e.toml; the rows in card_db/boxes.toml).

Armada: the naval conflict tokens held (naval row), the islands' points (islands row), the blue
fleet's points read off the shipyard board (shipyard row: the boards' numbers are not in card_db),
and the islands' science symbols (a free choice; one more of the symbol held most).
Edifice: the points of the edifices whose reward the city took, less the debt tokens of penalties
not suffered whole (edifice row).
"""
from __future__ import annotations

from functools import lru_cache

from ...catalog import Game, catalog, fold
from ...catalog.model import AGE_COLOURS, BoxPiece, Effect

ARMADA, EDIFICE = "armada", "edifice"
# With Armada (1st edition) a guild scores at most 10 points, whatever it counts (ruling
# armada-guilds-capped-at-10: a German review and a French shop's blog agree; no source we read
# says it of the 2nd edition's box, so it is not applied there).
GUILD_CAP = {1: 10}


@lru_cache(maxsize=8)
def pieces(edition: int, box: str, kind: str) -> dict[str, BoxPiece]:
    """A box's pieces of one kind (island, naval-token, edifice) in an edition, by id."""
    return {t.id: t for t in catalog().box_list(Game.SEVEN_WONDERS, edition, box) if t.piece == kind}


@lru_cache(maxsize=8)
def _names(edition: int, box: str, kind: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for thing in pieces(edition, box, kind).values():
        out.update((fold(name), thing.id) for _, name in thing.all_names())
        out[thing.id] = thing.id
    return out


def find_piece(text: str, edition: int, box: str, kind: str) -> str | None:
    """The piece a player named by its id or any printed name (case and accents ignored), or None."""
    names = _names(edition, box, kind)
    return names.get(text.strip()) or names.get(fold(text))


def guild_cap(city) -> int | None:
    """The most one guild may score in this city's game, or None: no cap."""
    return GUILD_CAP.get(city.edition) if ARMADA in city.boxes else None


def naval_values(edition: int) -> frozenset[int] | None:
    """The points a naval conflict token of this edition may carry; None when the data has none."""
    values = frozenset(t.value for t in pieces(edition, ARMADA, "naval-token").values())
    return values or None


def naval_points(city) -> int:
    """Armada's naval row: the naval conflict tokens held, victory and defeat."""
    return sum(city.naval)


def _effect_points(effect: Effect, city, left, right, counted) -> int:
    """The points one island or edifice effect gives the city at the end (0 for any other effect)."""
    if effect.kind == "points":
        return effect.amount
    if effect.kind == "points_per":
        return counted(effect, city, left, right)
    if effect.kind == "points_per_set":
        return effect.amount * min(city.count(what) for what in effect.counts)
    if effect.kind == "points_per_colour_chosen":      # the colour chosen is the one held most
        return effect.amount * max(city.colours[c] for c in AGE_COLOURS)
    if effect.kind == "points_per_colour_held":
        return effect.amount * sum(1 for c in AGE_COLOURS if city.colours[c])
    return 0


def island_points(city, left, right, counted) -> int:
    """Armada's islands row: each island's points, by its effect."""
    held = pieces(city.edition, ARMADA, "island")
    return sum(_effect_points(e, city, left, right, counted) for i in city.islands for e in held[i].effects)


def with_island_science(city, counts: tuple[int, int, int], wildcards: int) -> tuple[tuple[int, int, int], int]:
    """The science symbols and wildcards with the islands': a symbol of the holder's choice is a
    wildcard (Golden Archipelago); one more of the symbol held most (Emerald Archipelago) is added
    before the wildcards are chosen, as assist7wonders does (the points being the same whichever
    of tied symbols it goes to)."""
    if ARMADA not in city.boxes or not city.islands:
        return counts, wildcards
    held = pieces(city.edition, ARMADA, "island")
    kinds = [e.kind for i in city.islands for e in held[i].effects]
    for _ in range(kinds.count("science_most")):
        most = counts.index(max(counts))
        counts = tuple(n + (i == most) for i, n in enumerate(counts))
    return counts, wildcards + kinds.count("science_any")


def edifice_points(city, left, right, counted) -> int:
    """Edifice's row: the rewards' points of the edifices the city took a reward from, less its debt."""
    held = pieces(city.edition, EDIFICE, "edifice")
    return sum(_effect_points(e, city, left, right, counted) for i in city.edifices
               for e in held[i].effects) - city.edifice_debt


def rows(city, left, right, counted) -> dict[str, int]:
    """The rows Armada and Edifice add, for the boxes in play."""
    out = {}
    if ARMADA in city.boxes:
        out.update(naval=naval_points(city), islands=island_points(city, left, right, counted),
                   shipyard=city.shipyard)
    if EDIFICE in city.boxes:
        out["edifice"] = edifice_points(city, left, right, counted)
    return out
