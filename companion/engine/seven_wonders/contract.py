"""`score`, `trade` and `simulate` for 7 Wonders, exactly as ../shared/docs/contract.md says.

Fields beyond the contract (allowed: extend, never rename) are noted where added.
"""
from __future__ import annotations

from ...catalog.model import Game

from ..errors import BadInput
from ..messages import M, Name, kind_of, shown
from ..resources import as_dict
from .city import City
from . import box_prices, boxes
from .parse import boxes_of, distinct_wonders, edition_of, find_card, is_int, parse_city, parse_players
from .pricing import CHAIN, Price, price_card, price_stage, why_not
from .scoring import ranks, score_cities
from .simulate import simulate as _simulate


def score(doc: dict) -> dict:
    return score_of(parse_players(doc, edition_of(doc)))


def score_of(cities: list[City]) -> dict:
    """The `score` answer for cities already checked (a tracked game's cities)."""
    scores = score_cities(cities)
    players = [(c, s) for c, s in zip(cities, scores) if not c.free_city]
    # The Free City scores but never wins: its points are nobody's (seed 004, 2 players).
    rank_of = dict(zip((id(c) for c, _ in players), ranks([(s.total, c.coins) for c, s in players])))
    out = []
    for city, s in zip(cities, scores):
        entry = {"name": city.name, "scores": s.scores, "total": s.total,
                 "rank": rank_of.get(id(city)), "science": s.science.as_json()}
        if "copy_guild" in city.powers:          # added: which neighbour's guild Olympia B copies
            entry["copied_guild"] = city.tables.cards[s.copied_guild].name if s.copied_guild else None
        if city.free_city:                       # added: the Free City's column, unranked
            entry["free_city"] = True
        if s.copied_leader:                      # added: the neighbour's leader the Courtesans Guild copies
            entry["copied_leader"] = boxes.leaders(city.edition)[s.copied_leader].name
        uncounted = city.boxes and any(stage.gains.uncounted for stage in city.built_stages)
        if uncounted or s.typed:
            # added: rows the city cannot tell (a box board's stage scoring what a city does not record,
            # Stonehenge B's stage with no colour named, Abu Simbel's with no buried leader named, a
            # neighbour's stage Manneken Pis copies that the neighbour has not built; the Diplomats Guild
            # beside a neighbour's buried leader): typed on the sheet
            entry["typed"] = sorted(set(s.typed) | ({"wonder"} if uncounted else set()))
        out.append(entry)
    winners = [e["name"] for e in out if e["rank"] == 1]
    return {"players": out, "winners": winners}


def _cost(price: Price, split: tuple[int, int]) -> dict:
    left, right = split
    return {"total": price.bank + left + right, "bank": price.bank, "left": left, "right": right}


def _answer(legal: bool, price: Price | None, reason: str | None, free_by: str | None = None) -> dict:
    out = {"legal": legal, "free_by_chain": free_by == CHAIN,
           "cost": _cost(price, price.splits()[0]) if price is not None and price.possible else None,
           "reason": reason}
    # Added: every cheapest split (the player chooses whom to pay), what each neighbour
    # sells in the first one, and why a card is free when it is.
    out["options"] = [_cost(price, s) for s in price.splits()] if price is not None and price.possible else []
    if price is not None and price.possible:
        first = price.quote.purchases[0]
        out["buy"] = {"left": {r.value: n for r, n in as_dict(first.from_left).items()},
                      "right": {r.value: n for r, n in as_dict(first.from_right).items()}}
    out["free_by"] = free_by
    return out


def trade(doc: dict) -> dict:
    edition = edition_of(doc)
    boxes = boxes_of(doc, edition)        # added: the expansions in play, whose discounts change prices
    cities = [parse_city(doc.get(key), key, edition, i, coins_default=None, boxes=boxes)
              for i, key in enumerate(("player", "left", "right"))]
    distinct_wonders(cities, ["player", "left", "right"])
    me, left, right = cities
    raw_player = doc["player"]
    check_coins = "coins" in raw_player
    build = doc.get("build")
    if not isinstance(build, dict) or len(build.keys() & {"card", "stage"}) != 1:
        raise BadInput(M("in.build_stage"), "build")
    # Added: the turn of the age (1 to 6), for the 2nd edition's Olympia night (first and last card free).
    turn = doc.get("turn")
    if turn is not None and (not is_int(turn) or not 1 <= turn <= 6):
        raise BadInput(M("in.turn", value=shown(turn)), "turn")
    if "card" in build:
        info = find_card(build["card"], edition, "build.card", boxes)
        if info.name in me.names:
            return _answer(False, None, M("swc.already_built", card=Name(info.id, Game.SEVEN_WONDERS, edition)))
        price = box_prices.with_boxes(me, left, right, price_card(me, left, right, info, turn),
                                      box_prices.applies_to(info))
        what = Name(info.id, Game.SEVEN_WONDERS, edition)
    else:
        n = build["stage"]
        stages = len(me.board.stages)
        if not is_int(n) or not 1 <= n <= stages:
            raise BadInput(M("in.stage_range", wonder=Name(me.wonder, Game.SEVEN_WONDERS, edition), side=me.board.side,
                             num=stages, stage=n if is_int(n) else kind_of(n)), "build.stage")
        any_order = me.tables.wonder(me.wonder).stages_any_order      # a box's board: the Great Wall
        built = me.built if me.built else tuple(range(1, me.stages + 1))
        if n in built:
            return _answer(False, None, M("swc.stage_built", n=n))
        if n > me.stages + 1 and not any_order:
            return _answer(False, None, M("swc.stage_order", n=n, first=me.stages + 1))
        price = box_prices.with_boxes(me, left, right, price_stage(me, left, right, n if any_order else None),
                                      box_prices.WONDER)
        what = M("swc.stage", n=n)
    if price.free:
        return _answer(True, price, None, price.free)
    reason = why_not(me if check_coins else me.but(coins=price.total or 0), left, right, price, what)
    if reason:
        return _answer(False, price, reason)
    return _answer(True, price, None)


def simulate(*, games: int, seed: int, players: int | None = None, edition: int | None = None) -> dict:
    return _simulate(games=games, seed=seed, players=players, edition=edition)

