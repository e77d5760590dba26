"""A tracked Duel with Pantheon, Agora or both: the boxes' games at a real table (engine/tracked.py).

The same contract as the base Duel's table (duel/table.py): an action is JSON
(`{"player": "Ana", "action": "divinity", "divinity": "Zeus"}`), a card of the
structure is named by `card` (or its `slot`), every other field as the box's
move names it (engine/duel/<box>/actions.py). Every move the rules list now is
offered with what it costs; a posted move is played only when the rules list
it, or refused with their reason. What a player keeps secret stays out of the
public state and of the log's words: a conspiracy drawn, kept or prepared, and
in Age I the divinities laid face down in the Pantheon (only their mythology
shows).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ...catalog import Game, LookupFailed, catalog
from ...catalog.plays import BoxRefused, Play, play_for
from ..errors import BadInput, IllegalAction
from ..messages import TEXTS, Listed, M, Msg, Name, shown
from . import box_table_messages  # noqa: F401  (the moves' words join the engine's)
from ..tracked import EVERY_SEAT, LegalMove, Pick
from . import actions as A
from . import table as base_table
from .pricing import price
from .rules import DISCARD_BASE
from .state import CHANCE

# The moves that take (or name) a card of the structure: posted with its `card` (or `slot`).
ON_CARD_NAMES = ("Build", "Discard", "BuildWonder", "Prepare", "DiscardSlot", "DiscardAvailable", "Fraud")
# What a move keeps secret from the other player: said without it in the log.
SECRET_VERBS = ("draw-conspiracy", "keep-conspiracy", "prepare")
INVOKE_VERB = "divinity"          # the contract's verb for invoking a divinity ("invoke" is read too)


@dataclass(frozen=True, eq=False)
class BoxRules:
    """One combination of boxes as its rules package plays it."""
    expansions: tuple[str, ...]                 # contract names, in boxes.toml's order
    state_type: type
    new_game: Callable
    legal_actions: Callable
    apply: Callable
    result: Callable                            # game -> scoring.Result
    by_verb: dict                               # the text verbs of every move (the Duel's and the boxes')
    chance: tuple[type, ...]


@cache
def box_rules() -> dict[tuple[str, ...], BoxRules]:
    """Each combination of boxes the table follows, by its boxes (imported once, when first asked)."""
    from .agora import actions as aa
    from .agora import rules as ar
    from .agora import scoring as asc
    from .agora.state import AgoraGame
    from .pantheon import actions as pa
    from .pantheon import rules as pr
    from .pantheon import scoring as psc
    from .pantheon.state import PantheonGame
    from .pantheon_agora import rules as br
    from .pantheon_agora import scoring as bsc
    return {
        ("pantheon",): BoxRules(("pantheon",), PantheonGame, pr.new_game, pr.legal_actions, pr.apply, psc.result,
                                pa.BY_VERB, pa.CHANCE_ACTIONS),
        ("agora",): BoxRules(("agora",), AgoraGame, ar.new_game, ar.legal_actions, ar.apply, asc.result,
                             aa.BY_VERB, aa.CHANCE_ACTIONS),
        ("pantheon", "agora"): BoxRules(("pantheon", "agora"), br.CombinedGame, br.new_game, br.legal_actions,
                                        br.apply, bsc.result, {**pa.BY_VERB, **aa.BY_VERB},
                                        tuple(dict.fromkeys(pa.CHANCE_ACTIONS + aa.CHANCE_ACTIONS))),
    }


TRACKED_BOXES = ("pantheon", "agora")


def rules_of(state) -> BoxRules | None:
    """The boxes' rules a state is played by; None for a base Duel."""
    return next((r for r in box_rules().values() if type(state) is r.state_type), None)


# -- the contract's verbs -----------------------------------------------------------------------

_VERBS: dict[tuple[str, ...], tuple[dict[str, type], dict[type, str]]] = {}


