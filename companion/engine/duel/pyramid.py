"""The card structure of an age: which cards can be taken, which turn up.

Seed 000 (DESFASURAREA JOCULUI): a card is accessible when no other card
covers it; after a card is played, face-down cards that became accessible
are turned face up. The layouts (slots, rows, which slot covers which) are
card_db's. The engine knows a card once it is face up and someone entered it
(or a simulation's dealer revealed it): until then its slot holds None.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ...catalog import Game, catalog
from ..cached import cached, instance


@dataclass(frozen=True)
class Geometry:
    size: int
    covers: tuple[int, ...]      # a slot's bit mask of the slots lying on it
    face_up: int                 # bit mask of slots dealt face up
    full: int                    # bit mask of every slot
    lies_on: tuple[tuple[int, ...], ...] = ()   # a slot's slots it covers (what taking it may free)


@lru_cache(maxsize=None)
def geometry(age: int, shape: str = "") -> Geometry:
    """An age's layout: the base game's, or that of the box named by `shape` (Agora's structures
    hold its senators too)."""
    cat = catalog()
    layout = cat.box_layouts[(Game.DUEL, None, shape)][age] if shape else cat.layouts[age]
    slots = sorted(layout.slots, key=lambda s: s.slot)
    covers = tuple(sum(1 << c for c in s.covered_by) for s in slots)
    face_up = sum(1 << s.slot for s in slots if s.face_up)
    lies_on = tuple(tuple(t for t, cover in enumerate(covers) if cover >> s.slot & 1) for s in slots)
    return Geometry(len(slots), covers, face_up, (1 << len(slots)) - 1, lies_on)


@dataclass(frozen=True)
class Pyramid:
    age: int
    cards: tuple[str | None, ...]   # the card in each slot once known; kept after it is taken
    up: int                         # bit mask of face-up slots
    taken: int = 0                  # bit mask of slots already played
    shape: str = ""                 # the box whose layouts are played ("": the base game's)

    @classmethod
    def deal(cls, age: int, shape: str = "") -> "Pyramid":
        g = geometry(age, shape)
        return cls(age, (None,) * g.size, g.face_up, 0, shape)

    def is_taken(self, slot: int) -> bool:
        return bool(self.taken >> slot & 1)

    def is_accessible(self, slot: int) -> bool:
        g = geometry(self.age, self.shape)
        return 0 <= slot < g.size and not self.is_taken(slot) and not g.covers[slot] & ~self.taken

    def accessible(self) -> tuple[int, ...]:
        return self.open_slots

    @cached
    def open_slots(self) -> tuple[int, ...]:
        """`accessible()`, read as an attribute where every turn asks it."""
        taken = self.taken
        return tuple(s for s, cover in enumerate(geometry(self.age, self.shape).covers)
                     if not taken >> s & 1 and not cover & ~taken)

    def is_face_up(self, slot: int) -> bool:
        return bool(self.up >> slot & 1)

    def to_reveal(self) -> tuple[int, ...]:
        """Face-up slots still in play whose card nobody has entered yet."""
        return self.waiting

    @cached
    def waiting(self) -> tuple[int, ...]:
        """`to_reveal()`, read as an attribute where every move asks it."""
        waiting = self.up & ~self.taken
        cards = self.cards
        out = []
        while waiting:             # the face-up slots in play, lowest first: a few, not every slot
            low = waiting & -waiting
            s = low.bit_length() - 1
            if cards[s] is None:
                out.append(s)
            waiting ^= low
        return tuple(out)

    @property
    def empty(self) -> bool:
        # Every slot taken: none accessible, as a slot not taken is accessible or lies under
        # one that is (read from the slots kept, where a move asks).
        return not self.open_slots

    @property
    def left(self) -> int:
        return len(self.cards) - bin(self.taken).count("1")

    def take(self, slot: int) -> "Pyramid":
        """Play the card in `slot`; face-down cards it uncovered turn face up."""
        taken = self.taken | 1 << slot
        freed, accessible = _after_taking(self.age, self.taken, slot, self.shape)
        up = self.up
        cards = self.cards
        turned = ()                          # turned face up now, their card not entered yet
        for s in freed:
            if not up >> s & 1:
                up |= 1 << s
                if cards[s] is None:
                    turned += (s,)
        # dataclasses.replace without its field walk; the accessible slots are kept, as
        # `accessible` would find them again.
        new = instance(Pyramid, {"age": self.age, "cards": cards, "up": up, "taken": taken,
                                 "shape": self.shape, "open_slots": accessible})
        waiting = self.__dict__.get("waiting")
        if waiting is not None:
            # Waiting now: those that waited, less the slot taken, and those just turned up.
            if slot in waiting:
                at = waiting.index(slot)
                waiting = waiting[:at] + waiting[at + 1:]
            new.__dict__["waiting"] = tuple(sorted(waiting + turned)) if turned else waiting
        return new

    def reveal(self, slot: int, card: str) -> "Pyramid":
        cards = list(self.cards)
        cards[slot] = card
        return replace(self, cards=tuple(cards))

    def reveal_all(self, cards: dict[int, str]) -> "Pyramid":
        """`reveal` of several slots at once: {slot: card}."""
        laid = list(self.cards)
        for s, c in cards.items():
            laid[s] = c
        new = instance(Pyramid, {"age": self.age, "cards": tuple(laid), "up": self.up, "taken": self.taken,
                                 "shape": self.shape})
        if "open_slots" in self.__dict__:   # laying cards face up changes no slot's access
            new.__dict__["open_slots"] = self.__dict__["open_slots"]
        if "waiting" in self.__dict__:    # nor uncovers a slot: those waiting are those not laid now
            new.__dict__["waiting"] = tuple(s for s in self.__dict__["waiting"] if laid[s] is None)
        return new

    def dealt(self, deck: list[str]) -> "Pyramid":
        """Every waiting slot laid with its card of `deck` (the age's 20 cards by slot):
        `reveal_all` of them all, which leaves none waiting."""
        laid = list(self.cards)
        for s in self.waiting:
            laid[s] = deck[s]
        d = {"age": self.age, "cards": tuple(laid), "up": self.up, "taken": self.taken, "shape": self.shape,
             "waiting": ()}
        if "open_slots" in self.__dict__:   # laying cards face up changes no slot's access
            d["open_slots"] = self.__dict__["open_slots"]
        return instance(Pyramid, d)

    def known(self) -> tuple[str, ...]:
        return tuple(c for c in self.cards if c is not None)

    def in_play(self) -> tuple[str, ...]:
        """Known cards still in the structure."""
        return tuple(c for s, c in enumerate(self.cards) if c is not None and not self.taken >> s & 1)


_AFTER_TAKING: dict[tuple[int, int, int, str], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _after_taking(age: int, taken: int, slot: int, shape: str = "") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the slots taking `slot` uncovers, the accessible slots after): both follow from the
    layout and the slots taken alone, so each is worked out once (a dict, not lru_cache:
    one lookup a move). The three layouts allow 2,858 such moves in all (428, 428 and 132
    sets of slots taken), so the dict stays small."""
    key = (age, taken, slot, shape)
    found = _AFTER_TAKING.get(key)
    if found is None:
        g = geometry(age, shape)
        now = taken | 1 << slot
        freed = tuple(s for s in g.lies_on[slot] if not now >> s & 1 and not g.covers[s] & ~now)
        accessible = tuple(s for s, cover in enumerate(g.covers) if not now >> s & 1 and not cover & ~now)
        found = _AFTER_TAKING[key] = (freed, accessible)
    return found
