"""The Duel's `score` with Pantheon or Agora (contract "expansions"): what a city carries for
the boxes and the rows they add.

A city may then hold: Pantheon's Grand Temples among its `cards`, `"divinities"` (the
divinities it invoked; each worth its printed points, the row `divinities`); Agora's
`"senate"` (the chambers it controls, 1 to 6; each worth its points, the row `senate`).
A player controlling all six chambers has won by political supremacy.
"""
from __future__ import annotations

from ...catalog import Game, LookupFailed, catalog
from ..errors import BadInput
from ..messages import N_, TEXTS, M, shown
from ..ranking import standings
from .scoring import Result, Victory

PANTHEON, AGORA = "pantheon", "agora"
BOXES = (PANTHEON, AGORA)
POLITICAL = "political"

BOX_SCORE_TEXTS = {
    "in.duel_box": N_("%(value)s is not a box the Duel scores (expected one of %(boxes)s)"),
    "in.duel_box_field": N_("%(key)s counts only with the expansion %(box)s"),
    "in.duel_divinity": N_("%(value)s is not a divinity of Pantheon, or is named twice"),
    "in.duel_chamber": N_("a Senate chamber is a number from 1 to 6, each once, not %(value)s"),
    "in.duel_chamber_twice": N_("chamber %(value)s is controlled by one player only"),
}
TEXTS.update(BOX_SCORE_TEXTS)


def boxes_of(doc: dict) -> tuple[str, ...]:
    """The boxes named in `doc["expansions"]`, checked: those the Duel scores, each once."""
    raw = doc.get("expansions", [])
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise BadInput(M("in.names_list", key="expansions"), "expansions")
    seen: list[str] = []
    for i, name in enumerate(raw):
        if name not in BOXES or name in seen:
            raise BadInput(M("in.duel_box", value=shown(name), boxes=", ".join(BOXES)), f"expansions[{i}]")
        seen.append(name)
    return tuple(seen)


def divinities(doc: dict, where: str, boxes: tuple[str, ...]) -> tuple[str, ...]:
    """The divinities a city invoked, by any printed name (Pantheon)."""
    raw = doc.get("divinities", [])
    if raw and PANTHEON not in boxes:
        raise BadInput(M("in.duel_box_field", key="divinities", box=PANTHEON), f"{where}.divinities")
    if not isinstance(raw, list):
        raise BadInput(M("in.names_list", key="divinities"), f"{where}.divinities")
    out = []
    for i, text in enumerate(raw):
        at = f"{where}.divinities[{i}]"
        try:
            if not isinstance(text, str):
                raise LookupFailed(repr(text))
            found = catalog().find(Game.DUEL, None, text, kinds=("divinity",), boxes=(PANTHEON,))
        except LookupFailed:
            raise BadInput(M("in.duel_divinity", value=shown(text)), at) from None
        if getattr(found, "piece", None) not in ("divinity", "gate") or found.id in out:
            raise BadInput(M("in.duel_divinity", value=shown(text)), at)
        out.append(found.id)
    return tuple(out)


TOKENS_HELD = ("mythology_tokens", "offering_tokens")     # Pantheon's tokens a city still holds


def held_most() -> dict[str, int]:
    """The most mythology and offering tokens a city may still hold: the Pantheon box's counts."""
    from .pantheon.facts import facts as pantheon_facts
    f = pantheon_facts()
    return {"mythology_tokens": len(f.token_of) * f.token_copies, "offering_tokens": len(f.offerings)}


def tokens_held(doc: dict, where: str, boxes: tuple[str, ...]) -> dict[str, int]:
    """How many mythology and offering tokens a city still holds at the end (Pantheon), for the
    progress tokens that score them (Mysticism); 0 when not said."""
    most = held_most()
    out = {}
    for key in TOKENS_HELD:
        raw = doc.get(key, 0)
        if raw and PANTHEON not in boxes:
            raise BadInput(M("in.duel_box_field", key=key, box=PANTHEON), f"{where}.{key}")
        if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= most[key]:
            raise BadInput(M("in.arch.count", key=key, high=most[key], value=shown(raw)), f"{where}.{key}")
        out[key] = raw
    return out


def held_points(city, held: dict[str, int]) -> int:
    """A city's progress tokens' points for the Pantheon tokens it holds (Mysticism: 2 a token)."""
    return sum(e.amount * sum(held.get(c, 0) for c in e.counts) // e.per
               for f in city.token_facts for e in f.points_per)


def chambers(doc: dict, where: str, boxes: tuple[str, ...]) -> tuple[int, ...]:
    """The Senate chambers a city controls (Agora), 1 to 6, each once."""
    raw = doc.get("senate", [])
    if raw and AGORA not in boxes:
        raise BadInput(M("in.duel_box_field", key="senate", box=AGORA), f"{where}.senate")
    if not isinstance(raw, list):
        raise BadInput(M("in.names_list", key="senate"), f"{where}.senate")
    out: list[int] = []
    for i, chamber in enumerate(raw):
        if not isinstance(chamber, int) or isinstance(chamber, bool) or not 1 <= chamber <= 6 or chamber in out:
            raise BadInput(M("in.duel_chamber", value=shown(chamber)), f"{where}.senate[{i}]")
        out.append(chamber)
    return tuple(out)


def with_boxes(res: Result, cities, docs: list, paths: tuple[str, str], boxes: tuple[str, ...]) -> Result:
    """The Duel's result with the boxes' rows: Grand Temples in the guilds' row, the
    divinities' and the Senate's rows, political supremacy."""
    from .pantheon.facts import facts as pantheon_facts
    from .pantheon.powers import points
    from .pantheon.scoring import temple_points
    from .agora.senate import facts as senate_facts
    scores = [dict(s) for s in res.scores]
    held: list[tuple[int, ...]] = []
    for p, (doc, where) in enumerate(zip(docs, paths)):
        held_tokens = tokens_held(doc, where, boxes)
        if PANTHEON in boxes:
            scores[p]["guilds"] += temple_points(cities[p])
            scores[p]["progress"] += held_points(cities[p], held_tokens)
            gods = pantheon_facts().divinities
            scores[p]["divinities"] = sum(points(gods[d]) for d in divinities(doc, where, boxes))
        else:
            divinities(doc, where, boxes)
        controlled = chambers(doc, where, boxes)
        if AGORA in boxes:
            scores[p]["senate"] = sum(senate_facts().points[c - 1] for c in controlled)
        held.append(controlled)
    for i, chamber in enumerate(held[1]):
        if chamber in held[0]:
            raise BadInput(M("in.duel_chamber_twice", value=chamber), f"{paths[1]}.senate[{i}]")
    totals = (sum(scores[0].values()), sum(scores[1].values()))
    political = [p for p in (0, 1) if len(held[p]) == senate_facts().chambers] if AGORA in boxes else []
    if political and res.victory == Victory.CIVILIAN:
        return Result(tuple(scores), totals, POLITICAL, (political[0],))
    if res.victory != Victory.CIVILIAN:
        return Result(tuple(scores), totals, res.victory, res.winners)
    ranked = standings("civil", scores)
    return Result(tuple(scores), totals, Victory.CIVILIAN, tuple(p for p, s in enumerate(ranked) if s.rank == 1))
