"""Agora's pieces as the rules use them, read once from the catalog (card_db/duel/agora.toml):
nothing here names a senator, a conspiracy or a decree."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ....catalog import Game, catalog
from .senate import BOX

# The effect kinds these rules play. A conspiracy or a decree with another kind is left
# out of the game's set-up and draws (said in the README's list of what is not played yet).
PLAYED_CONSPIRACY = frozenset({
    "take_opponent_wonder", "take_half_opponent_coins", "destroy_card", "shields", "place_influence",
    "remove_influence", "move_influence", "progress_from_all_unused", "discard_available", "coins_per",
    "opponent_loses_coins_per", "take_opponent_card", "destroy_wonder"})
PLAYED_DECREE = frozenset({"coins_when_built_by_anyone", "controlled_shield", "extra_blue_for_senate",
                           "discard_bonus_coins", "play_again_on_conspirator"})


@dataclass(frozen=True)
class Step:
    """One effect of a conspiracy or a decree, as far as the rules read it."""
    kind: str
    amount: int = 0
    colours: tuple[str, ...] = ()      # the colours it reaches (destroy_card, take_opponent_card)
    counts: tuple[str, ...] = ()       # what it counts (coins_when_built_by_anyone: colours or "wonders")


@dataclass(frozen=True)
class AgoraFacts:
    senators: dict[str, str | None]    # a senator card (one id a copy) -> its section; None: a conspirator
    per_age: tuple[int, ...]           # senators shuffled into each age's deck
    conspiracies: dict[str, tuple[Step, ...]]   # the conspiracies played
    decrees: dict[str, Step]           # the decrees played (one effect each)
    face_up_chambers: tuple[int, ...]  # chambers whose decree is laid face up
    decrees_used: int
    small_loot: int                    # the coins printed on the small military tokens (the large ones: more)
    left_out: tuple[str, ...] = ()     # conspiracies and decrees whose effects are not played yet


def _step(e) -> Step:
    colours = tuple(c.value for c in e.colours) or ((e.colour.value,) if e.colour else ())
    return Step(e.kind, e.amount if e.amount is not None else (e.draw or 0), colours, tuple(e.counts))


@lru_cache(maxsize=1)
def facts() -> AgoraFacts:
    cat = catalog()
    senate = cat.box_tables[(Game.DUEL, None, BOX)]["senate"]
    pieces = cat.box_list(Game.DUEL, None, BOX)
    senators = {f"{p.id}-{n}": p.section for p in pieces if p.piece == "senator" for n in range(1, p.copies + 1)}
    conspiracies, decrees, left_out = {}, {}, []
    for p in pieces:
        steps = tuple(_step(e) for e in p.effects)
        if p.piece == "conspiracy":
            if all(s.kind in PLAYED_CONSPIRACY for s in steps):
                conspiracies[p.id] = steps
            else:
                left_out.append(p.id)
        elif p.piece == "decree":
            if len(steps) == 1 and steps[0].kind in PLAYED_DECREE:
                decrees[p.id] = steps[0]
            else:
                left_out.append(p.id)
    loot = sorted({t.coins for t in cat.military.loot})
    return AgoraFacts(senators, tuple(senate["senators_per_age"]), conspiracies, decrees,
                      tuple(senate["decrees_face_up_in"]), senate["decrees_used"], loot[0], tuple(left_out))


def piece_of(senator: str) -> str:
    """The piece a senator card is a copy of ("conspirator-3" -> "conspirator")."""
    return senator.rsplit("-", 1)[0]
