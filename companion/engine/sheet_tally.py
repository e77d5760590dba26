"""A score sheet's tally: what each column shows, the totals, the ranks and how the game ended.

A column shows the numbers its player typed and, for rows not typed, the
engine's points from the cards they tapped on the city page. The sheet page,
history's filing and the photo reader's check all read the same tally; its
notes are messages (rendered in the reader's language by whoever shows them).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..catalog.plays import Play
from . import contract
from .errors import BadInput
from .families import rules
from .messages import M, Msg, Name
from .ranking import standings


class SheetPlayer(Protocol):
    name: str
    values: Mapping[str, int]     # the rows typed, by the pad's key
    coins: int | None             # coins left typed for the tie-break
    city: dict | None             # the city tapped on the city page, as the contract's city JSON


@dataclass
class CityScores:
    points: dict[int, dict[str, int]]      # seat -> category -> points, for players with a city
    notes: list[Msg] = field(default_factory=list)
    victory: str | None = None             # supremacy games: civilian, military or scientific
    supremacy_winner: int | None = None    # who won by a supremacy, whatever the points


@dataclass
class SheetTally:
    from_cities: CityScores
    shown: list[dict]        # what each column shows, by row (typed, else from the city)
    points: list[dict]       # the same with blanks as 0
    totals: list[int]
    ranks: list[int]
    coins: list[int | None]  # coins left for the tie-break: typed, else the city's
    victory: str | None      # civilian, military or scientific; None when not known


def score_doc(play: Play, players: Sequence[SheetPlayer]) -> dict:
    """The contract's `score` document for the whole table (players without a city as empty ones)."""
    return rules(play.game, "sheet").score_doc(play, players)


def score_cities(play: Play, players: Sequence[SheetPlayer]) -> CityScores:
    """The engine's points for every player who has a city on this sheet."""
    entered = [i for i, p in enumerate(players) if p.city]
    if not entered:
        return CityScores({})
    notes: list[Msg] = []
    if len(entered) < len(players):
        notes.append(rules(play.game, "sheet").short_note())
    try:
        answer = contract.score(score_doc(play, players))
    except BadInput as exc:
        why = M("in.where", at=exc.where, why=exc.msg) if exc.where else exc.msg
        return CityScores({}, [M("sheet.cannot_score", why=why)])
    # Rows a city cannot tell yet stay for the player to type, never a silent 0.
    typed_only = typed_rows(play)
    tells = getattr(rules(play.game, "sheet"), "city_tells", lambda city, row: False)
    points = {i: {k: v for k, v in answer["players"][i]["scores"].items()
                  if (k not in typed_only or tells(players[i].city, k))
                  and k not in answer["players"][i].get("typed", ())} for i in entered}
    for i in entered:                # a city whose own row it cannot tell (a box board's stage): said
        if "wonder" in answer["players"][i].get("typed", ()):
            notes.append(M("sheet.stage_typed", name=players[i].name, wonder=_wonder_name(play, players[i].city)))
    victory = answer.get("victory")
    winner = None
    if victory in play.supremacies:
        names = [p["name"] for p in answer["players"]]
        winner = names.index(answer["winners"][0])
    return CityScores(points, notes, victory, winner)


def typed_rows(play: Play) -> tuple[str, ...]:
    """The rows of this play's pad a city cannot tell yet (its rules' TYPED_ONLY): typed on the sheet."""
    sheet = rules(play.game, "sheet")
    typed_only = sheet.typed_only(play) if hasattr(sheet, "typed_only") else getattr(sheet, "TYPED_ONLY", ())
    return tuple(row.key for row in play.pad.rows if row.key in typed_only)


def city_refused(play: Play, players: Sequence[SheetPlayer], seat: int) -> BadInput | None:
    """The engine's word on one seat's city at this table: a card twice, unknown, too many stages..."""
    try:
        contract.score(score_doc(play, players))
    except BadInput as exc:
        if exc.where.startswith("players[") and not exc.where.startswith(f"players[{seat}]"):
            return None       # another player's city: not this seat's business
        return exc
    return None


def _wonder_name(play: Play, city: dict) -> Name:
    return Name(str(city.get("wonder", "")), play.game, play.edition)


def tally(play: Play, players: Sequence[SheetPlayer], told_victory: Mapping | None = None) -> SheetTally:
    """Points, totals and ranks: typed numbers, else the engine's from each city.

    `told_victory` ({"kind": "military", "player": 1}) is how the game ended as
    the sheet was told; it outranks what the cities suggest.
    """
    pad = play.pad
    from_cities = score_cities(play, players)
    shown = [_shown_points(player, from_cities.points.get(p, {}), pad) for p, player in enumerate(players)]
    points = [{row.key: s.get(row.key) or 0 for row in pad.rows} for s in shown]
    coins = [pl.coins if pl.coins is not None else (pl.city or {}).get(play.tie_count or "coins") for pl in players]
    result = standings(play.tie_break, points, coins)
    ranks = [s.rank for s in result]
    victory, winner = from_cities.victory, from_cities.supremacy_winner
    if told_victory:
        victory, winner = told_victory["kind"], told_victory["player"]
    elif victory is None and any(shown):
        victory = "civilian"
    if winner is not None:                           # a supremacy wins whatever the points
        ranks = [1 if p == winner else 2 for p in range(len(players))]
    return SheetTally(from_cities, shown, points, [s.total for s in result], ranks, coins, victory)


def tie_note(play: Play, totals: Sequence[int]) -> Msg | None:
    """How equal totals are broken, when two totals are equal."""
    if len(set(totals)) == len(totals):
        return None
    return M(f"sheet.tie.{play.tie_break}")


def _shown_points(player: SheetPlayer, computed: dict, pad) -> dict:
    return {row.key: player.values.get(row.key, computed.get(row.key))
            for row in pad.rows if row.key in player.values or row.key in computed}
