"""History: past games, players' statistics, export and import."""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field

from flask import Blueprint, Response, redirect, request, url_for
from flask_babel import gettext as _

from ..catalog import Game, LookupFailed, catalog
from ..engine.errors import BadInput
from ..store import events
from ..store import sheets as store
from . import get_db, inputs
from .render import page
from .sheets import PAD_TITLES, tally_sheet

bp = Blueprint("history", __name__, url_prefix="/history")

EXPORT_FORMAT = "7wonders-companion/history/1"


@dataclass
class Played:
    sheet: store.Sheet
    title: str
    totals: list[int]
    ranks: list[int]
    points: list[dict]


def _played(sheet: store.Sheet) -> Played:
    tally = tally_sheet(sheet)
    return Played(sheet, PAD_TITLES[sheet.pad], tally.totals, tally.ranks, tally.points)


CATEGORY_ORDER = ("military", "treasury", "wonder", "wonders", "civil", "commercial", "guilds", "science",
                  "progress")


@bp.get("/")
def index():
    games = [_played(s) for s in store.all_sheets(get_db())]
    return page("history/index.html", **_history_context(games), just_saved=request.args.get("saved"),
                message=None)


def _history_context(games: list[Played]) -> dict:
    stats = _stats(games)
    seen = {k for s in stats for k in s.totals if k != "total"}
    return {"games": games, "stats": stats, "categories": [c for c in CATEGORY_ORDER if c in seen],
            "wonders": _wonder_stats(games)}


@dataclass
class WonderStats:
    id: str
    name: str
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _wonder_stats(games: list[Played]) -> list[WonderStats]:
    """Win rate by wonder board, for the saved games whose cities name their wonder."""
    found: dict[str, WonderStats] = {}
    for game in games:
        if not game.sheet.saved:
            continue
        for player, rank in zip(game.sheet.players, game.ranks):
            wonder = (player.city or {}).get("wonder")
            if not wonder:
                continue
            try:
                name = catalog().find(Game.SEVEN_WONDERS, None, wonder, kinds=("wonder",)).name
            except LookupFailed:
                name = wonder
            stats = found.setdefault(name, WonderStats(wonder, name))
            stats.games += 1
            stats.wins += rank == 1
    return sorted(found.values(), key=lambda w: (-w.win_rate, -w.games, w.name))


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    totals: dict = field(default_factory=dict)   # category -> sum of points

    def average(self, key: str) -> float:
        return self.totals.get(key, 0) / self.games if self.games else 0.0


def _stats(games: list[Played]) -> list[PlayerStats]:
    by_name: dict[str, PlayerStats] = {}
    for game in games:
        if not game.sheet.saved:
            continue
        for player, points, rank in zip(game.sheet.players, game.points, game.ranks):
            stats = by_name.setdefault(player.name.casefold(), PlayerStats(player.name))
            stats.games += 1
            stats.wins += rank == 1
            for key, value in points.items():
                stats.totals[key] = stats.totals.get(key, 0) + value
            stats.totals["total"] = stats.totals.get("total", 0) + sum(points.values())
    return sorted(by_name.values(), key=lambda s: (-s.wins, -s.games, s.name.casefold()))


# -- export and import ------------------------------------------------------------

