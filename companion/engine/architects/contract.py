"""7 Wonders Architects' side of the JSON contract: `score`.

A city: {"name": "Ana", "wonder": "giza", "stages": 3, "wonder_points": 12,
"blue": 2, "cat_cards": 1, "cat": true, "victories": 2,
"progress": ["decor", "culture"], "medals": 1}; every field but the name may
be left out (0, false, none). `wonder_points` are the points printed on the
stages built. A wonder whose stage points are in the data scores them from
the count, and wants `wonder_points` only when the count stops inside a level
whose stages differ (then it must be one the stages can show); a city without
a wonder, or with one whose points no two sources give, says them. The answer's `scores` has the pad's rows: wonder, blue,
cat, military, progress (and medals with the expansion); the winners follow
the tie rule (most stages, then shared). Trades and simulations are not
offered for this game: it is scored, not tracked.
"""
from __future__ import annotations

from ...catalog import catalog, fold
from ...catalog.architects import ArchitectsBox
from ...catalog.model import Game
from ...catalog.plays import MAX_NAME, BoxRefused, play_of_doc
from ..errors import BadInput, unknown_game
from ..messages import Listed, M, Name, kind_of, shown
from . import scoring

CITY_KEYS = {"name", "wonder", "stages", "wonder_points", "blue", "cat_cards", "cat", "victories", "progress",
             "medals"}
MAX_COUNT = 60         # cards or tokens of one kind in a city: far above a real game, a typing slip past it


def box() -> ArchitectsBox:
    return catalog().architects


def score(doc: dict) -> dict:
    try:
        played = play_of_doc(doc)
    except BoxRefused:
        raise BadInput(M("in.arch.boxes"), "expansions") from None
    except ValueError:
        raise unknown_game(doc.get("game")) from None
    players = doc.get("players")
    if not isinstance(players, list):
        raise BadInput(M("in.players_list", kind=kind_of(players)), "players")
    low, high = played.players
    if not low <= len(players) <= high:
        raise BadInput(M("in.arch.player_count", low=low, high=high, num=len(players)), "players")
    medals = "medals" in played.expansions
    cities = [_city(raw, f"players[{i}]", medals) for i, raw in enumerate(players)]
    _check_table(players, cities)
    facts = box().facts
    try:
        points = [scoring.scores(c, facts, medals) for c in cities]
    except scoring.NotConfirmed as exc:
        at = next(i for i, c in enumerate(cities) if exc.token in c.progress)
        raise BadInput(M("in.arch.set_unknown", num=exc.held, token=Name(exc.token.id, Game.ARCHITECTS)),
                       f"players[{at}].progress") from None
    totals = [sum(p.values()) for p in points]
    ranks = scoring.ranks(totals, [c.stages for c in cities])
    return {"players": [{"name": c.name, "scores": p, "total": t, "stages": c.stages, "rank": r}
                        for c, p, t, r in zip(cities, points, totals, ranks)],
            "winners": [c.name for c, r in zip(cities, ranks) if r == 1]}