def _verbs(rules: BoxRules) -> tuple[dict[str, type], dict[type, str]]:
    """(contract verb -> move, move -> contract verb): the Duel's table's verbs, then each box move's."""
    found = _VERBS.get(rules.expansions)
    if found is None:
        found = _VERBS[rules.expansions] = _verbs_of(rules)
    return found


def _verbs_of(rules: BoxRules) -> tuple[dict[str, type], dict[type, str]]:
    by_json = {verb: cls for verb, (cls, _) in base_table.VERBS.items()}
    for cls in rules.by_verb.values():
        if cls not in by_json.values():
            by_json[cls.verb] = cls
    to_json = {cls: verb for verb, cls in by_json.items()}
    invoke = rules.by_verb.get("invoke")
    if invoke is not None:
        by_json[INVOKE_VERB] = invoke
        to_json[invoke] = INVOKE_VERB
    return by_json, to_json


def action_fields() -> tuple[str, ...]:
    """Every field a box's move may carry in JSON, besides the Duel's (a page posts nothing else)."""
    keys: dict[str, None] = {}
    for rules in box_rules().values():
        for cls in rules.by_verb.values():
            keys.update(dict.fromkeys(f.name for f in dataclasses.fields(cls)))
    return tuple(keys)


def _on_card(cls) -> bool:
    return cls.__name__ in ON_CARD_NAMES


def _player_index(names, who, where: str) -> int:
    return base_table._player_index(names, who, where)


def _value_of(game, rules: BoxRules, cls, key: str, raw, legal) -> str:
    """A posted name: as the rules name it when it is one of theirs, else what the catalog finds."""
    if not isinstance(raw, str) or not raw.strip():
        raise BadInput(M("in.needs_field", verb=_verbs(rules)[1].get(cls, cls.verb), key=key), key)
    known = {getattr(a, key) for a in legal if type(a) is cls}
    if raw in known:
        return raw
    try:
        found = catalog().find(Game.DUEL, None, raw, kinds=("card", "wonder", "progress", "piece"),
                               boxes=rules.expansions).id
    except LookupFailed:
        return raw.strip()               # the rules say why it cannot be played
    if found not in known:
        from .pantheon.facts import facts as pantheon_facts
        mythology = {t: m for m, t in pantheon_facts().token_of.items()}.get(found)   # a mythology by its token
        return mythology if mythology in known else found
    return found


def from_json(game, doc, names, rules: BoxRules):
    """(who, the move) for a posted action; who is None for a chance event. BadInput for a bad shape."""
    if not isinstance(doc, dict):
        raise BadInput(M("in.action_object"), "(top)")
    by_json, _ = _verbs(rules)
    verb = doc.get("action")
    if verb == "invoke":
        verb = INVOKE_VERB
    if not isinstance(verb, str) or verb not in by_json:
        raise BadInput(M("in.unknown_action", verb=shown(verb), verbs=", ".join(by_json)), "action")
    cls = by_json[verb]
    legal = rules.legal_actions(game)
    values = {}
    for f in dataclasses.fields(cls):
        key = f.name
        if cls is A.ChooseStarter:
            if "starts" not in doc:
                raise BadInput(M("in.needs_field", verb=verb, key="starts"), "starts")
            values[key] = _player_index(names, doc["starts"], "starts")
        elif key == "slot" and _on_card(cls) and "slot" not in doc:
            values[key] = _slot_named(game, doc, verb, rules, legal, cls)
        elif key == "offerings":
            raw = doc.get("offerings", [])
            if raw in (None, "-"):
                raw = []
            if not isinstance(raw, list) or not all(isinstance(o, str) and o.strip() for o in raw):
                raise BadInput(M("in.names_list", key="offerings"), "offerings")
            tokens = [_value_of(game, rules, _Token, "token", o, ()) for o in raw]
            values[key] = "+".join(sorted(tokens)) or "-"
        elif key not in doc:
            if f.default is not dataclasses.MISSING:
                continue
            raise BadInput(M("in.needs_field", verb=verb, key=key), key)
        elif f.type == "int":
            raw = doc[key]
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise BadInput(M("in.slot_number", value=shown(raw)), key)
            values[key] = raw
        else:
            values[key] = _value_of(game, rules, cls, key, doc[key], legal)
    who = None if cls in rules.chance else _player_index(names, doc.get("player"), "player")
    return who, cls(**values), legal


