"""The contract's JSON city, checked, into a City; BadInput says what is wrong and where.

Names resolve through the catalog: the English name (any case), an id, or an
unambiguous name in another language. A city may not hold two cards of one
name (an Age I and an Age II Loom included); a card of the other edition
only is named as such.
"""
from __future__ import annotations

from ...catalog import Game, LookupFailed, catalog
from ...catalog.model import AGE_COLOURS as AGE_CARD_COLOURS
from ...catalog.plays import BoxRefused, play_for
from ..errors import BadInput
from ..messages import Listed, M, Name, kind_of, shown, unknown_name
from . import boxes as box_rules, seafaring_input
from .city import City
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .facts import CardInfo, tables

TOKENS = (-1, 1, 3, 5)
GAME = Game.SEVEN_WONDERS


def is_int(value) -> bool:
    """A whole number as JSON gives one: an int, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def edition_of(doc: dict) -> int:
    edition = doc.get("edition", 1)
    if not is_int(edition) or edition not in (1, 2):
        raise BadInput(M("in.edition", value=shown(edition)), "edition")
    return edition


def find_card(text, edition: int, where: str, boxes: tuple[str, ...] = ()) -> CardInfo:
    """A card the city names: the base game's, or a building of a box in play (Cities' black cards)."""
    if not isinstance(text, str):
        raise BadInput(M("in.card_string", kind=kind_of(text)), where)
    cat = catalog()
    try:
        card = cat.find(GAME, edition, text, kinds=("card",), boxes=boxes)
    except LookupFailed as missing:
        other = 2 if edition == 1 else 1
        try:
            elsewhere = cat.find(GAME, other, text, kinds=("card",))
        except LookupFailed:
            raise BadInput(unknown_name(GAME, edition, text, ("card",), missing), where) from None
        raise BadInput(M(f"in.other_edition.{edition}", card=Name(elsewhere.id, Game.SEVEN_WONDERS, other)), where) from None
    return tables(edition).cards[card.id]


def find_wonder(text, edition: int, where: str, boxes: tuple[str, ...] = ()) -> str:
    """A board the city names: the base game's, or a board of a box in play (Petra, the Great Wall...);
    a box's board whose box is not in play is refused naming the box it needs."""
    if not isinstance(text, str):
        raise BadInput(M("in.wonder_string", kind=kind_of(text)), where)
    cat = catalog()
    try:
        return cat.find(GAME, edition, text, kinds=("wonder",), boxes=boxes).id
    except LookupFailed as missing:
        try:
            boxed = cat.find(GAME, edition, text, kinds=("wonder",), boxes=tuple(cat.boxes))
        except LookupFailed:
            raise BadInput(unknown_name(GAME, edition, text, ("wonder",), missing), where) from None
        raise BadInput(M("in.wonder_needs_box", wonder=Name(boxed.id, GAME, edition), box=boxed.expansion),
                       where) from None


def built_stages(raw, board, any_order: bool, wonder: str, edition: int, where: str) -> tuple[int, tuple[int, ...]]:
    """How many stages are built and, for a board built in any order, which (their numbers, 1-based):
    `stages` is a count, or for such a board a list of the stages' numbers."""
    most = len(board.stages)
    if any_order and isinstance(raw, list):
        for j, n in enumerate(raw):
            if not is_int(n) or not 1 <= n <= most or n in raw[:j]:
                raise BadInput(M("in.stages_any_order", wonder=Name(wonder, GAME, edition), side=board.side,
                                 num=most, value=shown(n)), f"{where}[{j}]")
        return len(raw), tuple(sorted(raw))
    if not is_int(raw) or raw < 0:
        raise BadInput(M("in.stages_number", value=shown(raw)), where)
    if raw > most:
        raise BadInput(M("in.stages_count", wonder=Name(wonder, GAME, edition), side=board.side,
                         num=most, stages=raw), where)
    if any_order and 0 < raw < most:    # some stages of a board built in any order: which ones matters
        raise BadInput(M("in.stages_which", wonder=Name(wonder, GAME, edition), side=board.side, num=most), where)
    return raw, ()


def boxes_of(doc: dict, edition: int) -> tuple[str, ...]:
    """The expansion boxes the document names ("expansions"), checked against the edition, in boxes.toml's order."""
    names = doc.get("expansions", [])
    try:
        return play_for(GAME, edition).with_boxes(names).expansions
    except BoxRefused as refused:
        at = "expansions"
        if isinstance(names, list) and refused.box in names:    # the first named, or its second naming
            seen = [i for i, n in enumerate(names) if n == refused.box]
            at = f"expansions[{seen[-1] if refused.reason == 'twice' else seen[0]}]"
        raise BadInput(M(f"in.box.{refused.reason}", box=refused.box, other=refused.other), at) from None


