"""What is being played: a game of the family, its edition, and the boxes added to it.

One `Play` names the thing a score pad, a sheet, a tracked table, a photo, a
history section and the card lookup are about. Every layer reads its rows,
limits, titles and words from here instead of spelling the game itself, so a
new box of the family is a new `Play` (and its data and rules), not a branch in
every layer. Its `key` is what the store keeps ("7wonders", "7wonders-2e",
"duel": a pad's id in card_db/pads/); the contract's JSON names the game with
`contract_game` and `edition`.

A play with expansion boxes (`with_boxes`, card_db/boxes.toml) is the same
Play with `expansions` set: its key names the boxes after the base play's
("7wonders+leaders+cities", the boxes in boxes.toml's order), so the store
keeps the boxes with the game and history keeps each combination apart; its
pad holds the base rows and the boxes' rows in the printed order, and its
player counts follow the boxes (Cities allows 8).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
import unicodedata

from .boxes import BASE_SUPREMACIES, Box, ordered_rows
from .model import BoardWonder, Card, Game, Pad

MAX_NAME = 24        # letters in a player's name, wherever one is typed
MAX_COINS = 500      # coins a city may hold: far above any real game, a typing slip below it

# Joiners stay: an emoji's sequence and Persian or Indic words need them.
_KEPT_FORMAT = {"\u200c", "\u200d"}


def tidy_name(text: str) -> str:
    """A typed name as shown everywhere: control and format characters out (a right-to-left override
    would turn the rest of a line of the log or a score table round; a name of one alone looks blank),
    spaces run together, none at either end."""
    kept = "".join(c for c in text if c in _KEPT_FORMAT or unicodedata.category(c) not in ("Cc", "Cf"))
    return " ".join(kept.split())


BOX_JOIN = "+"       # between a play's key and its boxes' in a stored key


def N_(text: str) -> str:
    """Marks a title for `make messages`; the web layer translates it when shown."""
    return text


class BoxRefused(ValueError):
    """Boxes that cannot be played together with this play; the message says which and why.

    `reason` names the case for a reader in another language: unknown, other_game,
    not_ready, twice, apart (with `other`, the box it is not played with) or list.
    """

    def __init__(self, message: str, box: str = "", reason: str = "list", other: str = ""):
        super().__init__(message)
        self.box, self.reason, self.other = box, reason, other


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
    tie_break: str = "coins"       # equal totals: "coins" left, "civil" (blue) points, or "stages" built
    supremacy: bool = False        # a game may end before the count (the Duel's military or science)
    simultaneous: bool = True      # players act at once (7 Wonders) or in turn (Duel)
    lookup: str = ""               # the card lookup's filter value for this box
    expansions: tuple[str, ...] = ()
    tracked: bool = True           # followed move by move at /g/ (Architects is only scored)
    photo_pad: bool = True         # the photo reader has our printable pad for it
    tie_count: str = "coins"       # what a sheet asks for the tie-break: "coins" left, "stages" built, "" none
    city_page: str = "boards"      # what the city page asks: a board and cards tapped ("boards"), wonders
                                   # drafted and tokens ("draft"), or what is counted on the table ("counts")

    @property
    def pad(self) -> Pad:
        """The score pad of this play (card_db/pads/<key>.toml): its rows, in printed order, and players;
        with boxes, the base pad with the rows the boxes' pads add, where they print them."""
        if not self.expansions:
            from . import catalog
            return catalog().pads[self.key]
        return _pad_with_boxes(self.base_key, self.expansions)

    @property
    def base_key(self) -> str:
        """The key of the play without its boxes ("7wonders" for "7wonders+leaders")."""
        return self.key.split(BOX_JOIN)[0]

    @property
    def boxes(self) -> tuple[Box, ...]:
        """The boxes in play, in boxes.toml's order."""
        from . import catalog
        return tuple(catalog().boxes[name] for name in self.expansions)

    @property
    def supremacies(self) -> tuple[str, ...]:
        """How a game of this play may end at once: none, or the Duel's military and scientific
        supremacies and those its boxes add (Agora: political)."""
        if not self.supremacy:
            return ()
        return BASE_SUPREMACIES + tuple(s for b in self.boxes for s in b.supremacies)

    @property
    def team_players(self) -> tuple[int, ...]:
        """The player counts at which this play may be played in teams (Cities' variant: partners
        side by side, one score a team); none for a play whose boxes have no team variant."""
        return tuple(sorted({n for b in self.boxes for n in b.team_players(self.edition)}))

    def box_choices(self) -> tuple[Box, ...]:
        """The boxes that may be added to this play's game and edition (those whose rows are known)."""
        from . import catalog
        return tuple(b for b in catalog().boxes.values() if b.ready and b.fits(self.game, self.edition))

    @property
    def titles(self) -> tuple[str, ...]:
        """The play's title, then each box's name: English, marked for translation (joined by the web)."""
        return (self.title,) + tuple(b.title for b in self.boxes)

    def with_boxes(self, names) -> "Play":
        """This play with the boxes named (contract names, in any order, each once) added to it.

        BoxRefused, saying which box and why, for a name that is no box, a box of
        another game or edition, one not yet scored here, or two boxes the rules
        do not play together.
        """
        from . import catalog
        known = catalog().boxes
        if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
            raise BoxRefused("the expansions are a list of box names")
        wanted = set(self.expansions)
        for name in names:
            box = known.get(name)
            if box is None:
                raise BoxRefused(f'unknown expansion "{name}" (expected one of {", ".join(known)})', name, "unknown")
            if not box.fits(self.game, self.edition):
                raise BoxRefused(f'the expansion "{name}" is not a box of {self.box}', name, "other_game")
            if not box.ready:
                raise BoxRefused(f'the expansion "{name}" is not scored yet', name, "not_ready")
            if name in wanted and name not in self.expansions:
                raise BoxRefused(f'the expansion "{name}" is named twice', name, "twice")
            wanted.add(name)
        chosen = tuple(k for k in known if k in wanted)
        for name in chosen:
            apart = [other for other in chosen if other != name and other not in known[name].combines]
            if apart:
                raise BoxRefused(f'the expansions "{name}" and "{apart[0]}" are not played together', name, "apart",
                                 apart[0])
        if not chosen:
            return BY_KEY[self.base_key]
        return replace(BY_KEY[self.base_key], key=BOX_JOIN.join((self.base_key,) + chosen), expansions=chosen)

    def wonders(self) -> tuple:
        """The wonders of this play: boards to choose (7 Wonders; its boxes' boards too, Petra, the
        Great Wall...) or to draft (the Duel)."""
        from . import catalog
        cat = catalog()
        boxed = tuple(t for box in self.expansions for t in cat.box_list(self.game, self.edition, box)
                      if isinstance(t, BoardWonder)) if self.sides else ()
        return tuple(cat.wonder_list(self.game, self.edition)) + boxed

    def cards(self) -> tuple:
        """The cards of this play: the base game's, then the cards of its boxes (leaders, black cards)."""
        from . import catalog
        cat = catalog()
        boxed = tuple(t for box in self.expansions for t in cat.box_list(self.game, self.edition, box)
                      if isinstance(t, Card))
        return tuple(cat.card_list(self.game, self.edition)) + boxed

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
    def one_wonder_each(self) -> bool:
        """Whether each player has a wonder of their own (boards, or Architects' trays), not a draft."""
        return self.city_page in ("boards", "counts")

    @property
    def plain_side(self) -> str:
        """The side a placeholder board is put on (the first printed)."""
        return self.sides[0] if self.sides else ""

    def contract_doc(self, **fields) -> dict:
        """The contract's document for this play: `game`, `edition` when it has one, its `expansions`
        when it has boxes, then `fields`."""
        doc: dict = {"game": self.contract_game}
        if self.game is Game.SEVEN_WONDERS:
            doc["edition"] = self.edition
        if self.expansions:
            doc["expansions"] = list(self.expansions)
        doc.update(fields)
        return doc