class _Token:
    """Stands for an offering token's field when reading a list of them (no move holds it alone)."""


def _slot_named(game, doc, verb, rules, legal, cls) -> int:
    if "card" not in doc:
        raise BadInput(M("in.needs_field", verb=verb, key="card"), "card")
    raw = doc["card"]
    if not isinstance(raw, str) or not raw.strip():
        raise BadInput(M("in.expected_name.card", value=shown(raw)), "card")
    pyr = game.base.pyramid
    cards = pyr.cards if pyr is not None else ()
    ident = raw if raw in cards else _value_of(game, rules, None, "card", raw, ())
    if ident not in cards or pyr.is_taken(cards.index(ident)):
        raise IllegalAction(M("duel.not_in_structure", card=Name(ident, Game.DUEL)))
    return cards.index(ident)


# -- playing a posted move ------------------------------------------------------------------------

def play(game, doc, names, rules: BoxRules):
    """Apply a posted action: (new game, paid). IllegalAction leaves `game` as it was."""
    who, action, legal = from_json(game, doc, names, rules)
    base_table.check_mover(game.to_move(), who, names)
    paid = cost_of(game, action) if who is not None else {"total": 0}
    try:
        after = rules.apply(game, action)
    except IllegalAction as refused:
        raise IllegalAction(by_name(refused.msg, names)) from None
    if action not in legal:              # played by the rules but not offered now: never taken as legal
        raise IllegalAction(M("boxt.not_now"))
    return after, paid


def by_name(msg, names):
    """The rules say "player 1"; at a table the player has a name."""
    key = getattr(msg, "key", "")
    if isinstance(msg, Msg) and "n" in msg.params and ".first." in key and not key.startswith("duel."):
        return M("boxt.first", name=names[msg.params["n"] - 1])
    return base_table._by_name(msg, names)


def cost_of(game, action) -> dict:
    """What a move costs its player before it is played: the boxes' prices where they change the Duel's."""
    mover = game.to_move()
    if mover in (None, CHANCE):
        return {"total": 0}
    base = game.base
    name = type(action).__name__
    if name == "Invoke":
        return {"total": _invocation_cost(game, mover, action)}
    if name == "Build":
        card = base.pyramid.cards[action.slot]
        if hasattr(game, "agora"):
            from .agora.rules import _is_senator, _recruit_cost
            if _is_senator(card):
                return {"total": _recruit_cost(game.as_agora() if hasattr(game, "as_agora") else game, mover)}
        if hasattr(game, "pantheon"):
            from .pantheon.rules import _free_temple
            if _free_temple(game.as_pantheon() if hasattr(game, "as_pantheon") else game, mover, card):
                return {"total": 0, "free_by_token": True}
    if name in ("Build", "BuildWonder") and hasattr(game, "agora"):
        from .agora.pricing import priced
        from .agora.rules import price_decrees
        from .facts import tables
        agora_game = game.as_agora() if hasattr(game, "as_agora") else game
        decrees = price_decrees(agora_game, mover)
        if decrees:
            t = tables()
            target = (t.cards[base.pyramid.cards[action.slot]] if name == "Build" else t.wonders[action.wonder])
            p = priced(base.cities[mover], base.cities[1 - mover], target, decrees)
            return {"total": p.total, "bank": p.bank, "opponent_gains": p.opponent_gains,
                    "free_by_chain": p.free_by_chain}
    if name in ("Build", "BuildWonder"):
        from .facts import tables
        t = tables()
        card = base.pyramid.cards[action.slot]
        if name == "Build" and card not in t.cards:
            return {"total": 0}
        target = t.cards[card] if name == "Build" else t.wonders[action.wonder]
        p = price(base.cities[mover], base.cities[1 - mover], target)
        return {"total": p.total, "bank": p.bank, "opponent_gains": p.opponent_gains, "free_by_chain": p.free_by_chain}
    if name == "Discard":         # the Duel's coins, and a decree's more (Agora): as the move gives them
        rules = rules_of(game)
        after = rules.apply(game, action) if rules is not None else None
        gained = (after.base.cities[mover].coins - base.cities[mover].coins) if after is not None else None
        return {"total": 0, "gained": gained if gained is not None and gained >= 0 else DISCARD_BASE}
    return {"total": 0}


