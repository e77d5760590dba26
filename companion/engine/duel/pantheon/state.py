"""A Duel with Pantheon: the Duel's own state and, beside it, the Pantheon's.

Pantheon's follow-ups wait in their own queue, ahead of the Duel's: a token
taken or a divinity's power is settled before the next card is entered.
What is random (a token laid on the structure, a divinity drawn from its deck)
waits for a person or a dealer, as the Duel's chance events do.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..state import CHANCE, GameState, box_to_move


class PWait:
    """What a Pantheon follow-up waits for."""
    LAY_MYTHOLOGY = "lay_mythology"    # chance: a mythology token laid on an Age I slot
    LAY_OFFERING = "lay_offering"      # chance: an offering token laid on an Age II slot
    DRAW = "draw_divinity"             # chance: a divinity drawn from its mythology's deck
    PLACE = "place_divinity"           # keep one drawn divinity on an empty space
    DISCARD_SLOT = "discard_slot"      # Zeus: a card of the structure to the discard pile
    DISCARDED_CARD = "discarded_card"  # chance: the face-down card Zeus discarded, turned over
    TAKE_CARD = "take_card"            # Baal: an opponent's card of `colours` into your city
    TAKE_WONDER = "take_wonder"        # Ra: an opponent's wonder not built yet
    UNBUILD = "unbuild"                # Anubis: the card under a built wonder to the discard pile
    SNAKE = "snake"                    # Nisaba: the opponent's green card whose symbol she copies
    ENKI_DRAW = "enki_draw"            # chance: a progress token left out, laid on Enki
    ENKI_PICK = "enki_pick"            # Enki: keep one of the tokens laid on her
    LOOT_DROP = "loot_drop"            # Neptune: a military token discarded unapplied
    LOOT_APPLY = "loot_apply"          # Neptune: a military token applied, then discarded
    GATE_DRAW = "gate_draw"            # chance: the top divinity of a mythology's deck, for the Gate
    GATE_PICK = "gate_pick"            # the Gate: invoke one revealed divinity free
    ISIS = "isis"                      # Isis: a wonder built free with a card of the discard pile
    MINERVA = "minerva"                # Minerva: her pawn on a space of the track
    CHOOSE_DECK = "choose_deck"        # The Divine Theater: the mythology whose deck is looked through


@dataclass(frozen=True)
class PPending:
    wait: str
    player: int                        # who decides, or CHANCE
    mythology: str | None = None       # DRAW: the deck drawn from
    slot: int | None = None            # LAY_*: the slot; DISCARDED_CARD: the slot discarded
    options: tuple[str, ...] = ()      # PLACE: the divinities drawn; TAKE_CARD: colours


@dataclass(frozen=True)
class Pantheon:
    spaces: tuple[str | None, ...]                 # the divinity on each space, from the first player's end
    decks: tuple[tuple[str, tuple[str, ...]], ...]  # each mythology's divinities still in its deck
    on_top: tuple[tuple[str, str], ...] = ()       # (mythology, divinity) put back on top, seen, top first
    mythology_on: tuple[tuple[int, str], ...] = ()  # Age I slot -> the mythology of its token
    offering_on: tuple[tuple[int, str], ...] = ()   # Age II slot -> its offering token
    mythology_box: tuple[str, ...] = ()            # mythology tokens not laid (one entry a token)
    offering_box: tuple[str, ...] = ()             # offering tokens not laid
    mythologies: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # mythology tokens each player holds
    offerings: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())    # offering tokens each player holds
    invoked: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())      # divinities each player invoked
    enki: tuple[str, ...] = ()                     # the progress tokens laid on Enki
    sheltered: tuple[int, int] = (0, 0)            # coins on Astarte's card: spendable, never lost
    gone: tuple[str, ...] = ()                     # tokens out of the game: discarded with their card (Zeus), spent
    pending: tuple[PPending, ...] = ()

    def deck(self, mythology: str) -> tuple[str, ...]:
        return dict(self.decks).get(mythology, ())

    def top(self, mythology: str) -> str | None:
        """The divinity known to lie on top of `mythology`'s deck, if one does."""
        return next((d for m, d in self.on_top if m == mythology), None)

    def put_back(self, divinities: tuple[str, ...], mythology_of) -> "Pantheon":
        """`divinities` back on top of their decks, seen, the first of a deck on top."""
        p = self
        for d in reversed(divinities):
            m = mythology_of(d)
            p = p.with_deck(m, (d,) + p.deck(m))
            p = replace(p, on_top=((m, d),) + p.on_top)
        return p

    def with_deck(self, mythology: str, cards: tuple[str, ...]) -> "Pantheon":
        return replace(self, decks=tuple((m, cards if m == mythology else d) for m, d in self.decks))

    def holding(self, player: int, field: str, value: tuple) -> "Pantheon":
        """A copy with `player`'s entry of the pair `field` set to `value`."""
        pair = getattr(self, field)
        return replace(self, **{field: (value, pair[1]) if player == 0 else (pair[0], value)})


@dataclass(frozen=True)
class PantheonGame:
    base: GameState
    pantheon: Pantheon

    def to_move(self) -> int | None:
        """The player who acts next, CHANCE for an event to enter, None when over."""
        return box_to_move(self.base, self.pantheon.pending)

    def but(self, base: GameState | None = None, **pantheon) -> "PantheonGame":
        return PantheonGame(base if base is not None else self.base,
                            replace(self.pantheon, **pantheon) if pantheon else self.pantheon)


__all__ = ["CHANCE", "PWait", "PPending", "Pantheon", "PantheonGame"]