def find_leader(text, edition: int, where: str) -> str:
    if not isinstance(text, str):
        raise BadInput(M("in.leader_string", kind=kind_of(text)), where)
    found = box_rules.find_leader(text, edition)
    if found is None:
        hint = box_rules.closest_leader(text, edition)
        raise BadInput(M("in.unknown_leader.hint", value=text, hint=Name(hint, GAME, edition)) if hint
                       else M("in.unknown_leader", value=text), where)
    return found


def _box_fields(raw: dict, where: str, edition: int, boxes: tuple[str, ...],
                among_cards: list[tuple[str, str]] = ()) -> dict:
    """What the boxes in play add to a city: Leaders' `leaders` (and leaders named among its
    `cards`, id and where), Cities' `debt`."""
    out: dict = {}
    for key, box in (("leaders", box_rules.LEADERS), ("debt", box_rules.CITIES)):
        if key in raw and box not in boxes:
            raise BadInput(M("in.needs_box", key=key, box=box), f"{where}.{key}")
    named = raw.get("leaders", [])
    if not isinstance(named, list):
        raise BadInput(M("in.leaders_list", kind=kind_of(named)), f"{where}.leaders")
    ids: list[str] = []
    places: list[str] = []
    found = [(find_leader(text, edition, f"{where}.leaders[{j}]"), f"{where}.leaders[{j}]")
             for j, text in enumerate(named)] + list(among_cards)
    for ident, at in found:
        printed_in = box_rules.leader_boxes(edition).get(ident)
        if printed_in is not None and printed_in not in boxes:     # a bonus leader of a box not in play
            raise BadInput(M("in.needs_box", key="leaders", box=printed_in), at)
        if ident in ids:
            raise BadInput(M("in.two_leaders", leader=Name(ident, GAME, edition), at=places[ids.index(ident)]), at)
        ids.append(ident)
        places.append(at)
    debt = raw.get("debt", 0)
    if not is_int(debt) or debt < 0:
        raise BadInput(M("in.debt_number", value=shown(debt)), f"{where}.debt")
    if boxes:
        out["boxes"] = boxes
    if ids:
        out["leaders"] = tuple(ids)
    if debt:
        out["debt"] = debt
    out.update(seafaring_input.box_fields(raw, where, edition, boxes))      # Armada's and Edifice's
    return out


def parse_city(raw, where: str, edition: int, index: int, *, coins_default: int | None = 0,
               boxes: tuple[str, ...] = ()) -> City:
    """One city of the contract. `coins_default` None: a city may leave its coins out (trade).
    `boxes`: the expansions in play, whose fields the city may carry."""
    if not isinstance(raw, dict):
        raise BadInput(M("in.city_object", kind=kind_of(raw)), where)
    t = tables(edition)
    name = raw.get("name", f"player {index + 1}")
    if not isinstance(name, str):
        raise BadInput(M("in.name_string", kind=kind_of(name)), f"{where}.name")
    if "wonder" not in raw:
        raise BadInput(M("in.needs_wonder"), f"{where}.wonder")
    wonder = find_wonder(raw["wonder"], edition, f"{where}.wonder", boxes)
    side = raw.get("side", t.sides[0])
    if not isinstance(side, str) or (wonder, side.lower()) not in t.boards:
        raise BadInput(M(f"in.unknown_side.{edition}", side=shown(side)), f"{where}.side")
    board = t.board(wonder, side)
    stages, built = built_stages(raw.get("stages", 0), board, t.wonder(wonder).stages_any_order, wonder, edition,
                                 f"{where}.stages")
    cards = raw.get("cards", [])
    if not isinstance(cards, list):
        raise BadInput(M("in.cards_list", kind=kind_of(cards)), f"{where}.cards")
    ids: list[str] = []
    seen: dict[str, int] = {}
    among_cards: list[tuple[str, str]] = []      # leaders named among the cards (the city page ticks them there)
    for j, text in enumerate(cards):
        at = f"{where}.cards[{j}]"
        leader = box_rules.find_leader(text, edition) if box_rules.LEADERS in boxes and isinstance(text, str) \
            else None
        if leader is not None:
            among_cards.append((leader, at))
            continue
        info = find_card(text, edition, at, boxes)
        if info.gains.unconfirmed:    # sources disagree on its points: never a guessed number
            raise BadInput(M("in.points_unconfirmed", card=Name(info.id, Game.SEVEN_WONDERS, edition),
                             options=Listed(tuple(map(str, info.gains.unconfirmed)), "or")), at)
        if info.gains.uncounted:      # its points hang on what a city does not record
            raise BadInput(M("in.points_uncounted", card=Name(info.id, Game.SEVEN_WONDERS, edition)), at)
        if info.name in seen:
            raise BadInput(M("in.two_cards", card=Name(info.id, Game.SEVEN_WONDERS, edition),
                             at=f"{where}.cards[{seen[info.name]}]"), at)
        seen[info.name] = j
        ids.append(info.id)
    coins = raw.get("coins", coins_default)
    if coins is not None and (not is_int(coins) or coins < 0):
        raise BadInput(M("in.coins_number", value=shown(coins)), f"{where}.coins")
    military = raw.get("military", [])
    if not isinstance(military, list):
        raise BadInput(M("in.military_list", kind=kind_of(military)), f"{where}.military")
    for j, token in enumerate(military):
        if not is_int(token) or token not in TOKENS:
            raise BadInput(M("in.token_value", value=shown(token)), f"{where}.military[{j}]")
    free_city = raw.get("free_city", False)
    if not isinstance(free_city, bool):
        raise BadInput(M("in.free_city_bool", value=shown(free_city)), f"{where}.free_city")
    fields = _box_fields(raw, where, edition, boxes, among_cards)
    if boxes or "buried" in raw or "colour_under" in raw:      # a box's board's stages (Abu Simbel, Stonehenge)
        on_board = [board.stages[n - 1] for n in built] if built else board.stages[:stages]
        burying = sum(len(s.gains.burials) for s in on_board)
        buried = _buried(raw, where, edition, boxes, burying, fields.get("leaders", ()))
        if buried:
            fields["buried"] = buried
        colour = _colour_under(raw, where, any(s.gains.colour_under for s in on_board))
        if colour:
            fields["colour_under"] = colour
    return City(edition, wonder, board.side, stages, tuple(ids), coins if coins is not None else 0,
                tuple(military), name, free_city, built=built, **fields)