def _invocation_cost(game, player: int, action) -> int:
    from .pantheon.costs import invocation_cost
    pantheon_game = game.as_pantheon() if hasattr(game, "as_pantheon") else game
    spaces = pantheon_game.pantheon.spaces
    if action.divinity not in spaces:
        return 0
    return invocation_cost(pantheon_game, spaces.index(action.divinity), player, action.spent)


# -- the moves offered ------------------------------------------------------------------------

def to_doc(game, action, names, rules: BoxRules) -> dict:
    """The contract's JSON for a move: what a page posts for it."""
    cls = type(action)
    doc: dict = {"action": _verbs(rules)[1][cls]}
    pyr = game.base.pyramid
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if cls is A.ChooseStarter:
            doc["starts"] = names[value]
        elif f.name == "slot" and _on_card(cls):
            doc["slot"] = value
            card = pyr.cards[value] if pyr is not None and value < len(pyr.cards) else None
            if card and pyr.is_face_up(value):
                doc["card"] = card
        elif f.name == "offerings":
            doc["offerings"] = list(action.spent)
        else:
            doc[f.name] = value
    if cls not in rules.chance:
        doc["player"] = names[game.to_move()]
    return doc


def legal_moves(game, names, seat, rules: BoxRules) -> list[LegalMove]:
    mover = game.to_move()
    if seat is None or mover is None:
        return []
    if not (seat == EVERY_SEAT or mover == CHANCE or names[mover] == seat):
        return []
    owner = _secret_owner(game)
    if mover == CHANCE and owner is not None and seat not in (EVERY_SEAT, names[owner]):
        return []                        # a secret draw: entered on its owner's phone only
    out = []
    for action in rules.legal_actions(game):
        doc = to_doc(game, action, names, rules)
        label = move_label(game, doc)
        if isinstance(action, A.Reveal):
            out.append(LegalMove(doc, {"total": 0}, action.slot, reveal=True))
        elif _on_card(type(action)) and "card" in doc and not type(action).__name__.startswith("Discard"):
            out.append(LegalMove(doc, cost_of(game, action), action.slot, label=label))
        elif type(action) in (A.Build, A.Discard, A.BuildWonder):
            out.append(LegalMove(doc, cost_of(game, action), action.slot, label=label))
        else:
            out.append(LegalMove(doc, cost_of(game, action), label=label))
    return out


def _secret_owner(game) -> int | None:
    """Who a chance event now waiting is drawn for when the other player must not see it (a conspiracy;
    in Age I a divinity laid face down): the player of the choice that follows it in the box's queue."""
    pending = _box_pending(game)
    if pending is None or pending.wait not in ("draw_conspiracy", "draw_divinity"):
        return None
    if pending.wait == "draw_divinity" and not _age_one(game):
        return None
    box = game.agora if pending.wait == "draw_conspiracy" else game.pantheon
    return next((x.player for x in box.pending if x.player != CHANCE), None)


# -- in words ---------------------------------------------------------------------------------

def _named(ident) -> Name | str:
    return Name(_piece(ident), Game.DUEL) if isinstance(ident, str) and ident else (ident or "")


def _piece(ident: str) -> str:
    """The catalog's id of a thing: Agora's senator cards are copies of four pieces ("conspirator-3")."""
    from .agora.facts import facts as agora_facts
    from .agora.facts import piece_of
    return piece_of(ident) if ident in agora_facts().senators else ident


