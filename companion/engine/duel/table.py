"""A tracked Duel game at a real table, in the JSON of the contract's "tables".

The web layer stores the actions and replays them; this module turns a
posted action (`{"player": "A", "action": "build", "card": "Baths"}`) into
an engine action, applies it with what was paid, and answers the public
state (`conflict`, `progress_available`, the pyramid) as JSON. Names are
printed names or ids, in any language the catalog knows.
"""
from __future__ import annotations

from ...catalog import Colour, Game, catalog
from ...catalog.plays import Play, play_for
from ..errors import BadInput, IllegalAction
from ..messages import M, Name, shown
from ..resources import as_dict
from ..tracked import EVERY_SEAT, LegalMove, Pick, describe, player_name
from . import actions as A
from . import inputs
from .facts import tables
from .pricing import price
from .rules import DISCARD_BASE, apply, legal_actions
from .scoring import result
from .setup import new_game as new_duel
from .state import CHANCE, GameState

# Contract verb -> (engine action, the fields it reads and the kind of name each holds)
VERBS = {
    "build": (A.Build, ("card",)),
    "sell": (A.Discard, ("card",)),
    "discard": (A.Discard, ("card",)),
    "wonder": (A.BuildWonder, ("card", "wonder")),
    "reveal": (A.Reveal, ("slot", "card")),
    "progress": (A.TakeProgress, ("token",)),
    "destroy": (A.Destroy, ("card",)),
    "rebuild": (A.Rebuild, ("card",)),
    "library": (A.LibraryPick, ("token",)),
    "draw": (A.DrawToken, ("token",)),
    "start": (A.ChooseStarter, ("starts",)),
    "pick": (A.PickWonder, ("wonder",)),
    "show-progress": (A.ShowProgress, ("token",)),
    "show-wonder": (A.ShowWonder, ("wonder",)),
}
KIND = {"card": "card", "wonder": "wonder", "token": "progress"}


def new_game(doc: dict) -> tuple[GameState, tuple[str, str]]:
    """(the state before the wonders are drafted, the two names) from the POST /api/v1/games body."""
    players = doc.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise BadInput(M("in.duel_two_names"), "players")
    names = tuple(player_name(p, i) for i, p in enumerate(players))
    if names[0].casefold() == names[1].casefold():
        raise BadInput(M("in.different_names"), "players[1].name")
    first = doc.get("first", 0)
    if first not in (0, 1):
        raise BadInput(M("in.first"), "first")
    return new_duel(first, first_game=bool(doc.get("first_game"))), names


def _player_index(names: tuple[str, str], who, where: str) -> int:
    if isinstance(who, int) and not isinstance(who, bool) and who in (0, 1):
        return who
    for i, name in enumerate(names):
        if isinstance(who, str) and who.strip().casefold() == name.casefold():
            return i
    if who is None:
        raise BadInput(M("in.player_missing", names=", ".join(names)), where)
    raise BadInput(M("in.no_player", who=shown(who), names=", ".join(names)), where)


def _slot_of(state: GameState, card: str) -> int:
    pyr = state.pyramid
    if pyr is None or card not in pyr.cards:
        raise IllegalAction(M("duel.not_in_structure", card=Name(card, Game.DUEL)))
    slot = pyr.cards.index(card)
    if not pyr.is_accessible(slot):
        raise IllegalAction(M("duel.covered", card=Name(card, Game.DUEL)))
    return slot