PLAYS: tuple[Play, ...] = (
    Play("7wonders", Game.SEVEN_WONDERS, 1, N_("7 Wonders"), N_("7 Wonders"), N_("7 Wonders, 1st edition"), 4, sides=("A", "B"), lookup="7wonders-1"),
    Play("7wonders-2e", Game.SEVEN_WONDERS, 2, N_("7 Wonders (2nd edition)"), N_("2nd edition"),
         N_("7 Wonders, 2nd edition"), 4, sides=("day", "night"), lookup="7wonders-2"),
    Play("duel", Game.DUEL, None, N_("7 Wonders Duel"), N_("Duel"), N_("7 Wonders Duel"), 2,
         tie_break="civil", supremacy=True, simultaneous=False, lookup="duel", tie_count="",
         city_page="draft"),
    Play("architects", Game.ARCHITECTS, None, N_("7 Wonders Architects"), N_("Architects"),
         N_("7 Wonders Architects"), 4, tie_break="stages", simultaneous=False, lookup="architects",
         tracked=False, photo_pad=False, tie_count="stages", city_page="counts"),
)
BY_KEY: Mapping[str, Play] = {p.key: p for p in PLAYS}
DEFAULT = PLAYS[0]


def play(key: str) -> Play:
    """The play stored under `key` ("7wonders", "7wonders+leaders+cities"); KeyError for any other."""
    if key in BY_KEY:
        return BY_KEY[key]
    base, *boxes = key.split(BOX_JOIN) if isinstance(key, str) else ("",)
    if base not in BY_KEY or not boxes:
        raise KeyError(key)
    try:
        found = BY_KEY[base].with_boxes(boxes)
    except BoxRefused as exc:
        raise KeyError(key) from exc
    if found.key != key:            # boxes out of order or twice: not a key the store writes
        raise KeyError(key)
    return found