def _mythology_name(mythology: str) -> Msg | str:
    """A mythology by its token, in the reader's words."""
    from .pantheon.facts import facts as pantheon_facts
    return M(f"boxt.myth.{mythology}") if mythology in pantheon_facts().token_of else mythology


def piece_words(ident) -> Msg | None:
    """A Pantheon token in the reader's words (the catalog prints its name in English only); None for
    anything the catalog names."""
    from .pantheon.facts import facts as pantheon_facts
    f = pantheon_facts()
    if ident in f.offerings:
        return M("boxt.offering", n=f.offerings[ident])
    mythology = next((m for m, token in f.token_of.items() if token == ident), None)
    return _mythology_name(mythology) if mythology else None


def words_for(ident) -> Msg | str | None:
    """How the board names a thing of the boxes: a Pantheon token in the reader's words, a senator card
    by the piece it copies (an id), None when the catalog names it as it is."""
    if not isinstance(ident, str):
        return None
    worded = piece_words(ident)
    if worded is not None:
        return worded
    piece = _piece(ident)
    return piece if piece != ident else None


# A box move's words: each field of its JSON as its phrase names it (box_table_messages.py).
_SLOT = ("slot",)
BOX_WORDS = {
    "lay-mythology": ("slot", "mythology"), "lay-offering": ("slot", "token"), "draw-divinity": ("divinity",),
    "turn-discarded": ("card",), "place": ("divinity", "space"), INVOKE_VERB: ("divinity", "offerings"),
    "discard-slot": _SLOT, "take-card": ("card",), "take-wonder": ("wonder",), "unbuild": ("wonder",),
    "snake": ("card",), "lay-on-enki": ("token",), "enki": ("token",), "drop-loot": ("side", "at"),
    "apply-loot": ("side", "at"), "gate": ("divinity",), "isis": ("card", "wonder"), "minerva": ("space",),
    "deck": ("mythology",),
    "lay-decree": ("chamber", "decree"), "senate-place": ("chamber",), "senate-move": ("origin", "to"),
    "senate-remove": ("chamber",), "skip": (), "conspire": (), "draw-conspiracy": ("conspiracy",),
    "keep-conspiracy": ("conspiracy",), "prepare": ("card", "conspiracy"), "trigger": ("conspiracy",),
    "extort": ("wonder",), "sabotage": ("wonder",), "foreclose": ("card",), "spy": ("token",),
    "discard-available": _SLOT, "coerce": ("theirs", "mine"), "lock": ("token",), "fraud": _SLOT,
    "treason": ("card",), "move-decree": ("decree", "to"),
}
_PLAIN_NUMBERS = ("chamber", "origin", "to")


def _param(verb: str, key: str, value, names) -> tuple[str, object]:
    """(the placeholder, its value) for one field of a posted box move."""
    if key == "slot":
        return "n", value + 1 if isinstance(value, int) else value
    if key == "space":                  # the Pantheon's spaces counted from 1; Minerva's a track position
        return ("position", value) if verb == "minerva" else ("space", value + 1 if isinstance(value, int) else value)
    if key == "at":
        return "position", value
    if key == "side":
        ok = names and isinstance(value, int) and 0 <= value < len(names)
        return "name", names[value] if ok else value
    if key == "mythology":
        return key, _mythology_name(value) if isinstance(value, str) else value
    if key in _PLAIN_NUMBERS:
        return key, value
    return key, piece_words(value) or _named(value)