def from_json(state: GameState, doc, names: tuple[str, str]) -> tuple[int | None, A.Action]:
    """(who, engine action) for a posted action; who is None for a chance event."""
    if not isinstance(doc, dict):
        raise BadInput(M("in.action_object"), "(top)")
    verb = doc.get("action")
    if not isinstance(verb, str) or verb not in VERBS:
        raise BadInput(M("in.unknown_action", verb=shown(verb), verbs=", ".join(VERBS)), "action")
    cls, keys = VERBS[verb]
    values = {}
    for key in keys:
        if key not in doc:
            raise BadInput(M("in.needs_field", verb=verb, key=key), key)
        raw = doc[key]
        if key == "slot":
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise BadInput(M("in.slot_number", value=shown(raw)), key)
            values[key] = raw
        elif key == "starts":
            values[key] = _player_index(names, raw, key)
        else:
            values[key] = inputs.resolve(raw, KIND[key], key)
    chance = cls in A.CHANCE_ACTIONS
    who = None if chance else _player_index(names, doc.get("player"), "player")
    if cls in (A.Build, A.Discard):
        return who, cls(_slot_of(state, values["card"]))
    if cls is A.BuildWonder:
        return who, A.BuildWonder(_slot_of(state, values["card"]), values["wonder"])
    if cls is A.Reveal:
        return who, A.Reveal(values["slot"], values["card"])
    if cls is A.ChooseStarter:
        return who, A.ChooseStarter(values["starts"])
    return who, cls(*values.values())


def _paid(state: GameState, player: int, action) -> dict:
    """What the move costs or brings, for the answer's `paid`."""
    if isinstance(action, (A.Build, A.BuildWonder)):
        t = tables()
        target = (t.cards[state.pyramid.cards[action.slot]] if isinstance(action, A.Build)
                  else t.wonders[action.wonder])
        p = price(state.cities[player], state.cities[1 - player], target)
        return {"total": p.total, "bank": p.bank, "opponent_gains": p.opponent_gains,
                "free_by_chain": p.free_by_chain,
                "bought": {r.value: n for r, n in as_dict(p.bought).items()}}
    if isinstance(action, A.Discard):
        return {"total": 0, "gained": DISCARD_BASE + state.cities[player].count(Colour.YELLOW)}
    return {"total": 0}


def play(state: GameState, doc, names: tuple[str, str]) -> tuple[GameState, dict]:
    """Apply a posted action: (new state, paid). IllegalAction leaves `state` as it was."""
    who, action = from_json(state, doc, names)
    check_mover(state.to_move(), who, names)
    paid = _paid(state, who, action) if who is not None else {"total": 0}
    try:
        return apply(state, action), paid
    except IllegalAction as refused:
        raise IllegalAction(_by_name(refused.msg, names)) from None


def check_mover(mover: int | None, who: int | None, names) -> None:
    """IllegalAction unless the action's player (None: a chance event) is the one the game waits for."""
    if mover is None:
        raise IllegalAction(M("game_over"))
    if who is None and mover != CHANCE:
        raise IllegalAction(M("duel.nothing_to_reveal", name=names[mover]))
    if who is not None and who != mover:
        if mover == CHANCE:
            raise IllegalAction(M("duel.enter_turned"))
        raise IllegalAction(M("duel.whose_move", name=names[mover], other=names[who]))


def _by_name(msg, names: tuple[str, str]):
    """The rules say "player 1"; at a table the player has a name."""
    key = getattr(msg, "key", None)
    if key in NAMED and "n" in msg.params:
        return M(NAMED[key], name=names[msg.params["n"] - 1])
    return msg


NAMED = {"duel.players_turn": "duelt.players_turn", "duel.first.pick_wonder": "duelt.first.pick_wonder",
         "duel.first.progress": "duelt.first.progress", "duel.first.destroy": "duelt.first.destroy",
         "duel.first.rebuild": "duelt.first.rebuild", "duel.first.library_pick": "duelt.first.library_pick",
         "duel.first.starter": "duelt.first.starter"}


def _city_json(state: GameState, p: int, name: str) -> dict:
    c = state.cities[p]
    return {"name": name, "cards": list(c.cards), "wonders": list(c.wonders), "progress": list(c.progress),
            "coins": c.coins, "wonders_to_build": list(c.wonders_left)}


