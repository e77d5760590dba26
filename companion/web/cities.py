"""A score sheet filled from the cities: tap the cards each player built.

The page turns the taps into the contract's city JSON and asks the engine to
score the whole table; the rules stay in the engine. A player entered by
numbers has no city: a 7 Wonders neighbour is then scored as an empty city and
the sheet says which guilds may be short.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _

from ..catalog import Colour, Game, catalog, fold
from ..engine import contract
from ..engine.errors import BadInput
from ..store import sheets as store
from . import access, get_db
from .i18n import current, say
from .inputs import whole_number
from .render import page

bp = Blueprint("cities", __name__, url_prefix="/sheets")

COLOURS = [c.value for c in Colour]
TOKENS = (-1, 1, 3, 5)


def pad_game(pad_id: str) -> tuple[str, int | None]:
    return {"7wonders": ("7wonders", 1), "7wonders-2e": ("7wonders", 2), "duel": ("duel", None)}[pad_id]


# -- scoring a sheet's cities -------------------------------------------------------

@dataclass
class CityScores:
    points: dict[int, dict[str, int]]      # player index -> category -> points, for players with a city
    notes: list[str]
    victory: str | None = None             # Duel: civilian, military or scientific
    supremacy_winner: int | None = None    # Duel: who won by a supremacy, whatever the points


def score_cities(sheet: store.Sheet) -> CityScores:
    """The engine's points for every player who has a city on this sheet."""
    entered = [i for i, p in enumerate(sheet.players) if p.city]
    if not entered:
        return CityScores({}, [])
    notes: list[str] = []
    if len(entered) < len(sheet.players):
        notes.append(_("Guilds count the city with most of a thing: enter both cities for exact guild points.")
                     if sheet.pad == "duel" else
                     _("Guilds and Olympia count neighbours' cards: players entered by numbers count as "
                       "empty cities there, so check those rows."))
    try:
        answer = contract.score(_score_doc(sheet))
    except BadInput as exc:
        why = f"{exc.where}: {say(exc)}" if exc.where else say(exc)
        return CityScores({}, [_("These cities cannot be scored together: %(why)s", why=why)])
    points = {i: answer["players"][i]["scores"] for i in entered}
    victory = answer.get("victory")
    winner = None
    if victory in ("military", "scientific"):
        names = [p["name"] for p in answer["players"]]
        winner = names.index(answer["winners"][0])
    return CityScores(points, notes, victory, winner)


def _score_doc(sheet: store.Sheet) -> dict:
    """The contract's score input for the whole table, players without a city as empty ones."""
    game, edition = pad_game(sheet.pad)
    if game == "duel":
        conflict = next((p.city.get("conflict", 0) * (1 if i == 0 else -1)
                         for i, p in enumerate(sheet.players) if p.city and "conflict" in p.city), 0)
        return {"game": "duel", "players": [_duel_city(p) for p in sheet.players], "conflict": conflict}
    return {"game": "7wonders", "edition": edition,
            "players": [_base_city(p, i, sheet) for i, p in enumerate(sheet.players)]}


def _duel_city(player: store.SheetPlayer) -> dict:
    city = dict(player.city or {})
    city.pop("conflict", None)
    return {"name": player.name, "cards": [], "wonders": [], "progress": [], "coins": 0, **city}


def _base_city(player: store.SheetPlayer, index: int, sheet: store.Sheet) -> dict:
    if player.city:
        return {"name": player.name, **player.city}
    # An empty placeholder on a board nobody else uses: it only lends its
    # (absent) cards to its neighbours' guilds.
    used = {p.city.get("wonder") for p in sheet.players if p.city}
    game, edition = pad_game(sheet.pad)
    boards = [w.id for w in catalog().wonder_list(Game.SEVEN_WONDERS, edition) if w.id not in used]
    side = "A" if edition == 1 else "day"
    return {"name": player.name, "wonder": boards[index % len(boards)], "side": side, "stages": 0,
            "cards": [], "coins": 0, "military": []}


# -- the city page --------------------------------------------------------------------

@bp.get("/<sheet_id>/city/<int:player>")
def edit(sheet_id, player):
    sheet, who = _load(sheet_id, player)
    city = dict(who.city or {})
    if "q" in request.args or "age" in request.args:
        # A filter while picking: keep the ticks not saved yet.
        city["cards"] = request.args.getlist("card")
    return _form(sheet, player, city, errors={})


