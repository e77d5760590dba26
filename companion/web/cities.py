"""A score sheet filled from the cities: tap the cards each player built.

The page turns the taps into the contract's city JSON; the engine scores the
whole table (engine/sheet_tally.py) and says what is wrong in a city.
"""
from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _

from ..catalog import Colour, catalog, fold
from ..catalog.plays import MAX_COINS, Play
from ..engine.sheet_tally import city_refused
from ..store import sheets as store
from . import access, get_db
from .i18n import current, say
from .inputs import whole_number
from .render import page

bp = Blueprint("cities", __name__, url_prefix="/sheets")

COLOURS = [c.value for c in Colour]
TOKENS = (-1, 1, 3, 5)


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
    city, errors = _read_form(sheet.play)
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
    refused = city_refused(sheet.play, sheet.players, player)
    return say(refused) if refused else None


def _read_form(played: Play, form=None) -> tuple[dict, dict]:
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

    city["coins"] = whole("coins", 0, MAX_COINS, _("Coins"))
    most_debt = _most_debt(played)
    if most_debt:                      # a box whose pad counts debt (Cities): the tokens held, in points
        city["debt"] = whole("debt", 0, most_debt, _("Debt"))
    if not played.has_boards:          # the Duel: wonders drafted, progress tokens, the pawn
        city["wonders"] = sorted(set(form.getlist("wonder")))
        city["progress"] = sorted(set(form.getlist("progress")))
        city["conflict"] = whole("conflict", -9, 9, _("The Conflict pawn"))
    else:
        boards = {w.id for w in played.wonders()}
        city["wonder"] = form.get("wonder", "")
        if city["wonder"] not in boards:
            errors["wonder"] = _("Choose the wonder board.")
        city["side"] = form.get("side", "")
        city["stages"] = whole("stages", 0, 4, _("Stages built"))
        label = _("Conflict tokens")
        city["military"] = [value for value in TOKENS for _copy in range(whole(f"tokens{value}", 0, 6, label))]
    return city, errors


def _most_debt(played: Play) -> int:
    """The most debt a city of this play can hold, in points (0: its pad has no debt row)."""
    rows = [row for row in played.pad.rows if row.key == "debt"]
    return -rows[0].min if rows else 0


def _form(sheet, player, city, errors, status=200):
    played = sheet.play
    cat = catalog()
    age = request.values.get("age", "")
    query = fold(request.values.get("q", ""))
    chosen = set(city.get("cards", []))
    groups = []
    for colour in COLOURS:
        cards = [c for c in played.cards() if c.colour.value == colour
                 and (not age or str(c.age) == age or c.id in chosen)
                 and (not query or query in fold(c.name_in(current())) or query in fold(c.name) or c.id in chosen)]
        if cards:
            groups.append((colour, cards))
    if played.has_boards:
        extra = {"boards": played.wonders(), "sides": played.sides,
                 "token_counts": {v: city.get("military", []).count(v) for v in TOKENS}}
    else:
        extra = {"wonders": played.wonders(), "tokens": cat.progress}
    # A refused form comes back as it was typed ("5" stages stays 5 beside its message, not 0).
    typed = request.form if errors and request.method == "POST" else {}
    return page("sheets/city.html", block="picker", status=status, sheet=sheet, player=player,
                name=sheet.players[player].name, has_boards=played.has_boards, city=city, chosen=chosen, groups=groups,
                age=age, q=request.values.get("q", ""), errors=errors, lang=current(), typed=typed,
                most_debt=_most_debt(played), **extra)


def _load(sheet_id: str, player: int):
    sheet = access.load_sheet(sheet_id)
    if sheet is None or not 0 <= player < len(sheet.players):
        abort(404)
    return sheet, sheet.players[player]