def _pyramid_json(state: GameState) -> list[dict]:
    pyr = state.pyramid
    if pyr is None:
        return []
    cat = catalog()
    layout = cat.box_layouts[(Game.DUEL, None, pyr.shape)][pyr.age] if pyr.shape else cat.layouts[pyr.age]
    return [{"slot": s.slot, "row": s.row, "x": s.x, "face_up": pyr.is_face_up(s.slot),
             "card": pyr.cards[s.slot] if pyr.is_face_up(s.slot) or pyr.is_taken(s.slot) else None,
             "taken": pyr.is_taken(s.slot), "accessible": pyr.is_accessible(s.slot)}
            for s in layout.slots]


def to_json(state: GameState, names: tuple[str, str]) -> dict:
    """The public state: the contract's game answer without `version` (the store adds it)."""
    mover = state.to_move()
    res = result(state.cities, state.conflict,
                 (state.victory, state.winner) if state.over and state.winner is not None else None)
    waiting = state.pending[0].wait if state.pending else ("reveal" if mover == CHANCE else
                                                           None if mover is None else "turn")
    return {
        "game": Game.DUEL.contract_name,
        "age": state.age,
        "players": [_city_json(state, p, names[p]) for p in (0, 1)],
        "conflict": state.conflict,
        # Loot tokens still on the track: at +n toward players[1]'s capital (they cost players[1]), -n for players[0].
        "loot": sorted(({"position": t.at if t.victim == 1 else -t.at, "coins": t.coins} for t in state.loot),
                       key=lambda t: t["position"]),
        "progress_available": list(state.board),
        "pyramid": _pyramid_json(state),
        "discard": list(state.discard),
        "to_move": None if mover is None else ("chance" if mover == CHANCE else names[mover]),
        "waiting_for": waiting,
        "over": state.over,
        "score": {
            "players": [{"name": names[p], "scores": res.scores[p], "total": res.totals[p]} for p in (0, 1)],
            "victory": res.victory if state.over else None,
            "winners": [names[p] for p in res.winners] if state.over else [],
        },
    }


def to_doc(state: GameState, action, names: tuple[str, str]) -> dict:
    """The contract's JSON for an engine action: what a page posts for a legal move."""
    doc: dict = {}
    if isinstance(action, (A.Build, A.Discard, A.BuildWonder)):
        doc["card"] = state.pyramid.cards[action.slot]
    if isinstance(action, A.Build):
        doc["action"] = "build"
    elif isinstance(action, A.Discard):
        doc["action"] = "discard"
    elif isinstance(action, A.BuildWonder):
        doc.update(action="wonder", wonder=action.wonder)
    elif isinstance(action, A.Reveal):
        doc.update(action="reveal", slot=action.slot, card=action.card)
    elif isinstance(action, A.ChooseStarter):
        doc.update(action="start", starts=names[action.player])
    else:
        verb = next(v for v, (cls, _) in VERBS.items() if cls is type(action))
        doc["action"] = verb
        for key in VERBS[verb][1]:
            doc[key] = getattr(action, key)
    if type(action) not in A.CHANCE_ACTIONS:
        doc["player"] = names[state.to_move()]
    return doc


def legal_docs(state: GameState, names: tuple[str, str]) -> list[tuple[object, dict]]:
    """Every legal move now, as (engine action, the JSON to post)."""
    return [(action, to_doc(state, action, names)) for action in legal_actions(state)]


def cost_of(state: GameState, action) -> dict:
    """What a legal move would cost or bring its player, before it is played."""
    mover = state.to_move()
    return _paid(state, mover, action) if mover not in (None, CHANCE) else {"total": 0}


def quote(state: GameState, doc, names: tuple[str, str]) -> dict:
    """What an action would do, without doing it (as the 7 Wonders table answers); BadInput raises."""
    try:
        _state, paid = play(state, doc, names)
    except IllegalAction as refused:
        return {"legal": False, "reason": refused.reason, "message": refused.msg, "paid": None, "options": []}
    return {"legal": True, "reason": None, "paid": paid, "options": []}


