"""A Duel with Agora: the Duel's own state and, beside it, the Senate, the decrees, the
senators recruited and the conspiracies.

Agora's follow-ups wait in their own queue, ahead of the Duel's, as Pantheon's do.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..state import CHANCE, GameState, box_to_move
from .senate import Senate


class AWait:
    """What an Agora follow-up waits for."""
    LAY_DECREE = "lay_decree"          # chance: a decree laid in `chamber` (set-up, or its first cube)
    SENATE = "senate"                  # a politician's Senate actions: `left` of them, in `section`
    CONSPIRATOR = "conspirator"        # a conspirator: a cube anywhere, or conspire
    DRAW = "draw_conspiracy"           # chance: a conspiracy drawn
    KEEP = "keep_conspiracy"           # keep one of the conspiracies drawn (`options`)
    PLACE = "place"                    # a cube placed anywhere (a small military token, a conspiracy)
    REMOVE = "remove"                  # an opponent's cube removed
    MOVE = "move"                      # a cube of one's own moved, or skipped
    EXTORT = "extort"                  # Extortion: an opponent's wonder not built yet
    SABOTAGE = "sabotage"              # Sabotage: an opponent's built wonder
    FORECLOSE = "foreclose"            # Foreclosure: an opponent's card of `options` (colours)
    SPY = "spy"                        # Espionage: a progress token left out
    DISCARD = "discard_available"      # Turn of Events: an accessible card discarded (`left` of them)
    COERCE = "coerce"                  # Coercion: an opponent's card of `options` swapped for one of yours
    LOCK = "lock"                      # Obscurantism: a progress token locked
    FRAUD = "fraud"                    # Property Fraud: a card of the structure's last row built free
    TREASON = "treason"                # Treason: a card set aside at set-up built free
    MOVE_DECREE = "move_decree"        # Insider Influence: a decree moved under another chamber's
    TRIGGER_ANY = "trigger_any"        # Curia Julia: a conspiracy held triggered, prepared or not
    REVEAL = "reveal"                  # chance: a card a follow-up uncovered, turned up before the next choice


@dataclass(frozen=True)
class APending:
    wait: str
    player: int                        # who decides, or CHANCE
    chamber: int | None = None         # LAY_DECREE: the chamber; REVEAL: the slot
    section: str | None = None         # SENATE: the politician's section
    left: int = 1                      # SENATE, DISCARD: how many are left
    options: tuple[str, ...] = ()      # KEEP: the conspiracies drawn; FORECLOSE: the colours
    optional: bool = False             # may be skipped (a cube's move, a second discard)


@dataclass(frozen=True)
class Agora:
    senate: Senate
    decrees: tuple[tuple[str, ...], ...]           # each chamber's decrees face up (Insider Influence stacks them)
    unrevealed: tuple[int, ...] = ()               # chambers whose face-down decree no cube has turned up yet
    decree_box: tuple[str, ...] = ()               # decrees not seen (the face-down ones among them)
    recruited: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())   # senators each player recruited
    conspiracy_deck: tuple[str, ...] = ()          # conspiracies not drawn yet
    held: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())        # conspiracies held, not prepared
    prepared: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())    # prepared, not triggered
    triggered: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())   # triggered
    under: tuple[str, ...] = ()                    # the structures' cards tucked under conspiracies
    from_box: tuple[str, ...] = ()                 # cards set aside at set-up, built by Treason
    locked: tuple[str, ...] = ()                   # progress tokens Obscurantism locked: no one uses them
    trigger_used: bool = False                     # the player to move triggered one this turn
    pending: tuple[APending, ...] = ()

    def holding(self, player: int, field: str, value: tuple) -> "Agora":
        pair = getattr(self, field)
        return replace(self, **{field: (value, pair[1]) if player == 0 else (pair[0], value)})


@dataclass(frozen=True)
class AgoraGame:
    base: GameState
    agora: Agora

    def to_move(self) -> int | None:
        return box_to_move(self.base, self.agora.pending)

    def but(self, base: GameState | None = None, **agora) -> "AgoraGame":
        return AgoraGame(base if base is not None else self.base,
                         replace(self.agora, **agora) if agora else self.agora)


__all__ = ["CHANCE", "AWait", "APending", "Agora", "AgoraGame"]
