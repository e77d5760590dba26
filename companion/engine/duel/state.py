"""The public state of a Duel game: everything both players can see.

Hidden things (the cards still face down, the three cards of each age put
back in the box, which guilds were drawn) are not here: they enter the state
only as a card turned face up. Follow-up choices wait in `pending`, first
in line first; a chance event waits for a person (or a dealer) to enter it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cached import set_dict
from .city import City
from .military import Loot, all_loot
from .pyramid import Pyramid

CHANCE = -1        # "player" of a chance event: a card turned up, a token drawn


class Wait:
    """What a pending entry waits for."""
    SHOW_PROGRESS = "show_progress"    # chance: a token placed face up on the board at setup
    SHOW_WONDER = "show_wonder"        # chance: a wonder shown for the draft
    PICK_WONDER = "pick_wonder"        # a player takes a shown wonder
    PROGRESS = "progress"              # a pair of symbols: take a token from the board
    DESTROY = "destroy"                # put one of the opponent's cards of `colour` in the discard
    REBUILD = "rebuild"                # build a card of the discard pile for free
    LIBRARY_DRAW = "library_draw"      # chance: a token drawn from those left out of the game
    LIBRARY_PICK = "library_pick"      # keep one of the drawn tokens
    STARTER = "starter"                # choose who begins the next age


@dataclass(frozen=True)
class Pending:
    wait: str
    player: int                        # who decides, or CHANCE
    colour: str | None = None          # DESTROY: the colour that may be destroyed
    options: tuple[str, ...] = ()      # LIBRARY_PICK: the drawn tokens


@dataclass(frozen=True)
class GameState:
    cities: tuple[City, City]
    first: int = 0                     # the first player of the game (draft order, Age I)
    age: int = 0                       # 0 during setup
    pyramid: Pyramid | None = None
    current: int = 0                   # whose turn it is once nothing is pending
    last: int = 0                      # who played the last card (chooses at a centred pawn)
    conflict: int = 0                  # the Conflict pawn; positive toward player 1's capital
    stop: int | None = None            # a pawn that halts the Conflict pawn once (Pantheon's Minerva)
    loot_kept: bool = False            # a military token passed takes no coins (Agora: its box's rules use it)
    loot: frozenset[Loot] = field(default_factory=all_loot)   # loot tokens still on the track
    board: tuple[str, ...] = ()        # progress tokens available on the board
    unused: tuple[str, ...] = ()       # tokens not on the board (the box; The Great Library draws here)
    shown: tuple[str, ...] = ()        # wonders shown in the draft, not taken yet
    unseen_wonders: tuple[str, ...] = ()   # wonders neither shown nor drafted
    retired_wonders: tuple[str, ...] = ()  # drafted wonders that left the game (the eighth)
    discard: tuple[str, ...] = ()      # discarded and destroyed cards, oldest first
    pending: tuple[Pending, ...] = ()
    over: bool = False
    victory: str | None = None         # "military" / "scientific" / "civilian" once over
    winner: int | None = None          # the supremacy's winner

    def evolve(self, **changes) -> "GameState":
        """A copy with `changes`: dataclasses.replace without its per-call field walk,
        which a simulation calls hundreds of thousands of times."""
        new = object.__new__(GameState)       # instance(), spelt out: the commonest copy there is
        set_dict(new, "__dict__", self.__dict__ | changes)
        return new

    def evolve_by(self, changes: dict) -> "GameState":
        """`evolve(**changes)` for changes already in a dict: no keyword arguments to unpack."""
        new = object.__new__(GameState)
        set_dict(new, "__dict__", self.__dict__ | changes)
        return new

    def city(self, player: int) -> City:
        return self.cities[player]

    def with_city(self, player: int, city: City) -> "GameState":
        cities = (city, self.cities[1]) if player == 0 else (self.cities[0], city)
        return self.evolve(cities=cities)

    @property
    def wonders_built(self) -> int:
        return len(self.cities[0].wonders) + len(self.cities[1].wonders)

    def to_move(self) -> int | None:
        """The player who acts next, CHANCE for an event to enter, None when over."""
        if self.over:
            return None
        if self.pending:
            return self.pending[0].player
        if self.pyramid is not None and self.pyramid.waiting:
            return CHANCE
        return self.current


def box_to_move(base: GameState, *queues) -> int | None:
    """Who acts next in a Duel played with boxes: None when over, else the head of the first box's
    queue of follow-ups that waits (each box settles its own before the Duel's), else the Duel's."""
    if base.over:
        return None
    for queue in queues:
        if queue:
            return queue[0].player
    return base.to_move()

