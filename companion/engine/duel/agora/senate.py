"""Agora's Senate (card_db/duel/agora.toml [senate], read from Board Game Arena's
implementation; the rulebook's Senate page: six chambers in three sections of two).

Each player has a reserve of influence cubes. A chamber is controlled by the
player with more cubes in it; an equal count controls nothing. At the end each
chamber controlled is worth its points; controlling all six at once wins the
game (political supremacy). A politician takes 1, 2 or 3 Senate actions by the
blue cards of its recruiter's city (a scale from the data); each action places
a cube in its section's chambers or moves one to a neighbouring chamber. A
senator costs a coin for each senator its recruiter already has.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ....catalog import Game, catalog
from ...errors import IllegalAction
from ...messages import M
from . import messages  # noqa: F401  (the box's message texts join the engine's)

BOX = "agora"


@dataclass(frozen=True)
class SenateFacts:
    chambers: int
    points: tuple[int, ...]                      # a chamber's points, chamber 1 first
    sections: dict[str, tuple[int, ...]]         # a politician's section -> its chambers
    cubes: int                                   # each player's reserve at the start
    actions_by_blue: tuple[int, ...]             # Senate actions for 0, 1, 2... blue cards (the last for more)
    recruit_coins: int = 1                       # a senator costs this for each senator already recruited


@lru_cache(maxsize=1)
def facts() -> SenateFacts:
    cat = catalog()
    senate = cat.box_tables[(Game.DUEL, None, BOX)]["senate"]
    politician = next(p for p in cat.box_list(Game.DUEL, None, BOX) if p.piece == "senator" and p.section)
    scale = next(e.scale for e in politician.effects if e.kind == "senate_actions")
    return SenateFacts(senate["chambers"], tuple(senate["points"]),
                       {k: tuple(v) for k, v in senate["sections"].items()}, senate["cubes_per_player"], scale,
                       senate["recruit_coins_per_senator"])


@dataclass(frozen=True)
class Senate:
    cubes: tuple[tuple[int, int], ...]           # each chamber's cubes: (player 0's, player 1's)

    @classmethod
    def empty(cls) -> "Senate":
        return cls(((0, 0),) * facts().chambers)

    @staticmethod
    def section_chambers(section: str) -> tuple[int, ...]:
        """The chambers of a politician's section."""
        return facts().sections[section]

    def in_chamber(self, chamber: int, player: int) -> int:
        return self.cubes[chamber - 1][player]

    def placed(self, player: int) -> int:
        return sum(c[player] for c in self.cubes)

    def reserve(self, player: int) -> int:
        return facts().cubes - self.placed(player)

    def controller(self, chamber: int) -> int | None:
        """The player with more cubes in `chamber`; None when equal."""
        mine, theirs = self.cubes[chamber - 1]
        return None if mine == theirs else (0 if mine > theirs else 1)

    def controlled(self, player: int) -> tuple[int, ...]:
        return tuple(c for c in range(1, len(self.cubes) + 1) if self.controller(c) == player)

    def points(self, player: int) -> int:
        """The Senate's points for `player` at the end: each controlled chamber's."""
        return sum(facts().points[c - 1] for c in self.controlled(player))

    def supremacy(self) -> int | None:
        """The player who controls every chamber (political supremacy), else None."""
        for player in (0, 1):
            if len(self.controlled(player)) == len(self.cubes):
                return player
        return None

    def _with(self, chamber: int, player: int, delta: int) -> "Senate":
        cubes = list(self.cubes)
        pair = list(cubes[chamber - 1])
        pair[player] += delta
        cubes[chamber - 1] = (pair[0], pair[1])
        return Senate(tuple(cubes))

    def _check(self, chamber: int) -> None:
        if not 1 <= chamber <= len(self.cubes):
            raise IllegalAction(M("agora.no_chamber", chamber=chamber))

    def place(self, player: int, chamber: int, section: str | None = None) -> "Senate":
        """One cube of `player`'s reserve into `chamber` (in `section`'s chambers when given)."""
        self._check(chamber)
        allowed = facts().sections.get(section) if section else None
        if allowed is not None and chamber not in allowed:
            raise IllegalAction(M("agora.not_in_section", chambers=", ".join(map(str, allowed))))
        if self.reserve(player) < 1:
            raise IllegalAction(M("agora.no_cube_left"))
        return self._with(chamber, player, 1)

    def remove(self, player: int, chamber: int) -> "Senate":
        """One of `player`'s cubes taken out of `chamber` (back to their reserve)."""
        self._check(chamber)
        if self.in_chamber(chamber, player) < 1:
            raise IllegalAction(M("agora.no_cube_there", chamber=chamber))
        return self._with(chamber, player, -1)

    def move(self, player: int, origin: int, to: int) -> "Senate":
        """One of `player`'s cubes from `origin` to a neighbouring chamber."""
        self._check(origin)
        self._check(to)
        if abs(origin - to) != 1:
            raise IllegalAction(M("agora.not_adjacent"))
        return self.remove(player, origin)._with(to, player, 1)


def senate_actions(blue_cards: int, extra_blue: int = 0) -> int:
    """A politician's Senate actions for a city with `blue_cards` (a decree may count more)."""
    scale = facts().actions_by_blue
    return scale[min(blue_cards + extra_blue, len(scale) - 1)]


def recruit_cost(senators_held: int, free: bool = False) -> int:
    """What recruiting a senator costs a city that already has `senators_held` (BGA's price);
    nothing with a token that makes every senator free (Corruption)."""
    return 0 if free else facts().recruit_coins * senators_held
