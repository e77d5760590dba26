"""Duel's side of the JSON contract (../shared/docs/contract.md): score, trade, simulate."""
from __future__ import annotations

from ...catalog.model import Game

from ..errors import BadInput
from ..messages import Coins, M, Msg, Name, shown
from ..resources import as_dict
from . import inputs, military, pricing, science, scoring
from .facts import tables


def _players(doc: dict) -> list:
    players = doc.get("players")
    if not isinstance(players, list):
        raise BadInput(M("in.duel_players_list"), "players")
    if len(players) != 2:
        raise BadInput(M("in.duel_players", num=len(players)), "players")
    return players


def _conflict(doc: dict) -> int:
    conflict = doc.get("conflict", 0)
    if not isinstance(conflict, int) or isinstance(conflict, bool):
        raise BadInput(M("in.conflict_number", value=shown(conflict)), "conflict")
    cap = military.capital()
    if abs(conflict) > cap:
        raise BadInput(M("in.conflict_range", cap=cap, value=conflict), "conflict")
    return conflict


def _symbols(city) -> list[str]:
    return sorted(s for s, n in city.symbols.items() for _ in range(n))


def score(doc: dict) -> dict:
    from .boxes_score import boxes_of, with_boxes
    boxes = boxes_of(doc)
    players = _players(doc)
    conflict = _conflict(doc)
    first, second = inputs.pair(players, ("players[0]", "players[1]"), boxes)
    cities = (first.city, second.city)
    holders = set()
    if abs(conflict) >= military.capital():
        holders.add(military.leader(conflict))
    holders |= {p for p, c in enumerate(cities) if science.supremacy(c.symbols)}
    if len(holders) > 1:
        raise BadInput(M("in.two_supremacies"),
                       "conflict" if abs(conflict) >= military.capital() else "players[1].cards")
    res = scoring.result(cities, conflict)
    if boxes:
        res = with_boxes(res, cities, players, ("players[0]", "players[1]"), boxes)
    names = (first.name, second.name)
    return {
        "players": [{"name": names[p], "scores": res.scores[p], "total": res.totals[p],
                     "science": {"symbols": _symbols(cities[p]),
                                 "different": science.different(cities[p].symbols)}}
                    for p in (0, 1)],
        "victory": res.victory,
        "winners": [names[p] for p in res.winners],
    }


def _build_target(doc: dict):
    build = doc.get("build")
    if not isinstance(build, dict) or len(build.keys() & {"card", "wonder"}) != 1:
        raise BadInput(M("in.build_wonder"), "build")
    kind = "card" if "card" in build else "wonder"
    ident = inputs.resolve(build[kind], kind, f"build.{kind}")
    t = tables()
    return kind, (t.cards if kind == "card" else t.wonders)[ident]


def _not_buildable(kind: str, target, player, opponent) -> Msg | None:
    """Why `player` cannot build `target` whatever the coins, or None."""
    name = Name(target.id, Game.DUEL)
    if kind == "card":
        if target.id in player.cards:
            return M("duelc.card_built", card=name)
        if target.id in opponent.cards:
            return M("duelc.card_opponent", card=name)
        return None
    if target.id in player.wonders:
        return M("duelc.wonder_built", wonder=name)
    if target.id in opponent.wonders:
        return M("duelc.wonder_opponent", wonder=name)
    if len(player.wonders) >= inputs.MAX_WONDERS_EACH:
        return M("duelc.wonders_each", num=inputs.MAX_WONDERS_EACH)
    if len(player.wonders) + len(opponent.wonders) >= inputs.MAX_WONDERS:
        return M("duelc.wonders_all", num=inputs.MAX_WONDERS)
    return None


def trade(doc: dict) -> dict:
    for key in ("player", "opponent"):
        if key not in doc:
            raise BadInput(M(f"in.missing.{key}"), key)
    first, second = inputs.pair([doc["player"], doc["opponent"]], ("player", "opponent"))
    kind, target = _build_target(doc)
    player, opponent = first.city, second.city
    reason = _not_buildable(kind, target, player, opponent)
    if reason:
        return {"legal": False, "free_by_chain": False, "cost": None, "opponent_gains": 0, "reason": reason}
    paid = pricing.price(player, opponent, target)
    legal = not first.coins_known or player.coins >= paid.total
    if not legal:
        reason = M("duelc.coins", what=Name(target.id, Game.DUEL), cost=Coins(paid.total), coins=Coins(player.coins))
    return {
        "legal": legal,
        "free_by_chain": paid.free_by_chain,
        "cost": {"total": paid.total, "bank": paid.bank, "card": paid.card_coins, "trade": paid.trade,
                 "bought": {r.value: n for r, n in as_dict(paid.bought).items()},
                 "waived": {r.value: n for r, n in as_dict(paid.waived).items()}},
        "opponent_gains": paid.opponent_gains,
        "reason": reason,
    }


def simulate(*, games: int, seed: int, players=None, edition=None) -> dict:
    """Random games through the rules; `players` and `edition` do not apply to Duel."""
    from .simulate import run
    return run(games=games, seed=seed)


SIMULATED_BOXES = {("pantheon",): "companion.engine.duel.pantheon.simulate",
                   ("agora",): "companion.engine.duel.agora.simulate",
                   ("agora", "pantheon"): "companion.engine.duel.pantheon_agora.simulate"}


def simulate_boxes(expansions: tuple[str, ...], *, games: int, seed: int) -> dict:
    """Random games with the boxes named; only the boxes whose rules are played here."""
    import importlib

    module = SIMULATED_BOXES.get(tuple(sorted(set(expansions))))
    if module is None:
        played = ", ".join("+".join(k) for k in SIMULATED_BOXES)
        raise BadInput(f"the Duel is simulated with {played} only, not {'+'.join(expansions)}", "expansions")
    return importlib.import_module(module).run(games=games, seed=seed)
