"""What the boxes in play add to a 7 Wonders city page, by the rows their pads add: Armada's naval
conflict tokens, islands, yellow fleet and shipyard points; Edifice's edifices and debt; Babel's tiles
built and participation tokens.

The page asks only what the data can score: naval tokens by value where the edition's tokens are
known (else their points in one field), islands and edifices tapped where the edition's are listed.
The engine checks the city (engine/seven_wonders/seafaring_input.py); this module reads the form.
"""
from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..catalog import catalog
from ..catalog.model import AGE_COLOURS
from ..catalog.plays import Play
from ..catalog.text import fold
from ..engine.families import rules
from .describe import COLOUR
from .i18n import current

FLEET_SPACES = 6          # a fleet's spaces above its first (the rulebooks: 7 spaces a track)
TOWER_TILES = 3           # Babel tiles a player may build (the rulebooks)
TOKENS_A_PROJECT = 10     # participation tokens in the Babel box (the rulebooks)


def _pieces(played: Play, kind: str) -> list:
    cat = catalog()
    return [e for box in played.expansions for e in cat.box_list(played.game, played.edition, box)
            if e.listed_kind == kind]


def _rows(played: Play) -> dict:
    return {row.key: row for row in played.pad.rows}


def token_values(played: Play) -> list[int]:
    """The naval conflict tokens' values of this edition's box, victories first (none when unknown)."""
    values = sorted({t.value for t in _pieces(played, "naval-token")})
    return [v for v in values if v > 0] + [v for v in reversed(values) if v < 0]


# What a progress token may count that a city still holds at the end, by the contract's key.
HELD_WORDS = {"mythology_tokens": _l("Mythology tokens still held"), "offering_tokens": _l("Offering tokens still held")}


def held_asked(played: Play, tokens: list) -> list[tuple[str, int, str]]:
    """What the page asks for the tokens offered that count what a city still holds (a token's `counts`
    the engine says a city may tell): (the contract's key, the most the boxes hold, the ids of the
    tokens that count it)."""
    most = getattr(rules(played.game, "sheet"), "held_counts", lambda _play: {})(played)
    asked: dict[str, list[str]] = {}
    for token in tokens:
        for key in (k for effect in token.effects for k in effect.counts if k in most):
            asked.setdefault(key, []).append(token.id)
    return [(key, most[key], " ".join(ids)) for key, ids in asked.items()]


def read_held(played: Play, tokens: list, form, whole, city: dict) -> None:
    """The counts the chosen tokens score into the city (`whole` notes a count out of bounds); a count of a
    token not chosen is left out (its field is hidden and disabled with JavaScript, typed without)."""
    for key, most, ids in held_asked(played, tokens):
        value = whole(key, 0, most, str(HELD_WORDS.get(key, key)))
        if value and set(ids.split()) & set(city.get("progress", [])):
            city[key] = value


def find_names(pieces: list) -> dict[str, str]:
    """Each piece's printed names in every language, folded, for the picker's filter: a French
    player typing "ile" or an English name finds the island either way."""
    return {p.id: " | ".join(sorted({fold(name) for _lang, name in p.all_names()})) for p in pieces}


def page_fields(played: Play, city: dict) -> dict:
    """What the template shows for the boxes in play (empty when none of theirs)."""
    rows = _rows(played)
    naval = city.get("naval", [])
    values = token_values(played)
    islands, edifices = _pieces(played, "island"), _pieces(played, "edifice")
    return {
        "naval_row": "naval" in rows,
        "naval_counts": [(v, naval.count(v)) for v in values],
        "naval_points": sum(naval),
        "islands": islands,
        "shipyard_row": "shipyard" in rows,
        "edifice_row": "edifice" in rows,
        "edifices": edifices,
        "find_names": find_names(islands + edifices),
        "tower_row": "tower" in rows,
        **_burial_fields(played, city),
        **_colour_under_fields(played),
        "projects": [(p, city.get("projects", []).count(p.id)) for p in _pieces(played, "great-project")],
    }


def _burial_fields(played: Play, city: dict) -> dict:
    """A board in play whose stages bury a recruited leader (Abu Simbel, with the Leaders box): a choice of
    leader for each such stage, the leaders of the play by name in the reader's language."""
    if "leaders" not in _rows(played):
        return {"bury_slots": 0}
    boards = [w for w in played.wonders() if getattr(w, "burying_stages", 0)]    # a board, not a Duel wonder
    if not boards:
        return {"bury_slots": 0}
    buried = city.get("buried", [])
    slots = max(w.burying_stages for w in boards)
    return {"bury_slots": slots, "burying_boards": ", ".join(w.name_in(current()) for w in boards),
            "burying_ids": " ".join(w.id for w in boards),
            "buried": [buried[i] if i < len(buried) else "" for i in range(slots)],
            "leaders": sorted(_pieces(played, "leader"), key=lambda t: fold(t.name_in(current())))}


