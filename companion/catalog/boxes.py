"""The expansion boxes of the family (card_db/boxes.toml): their game and editions, the
players they allow, which boxes they are played with, and the rows their score pads add.

A `Play` with boxes (plays.Play.with_boxes) asks these to build its pad, its
player counts and its title; every other layer asks the Play.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Game, PadRow


def N_(text: str) -> str:
    """Marks a title for `make messages`; the web layer translates it when shown."""
    return text


# Each box's name as players call it (English, marked for translation): the
# data says what a box holds, the interface's words live here.
# The ways a game may end at once, before the count: the Duel's own two, then those a box adds.
BASE_SUPREMACIES = ("military", "scientific")
SUPREMACY_WORDS = BASE_SUPREMACIES + ("political",)

TITLES = {
    "leaders": N_("Leaders"),
    "cities": N_("Cities"),
    "armada": N_("Armada"),
    "babel": N_("Babel"),
    "edifice": N_("Edifice"),
    "wonder-pack": N_("Wonder Pack"),
    "pantheon": N_("Pantheon"),
    "agora": N_("Agora"),
    "medals": N_("Medals"),
}


AFTER_BASE = "base"    # a row printed under all of the base pad's rows (whose last differs by edition)


@dataclass(frozen=True)
class BoxRow(PadRow):
    """A row a box's score pad adds, printed under the row `after` names."""
    after: str = ""


@dataclass(frozen=True)
class Box:
    key: str                        # the contract's name: leaders, cities, ...
    game: Game
    editions: tuple[int, ...]       # () for a game without editions (the Duel)
    combines: tuple[str, ...]       # the boxes it may be played with
    rows: tuple[BoxRow, ...]        # the rows its score pad adds
    source: str
    most_players: int | None = None  # when the box allows more players than the base game
    ready: bool = False             # its rows are known: it can be chosen
    doubt: str | None = None
    supremacies: tuple[str, ...] = ()    # ways the box adds for a game to end at once (Agora: political)
    teams: tuple[tuple[int, tuple[int, ...]], ...] = ()   # (edition, player counts) its team variant seats

    def team_players(self, edition: int | None) -> tuple[int, ...]:
        """The player counts this box's team variant seats in that edition (none without one)."""
        return next((counts for ed, counts in self.teams if ed == edition), ())

    @property
    def title(self) -> str:
        """The box's name in English, marked for translation."""
        return TITLES[self.key]

    def fits(self, game: Game, edition: int | None) -> bool:
        """Whether the box belongs to this game and edition."""
        return self.game is game and (not self.editions or edition in self.editions)


def ordered_rows(base: tuple[PadRow, ...], boxes: tuple[Box, ...], every: dict[str, BoxRow]) -> tuple[PadRow, ...]:
    """The base pad's rows with the boxes' rows, each printed under its `after` row.

    When a row's `after` is not in this play (a row of a box not chosen), the
    row goes where that row would have gone: `every` holds all boxes' rows.
    """
    rows = list(base)
    for box in boxes:
        for row in box.rows:
            anchor = row.after
            keys = [r.key for r in rows]
            while anchor not in keys and anchor in every:
                anchor = every[anchor].after
            at = keys.index(anchor) + 1 if anchor in keys else len(base)   # AFTER_BASE: under the base rows
            while at < len(rows) and isinstance(rows[at], BoxRow) and rows[at].after == anchor:
                at += 1           # an earlier box's row under the same one stays first
            rows.insert(at, row)
    return tuple(rows)
