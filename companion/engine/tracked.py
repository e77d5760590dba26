"""Tracked games at a real table: one interface every game of the family implements.

As OpenSpiel's State or python-chess's Board, a tracked game is a value the
same few operations work on, whatever the game: a new game from the setup
document (the contract's POST /api/v1/games body), the moves a seat may post
now, a posted action applied (the contract's action JSON), a move priced before
it is played, the state a phone sees, the cities at the game's end for a score
sheet. Undo is a replay of the log without its last action (the store's).

Each game's `table` module implements `TrackedGame` as its `TABLE`
(duel/table.py, seven_wonders/table.py), found through the family's one
registry (families.py); the store and the web never name a game: they ask the
implementation, and the `Play` it answers (catalog/plays.py) for what is played.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Protocol

from ..catalog.model import Game
from ..catalog.plays import MAX_NAME, PLAYS, Play, tidy_name
from .errors import BadInput, unknown_game
from .families import PACKAGES, rules
from .messages import M, Msg, Name

EVERY_SEAT = "all"      # a phone that plays for every seat (one phone at the table)



class LegalMove(NamedTuple):
    """A move a phone may post as it is: the action's JSON and what it costs or brings."""
    doc: dict
    cost: dict                    # {"total": n, ...} as the answer's `paid`
    slot: int | None = None       # the board's place it is taken from (a card of the pyramid), None if none
    reveal: bool = False          # chance: what was turned face up on `slot`, entered by its name
    label: Msg | None = None      # the move in words when the game says it (a box's moves); None: the web's


class Pick(NamedTuple):
    """A seat to choose a card and what to do with it; the move is priced when asked (`quote`)."""
    player: str                   # the seat's name
    verbs: tuple[str, ...]        # the actions it may post now
    cards: tuple[str, ...]        # the card ids it may name (any order)
    free_build: bool = False      # a free build of its wonder is still to use
    fallback: str | None = None   # the action open with any card it names, offered when another is refused;
                                  # a pick that has one names a card with each of its verbs (tried after it)


class TrackedGame(Protocol):
    """What every tracked game answers; states are frozen values, `names` the seats' names."""

    def new_game(self, doc: dict) -> tuple[object, tuple[str, ...]]:
        """(the state before the first move, the players' names) from the setup document; BadInput."""

    def play_of(self, state) -> Play:
        """What is played at this table (its box and edition)."""

    def apply(self, state, doc, names) -> tuple[object, dict]:
        """A posted action applied: (new state, what it paid). IllegalAction or BadInput change nothing."""

    def quote(self, state, doc, names) -> dict:
        """What an action would do: {"legal", "reason", "message", "paid", "options"}; BadInput still raises."""

    def legal_moves(self, state, names, seat: str | None) -> list[LegalMove]:
        """Every move the phone of `seat` (a name, EVERY_SEAT, None) may post now, when they can be listed."""

    def picks(self, state, names, seat: str | None) -> list[Pick]:
        """The seats this phone acts for that choose a card the app cannot list (hands it does not know)."""

    def to_json(self, state, names) -> dict:
        """The state a phone sees: the contract's game answer without `version`."""

    def hidden_choices(self, state) -> int:
        """How many of the latest moves stay hidden (choices made at once, shown when the turn resolves)."""

    def final_cities(self, state, names) -> list[dict]:
        """The cities at the game's end, as a score sheet of `play_of(state)` takes them (sheets.set_city)."""

    def describe(self, state, entry: dict, hidden: bool = False, names: tuple[str, ...] = ()) -> Msg | str:
        """A logged action in words ("Ana built the Baths."); `hidden`: only that its player chose;
        `names`: the players' names, for a move that names a seat by its number (a loot's side)."""

    # Optional, asked with getattr (a game without boxes needs none): `follows_boxes` (POST with
    # "expansions" starts the boxed game), `action_fields` (the fields its boxes' moves add),
    # `public_entry(state, entry)` (a logged action without what a player keeps secret) and
    # `words_for(ident)` (a thing the app names itself, a Msg, or the id of the piece it copies),
    # `waiting(state, names)` (the entry a box's follow-up waits for and whose it is, a Msg or None).


_TABLES: dict[Game, TrackedGame] = {}       # each game's TABLE, once imported
_BY_NAME: dict[str, TrackedGame] = {}      # the same, by the contract's name: a table's rules asked a dozen times a board