@bp.get("/export.json")
def export_json():
    db = get_db()
    sheets = []
    for sheet_id in events.game_ids(db, store.CREATED):
        sheets.append({"id": sheet_id, "events": [
            {"seq": e.seq, "kind": e.kind, "payload": e.payload, "created": e.created}
            for e in events.read(db, sheet_id)]})
    body = json.dumps({"format": EXPORT_FORMAT, "sheets": sheets}, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": "attachment; filename=7wonders-history.json"})


@bp.get("/export.csv")
def export_csv():
    out = io.StringIO()
    writer = csv.writer(out)
    keys = sorted({row.key for pad in catalog().pads.values() for row in pad.rows})
    writer.writerow(["sheet", "date", "game", "player", "seat"] + keys + ["total", "rank", "coins", "saved"])
    for game in (_played(s) for s in store.all_sheets(get_db())):
        for seat, (player, points) in enumerate(zip(game.sheet.players, game.points)):
            writer.writerow([game.sheet.id, game.sheet.created, game.sheet.pad, player.name, seat + 1]
                            + [points.get(k, "") for k in keys]
                            + [game.totals[seat], game.ranks[seat], "" if player.coins is None else player.coins,
                               "yes" if game.sheet.saved else "no"])
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=7wonders-history.csv"})


class BadImport(ValueError):
    pass


@bp.post("/import")
def import_json():
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise BadImport(_("Choose the JSON file exported from this app."))
        try:
            doc = inputs.parse_json(upload.read(), inputs.IMPORT)
        except BadInput as exc:
            raise BadImport(_("%(file)s is not a JSON export of this app (%(why)s).",
                              file=upload.filename, why=str(exc)))
        added, skipped = _import(doc)
    except BadImport as exc:
        games = [_played(s) for s in store.all_sheets(get_db())]
        return page("history/index.html", status=422, **_history_context(games), just_saved=None,
                    message=str(exc))
    return redirect(url_for("history.index", imported=added, skipped=skipped), 303)


def _valid_event(event, index: int, pad, seats: int) -> bool:
    if not isinstance(event, dict) or event.get("seq") != index + 1 or not isinstance(event.get("payload"), dict):
        return False
    kind, payload = event.get("kind"), event["payload"]
    player = payload.get("player")
    in_range = isinstance(player, int) and not isinstance(player, bool) and 0 <= player < seats
    if kind == store.CREATED:
        return index == 0
    if kind == store.VALUE:
        rows = {row.key: row for row in pad.rows}
        value = payload.get("value")
        return in_range and payload.get("row") in rows and (value is None or (
            isinstance(value, int) and rows[payload["row"]].min <= value <= rows[payload["row"]].max))
    if kind == store.COINS:
        value = payload.get("value")
        return in_range and (value is None or (isinstance(value, int) and 0 <= value <= 500))
    if kind == store.CITY:
        return in_range and isinstance(payload.get("city"), dict)
    return kind == store.SAVED


def _import(doc) -> tuple[int, int]:
    """Add every sheet of an export that is not here yet; all or nothing."""
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT or not isinstance(doc.get("sheets"), list):
        raise BadImport(_("This file is not a history export of this app (its format line is missing)."))
    db = get_db()
    pads = catalog().pads
    plans = []
    for i, sheet in enumerate(doc["sheets"]):
        where = f"sheets[{i}]"
        if not isinstance(sheet, dict) or not isinstance(sheet.get("id"), str) or not isinstance(sheet.get("events"), list):
            raise BadImport(_("%(where)s: a sheet needs an id and its events.", where=where))
        log = sheet["events"]
        if not log or not isinstance(log[0], dict) or log[0].get("kind") != store.CREATED:
            raise BadImport(_("%(where)s: the first event must create the sheet.", where=where))
        first = log[0].get("payload")
        first = first if isinstance(first, dict) else {}
        if not isinstance(first.get("pad"), str) or first.get("pad") not in pads or not isinstance(first.get("players"), list):
            raise BadImport(_("%(where)s: unknown score pad %(pad)s.", where=where, pad=repr(first.get("pad"))))
        pad = pads[first["pad"]]
        seats = len(first["players"])
        if not pad.players[0] <= seats <= pad.players[1] or not all(
                isinstance(p, dict) and isinstance(p.get("name"), str) and p["name"].strip() for p in first["players"]):
            raise BadImport(_("%(where)s: the players of the sheet are not valid.", where=where))
        for j, event in enumerate(log):
            if not _valid_event(event, j, pad, seats):
                raise BadImport(_("%(where)s: not a valid event of this score sheet.", where=f"{where}.events[{j}]"))
        if events.current_version(db, sheet["id"]):
            continue      # already here: importing twice changes nothing
        plans.append(sheet)
    with db.atomic():
        for sheet in plans:
            for event in sheet["events"]:
                db.execute("insert into events (game_id, seq, kind, payload, created) values (?, ?, ?, ?, ?)",
                           [sheet["id"], event["seq"], event["kind"],
                            json.dumps(event["payload"], ensure_ascii=False, sort_keys=True),
                            str(event.get("created") or events.now())])
    return len(plans), len(doc["sheets"]) - len(plans)
