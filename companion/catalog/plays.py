"""What is being played: a game of the family, its edition, and the boxes added to it.

One `Play` names the thing a score pad, a sheet, a tracked table, a photo, a
history section and the card lookup are about. Every layer reads its rows,
limits, titles and words from here instead of spelling the game itself, so a
new box of the family is a new `Play` (and its data and rules), not a branch in
every layer. Its `key` is what the store keeps ("7wonders", "7wonders-2e",
"duel": a pad's id in card_db/pads/); the contract's JSON names the game with
`contract_game` and `edition`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .model import Game, Pad

MAX_NAME = 24        # letters in a player's name, wherever one is typed
MAX_COINS = 500      # coins a city may hold: far above any real game, a typing slip below it


def N_(text: str) -> str:
    """Marks a title for `make messages`; the web layer translates it when shown."""
    return text


@dataclass(frozen=True)
class Play:
    key: str                       # stored id: the score pad's (card_db/pads/<key>.toml)
    game: Game
    edition: int | None            # 7 Wonders: 1 or 2; the Duel has one
    title: str                     # English; marked for translation
    short: str                     # a button's word among the family's ("2nd edition")
    box: str                       # the box named with its edition, as the card lookup lists them
    default_players: int           # a new sheet's seats
    sides: tuple[str, ...] = ()    # a wonder board's sides, as printed; () when nobody chooses a board
    tie_break: str = "coins"       # equal totals: "coins" left, or "civil" (blue) points
    supremacy: bool = False        # a game may end before the count (the Duel's military or science)
    simultaneous: bool = True      # players act at once (7 Wonders) or in turn (Duel)
    lookup: str = ""               # the card lookup's filter value for this box
    expansions: tuple[str, ...] = ()

    @property
    def pad(self) -> Pad:
        """The score pad of this play (card_db/pads/<key>.toml): its rows, in printed order, and players."""
        from . import catalog
        return catalog().pads[self.key]

    def wonders(self) -> tuple:
        """The wonders of this play: boards to choose (7 Wonders) or to draft (the Duel)."""
        from . import catalog
        return tuple(catalog().wonder_list(self.game, self.edition))

    def cards(self) -> tuple:
        from . import catalog
        return tuple(catalog().card_list(self.game, self.edition))

    @property
    def players(self) -> tuple[int, int]:
        """Fewest and most players, as the pad (the box) says."""
        return self.pad.players

    @property
    def contract_game(self) -> str:
        """The game's name in the JSON contract: "7wonders" or "duel"."""
        return self.game.contract_name

    @property
    def has_boards(self) -> bool:
        """Whether each player chooses a wonder board and side (7 Wonders) rather than drafting wonders."""
        return bool(self.sides)

    @property
    def plain_side(self) -> str:
        """The side a placeholder board is put on (the first printed)."""
        return self.sides[0] if self.sides else ""

    def contract_doc(self, **fields) -> dict:
        """The contract's document for this play: `game`, `edition` when it has one, then `fields`."""
        doc: dict = {"game": self.contract_game}
        if self.game is Game.SEVEN_WONDERS:
            doc["edition"] = self.edition
        doc.update(fields)
        return doc


PLAYS: tuple[Play, ...] = (
    Play("7wonders", Game.SEVEN_WONDERS, 1, N_("7 Wonders"), N_("7 Wonders"), N_("7 Wonders, 1st edition"), 4, sides=("A", "B"), lookup="7wonders-1"),
    Play("7wonders-2e", Game.SEVEN_WONDERS, 2, N_("7 Wonders (2nd edition)"), N_("2nd edition"),
         N_("7 Wonders, 2nd edition"), 4, sides=("day", "night"), lookup="7wonders-2"),
    Play("duel", Game.DUEL, None, N_("7 Wonders Duel"), N_("Duel"), N_("7 Wonders Duel"), 2,
         tie_break="civil", supremacy=True, simultaneous=False, lookup="duel"),
)
BY_KEY: Mapping[str, Play] = {p.key: p for p in PLAYS}
DEFAULT = PLAYS[0]


def play(key: str) -> Play:
    """The play stored under `key`; KeyError for any other."""
    return BY_KEY[key]


def find_play(key) -> Play | None:
    """The play a form or link names by its key or its lookup value, None for anything else."""
    if not isinstance(key, str):
        return None
    return BY_KEY.get(key) or next((p for p in PLAYS if p.lookup == key), None)


def play_for(game: Game | str, edition: int | None = None) -> Play:
    """The play of a game and edition (a game named as the contract or the catalog names it)."""
    game = game if isinstance(game, Game) else Game.parse(game)
    for candidate in PLAYS:
        if candidate.game is game and (game is Game.DUEL or candidate.edition == (edition or 1)):
            return candidate
    raise KeyError((game, edition))


def play_of_doc(doc: Mapping) -> Play:
    """The play a contract document is about ({"game": "7wonders", "edition": 2}); ValueError if none."""
    try:
        return play_for(doc.get("game", ""), doc.get("edition") if isinstance(doc.get("edition"), int) else None)
    except (KeyError, ValueError, AttributeError) as exc:
        raise ValueError(f"no game of the family is {doc.get('game')!r}") from exc