def implementation(game) -> TrackedGame:
    """The tracked game of a `Play`, or of a game as the contract names it; BadInput for anything else."""
    if type(game) is str:
        known = _BY_NAME.get(game)
        if known is not None:
            return known
    found = game.game if isinstance(game, Play) else Game.from_contract(game)
    table = _TABLES.get(found)
    if table is None:
        if found not in PACKAGES:
            raise unknown_game(game)
        if not any(p.tracked for p in PLAYS if p.game is found):      # scored on a sheet only (Architects)
            raise BadInput(M("in.not_tracked"), "game")
        table = _TABLES[found] = rules(found, "table").TABLE
    if type(game) is str:
        _BY_NAME[game] = table
    return table


# The contract's verb -> the fields its sentence names (a card, a wonder, a token), and how
# (a message key "move.<verb>"). A verb no game posts is said as "<player> <verb>".
MOVE_WORDS = {"build": ("card",), "stage": ("card",), "sell": ("card",), "discard": ("card",),
              "discard-build": ("card",), "rebuild": ("card",), "pass": (), "wonder": ("wonder", "card"),
              "progress": ("token",), "library": ("token",), "draw": ("token",), "show-progress": ("token",),
              "show-wonder": ("wonder",), "pick": ("wonder",), "destroy": ("card",), "start": (),
              "reveal": ("card",)}


def describe(play: Play, entry: dict, hidden: bool = False) -> Msg | str:
    """A logged action in words: cards, wonders and tokens as the play's box names them in the
    reader's language (the log keeps what was posted: an id or a printed name, in any language)."""
    who = entry.get("player") or ""
    if hidden:
        return M("move.hidden", name=who)
    verb = entry.get("action")
    if not isinstance(verb, str) or verb not in MOVE_WORDS:
        return f"{who} {verb}".strip()
    params = {key: named(play, entry.get(key)) for key in MOVE_WORDS[verb]}
    if verb == "start":
        params["name"] = entry.get("starts", "")
    elif verb == "reveal":
        params["n"] = int(entry.get("slot", 0)) + 1
    else:
        params["name"] = who
    return M(f"move.{verb}", **params)


def named(play: Play, ident) -> Name | str:
    """A posted card, wonder or token as a Name the reader's box prints; as posted when the catalog knows none."""
    if not ident:
        return ""
    found = _entity_id(play, ident) if isinstance(ident, str) else None
    return Name(found, play.game, play.edition) if found else str(ident)


@lru_cache(maxsize=4096)
def _entity_id(play: Play, ident: str) -> str | None:
    from ..catalog import catalog
    try:           # the play's boxes' things too (a divinity, a senator, a Grand Temple)
        return catalog().find(play.game, play.edition, ident, kinds=("card", "wonder", "progress", "piece"),
                              boxes=play.expansions).id
    except Exception:          # nothing the catalog knows
        return None


def player_name(raw, i: int) -> str:
    """A new game's player `i` ({"name": ...}): its name, spaces tidied; BadInput when empty or too long."""
    name = raw.get("name") if isinstance(raw, dict) else None
    name = tidy_name(name) if isinstance(name, str) else None
    if not name:
        raise BadInput(M("in.needs_name"), f"players[{i}].name")
    if len(name) > MAX_NAME:
        raise BadInput(M("in.name_length", num=MAX_NAME), f"players[{i}].name")
    return name


@lru_cache(maxsize=1)
def action_fields() -> tuple[str, ...]:
    """The fields the games' boxes add to a posted action (a box's move names its divinity, chamber...)."""
    keys: dict[str, None] = {}
    for game in PACKAGES:
        if any(p.tracked for p in PLAYS if p.game is game):
            keys.update(dict.fromkeys(getattr(implementation(game.contract_name), "action_fields", ())))
    return tuple(keys)


def new_game(doc) -> tuple[str, object, tuple[str, ...]]:
    """(the contract's game, initial state, player names) from a POST /api/v1/games body."""
    if not isinstance(doc, dict):
        raise BadInput(M("in.body_object"), "(top)")
    game = doc.get("game")
    table = implementation(game)
    if doc.get("expansions", []) != [] and not getattr(table, "follows_boxes", False):
        # The boxes are scored (a score sheet, `score`), not followed move by move here: said, never ignored.
        raise BadInput(M("in.box.not_tracked"), "expansions")
    state, names = table.new_game(doc)
    return game, state, tuple(names)
