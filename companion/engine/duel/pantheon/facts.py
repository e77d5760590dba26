"""Pantheon's numbers and pieces as the rules use them, read once from the catalog
(card_db/duel/pantheon.toml): nothing here names a divinity, a temple or a token."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ....catalog import Game, catalog
from ....catalog.model import BoxPiece, Card, DuelWonder

BOX = "pantheon"


@dataclass(frozen=True)
class Divinity:
    id: str
    mythology: str | None          # None: the Gate
    cost_factor: int               # the Gate costs twice its space
    powers: tuple[str, ...]        # its effects' kinds, in order
    amounts: tuple[tuple[str, int], ...] = ()   # an effect kind's amount (coins, shields, points)
    colours: tuple[str, ...] = ()  # take_opponent_card: the colours it may take
    symbol: str | None = None

    def amount(self, kind: str) -> int:
        return dict(self.amounts).get(kind, 0)


@dataclass(frozen=True)
class PantheonFacts:
    spaces: int
    first_costs: tuple[int, ...]       # a space's cost for the game's first player
    other_costs: tuple[int, ...]       # and for the other player
    mythology_slots: tuple[int, ...]   # Age I slots that hold a mythology token
    offering_slots: tuple[int, ...]    # Age II slots that hold an offering token
    invoke_ages: tuple[int, ...]
    temples_used: int
    divinities: dict[str, Divinity]    # the Gate included
    by_mythology: dict[str, tuple[str, ...]]
    gate: str
    token_of: dict[str, str]           # mythology -> its mythology token's id
    token_copies: int
    offerings: dict[str, int]          # offering token id -> its discount
    temples: tuple[str, ...]
    temple_mythology: dict[str, str]   # temple id -> the mythology whose token builds it free
    wonder_discounts: dict[str, int]   # the box's wonders that lower every invocation (The Sanctuary)
    wonders: tuple[str, ...] = ()      # the box's wonders and progress tokens, added to the base ones
    tokens: tuple[str, ...] = ()


def _divinity(piece: BoxPiece) -> Divinity:
    amounts, colours, symbol = [], (), None
    for e in piece.effects:
        value = e.amount if e.amount is not None else e.draw
        if value is not None:
            amounts.append((e.kind, value))
        if e.colours:
            colours = tuple(c.value for c in e.colours)
        if e.symbol:
            symbol = e.symbol
    return Divinity(piece.id, piece.mythology, piece.cost_factor, tuple(e.kind for e in piece.effects),
                    tuple(amounts), colours, symbol)


@lru_cache(maxsize=1)
def facts() -> PantheonFacts:
    cat = catalog()
    board = cat.box_tables[(Game.DUEL, None, BOX)]["board"]
    things = cat.box_list(Game.DUEL, None, BOX)
    pieces = [t for t in things if isinstance(t, BoxPiece)]
    divinities = {p.id: _divinity(p) for p in pieces if p.piece in ("divinity", "gate")}
    gate = next(p.id for p in pieces if p.piece == "gate")
    tokens = [p for p in pieces if p.piece == "mythology-token"]
    by_mythology: dict[str, tuple[str, ...]] = {}
    for d in divinities.values():
        if d.mythology:
            by_mythology[d.mythology] = by_mythology.get(d.mythology, ()) + (d.id,)
    token_of = {p.mythology: p.id for p in tokens}
    temples = tuple(c.id for c in things if isinstance(c, Card) and c.piece == "temple")
    mythology_of_token = {p.id: p.mythology for p in tokens}
    temple_mythology = {c.id: mythology_of_token[next(iter(c.chains_from))]
                        for c in things if isinstance(c, Card) and c.piece == "temple"}
    offerings = {p.id: next(e.amount for e in p.effects if e.kind == "divinity_discount")
                 for p in pieces if p.piece == "offering-token"}
    return PantheonFacts(
        spaces=board["spaces"], first_costs=tuple(board["first_player_costs"]),
        other_costs=tuple(board["other_player_costs"]),
        mythology_slots=tuple(board["mythology_slots"]["slots"]),
        offering_slots=tuple(board["offering_slots"]["slots"]),
        invoke_ages=tuple(board["invoke_in_ages"]), temples_used=board["grand_temples_used"],
        divinities=divinities, by_mythology=by_mythology, gate=gate, token_of=token_of,
        token_copies=min(p.copies for p in tokens), offerings=offerings, temples=temples,
        temple_mythology=temple_mythology,
        wonder_discounts={w.id: e.amount for w in things if isinstance(w, DuelWonder)
                          for e in w.effects if e.kind == "divinity_discount"},
        wonders=tuple(sorted(w.id for w in things if w.kind == "wonder")),
        tokens=tuple(sorted(t.id for t in things if t.kind == "progress")))