def phrase(game, entry: dict, names=None, secret: bool = False) -> Msg | None:
    """A box move in words ("Invoke Zeus", "Place a cube in chamber 3"); None for the Duel's own moves.
    `secret`: what it keeps hidden left out (a conspiracy, a divinity laid face down in Age I)."""
    verb = entry.get("action")
    if verb == "invoke":
        verb = INVOKE_VERB
    if verb not in BOX_WORDS:
        return None
    params: dict = {}
    for key in BOX_WORDS[verb]:
        if key == "offerings":
            spent = entry.get("offerings") or []
            if isinstance(spent, list) and spent:
                params["tokens"] = Listed(tuple(piece_words(t) or _named(t) for t in spent))
            continue
        name, value = _param(verb, key, entry.get(key), names)
        params[name] = value
    if verb == "prepare" and not entry.get("card"):
        params["card"] = M("boxt.a_card")
    hide = secret and (verb in SECRET_VERBS or (verb in ("draw-divinity", "place") and _age_one(game)))
    if hide:
        return M(f"boxt.hidden.{verb}", **{k: v for k, v in params.items() if k in ("card", "space")})
    if verb == INVOKE_VERB and "tokens" in params:
        return M("boxt.divinity.spending", **params)
    return M(f"boxt.{verb}", **params)


def public_entry(game, entry: dict) -> dict:
    """A logged action as every phone may read it: a conspiracy drawn, kept or prepared without its
    name, and in Age I a divinity drawn or laid face down without its name (the log keeps them all)."""
    verb = entry.get("action")
    if verb in SECRET_VERBS:
        return {k: v for k, v in entry.items() if k != "conspiracy"}
    if verb in ("draw-divinity", "place") and _age_one(game):
        return {k: v for k, v in entry.items() if k != "divinity"}
    return entry


def _age_one(game) -> bool:
    return game is None or (game.base.age or 1) == 1


def move_label(game, doc: dict) -> Msg | None:
    """A listed move's button, in words (None: the web's words for the Duel's own moves)."""
    return phrase(game, doc)


def describe(game, play: Play, entry: dict, names, hidden: bool = False):
    """A logged action in words; what a box move keeps secret is never said."""
    from ..tracked import describe as duel_describe
    said = phrase(game, entry, names, secret=True)
    if said is None or hidden:       # a senator card by the piece it copies ("conspirator-3")
        pieces = {k: _piece(v) for k, v in entry.items() if k in ("card", "wonder", "token") and isinstance(v, str)}
        return duel_describe(play, {**entry, **pieces}, hidden)
    who = entry.get("player")
    if not who:
        return M("boxt.entered", what=said)
    return _done_by(who, said)


def _done_by(who: str, said: Msg) -> Msg:
    """A player's move as the log says it, in the past tense ("Ana placed a cube in chamber 3."), not
    the button's words after the name; a phrase with no past-tense line keeps "Ana: ..."."""
    key = "boxt.did." + said.key.removeprefix("boxt.")
    if key not in TEXTS:
        return M("boxt.line", name=who, what=said)
    params = dict(said.params)
    if "name" in params:                # a loot's side, beside the mover
        params["other"] = params.pop("name")
    return M(key, name=who, **params)


# -- the state a phone sees ---------------------------------------------------------------------

def to_json(game, names, rules: BoxRules) -> dict:
    """The Duel's public state with the boxes': the Pantheon, the Senate, what each player holds."""
    state = base_table.to_json(game.base, names)
    mover = game.to_move()
    state["expansions"] = list(rules.expansions)
    state["to_move"] = None if mover is None else ("chance" if mover == CHANCE else names[mover])
    pending = _box_pending(game)
    if pending is not None:
        state["waiting_for"] = pending.wait
    res = rules.result(game)
    state["score"] = {
        "players": [{"name": names[p], "scores": res.scores[p], "total": res.totals[p]} for p in (0, 1)],
        "victory": res.victory if game.base.over else None,
        "winners": [names[p] for p in res.winners] if game.base.over else [],
    }
    if hasattr(game, "pantheon"):
        _pantheon_json(game, state, names)
    if hasattr(game, "agora"):
        _senate_json(game, state, names)
    return state


def _box_pending(game):
    for part in ("agora", "pantheon"):
        box = getattr(game, part, None)
        if box is not None and box.pending:
            return box.pending[0]
    return None


