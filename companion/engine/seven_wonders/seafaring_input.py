"""The contract's city fields Armada, Edifice and Babel add, checked; BadInput says what is wrong and where.

Armada: `naval` (the naval conflict tokens' points, a list), `islands` (names), `yellow_fleet` (the
yellow fleet's level, 0-6), `shipyard` (the points the blue fleet reached). Edifice: `edifices` (the
edifices built whose reward the city took, names), `edifice_debt` (debt tokens of penalties, in points).
Babel: `tower_tiles` (the Babel tiles built, 0-3), `projects` (a Great Project named once a participation
token held).
"""
from __future__ import annotations

from ..errors import BadInput
from ..messages import Listed, M, kind_of, shown
from . import seafaring, seafaring_messages  # noqa: F401  (the boxes' messages join the engine's)
from .babel import BABEL

FLEET_SPACES = 6        # a fleet moves up six spaces from its first (the rulebooks: 7 spaces a track)
FIELDS = {"naval": seafaring.ARMADA, "islands": seafaring.ARMADA, "yellow_fleet": seafaring.ARMADA,
          "shipyard": seafaring.ARMADA, "edifices": seafaring.EDIFICE, "edifice_debt": seafaring.EDIFICE,
          "tower_tiles": BABEL, "projects": BABEL}
TOWER_TILES = 3         # Babel tiles a player drafts and may build (the rulebooks)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(raw: dict, key: str, where: str, edition: int, box: str, kind: str, *, repeats: bool = False
           ) -> tuple[str, ...]:
    named = raw.get(key, [])
    if not isinstance(named, list):
        raise BadInput(M("in.names_list", key=key), f"{where}.{key}")
    ids: list[str] = []
    for j, text in enumerate(named):
        at = f"{where}.{key}[{j}]"
        if not seafaring.pieces(edition, box, kind):
            raise BadInput(M(f"in.no_{kind}_data"), at)
        found = seafaring.find_piece(text, edition, box, kind) if isinstance(text, str) else None
        if found is None:
            raise BadInput(M(f"in.unknown_{kind}", value=str(text)), at)
        if found in ids and not repeats:
            raise BadInput(M("in.named_twice", value=str(text), at=f"{where}.{key}[{ids.index(found)}]"), at)
        ids.append(found)
    return tuple(ids)


def _at_least_0(raw: dict, key: str, where: str, most: int | None = None) -> int:
    value = raw.get(key, 0)
    if not _whole(value) or value < 0 or (most is not None and value > most):
        message = M("in.whole_at_least_0", key=key, value=shown(value)) if most is None else \
            M("in.whole_between", key=key, low=0, high=most, value=shown(value))
        raise BadInput(message, f"{where}.{key}")
    return value


def box_fields(raw: dict, where: str, edition: int, boxes: tuple[str, ...]) -> dict:
    """What Armada and Edifice add to a city, for the boxes in play (a field of a box not in play
    is refused naming the box)."""
    for key, box in FIELDS.items():
        if key in raw and box not in boxes:
            raise BadInput(M("in.needs_box", key=key, box=box), f"{where}.{key}")
    out: dict = {}
    if seafaring.ARMADA in boxes:
        tokens = raw.get("naval", [])
        if not isinstance(tokens, list):
            raise BadInput(M("in.naval_list", kind=kind_of(tokens)), f"{where}.naval")
        allowed = seafaring.naval_values(edition)
        for j, token in enumerate(tokens):
            if not _whole(token) or token == 0 or (allowed is not None and token not in allowed):
                raise BadInput(M("in.naval_token_any", value=shown(token)) if allowed is None else
                               M("in.naval_token", value=shown(token),
                                 options=Listed(tuple(str(v) for v in sorted(allowed)), "or")),
                               f"{where}.naval[{j}]")
        out.update(naval=tuple(tokens), islands=_names(raw, "islands", where, edition, seafaring.ARMADA, "island"),
                   yellow_fleet=_at_least_0(raw, "yellow_fleet", where, FLEET_SPACES),
                   shipyard=_at_least_0(raw, "shipyard", where))
    if seafaring.EDIFICE in boxes:
        out.update(edifices=_names(raw, "edifices", where, edition, seafaring.EDIFICE, "edifice"),
                   edifice_debt=_at_least_0(raw, "edifice_debt", where))
    if BABEL in boxes:
        out.update(tower_tiles=_at_least_0(raw, "tower_tiles", where, TOWER_TILES),
                   projects=_names(raw, "projects", where, edition, BABEL, "great-project", repeats=True))
    return {k: v for k, v in out.items() if v}