AGE_COLOURS = tuple(c.value for c in AGE_CARD_COLOURS)


def _colour_under(raw: dict, where: str, scored: bool) -> str:
    """Stonehenge B: the colour of the Age card put under the stage that scores it (`scored`: one is built)."""
    colour = raw.get("colour_under", "")
    if colour in ("", None):
        return ""
    if not isinstance(colour, str) or colour not in AGE_COLOURS:
        raise BadInput(M("in.colour_under_value", value=shown(colour),           # the contract's values, quoted
                         colours=Listed(tuple(f'"{c}"' for c in AGE_COLOURS), "or")),
                       f"{where}.colour_under")
    if not scored:
        raise BadInput(M("in.colour_under_no_stage"), f"{where}.colour_under")
    return colour


def _buried(raw: dict, where: str, edition: int, boxes: tuple[str, ...], burying: int,
            recruited: tuple[str, ...]) -> tuple[str, ...]:
    """Abu Simbel's leaders buried under its stages (Leaders): each a leader, once, not also face up among
    the recruited ones, no more than the stages built that bury one (`burying`)."""
    named = raw.get("buried", [])
    if named and box_rules.LEADERS not in boxes:
        raise BadInput(M("in.needs_box", key="buried", box=box_rules.LEADERS), f"{where}.buried")
    if not isinstance(named, list):
        raise BadInput(M("in.buried_list", kind=kind_of(named)), f"{where}.buried")
    if len(named) > burying:
        raise BadInput(M("in.buried_too_many", num=burying), f"{where}.buried")
    ids: list[str] = []
    for j, text in enumerate(named):
        at = f"{where}.buried[{j}]"
        ident = find_leader(text, edition, at)
        if ident in recruited or ident in ids:
            raise BadInput(M("in.buried_twice", leader=Name(ident, GAME, edition)), at)
        ids.append(ident)
    return tuple(ids)


def distinct_wonders(cities: list[City], wheres: list[str]) -> None:
    seen: dict[str, str] = {}
    for city, where in zip(cities, wheres):
        if city.wonder in seen:
            raise BadInput(M("in.wonder_taken", wonder=Name(city.wonder, Game.SEVEN_WONDERS, city.edition),
                             at=seen[city.wonder]), f"{where}.wonder")
        seen[city.wonder] = city.name or where      # by name where it has one: "players[0]" meant nothing on a phone


def parse_players(doc: dict, edition: int) -> list[City]:
    players = doc.get("players")
    if not isinstance(players, list):
        raise BadInput(M("in.players_list", kind=kind_of(players)), "players")
    boxes = boxes_of(doc, edition)
    cities = [parse_city(raw, f"players[{i}]", edition, i, boxes=boxes) for i, raw in enumerate(players)]
    most = play_for(GAME, edition).with_boxes(boxes).players[1]
    free = [i for i, c in enumerate(cities) if c.free_city]
    if free:
        if edition != 1:
            raise BadInput(M("in.free_city_edition"), f"players[{free[0]}].free_city")
        if len(cities) != 3 or len(free) != 1:
            raise BadInput(M("in.free_city_count"), "players")
    elif not MIN_PLAYERS <= len(cities) <= max(most, MAX_PLAYERS):
        raise BadInput(M(f"in.player_count.{edition}", low=MIN_PLAYERS, high=max(most, MAX_PLAYERS),
                         num=len(cities)),
                       "players")
    distinct_wonders(cities, [f"players[{i}]" for i in range(len(cities))])
    return cities
