"""What a score sheet accepts: a row's bounds in a real game, coins, a wonder board and its side.

The sheet page, the photo reader's preview and a history import all ask
these, so a number one accepts the others accept; a refusal is a message
(rendered in the reader's language by whoever shows it).
"""
from __future__ import annotations

from ..catalog import catalog
from ..catalog.model import PadRow
from ..catalog.plays import MAX_COINS, Play
from .messages import Category, M, Msg


def row_refused(row: PadRow, value: int) -> Msg | None:
    """Why `value` cannot be a row's points (outside what a real game allows, or not a multiple of what
    one thing the row counts is worth: 1 for Architects' cat pawn of 2 points), None when it can."""
    if row.min <= value <= row.max and value % row.step == 0:
        return None
    return row_values(row)


def row_values(row: PadRow) -> Msg:
    """What a row can hold, said: its bounds, and its step where it has one ("0 or 2" for two values)."""
    if row.step == 1:
        return M("sheet.row_bounds", row=Category(row.key), low=row.min, high=row.max)
    if row.max - row.min == row.step:
        return M("sheet.row_either", row=Category(row.key), low=row.min, high=row.max)
    return M("sheet.row_step", row=Category(row.key), step=row.step, low=row.min, high=row.max)


def coins_refused(coins: int) -> Msg | None:
    return None if 0 <= coins <= MAX_COINS else M("sheet.coins_bounds", high=MAX_COINS)


def tie_count_refused(play: Play | None, value: int) -> Msg | None:
    """Why a sheet's tie-break number cannot be: coins left, or stages built (the play's tie_count)."""
    if play is not None and play.tie_count == "stages":
        high = catalog().architects.facts.stages
        return None if 0 <= value <= high else M("sheet.stages_bounds", high=high)
    return coins_refused(value)


def board_refused(play: Play, board: str, side: str) -> Msg | None:
    """Why a wonder board and side cannot be told for this play (None: they can; blank means untold)."""
    if not play.has_boards or board and board not in {w.id for w in play.wonders()} \
            or side and side not in play.sides:
        return M("sheet.board")
    return None
