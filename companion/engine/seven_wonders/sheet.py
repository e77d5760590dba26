"""A 7 Wonders score sheet's cities as the contract's `score` document.

A player entered by numbers has no city: they sit at the table as an empty
city on a board nobody else uses, so their neighbours' guilds and Olympia
count what they can (nothing), and the sheet says those rows may be short.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...catalog import catalog
from ...catalog.plays import Play
from ..messages import M, Msg

SHORT_NOTE = "sheet.neighbours_short"
TYPED_ONLY: tuple[str, ...] = ()


def _pieces(play: Play, piece: str) -> list:
    return [t for box in play.expansions for t in catalog().box_list(play.game, play.edition, box)
            if t.piece == piece]


def typed_only(play: Play) -> tuple[str, ...]:
    """The rows a city of this play cannot tell, typed on the sheet rather than a silent 0 from the city:
    Cities' black row in an edition whose black cards are not in card_db (the 2nd), and Armada's
    islands in an edition whose islands are not (the 1st: only the 2nd edition's are listed)."""
    return TYPED_ONLY + (() if _pieces(play, "city") else ("cities",)) + \
        (() if _pieces(play, "island") else ("islands",))


def score_doc(play: Play, players: Sequence) -> dict:
    """The contract's score input for the whole table, players without a city as empty ones."""
    used = {p.city.get("wonder") for p in players if p.city}
    free = [w.id for w in play.wonders() if w.id not in used]
    return play.contract_doc(players=[_city(p, i, free, play) for i, p in enumerate(players)])


def _city(player, seat: int, free_boards: list[str], play: Play) -> dict:
    if player.city:
        return {"name": player.name, **player.city}
    return {"name": player.name, "wonder": free_boards[seat % len(free_boards)], "side": play.plain_side,
            "stages": 0, "cards": [], "coins": 0, "military": []}


def short_note() -> Msg:
    return M(SHORT_NOTE)