@bp.post("/<sheet_id>/city/<int:player>")
def save(sheet_id, player):
    sheet, who = _load(sheet_id, player)
    if sheet.saved:                    # saved means filed: "Edit this game" reopens it first
        abort(409)
    game, edition = pad_game(sheet.pad)
    city, errors = _read_form(game, edition)
    if not errors:
        trial = store.Sheet(sheet.id, sheet.pad, [store.SheetPlayer(p.name, dict(p.values), p.coins, p.city)
                                                  for p in sheet.players], sheet.version, sheet.created)
        trial.players[player].city = city
        doc_error = _check(trial, player)
        if doc_error:
            errors["city"] = doc_error
    if errors:
        return _form(sheet, player, city, errors, status=422)
    db = get_db()
    store.set_city(db, sheet, player, city)
    for key in list(who.values):       # the city now says these: clear what was typed
        store.set_value(db, sheet, player, key, None)
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


def _check(sheet: store.Sheet, player: int) -> str | None:
    """The engine's word on the city: a card twice, unknown, too many stages..."""
    try:
        contract.score(_score_doc(sheet))
    except BadInput as exc:
        if exc.where.startswith("players[") and not exc.where.startswith(f"players[{player}]"):
            return None       # another player's city: not this form's business
        return say(exc)
    return None


def _read_form(game: str, edition: int | None, form=None) -> tuple[dict, dict]:
    """The city the form says and what is wrong in it; an import hands a city over as this form."""
    form = request.form if form is None else form
    errors: dict[str, str] = {}
    cards = sorted(set(form.getlist("card")))
    city: dict = {"cards": cards}

    def whole(key: str, low: int, high: int, label: str) -> int:
        value = whole_number(form.get(key, "").strip() or "0", signed=True)
        if value is None or not low <= value <= high:
            errors[key] = _("%(what)s is a whole number from %(low)s to %(high)s.", what=label, low=low, high=high)
            return 0
        return value

    city["coins"] = whole("coins", 0, 500, _("Coins"))
    if game == "duel":
        city["wonders"] = sorted(set(form.getlist("wonder")))
        city["progress"] = sorted(set(form.getlist("progress")))
        city["conflict"] = whole("conflict", -9, 9, _("The Conflict pawn"))
    else:
        boards = {w.id for w in catalog().wonder_list(Game.SEVEN_WONDERS, edition)}
        city["wonder"] = form.get("wonder", "")
        if city["wonder"] not in boards:
            errors["wonder"] = _("Choose the wonder board.")
        city["side"] = form.get("side", "")
        city["stages"] = whole("stages", 0, 4, _("Stages built"))
        label = _("Conflict tokens")
        city["military"] = [value for value in TOKENS for _copy in range(whole(f"tokens{value}", 0, 6, label))]
    return city, errors


def _form(sheet, player, city, errors, status=200):
    game, edition = pad_game(sheet.pad)
    cat = catalog()
    cat_game = Game.DUEL if game == "duel" else Game.SEVEN_WONDERS
    age = request.values.get("age", "")
    query = fold(request.values.get("q", ""))
    chosen = set(city.get("cards", []))
    groups = []
    for colour in COLOURS:
        cards = [c for c in cat.card_list(cat_game, edition) if c.colour.value == colour
                 and (not age or str(c.age) == age or c.id in chosen)
                 and (not query or query in fold(c.name_in(current())) or query in fold(c.name) or c.id in chosen)]
        if cards:
            groups.append((colour, cards))
    extra = {}
    if game == "duel":
        extra = {"wonders": cat.wonder_list(Game.DUEL), "tokens": cat.progress}
    else:
        boards = cat.wonder_list(Game.SEVEN_WONDERS, edition)
        extra = {"boards": boards, "sides": ("A", "B") if edition == 1 else ("day", "night"),
                 "token_counts": {v: city.get("military", []).count(v) for v in TOKENS}}
    # A refused form comes back as it was typed ("5" stages stays 5 beside its message, not 0).
    typed = request.form if errors and request.method == "POST" else {}
    return page("sheets/city.html", block="picker", status=status, sheet=sheet, player=player,
                name=sheet.players[player].name, game=game, city=city, chosen=chosen, groups=groups,
                age=age, q=request.values.get("q", ""), errors=errors, lang=current(), typed=typed, **extra)


def _load(sheet_id: str, player: int):
    sheet = access.load_sheet(sheet_id)
    if sheet is None or not 0 <= player < len(sheet.players):
        abort(404)
    return sheet, sheet.players[player]
