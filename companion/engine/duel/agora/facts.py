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
    "opponent_loses_coins_per", "take_opponent_card", "destroy_wonder", "swap_opponent_card", "lock_progress",
    "build_from_last_row", "build_from_removed", "move_decree"})
# What the box's wonders do for Agora's rules (the Duel's rules read their coins, points, play again).
WONDER_STEPS = frozenset({"conspire", "place_influence", "move_influence", "trigger_conspiracy"})
PRICE_DECREE = frozenset({"ignore_cost_symbol", "waive_resources", "bank_discount", "chain_from_opponent"})
PLAYED_DECREE = frozenset({"coins_when_built_by_anyone", "controlled_shield", "extra_blue_for_senate",
                           "discard_bonus_coins", "play_again_on_conspirator"}) | PRICE_DECREE


@dataclass(frozen=True)
class Step:
    """One effect of a conspiracy or a decree, as far as the rules read it."""
    kind: str
    amount: int = 0
    colours: tuple[str, ...] = ()      # the colours it reaches (destroy_card, take_opponent_card)
    counts: tuple[str, ...] = ()       # what it counts (coins_when_built_by_anyone: colours or "wonders")
    resources: tuple[str, ...] = ()    # bank_discount: the resources bought cheaper
    applies_to: str | None = None      # waive_resources: "wonder"


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
    wonders: tuple[str, ...] = ()      # the box's wonders and progress tokens, added to the base ones
    tokens: tuple[str, ...] = ()
    drafted: dict[str, tuple[Step, ...]] | None = None   # a wonder's steps when drafted
    built: dict[str, tuple[Step, ...]] | None = None     # and when built (Agora's part)
    free_senators: tuple[str, ...] = ()    # tokens that make every senator free (Corruption)
    keep_both: tuple[str, ...] = ()        # tokens that keep both conspiracies drawn (Organized Crime)
    pantheon_mythology_slots: tuple[int, ...] = ()   # with Pantheon too: its tokens' slots in Ages I and II
    pantheon_offering_slots: tuple[int, ...] = ()


def _step(e) -> Step:
    colours = tuple(c.value for c in e.colours) or ((e.colour.value,) if e.colour else ())
    return Step(e.kind, e.amount if e.amount is not None else (e.draw or 0), colours, tuple(e.counts),
                tuple(r.value for r in e.options), e.applies_to)


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
    wonders = [p for p in pieces if p.kind == "wonder"]
    tokens = [p for p in pieces if p.kind == "progress"]

    def steps(w, drafted: bool) -> tuple[Step, ...]:
        return tuple(_step(e) for e in w.effects if e.kind in WONDER_STEPS and (e.when == "drafted") == drafted)

    def holding(kind: str) -> tuple[str, ...]:
        return tuple(t.id for t in tokens if any(e.kind == kind for e in t.effects))
    return AgoraFacts(senators, tuple(senate["senators_per_age"]), conspiracies, decrees,
                      tuple(senate["decrees_face_up_in"]), senate["decrees_used"], loot[0], tuple(left_out),
                      tuple(w.id for w in wonders), tuple(t.id for t in tokens),
                      {w.id: steps(w, True) for w in wonders}, {w.id: steps(w, False) for w in wonders},
                      holding("free_senators"), holding("conspire_keep_both"),
                      tuple(senate["with_pantheon_mythology_slots"]), tuple(senate["with_pantheon_offering_slots"]))


@lru_cache(maxsize=None)
def last_row(age: int) -> tuple[int, ...]:
    """The slots of the last row laid of Agora's structure for `age` (the row nearest the players)."""
    slots = catalog().box_layouts[(Game.DUEL, None, BOX)][age].slots
    bottom = max(s.row for s in slots)
    return tuple(sorted(s.slot for s in slots if s.row == bottom))


def piece_of(senator: str) -> str:
    """The piece a senator card is a copy of ("conspirator-3" -> "conspirator")."""
    return senator.rsplit("-", 1)[0]