ON_THE_PYRAMID = ("build", "discard", "wonder")      # moves that take a card of the pyramid


def _boxed(state):
    """The table of a Duel played with boxes (duel/box_table.py), None for the base game."""
    if isinstance(state, GameState):
        return None
    from .box_table import table_of
    return table_of(state)


class DuelTable:
    """The Duel as a tracked game (engine/tracked.py): turns alternate, every legal move is listed.
    A game with Pantheon or Agora (or both) is played by their table (duel/box_table.py)."""

    follows_boxes = True          # POST /api/v1/games with "expansions": the boxes' game, move by move

    @property
    def action_fields(self) -> tuple[str, ...]:
        """The fields the boxes' moves add to an action's JSON."""
        from .box_table import action_fields
        return action_fields()

    def new_game(self, doc: dict):
        if doc.get("expansions", []) != []:
            from .box_table import new_game as new_boxed_game
            return new_boxed_game(doc, doc.get("expansions"))
        return new_game(doc)

    def play_of(self, state) -> Play:
        boxed = _boxed(state)
        return boxed.play_of(state) if boxed else play_for(Game.DUEL)

    def apply(self, state, doc, names):
        boxed = _boxed(state)
        return boxed.apply(state, doc, names) if boxed else play(state, doc, names)

    def quote(self, state, doc, names) -> dict:
        boxed = _boxed(state)
        return boxed.quote(state, doc, names) if boxed else quote(state, doc, names)

    def legal_moves(self, state, names, seat: str | None) -> list[LegalMove]:
        """The mover's moves (or chance's, entered by any phone), for the phone acting for the mover."""
        boxed = _boxed(state)
        if boxed:
            return boxed.legal_moves(state, names, seat)
        mover = state.to_move()
        if seat is None or mover is None:
            return []
        if not (seat == EVERY_SEAT or mover == CHANCE or names[mover] == seat):
            return []
        moves = []
        for action, doc in legal_docs(state, names):
            if doc["action"] == "reveal":
                moves.append(LegalMove(doc, {"total": 0}, doc["slot"], reveal=True))
            elif doc["action"] in ON_THE_PYRAMID:
                moves.append(LegalMove(doc, cost_of(state, action), state.pyramid.cards.index(doc["card"])))
            else:
                moves.append(LegalMove(doc, cost_of(state, action)))
        return moves

    def picks(self, state, names, seat: str | None) -> list[Pick]:
        return []                      # every move is listed

    def to_json(self, state, names) -> dict:
        boxed = _boxed(state)
        return boxed.to_json(state, names) if boxed else to_json(state, names)

    def hidden_choices(self, state) -> int:
        return 0                       # every move is seen as it is made

    def final_cities(self, state, names) -> list[dict]:
        boxed = _boxed(state)
        if boxed:
            return boxed.final_cities(state, names)
        cities = [{"cards": list(c.cards), "wonders": list(c.wonders), "progress": list(c.progress),
                   "coins": c.coins} for c in state.cities]
        cities[0]["conflict"] = state.conflict
        return cities

    def public_entry(self, state, entry: dict) -> dict:
        """A logged action as every phone may read it (a box's secrets left out)."""
        boxed = _boxed(state)
        return boxed.public_entry(state, entry) if boxed else entry

    def words_for(self, ident):
        """A thing of the boxes the app names in the reader's words or by the piece it copies (None: as
        the catalog names it)."""
        from .box_table import words_for
        return words_for(ident)

    def describe(self, state, entry: dict, hidden: bool = False, names: tuple[str, ...] = ()):
        boxed = _boxed(state)
        return boxed.describe(state, entry, hidden, names) if boxed else describe(self.play_of(state), entry, hidden)

    def waiting(self, state, names):
        """The entry a box's follow-up waits for, in words (None without boxes: the Duel's own waits are
        said by `waiting_for`)."""
        boxed = _boxed(state)
        return boxed.waiting(state, names) if boxed else None


TABLE = DuelTable()