def _pantheon_json(game, state: dict, names) -> None:
    from .pantheon.costs import space_cost
    from .pantheon.facts import facts as pantheon_facts
    f = pantheon_facts()
    p = game.pantheon
    pg = game.as_pantheon() if hasattr(game, "as_pantheon") else game
    hidden = _age_one(game)
    spaces = []
    for i, divinity in enumerate(p.spaces):
        mythology = f.divinities[divinity].mythology if divinity else None
        spaces.append({"space": i + 1, "mythology": mythology, "mythology_token": f.token_of.get(mythology or ""),
                       "divinity": None if divinity is None or hidden else divinity,
                       "face_up": divinity is not None and not hidden,
                       "costs": {names[q]: space_cost(pg, i, q) for q in (0, 1)}})
    state["pantheon"] = {"spaces": spaces, "invoke_now": game.base.age in f.invoke_ages}
    for q in (0, 1):
        city = state["players"][q]
        city["divinities"] = list(p.invoked[q])
        city["mythology_tokens"] = [f.token_of[m] for m in p.mythologies[q]]
        city["offering_tokens"] = list(p.offerings[q])
        if p.sheltered[q]:
            city["sheltered_coins"] = p.sheltered[q]


def _senate_json(game, state: dict, names) -> None:
    from .agora.senate import facts as senate_facts
    sf = senate_facts()
    a = game.agora
    chambers = []
    for c in range(1, sf.chambers + 1):
        owner = a.senate.controller(c)
        chambers.append({"chamber": c, "points": sf.points[c - 1],
                         "cubes": {names[q]: a.senate.in_chamber(c, q) for q in (0, 1)},
                         "controlled_by": None if owner is None else names[owner],
                         "decrees": list(a.decrees[c - 1]), "decree_face_down": c in a.unrevealed})
    state["senate"] = {"chambers": chambers}
    for q in (0, 1):
        city = state["players"][q]
        city["senators"] = list(a.recruited[q])
        city["cubes_left"] = a.senate.reserve(q)
        # What each holds stays secret: how many, never which (a triggered one is shown).
        city["conspiracies"] = {"held": len(a.held[q]), "prepared": len(a.prepared[q]),
                                "triggered": list(a.triggered[q])}


# -- the table -------------------------------------------------------------------------------------

def new_game(doc: dict, expansions) -> tuple[object, tuple[str, str]]:
    """A boxed Duel from the POST /api/v1/games body (its players as the Duel's)."""
    try:
        play = play_for(Game.DUEL).with_boxes(expansions)
    except BoxRefused as refused:
        at = "expansions"
        if isinstance(expansions, list) and refused.box in expansions:
            seen = [i for i, n in enumerate(expansions) if n == refused.box]
            at = f"expansions[{seen[-1] if refused.reason == 'twice' else seen[0]}]"
        raise BadInput(M(f"in.box.{refused.reason}", box=refused.box, other=refused.other), at) from None
    rules = box_rules().get(play.expansions)
    if rules is None:
        raise BadInput(M("in.box.not_tracked"), "expansions")
    base, names = base_table.new_game(doc)
    return rules.new_game(base.first, first_game=bool(doc.get("first_game"))), names


