"""The JSON contract of ../shared/docs/contract.md, dispatched by game.

`score`, `trade` and `simulate` take the parsed JSON document and answer the
JSON document of the contract; bad input raises BadInput with a JSON path.
Each game implements them in its own `contract` module.
"""
from __future__ import annotations

from types import ModuleType

from ..catalog.model import Game
from .errors import BadInput, unknown_game
from .families import rules
from .messages import M, Msg, Words, render


GAMES = tuple(sorted(g.contract_name for g in Game))     # the names the contract accepts


def game_module(game) -> ModuleType:
    """The contract module of the game the document names (a play's contract_game); BadInput for any other."""
    found = Game.from_contract(game)
    if found is None:
        raise unknown_game(game)
    return rules(found, "contract")


def _document(doc) -> dict:
    if not isinstance(doc, dict):
        raise BadInput(M("in.input_object"), "(top)")
    return doc


def score(doc) -> dict:
    doc = _document(doc)
    return game_module(doc.get("game")).score(doc)


def trade(doc, words: Words | None = None) -> dict:
    """The trade answer; `reason` rendered by `words` (English by default).

    Added: `reason_key` and `reason_params`, the reason as data (null when legal).
    """
    doc = _document(doc)
    answer = game_module(doc.get("game")).trade(doc)
    reason = answer.get("reason")
    answer["reason"] = render(reason, words)
    data = reason.to_json() if isinstance(reason, Msg) else None
    answer["reason_key"] = data["key"] if data else None
    answer["reason_params"] = data["params"] if data else None
    return answer


def simulate(game: str, *, games: int, seed: int, players: int | None = None,
             edition: int | None = None, expansions: tuple[str, ...] = ()) -> dict:
    """Random games; with `expansions`, the game's module plays those boxes (simulate_boxes)."""
    module = game_module(game)
    if expansions:
        boxes = getattr(module, "simulate_boxes", None)
        if boxes is None:
            raise BadInput(f"{game} is not simulated with expansions yet", "expansions")
        return boxes(tuple(expansions), games=games, seed=seed)
    return module.simulate(games=games, seed=seed, players=players, edition=edition)
