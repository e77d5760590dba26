"""7 Wonders Architects as loaded from card_db/architects/: its wonders, progress tokens, medals and
the facts of its end-of-game count (companion/catalog/loader/architects.py reads them).

A wonder here is built in stages from its own tray; no board side is chosen.
Stage points are kept only where two sources give them (`stage_points` empty
otherwise): the engine then asks the points printed on the stages built. A
wonder is built level by level (`stage_levels`): stages on one level may be
built in any order, so a count of stages can leave the points open.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Entity

# The score pad's rows, as the rulebook's count lists them (card_db/pads/architects.toml).
ARCHITECTS_CATEGORIES = ("wonder", "cat", "blue", "military", "progress")
TOKEN_EFFECTS = ("extra_card", "rule", "points")
# What a wonder's stages do (`does`), a token's effect that is no score (`does`, with `on` or `amount`),
# and what a medal needs (`needs`): the web says each in the reader's language (web/describe.py).
POWERS = ("take_top_any", "choose_progress", "take_central", "more_points", "look_five_side", "take_left_right",
          "shield", "tribute", "cat_and_card")
TOKEN_DOES = ("extra_card", "gold_double", "any_resources", "shields", "cat_always")
TAKEN = ("wood", "clay", "stone", "gold", "papyrus", "glass", "green", "red_horn", "stage")
NEEDS = ("blue", "green", "grey", "red", "yellow", "cat_card", "horn_card", "cards", "stages", "cat", "progress",
         "victories", "victories_in_one_battle")
SCORE_KINDS = ("flat", "cat_card", "military_token", "progress_token", "set")


@dataclass(frozen=True)
class TokenScore:
    """How a progress token scores at the end of the game (card_db/architects/progress.toml)."""
    per: str                         # one of SCORE_KINDS
    points: int = 0                  # flat, or a thing counted
    complete: int | None = None      # flat: the points instead when the wonder is complete
    scale: tuple[int, ...] = ()      # set: the points for 1, 2... tokens of this kind
    kind_of: str | None = None       # set: another entry of the same kind (Medals' third Culture)


@dataclass(frozen=True)
class ArchitectsWonder(Entity):
    stages: int = 5
    stage_points: tuple[int, ...] = ()     # empty: not confirmed by two sources
    stage_levels: tuple[int, ...] = ()     # each stage's level (1, 2...): a level is built before the next
    power: str = ""
    does: str = ""                         # one of POWERS
    expansion: str | None = None

    kind = "wonder"


@dataclass(frozen=True)
class ArchitectsToken(Entity):
    effect: str = "rule"
    text: str = ""
    copies: int = 1
    score: TokenScore | None = None
    does: str | None = None                # a token that does not score: one of TOKEN_DOES
    on: tuple[str, ...] = ()               # extra_card: what taken (or built) brings the extra card (TAKEN)
    amount: int | None = None              # shields: how many
    expansion: str | None = None

    kind = "progress"

    @property
    def set_kind(self) -> str:
        """The kind a set token counts with (Medals' third Culture counts with the base ones)."""
        return self.score.kind_of if self.score and self.score.kind_of else self.id


@dataclass(frozen=True)
class Medal(Entity):
    objective: str = ""
    needs: tuple[tuple[str, int], ...] = ()    # what wins it: (a thing of NEEDS, how many)
    expansion: str | None = "medals"

    kind = "medal"


@dataclass(frozen=True)
class ArchitectsFacts:
    """The end-of-game count's numbers and the box's make-up, each with its source."""
    stages: int
    blue_points: int
    cat_blue_points: int
    cat_pawn_points: int
    military_token_points: int
    tie_break: str
    medal_points: int
    medals_won_at_most: int
    source: str
    decks_known: bool = False
    conflict_tokens_known: bool = False
    # Each deck's cards by colour ("central" and the base box's wonders): ((deck, ((colour, n), ...)), ...).
    decks: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    # The conflict tokens set out for each player count: ((players, tokens), ...).
    conflict_tokens: tuple[tuple[int, int], ...] = ()

    def deck(self, name: str) -> dict[str, int]:
        return dict(dict(self.decks)[name])


@dataclass(frozen=True)
class ArchitectsBox:
    facts: ArchitectsFacts
    wonders: tuple[ArchitectsWonder, ...]
    tokens: tuple[ArchitectsToken, ...]
    medals: tuple[Medal, ...]

    def wonders_of(self, boxes: tuple[str, ...] = ()) -> tuple[ArchitectsWonder, ...]:
        return tuple(w for w in self.wonders if w.expansion is None or w.expansion in boxes)

    def tokens_of(self, boxes: tuple[str, ...] = ()) -> tuple[ArchitectsToken, ...]:
        return tuple(t for t in self.tokens if t.expansion is None or t.expansion in boxes)

    def wonder(self, ident: str) -> ArchitectsWonder:
        return next(w for w in self.wonders if w.id == ident)

    def token(self, ident: str) -> ArchitectsToken:
        return next(t for t in self.tokens if t.id == ident)
