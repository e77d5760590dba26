"""Importing a history export: all or nothing, each game checked as its pages check what is typed.

Every game of the file is replayed first (the store says whether its log
holds together), then each change is put to the very checks the pages use: a
number to the sheet's `parse_cell`, coins to its coins rule, a board to
`board_refused`, a city to the city page's form and to the engine's rules
(`cities._check`). One bad game refuses the whole file, saying which game and
which field. What passes is stored by the store in one transaction, with its
place in history (store/imports.py): a game the group already holds is not
stored again, by its id when it came from this group, else by its content
(`store.fingerprint`: pad, date, players and their scores).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.datastructures import MultiDict

from ..catalog.plays import MAX_NAME, Play, play, tidy_name
from ..store import events
from ..store import sheets as store
from . import cities, city_boxes
from .sheets import _parse_coins, _parse_outcome, board_refused, parse_cell

EXPORT_FORMAT = "7wonders-companion/history/1"
MAX_IMPORT_EVENTS = 200             # per sheet: a real game has a few dozen
# The city page's fields, by whether players choose a board (7 Wonders) or draft wonders (the Duel):
# an imported city holds these or less.
CITY_FIELDS = {"boards": ("cards", "coins", "wonder", "side", "stages", "military", "debt") + city_boxes.FIELDS,
               "draft": ("cards", "coins", "wonders", "progress", "conflict") + tuple(city_boxes.HELD_WORDS),
               "counts": cities.COUNTED}                  # by the play's city_page


class BadImport(ValueError):
    pass


@dataclass
class ImportedGame:
    """One game of the file, checked: its log and the sheet it replays into."""
    sheet_id: str
    log: list[events.Event]
    sheet: store.Sheet

    @property
    def pad(self) -> str:
        return self.sheet.pad


def checked(doc, max_sheets: int) -> list[ImportedGame]:
    """Every game of an export, each checked; BadImport at the first that is not right."""
    if not isinstance(doc, dict) or "format" not in doc:
        raise BadImport(_("This file is not a history export of this app (its format line is missing)."))
    if doc["format"] != EXPORT_FORMAT:      # there, but another's (or another version's): say which
        raise BadImport(_("This file's format line says %(found)s; this app reads %(wanted)s. Export the history "
                          "again from this app.", found=str(doc["format"])[:60], wanted=EXPORT_FORMAT))
    if not isinstance(doc.get("sheets"), list):
        raise BadImport(_("This file is not a history export of this app (its list of games is missing)."))
    if len(doc["sheets"]) > max_sheets:
        raise BadImport(ngettext("This export holds %(num)s game; an import takes at most %(max)s. Export fewer "
                                 "games at a time.", "This export holds %(num)s games; an import takes at most "
                                 "%(max)s. Export fewer games at a time.", len(doc["sheets"]), max=max_sheets))
    return [_game(i, raw) for i, raw in enumerate(doc["sheets"])]


def _where(i: int, raw) -> str:
    """"Game 3 of the file (Ana, Bruno)": the game as a reader finds it in the file."""
    where = _("Game %(num)s of the file", num=i + 1)
    try:
        names = ", ".join(p["name"] for p in raw["events"][0]["payload"]["players"])[:80]
    except (KeyError, IndexError, TypeError):
        return where
    return f"{where} ({names})" if names else where


def _refuse(where: str, field: str, why: str) -> BadImport:
    nothing = _("Nothing was imported.")
    return BadImport(f"{where}, {field}: {why} {nothing}")


def _game(i: int, raw) -> ImportedGame:
    where = _where(i, raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not isinstance(raw.get("events"), list):
        raise BadImport(_("%(where)s: a sheet needs an id and its events.", where=where))
    if len(raw["events"]) > MAX_IMPORT_EVENTS:
        raise BadImport(_("%(where)s: more than %(max)s changes for one game.", where=where, max=MAX_IMPORT_EVENTS))
    log = _log(where, raw["id"], raw["events"])
    first = log[0].payload
    try:                                   # a play's key, with its boxes when it has some (7wonders+leaders)
        pad = play(first["pad"]).pad if isinstance(first.get("pad"), str) else None
    except KeyError:
        pad = None
    if pad is None:
        raise BadImport(_("%(where)s: unknown score pad %(pad)s.", where=where, pad=repr(first.get("pad"))[:40]))
    players = first.get("players")
    if not isinstance(players, list) or not pad.players[0] <= len(players) <= pad.players[1] or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and 0 < len(p["name"].strip()) <= MAX_NAME
            for p in players):
        raise BadImport(_("%(where)s: the players of the sheet are not valid.", where=where))
    try:
        sheet = store.replay(raw["id"], log)
    except store.Unreadable as exc:
        at = f"{where}, {exc.where}"
        raise BadImport(_("%(where)s: not a valid event of this score sheet.", where=at) + " "
                        + _("Nothing was imported."))
    for j, event in enumerate(log[1:], 1):
        refused = _event_refused(event, sheet)
        if refused:
            raise _refuse(where, f"events[{j}].{refused[0]}", refused[1])
    # The engine's rules on the cities as the city page reads them (a side left out is "", not "A").
    trial = copy.deepcopy(sheet)
    for player in trial.players:
        player.city = _read_city(player.city, sheet.pad)[0] if player.city else None
    for p, player in enumerate(trial.players):
        why = cities._check(trial, p) if player.city else None
        if why:
            raise _refuse(where, f"players[{p}].city", why)
    return ImportedGame(raw["id"], log, sheet)


def _log(where: str, sheet_id: str, raw_events: list) -> list[events.Event]:
    """The file's events as the store's, numbered 1, 2, 3... and the first one creating the sheet."""
    log = []
    for j, e in enumerate(raw_events):
        if (not isinstance(e, dict) or e.get("seq") != j + 1 or not isinstance(e.get("kind"), str)
                or not isinstance(e.get("payload"), dict) or not isinstance(e.get("created"), (str, type(None)))):
            at = f"{where}, events[{j}]"
            raise BadImport(_("%(where)s: not a valid event of this score sheet.", where=at))
        log.append(events.Event(sheet_id, j + 1, e["kind"], e["payload"], (e.get("created") or events.now())[:40]))
    if not log or log[0].kind != store.CREATED:
        raise BadImport(_("%(where)s: the first event must create the sheet.", where=where))
    return log


def _event_refused(event: events.Event, sheet: store.Sheet) -> tuple[str, str] | None:
    """(field, why) when the page that makes this change would refuse it; None when it would not.
    The store's replay has checked the payload's shape (store.replay): what is left is its values."""
    payload, kind = event.payload, event.kind
    if kind == store.VALUE:
        rows = {row.key: row for row in sheet.play.pad.rows}
        if payload["row"] not in rows:
            return "row", _("This score sheet has no such row.")
        return _field("value", parse_cell(_typed(payload.get("value")), rows[payload["row"]])[1])
    if kind == store.COINS:
        return _field("value", _parse_coins(_typed(payload.get("value")), sheet.play)[1])
    if kind == store.VICTORY:
        victory = payload.get("victory")
        text = f"{victory['kind']}:{victory['player']}" if victory else ""
        return _field("victory", _("Choose how the game ended.") if _parse_outcome(text, len(sheet.players), sheet.play.supremacies) is False
                      else None)
    if kind == store.WONDER:
        board, side = payload.get("wonder") or "", payload.get("side") or ""
        return _field("wonder", board_refused(sheet.pad, board, side) or (
            _("Choose a wonder board of this edition and its side.") if side and not board else None))
    if kind == store.RENAMED:
        name = tidy_name(payload["name"])
        return _field("name", None if 0 < len(name) <= MAX_NAME else _("A name is 1 to %(n)s letters.", n=MAX_NAME))
    if kind == store.CITY:
        return _city_refused(payload["city"], sheet.pad)
    return None


def _typed(value: int | None) -> str:
    """A number as a phone types it into the sheet (blank clears it)."""
    return "" if value is None else str(value)


def _field(field: str, why: str | None) -> tuple[str, str] | None:
    return (field, why) if why else None


def _city_refused(city: dict, pad_id: str) -> tuple[str, str] | None:
    """A city is taken when the city page could have entered it: put into its form, read back by the
    page's own reading (cities._read_form) without a complaint and to the same city."""
    unknown = [k for k in city if k not in CITY_FIELDS[play(pad_id).city_page]]
    if unknown:
        return f"city.{unknown[0]}"[:60], _("This city holds something the city page cannot enter.")
    read, errors = _read_city(city, pad_id)
    if errors:
        key, why = next(iter(errors.items()))
        return f"city.{key}", why
    for key, value in city.items():
        if _same(value) != _same(read.get(key)):
            return f"city.{key}", _("This city holds something the city page cannot enter.")
    return None