# A card put under a wonder stage is an Age card: its colours
UNDER_COLOURS = tuple(c.value for c in AGE_COLOURS)


def _colour_under_fields(played: Play) -> dict:
    """A board in play with a stage scoring the colour of the card put under it (Stonehenge B): which colour."""
    boards = [w for w in played.wonders() if getattr(w, "colour_under_stages", 0)]     # a board, not a Duel wonder
    if not boards:
        return {"colour_under_boards": ""}
    black = bool(_pieces(played, "city"))           # black cards only with the box that has them (Cities)
    colours = [(c, str(COLOUR[c])) for c in UNDER_COLOURS if c != "black" or black]
    return {"colour_under_boards": ", ".join(w.name_in(current()) for w in boards), "under_colours": colours,
            "colour_under_ids": " ".join(w.id for w in boards)}


def read(played: Play, form, whole, city: dict) -> None:
    """The boxes' fields of the form into the city (`whole` reads a bounded number, noting errors)."""
    rows = _rows(played)
    if _colour_under_fields(played)["colour_under_boards"] and form.get("colour_under"):
        city["colour_under"] = form.get("colour_under")       # the engine checks it names a colour
    if _burial_fields(played, city)["bury_slots"]:
        chosen = [ident for ident in form.getlist("buried") if ident]
        city["buried"] = chosen            # the engine refuses a leader twice or one too many, saying where
    if "naval" in rows:
        values = token_values(played)
        if values:
            label = _("Naval conflict tokens")
            city["naval"] = [v for v in values for _copy in range(whole(f"naval{v}", 0, 31, label))]
        else:
            points = whole("naval_points", rows["naval"].min, rows["naval"].max, _("Naval conflict tokens, in points"))
            city["naval"] = [points] if points else []
    if "islands" in rows and _pieces(played, "island"):
        city["islands"] = sorted(set(form.getlist("island")))
        city["yellow_fleet"] = whole("yellow_fleet", 0, FLEET_SPACES, _("Yellow fleet's level"))
    if "shipyard" in rows:
        city["shipyard"] = whole("shipyard", 0, rows["shipyard"].max, _("Points the blue fleet reached"))
    if "edifice" in rows:
        city["edifices"] = sorted(set(form.getlist("edifice")))
        city["edifice_debt"] = whole("edifice_debt", 0, -rows["edifice"].min, _("Edifice debt tokens, in points"))
    if "tower" in rows:
        city["tower_tiles"] = whole("tower_tiles", 0, TOWER_TILES, _("Babel tiles built"))
    if "projects" in rows:
        label = _("Participation tokens")
        city["projects"] = [p.id for p in _pieces(played, "great-project")
                            for _copy in range(whole(f"project-{p.id}", 0, TOKENS_A_PROJECT, label))]
    for key in ("naval", "islands", "edifices", "projects"):
        if key in city and not city[key]:
            del city[key]
    for key in ("yellow_fleet", "shipyard", "edifice_debt", "tower_tiles"):
        if city.get(key) == 0:
            del city[key]


FIELDS = ("naval", "islands", "yellow_fleet", "shipyard", "edifices", "edifice_debt", "tower_tiles", "projects")   # a city's, as the contract's


def as_form(city: dict, played: Play, form) -> None:
    """The page's fields that enter the boxes' part of this city (an import reads a city back)."""
    naval = list(city.get("naval") or [])
    values = token_values(played)
    if values:
        for value in values:
            form[f"naval{value}"] = str(naval.count(value))
    elif naval:
        form["naval_points"] = str(sum(naval))
    form.setlist("island", list(city.get("islands") or []))
    form.setlist("edifice", list(city.get("edifices") or []))
    for key in ("yellow_fleet", "shipyard", "edifice_debt", "tower_tiles"):
        if city.get(key) is not None:
            form[key] = str(city[key])
    held = list(city.get("projects") or [])
    for project in _pieces(played, "great-project"):
        if held.count(project.id):
            form[f"project-{project.id}"] = str(held.count(project.id))