def _city(raw, at: str, medals: bool) -> scoring.City:
    if not isinstance(raw, dict):
        raise BadInput(M("in.city_object", kind=kind_of(raw)), at)
    extra = sorted(set(raw) - CITY_KEYS)
    if extra:
        raise BadInput(M("in.arch.unknown_field", key=extra[0]), f"{at}.{extra[0]}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadInput(M("in.needs_name"), f"{at}.name")
    if len(name) > MAX_NAME:
        raise BadInput(M("in.name_length", num=MAX_NAME), f"{at}.name")
    facts = box().facts
    stages = _count(raw, "stages", facts.stages, at)
    wonder = raw.get("wonder")
    points = _count(raw, "wonder_points", MAX_COUNT, at)
    if wonder is not None:
        wonder = _wonder(wonder, f"{at}.wonder", medals)
        points = _stage_points(wonder, stages, points, at)
    if points and not stages:
        raise BadInput(M("in.arch.points_no_stage"), f"{at}.wonder_points")
    cat = raw.get("cat", False)
    if not isinstance(cat, bool):
        raise BadInput(M("in.arch.cat_bool", kind=kind_of(cat)), f"{at}.cat")
    if "medals" in raw and not medals:
        raise BadInput(M("in.arch.medals_box"), f"{at}.medals")
    return scoring.City(name=name.strip(), stages=stages, wonder_points=points,
                        blue=_count(raw, "blue", MAX_COUNT, at), cat_cards=_count(raw, "cat_cards", MAX_COUNT, at),
                        cat=cat, military=_count(raw, "victories", MAX_COUNT, at),
                        progress=_tokens(raw.get("progress", []), f"{at}.progress", medals),
                        medals=_count(raw, "medals", facts.medals_won_at_most, at) if medals else 0)


def _stage_points(wonder, stages: int, given: int, at: str) -> int:
    """The points the stages built show, from the data where it fixes them; a total the stages
    cannot show, or none where they could show several, is refused with the totals they can."""
    choices = scoring.stage_point_choices(wonder, stages)
    if not choices:
        return given
    if len(choices) == 1 and given in (0, *choices):
        return next(iter(choices))
    if given in choices:
        return given
    key = "in.arch.stage_points_which" if not given else "in.arch.stage_points_not"
    raise BadInput(M(key, num=stages, wonder=Name(wonder.id, Game.ARCHITECTS), value=given,
                     choices=Listed(tuple(str(c) for c in sorted(choices)), "or")), f"{at}.wonder_points")


def _count(raw: dict, key: str, high: int, at: str) -> int:
    value = raw.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise BadInput(M("in.arch.count", key=key, high=high, value=shown(value)), f"{at}.{key}")
    return value


def _boxes(medals: bool) -> tuple[str, ...]:
    return ("medals",) if medals else ()


def _wonder(text, at: str, medals: bool):
    if not isinstance(text, str):
        raise BadInput(M("in.wonder_string", kind=kind_of(text)), at)
    found = _find(text, box().wonders_of(_boxes(medals)))
    if found is None:
        raise BadInput(M("in.arch.unknown.wonder", value=shown(text)), at)
    return found


def _tokens(raw, at: str, medals: bool) -> tuple:
    if not isinstance(raw, list):
        raise BadInput(M("in.arch.progress_list", kind=kind_of(raw)), at)
    known = box().tokens_of(_boxes(medals))
    found = []
    for i, text in enumerate(raw):
        token = _find(text, known) if isinstance(text, str) else None
        if token is None:
            raise BadInput(M("in.arch.unknown.progress", value=shown(text)), f"{at}[{i}]")
        if found.count(token) >= token.copies:      # another box's copy of the same token (Medals' third Culture)
            token = next((t for t in known if t.name == token.name and found.count(t) < t.copies), token)
        found.append(token)
        if found.count(token) > token.copies:
            raise BadInput(M("in.arch.copies", num=token.copies, token=Name(token.id, Game.ARCHITECTS)), f"{at}[{i}]")
    return tuple(found)


def _find(text: str, entities):
    """An id or any printed name (case and accents ignored) among `entities`."""
    if not isinstance(text, str):
        return None
    found = _names().get(text) or _names().get(fold(text))
    return found if found in entities else None


def _names() -> dict:
    """Every Architects wonder and token by id and by folded printed name, built once per catalog."""
    cat = catalog()
    if _INDEX.get("catalog") is not cat:
        index = {}
        for entity in cat.architects.wonders + cat.architects.tokens:
            for _lang, name in entity.all_names():
                index.setdefault(fold(name), entity)
        for entity in cat.architects.wonders + cat.architects.tokens:
            index[entity.id] = entity
        _INDEX.update(catalog=cat, names=index)
    return _INDEX["names"]


_INDEX: dict = {}


def _check_table(raw_players: list, cities: list) -> None:
    """What no single city shows: a name, a wonder or the cat held twice."""
    names: dict[str, int] = {}
    wonders: dict[str, int] = {}
    cat_at = None
    for i, (raw, city) in enumerate(zip(raw_players, cities)):
        if city.name.casefold() in names:
            raise BadInput(M("in.same_name", name=city.name), f"players[{i}].name")
        names[city.name.casefold()] = i
        wonder = raw.get("wonder")
        if wonder is not None:
            ident = _find(wonder, box().wonders).id
            if ident in wonders:
                raise BadInput(M("in.wonder_taken", wonder=Name(ident, Game.ARCHITECTS),
                                 at=f"players[{wonders[ident]}]"), f"players[{i}].wonder")
            wonders[ident] = i
        if city.cat:
            if cat_at is not None:
                raise BadInput(M("in.arch.two_cats", at=f"players[{cat_at}]"), f"players[{i}].cat")
            cat_at = i


def trade(doc: dict) -> dict:
    """No trading in Architects: cards are taken, never bought."""
    raise BadInput(M("in.arch.not_offered", what="trade"), "game")


def simulate(*, games: int, seed: int, players: int | None = None, edition: int | None = None) -> dict:
    """Architects is scored, not tracked move by move: there is no turn machine to play at random."""
    raise BadInput(M("in.arch.not_offered", what="simulate"), "game")