def _read_city(city: dict, pad_id: str) -> tuple[dict, dict]:
    played = play(pad_id)
    return cities._read_form(played, _as_form(city, played))


def _as_form(city: dict, played: Play) -> MultiDict:
    """The city page's form that enters this city (its cards ticked, its numbers typed)."""
    if played.city_page == "counts":
        return cities.counted_as_form(city, played)
    form = MultiDict([("card", c) for c in city.get("cards") or []])
    for key in ("coins", "stages", "conflict", "debt"):
        if city.get(key) is not None:
            form[key] = str(city[key])
    if played.has_boards:
        form["wonder"], form["side"] = city.get("wonder") or "", city.get("side") or ""
        tokens = list(city.get("military") or [])
        for value in cities.TOKENS:
            form[f"tokens{value}"] = str(tokens.count(value))
        city_boxes.as_form(city, played, form)
    else:
        form.setlist("wonder", list(city.get("wonders") or []))
        form.setlist("progress", list(city.get("progress") or []))
        for key in city_boxes.HELD_WORDS:          # what a progress token counts that the city still holds
            if city.get(key) is not None:
                form[key] = str(city[key])
    return form


def _same(value):
    """A city's field as the form gives it back: lists in order, each item once as the form ticks it."""
    return sorted(value, key=repr) if isinstance(value, list) else value