class BoxedDuelTable:
    """The Duel's table for a game with boxes: every move listed, the boxes' board shown."""

    def __init__(self, rules: BoxRules):
        self.rules = rules

    def play_of(self, state) -> Play:
        return play_for(Game.DUEL).with_boxes(list(self.rules.expansions))

    def apply(self, state, doc, names):
        return play(state, doc, names, self.rules)

    def quote(self, state, doc, names) -> dict:
        try:
            _after, paid = play(state, doc, names, self.rules)
        except IllegalAction as refused:
            return {"legal": False, "reason": refused.reason, "message": refused.msg, "paid": None, "options": []}
        return {"legal": True, "reason": None, "paid": paid, "options": []}

    def legal_moves(self, state, names, seat) -> list[LegalMove]:
        return legal_moves(state, names, seat, self.rules)

    def picks(self, state, names, seat) -> list[Pick]:
        return []

    def to_json(self, state, names) -> dict:
        return to_json(state, names, self.rules)

    def hidden_choices(self, state) -> int:
        return 0

    def final_cities(self, state, names) -> list[dict]:
        """The cities for the boxes' score sheet: the Duel's, with the divinities and the chambers held."""
        cities = [{"cards": list(c.cards), "wonders": list(c.wonders), "progress": list(c.progress),
                   "coins": c.coins} for c in state.base.cities]
        cities[0]["conflict"] = state.base.conflict
        rows = self.rules.result(state).scores
        for q, city in enumerate(cities):     # as `score` takes them (contract "expansions")
            gods = _divinities(state.pantheon.invoked[q]) if hasattr(state, "pantheon") else ()
            if hasattr(state, "pantheon") and _counted_alike(gods, rows[q]["divinities"]):
                city["divinities"] = list(gods)
            if hasattr(state, "pantheon"):        # Mysticism scores the Pantheon tokens still held
                city["mythology_tokens"] = len(state.pantheon.mythologies[q])
                city["offering_tokens"] = len(state.pantheon.offerings[q])
            if hasattr(state, "agora"):
                senate = state.agora.senate
                city["senate"] = [c for c in range(1, len(senate.cubes) + 1) if senate.controller(c) == q]
        return cities

    def words_for(self, ident) -> Msg | str | None:
        """A thing of the boxes the app names itself in the reader's language (Pantheon's tokens), or by
        the piece it copies (a senator card)."""
        return words_for(ident)

    def public_entry(self, state, entry: dict) -> dict:
        return public_entry(state, entry)

    def describe(self, state, entry: dict, hidden: bool = False, names: tuple[str, ...] = ()):
        return describe(state, self.play_of(state), entry, tuple(names) or None, hidden)

    def waiting(self, state, names) -> Msg | None:
        """The entry the table waits for from a box (a divinity to place, a decree to lay), in the words
        the rules refuse another move with: the state's `waiting_for` value alone said "a choice to make"."""
        return waiting(state, names)


def waiting(game, names) -> Msg | None:
    """A box's first follow-up as a sentence ("Bruno places a divinity in the Pantheon first.": the rules'
    `pantheon.first.*` by the player's name, `boxt.pantheon.first.*`; "Player 2 ..." for a seat with no
    name), None when none waits or the wait has no words."""
    for part in ("agora", "pantheon"):
        box = getattr(game, part, None)
        if box is not None and box.pending:
            head = box.pending[0]
            key = f"{part}.first.{head.wait}"
            if key not in TEXTS:
                return None
            where = {"slot": getattr(head, "slot", None), "chamber": getattr(head, "chamber", None)}
            if head.player == CHANCE:                   # an entry ("Enter the decree laid ..."): nobody named
                return M(key, **where)
            name = names[head.player] if names and head.player < len(names) else ""
            if name.strip() and f"boxt.{key}" in TEXTS:
                return M(f"boxt.{key}", name=name)
            return M(key, n=head.player + 1, **where)
    return None


def _divinities(invoked: tuple[str, ...]) -> tuple[str, ...]:
    """The divinities a city invoked as `score` names them: the Gate (no mythology, no points) left out."""
    from .pantheon.facts import facts as pantheon_facts
    gods = pantheon_facts().divinities
    return tuple(d for d in invoked if gods[d].mythology is not None)


def _counted_alike(invoked: tuple[str, ...], points: int) -> bool:
    """Whether `score` counts these divinities as the game did: it takes Astarte's 7 coins as all kept,
    so a city whose Astarte coins were spent leaves the row to be typed rather than a wrong number."""
    from .pantheon.facts import facts as pantheon_facts
    from .pantheon.powers import points as printed
    gods = pantheon_facts().divinities
    return sum(printed(gods[d]) for d in invoked) == points


@cache
def table_for(expansions: tuple[str, ...]) -> BoxedDuelTable:
    return BoxedDuelTable(box_rules()[expansions])


def table_of(state) -> BoxedDuelTable | None:
    rules = rules_of(state)
    return table_for(rules.expansions) if rules is not None else None


