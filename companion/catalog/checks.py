"""Self-checks run on every load: the decks must be playable as printed.

A failure here means card_db/ holds a wrong count or a broken reference; the
message says which deck and by how much.
"""
from __future__ import annotations

from collections import Counter

from .errors import CatalogError
from .model import Colour, Game

BASE_PLAYERS = range(3, 8)
DUEL_AGE_SIZES = {1: 23, 2: 23, 3: 20}
DUEL_GUILDS = 7
DUEL_WONDERS = 12
DUEL_PROGRESS = 10
PYRAMID_SIZE = 20


def run_self_checks(catalog) -> None:
    _unique_ids(catalog)
    for edition in catalog.editions(Game.SEVEN_WONDERS):
        _base_decks(catalog, edition)
    _duel_decks(catalog)
    _pyramids(catalog)
    _military(catalog)


def _unique_ids(catalog) -> None:
    for game in Game:
        for edition in catalog.editions(game):
            seen = Counter(e.id for e in catalog.entities(game, edition) + catalog.box_entities(game, edition))
            twice = sorted(i for i, n in seen.items() if n > 1)
            if twice:
                label = game.value + (f" edition {edition}" if edition else "")
                raise CatalogError(f"ids used more than once in {label}: {twice}")


def _base_decks(catalog, edition: int) -> None:
    where = f"seven_wonders/cards_{edition}e.toml"
    guilds = catalog.guilds(Game.SEVEN_WONDERS, edition)
    if len(guilds) < max(BASE_PLAYERS) + 2:
        raise CatalogError(f"{len(guilds)} guilds; a 7-player game draws 9", where)
    for players in BASE_PLAYERS:
        for age in (1, 2, 3):
            deck = catalog.deck(edition, age, players)
            expected = 7 * players - (players + 2 if age == 3 else 0)
            if len(deck) != expected:
                raise CatalogError(
                    f"age {age} at {players} players holds {len(deck)} cards, expected {expected}"
                    + (" (plus the players + 2 guilds)" if age == 3 else ""), where)
    boards = catalog.wonder_list(Game.SEVEN_WONDERS, edition)
    if len(boards) != 7:
        raise CatalogError(f"{len(boards)} wonder boards, expected 7",
                           f"seven_wonders/wonders_{edition}e.toml")


def _duel_decks(catalog) -> None:
    cards = catalog.card_list(Game.DUEL)
    guilds = [c for c in cards if c.is_guild]
    if len(guilds) != DUEL_GUILDS:
        raise CatalogError(f"{len(guilds)} guilds, expected {DUEL_GUILDS}", "duel/cards.toml")
    for age, size in DUEL_AGE_SIZES.items():
        count = sum(1 for c in cards if c.age == age and not c.is_guild)
        if count != size:
            raise CatalogError(f"age {age} holds {count} cards, expected {size}", "duel/cards.toml")
    late_resources = [c.id for c in cards if c.age == 3 and c.colour in (Colour.BROWN, Colour.GREY)]
    if late_resources:
        raise CatalogError(f"age 3 has no brown or grey cards, yet lists {late_resources}", "duel/cards.toml")
    if len(catalog.wonder_list(Game.DUEL)) != DUEL_WONDERS:
        raise CatalogError(f"expected {DUEL_WONDERS} wonders", "duel/wonders.toml")
    if len(catalog.progress) != DUEL_PROGRESS:
        raise CatalogError(f"expected {DUEL_PROGRESS} progress tokens", "duel/progress.toml")


def _pyramids(catalog) -> None:
    """Each slot is covered by exactly the slots of the next row that overlap it; a box's own
    structures (Agora's) as well, each of the size its table gives (structure_sizes)."""
    _layouts(catalog.layouts, "duel/layouts.toml", (PYRAMID_SIZE,) * 3)
    for key, layouts in catalog.box_layouts.items():
        where = f"duel/{key[2]}.toml"
        sizes = next((t["structure_sizes"] for t in catalog.box_tables[key].values() if "structure_sizes" in t),
                     None)
        if sizes is None:
            raise CatalogError("a box's structures need structure_sizes in its table", where)
        _layouts(layouts, where, tuple(sizes))


def _layouts(layouts, where: str, sizes: tuple[int, ...]) -> None:
    for age in (1, 2, 3):
        layout = layouts.get(age)
        if layout is None:
            raise CatalogError(f"no layout for age {age}", where)
        if len(layout.slots) != sizes[age - 1]:
            raise CatalogError(f"age {age} layout has {len(layout.slots)} slots, expected {sizes[age - 1]}", where)
        for slot in layout.slots:
            overlapping = tuple(sorted(other.slot for other in layout.slots
                                       if other.row == slot.row + 1 and abs(other.x - slot.x) == 1))
            if tuple(sorted(slot.covered_by)) != overlapping:
                raise CatalogError(f"age {age} slot {slot.slot}: covered_by {list(slot.covered_by)} "
                                   f"but the slots overlapping it are {list(overlapping)}", where)
        bottom = max(s.row for s in layout.slots)
        if not all(s.face_up for s in layout.slots if s.row == bottom):
            raise CatalogError(f"age {age}: the bottom row must be face up", where)


def _military(catalog) -> None:
    track = catalog.military
    where = "duel/military.toml"
    if track.spaces != 2 * track.capital + 1:
        raise CatalogError(f"{track.spaces} spaces do not fit a capital at {track.capital}", where)
    covered = sorted(d for z in track.zones for d in range(z.start, z.end + 1))
    if covered != list(range(track.capital + 1)):
        raise CatalogError("the zones must cover every distance from the centre to the capital once", where)