def find_play(key) -> Play | None:
    """The play a form or link names by its key or its lookup value, None for anything else."""
    if not isinstance(key, str):
        return None
    found = BY_KEY.get(key) or next((p for p in PLAYS if p.lookup == key), None)
    if found is None and BOX_JOIN in key:
        try:
            found = play(key)
        except KeyError:
            return None
    return found


def play_for(game: Game | str, edition: int | None = None) -> Play:
    """The play of a game and edition (a game named as the contract or the catalog names it)."""
    game = game if isinstance(game, Game) else Game.parse(game)
    for candidate in PLAYS:
        if candidate.game is game and (candidate.edition is None or candidate.edition == (edition or 1)):
            return candidate
    raise KeyError((game, edition))


def play_of_doc(doc: Mapping) -> Play:
    """The play a contract document is about ({"game": "7wonders", "edition": 2, "expansions": ["leaders"]});
    ValueError if none (BoxRefused, a ValueError, when its expansions cannot be played with it)."""
    try:
        found = play_for(doc.get("game", ""), doc.get("edition") if isinstance(doc.get("edition"), int) else None)
    except (KeyError, ValueError, AttributeError) as exc:
        raise ValueError(f"no game of the family is {doc.get('game')!r}") from exc
    boxes = doc.get("expansions", [])
    if not isinstance(boxes, list):
        raise BoxRefused("expansions must be a list of box names")
    return found.with_boxes(boxes) if boxes else found


@cache
def _pad_with_boxes(base_key: str, boxes: tuple[str, ...]) -> Pad:
    """The base play's pad with the boxes' rows in printed order and the players they allow."""
    from . import catalog
    cat = catalog()
    base = cat.pads[base_key]
    chosen = tuple(cat.boxes[name] for name in boxes)
    every = {row.key: row for box in cat.boxes.values() for row in box.rows}
    most = max([base.players[1]] + [b.most_players for b in chosen if b.most_players])
    return Pad(id=BOX_JOIN.join((base_key,) + boxes), game=base.game, edition=base.edition,
               players=(base.players[0], most), rows=ordered_rows(base.rows, chosen, every),
               source="; ".join([base.source] + [b.source for b in chosen]))
