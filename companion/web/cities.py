"""A score sheet filled from the cities: tap the cards each player built.

The page turns the taps into the contract's city JSON; the engine scores the
whole table (engine/sheet_tally.py) and says what is wrong in a city.
"""
from __future__ import annotations

from flask import Blueprint, abort, redirect, request, session, url_for
from werkzeug.datastructures import MultiDict
from flask_babel import gettext as _

from ..catalog import Colour, catalog, fold
from ..catalog.plays import MAX_COINS, Play
from ..engine.messages import minus
from ..engine.sheet_tally import city_refused, typed_rows
from ..store import sheets as store
from . import access, city_boxes, get_db
from .cards import name_known
from .describe import effect_text
from .i18n import CATEGORIES, current, refusal
from .inputs import sign_flipped, whole_number
from .render import page

bp = Blueprint("cities", __name__, url_prefix="/sheets")

COLOURS = [c.value for c in Colour]
TOKENS = (-1, 1, 3, 5)


# -- the city page --------------------------------------------------------------------

@bp.get("/<sheet_id>/city/<int:player>")
def edit(sheet_id, player):
    sheet, who = _load(sheet_id, player)
    city = dict(who.city or {})
    if sheet.play.has_boards and not city.get("wonder") and who.wonder:
        # The board and side told on the sheet (its "Wonder boards" section): the page showed "—" and side
        # A, to be chosen again, and its Score saved what it showed (a player walk: Alexandria B chosen).
        city["wonder"], city["side"] = who.wonder, who.side
    if "q" in request.args or "age" in request.args:
        # A filter while picking: keep the ticks not saved yet.
        city["cards"] = request.args.getlist("card")
    return _form(sheet, player, city, errors={})


@bp.post("/<sheet_id>/city/<int:player>")
def save(sheet_id, player):
    sheet, who = _load(sheet_id, player)
    if sheet.saved:                    # saved means filed: "Edit this game" reopens it first
        abort(409)
    if request.form.get("sign") in SIGNED_FIELDS:       # a ± tapped without JavaScript
        return _signed(sheet, player)
    if request.form.get("find") or _search_typed():      # "Search", or Enter in it, without JavaScript
        return _searched(sheet, player)
    city, errors = _read_form(sheet.play)
    if not errors:
        trial = store.Sheet(sheet.id, sheet.pad, [store.SheetPlayer(p.name, dict(p.values), p.coins, p.city)
                                                  for p in sheet.players], sheet.version, sheet.created)
        trial.players[player].city = city
        refused = _refusal(trial, player)
        if refused:
            field, text = refused
            errors[field] = text
    if errors:
        return _form(sheet, player, city, errors, status=422)
    db = get_db()
    store.set_city(db, sheet, player, city)
    for key in list(who.values):       # the city now says these: clear what was typed
        store.set_value(db, sheet, player, key, None)
    # The sheet came back with the keys on nothing: they go to the next city to count (this one's once all
    # are), told once through the session so that the sheet keeps its own address.
    session[NEXT_CITY] = [sheet_id, _next_city(sheet, player)]
    return redirect(url_for("sheets.show", sheet_id=sheet_id), 303)


NEXT_CITY = "next_city"


def _next_city(sheet: store.Sheet, player: int) -> int:
    """The next seat round the table after this one whose city is not counted; this one if all are."""
    seats = len(sheet.players)
    after = ((player + n) % seats for n in range(1, seats))
    return next((i for i in after if not sheet.players[i].city), player)


# The fields that take a number either side of 0, with a ± beside them (a phone's keypad has no minus).
SIGNED_FIELDS = ("conflict", "naval_points")


def _signed(sheet: store.Sheet, player: int):
    """A ± tapped without JavaScript: the page again, that field's sign flipped and the rest as typed;
    nothing saved until "Score this city"."""
    form = sign_flipped(request.form, SIGNED_FIELDS.__contains__)
    city, errors = _read_form(sheet.play, form)
    return _form(sheet, player, city, errors, status=422 if errors else 200, typed=form)


def _searched(sheet: store.Sheet, player: int):
    """The card search without JavaScript (its "Search" button): the page again, its cards found, the
    rest as typed and unchecked (a search is no scoring: "choose the wonder board" is said at "Score
    this city"). Without it the search searched nothing."""
    city, _errors = _read_form(sheet.play)
    return _form(sheet, player, city, {}, typed=request.form, searched=True)


def _search_typed() -> bool:
    """Whether Enter was pressed with a search typed that the page has not answered yet: without
    JavaScript Enter presses the form's first button (enter=1) whatever field it is pressed in, and
    Enter in the search field scored the city. The picker carries the search it answers (shown_q)."""
    form = request.form
    return form.get("enter") == "1" and form.get("q", "").strip() != form.get("shown_q", "").strip()


# The counts page's number fields: the engine's word on one of them is shown beside it.
NUMBER_FIELDS = ("stages", "wonder_points", "blue", "cat_cards", "victories", "medals")


def _check(sheet: store.Sheet, player: int) -> str | None:
    """The engine's word on the city: a card twice, unknown, too many stages..."""
    refused = _refusal(sheet, player)
    return refused[1] if refused else None


def _refusal(sheet: store.Sheet, player: int) -> tuple[str, str] | None:
    """The engine's word on the city and where the page shows it: beside the field it is about on
    the counts page, above the form otherwise."""
    refused = city_refused(sheet.play, sheet.players, player)
    if refused is None:
        return None
    key = refused.where.rpartition(".")[2]
    on_field = sheet.play.city_page == "counts" and key in NUMBER_FIELDS
    return (key if on_field else "city"), refusal(refused)


def _read_form(played: Play, form=None) -> tuple[dict, dict]:
    """The city the form says and what is wrong in it; an import hands a city over as this form."""
    form = request.form if form is None else form
    errors: dict[str, str] = {}

    def whole(key: str, low: int, high: int, label: str) -> int:
        value = whole_number(form.get(key, "").strip() or "0", signed=True)
        if value is None or not low <= value <= high:
            errors[key] = _("%(what)s is a whole number from %(low)s to %(high)s.", what=label, low=minus(low),
                            high=minus(high))
            return 0
        return value

    city = READERS[played.city_page](played, form, whole, errors)
    return city, errors


def _tapped(played: Play, form, whole, errors) -> dict:
    """What the cards tapped pages share: the cards, coins, and debt where the pad counts it."""
    city: dict = {"cards": sorted(set(form.getlist("card")))}
    city["coins"] = whole("coins", 0, MAX_COINS, _("Coins"))
    most_debt = _most_debt(played)
    if most_debt:                      # a box whose pad counts debt (Cities): the tokens held, in points
        city["debt"] = whole("debt", 0, most_debt, _("Debt"))
    city_boxes.read(played, form, whole, city)        # Armada's and Edifice's fields, by their rows
    return city


def _read_draft(played: Play, form, whole, errors) -> dict:
    """The Duel: wonders drafted, progress tokens, the pawn."""
    city = _tapped(played, form, whole, errors)
    city["wonders"] = sorted(set(form.getlist("wonder")))
    offered = _counted_tokens(played)
    city["progress"] = sorted(set(form.getlist("progress")))
    if not set(city["progress"]) <= {t.id for t in offered}:       # a box's token with the box not in play
        errors["progress"] = _("Choose the progress tokens among those offered.")
    city_boxes.read_held(played, offered, form, whole, city)
    city["conflict"] = whole("conflict", -9, 9, _("The Conflict pawn"))
    return city


def _read_board(played: Play, form, whole, errors) -> dict:
    """7 Wonders: the board, its side and stages, the conflict tokens."""
    city = _tapped(played, form, whole, errors)
    boards = {w.id for w in played.wonders()}
    city["wonder"] = form.get("wonder", "")
    if city["wonder"] not in boards:
        errors["wonder"] = _("Choose the wonder board.")
    city["side"] = form.get("side", "")
    city["stages"] = whole("stages", 0, 4, _("Stages built"))
    ticked = (whole_number(n) for n in form.getlist("stage"))         # "²" passes isdigit, not int
    picked = sorted({n for n in ticked if n is not None and 1 <= n <= 4})
    if picked:                         # a board built in any order: which stages, not how many
        city["stages"] = picked
    label = _("Conflict tokens")
    city["military"] = [value for value in TOKENS for _copy in range(whole(f"tokens{value}", 0, 6, label))]
    return city


def _read_counts(played: Play, form, whole, errors) -> dict:
    """A game counted from the table (Architects): the wonder and its stages, cards and tokens by number."""
    wonder = form.get("wonder", "")
    city: dict = {}
    if wonder:
        if wonder not in {w.id for w in _counted_wonders(played)}:
            errors["wonder"] = _("Choose the wonder.")
        city["wonder"] = wonder
    rows = {row.key: row for row in played.pad.rows}
    city["stages"] = whole("stages", 0, _stages(), _("Stages built"))
    city["wonder_points"] = whole("wonder_points", 0, rows["wonder"].max, _("Points on the stages built"))
    city["blue"] = whole("blue", 0, rows["blue"].max, _("Blue cards without the cat"))
    city["cat_cards"] = whole("cat_cards", 0, rows["blue"].max, _("Blue cards showing the cat"))
    city["cat"] = form.get("cat") == "1"
    city["victories"] = whole("victories", 0, rows["military"].max // catalog().architects.facts.military_token_points,
                              _("Military victory tokens"))
    progress = []
    for first, copies, most in _token_groups(played):
        held = whole(f"progress-{first.id}", 0, most, first.name_in(current())) \
            if most > 1 else int(form.get(f"progress-{first.id}") == "1")
        for token in copies:                       # the base box's copies first, then a box's
            taken = min(held, token.copies)
            progress += [token.id] * taken
            held -= taken
    city["progress"] = progress
    if "medals" in rows:
        city["medals"] = whole("medals", 0, rows["medals"].max // catalog().architects.facts.medal_points,
                               _("Medals"))
    return city


COUNTED = ("wonder", "stages", "wonder_points", "blue", "cat_cards", "cat", "victories", "progress", "medals")


def counted_as_form(city: dict, played: Play) -> MultiDict:
    """The counts page's form that enters this city (an import checks a city by reading it back)."""
    form = MultiDict()
    for key in ("wonder", "stages", "wonder_points", "blue", "cat_cards", "victories", "medals"):
        if city.get(key) is not None:
            form[key] = str(city[key])
    if city.get("cat"):
        form["cat"] = "1"
    held = list(city.get("progress") or [])
    for first, copies, most in _token_groups(played):
        count = sum(held.count(t.id) for t in copies)
        if count:
            form[f"progress-{first.id}"] = str(count) if most > 1 else "1"
    return form


READERS = {"boards": _read_board, "draft": _read_draft, "counts": _read_counts}


def _stages() -> int:
    return catalog().architects.facts.stages


def _counted_wonders(played: Play) -> list:
    return list(played.wonders()) + _box_things(played, "wonder")


def _counted_tokens(played: Play) -> list:
    return [e for e in catalog().entities(played.game, played.edition) if e.kind == "progress"] \
        + _box_things(played, "progress")


def _token_groups(played: Play) -> list[tuple]:
    """The progress tokens a city may hold, one field a printed token: (the first entry, every entry of that
    token, how many the boxes in play hold); Medals' third Culture joins the base box's two."""
    groups: dict[str, list] = {}
    for token in _counted_tokens(played):
        groups.setdefault(token.name, []).append(token)
    return [(copies[0], copies, sum(t.copies for t in copies)) for copies in groups.values()]


def _box_things(played: Play, kind: str) -> list:
    cat = catalog()
    return [e for box in played.expansions for e in cat.box_list(played.game, played.edition, box)
            if e.listed_kind == kind]


def _most_debt(played: Play) -> int:
    """The most debt a city of this play can hold, in points (0: its pad has no debt row)."""
    rows = [row for row in played.pad.rows if row.key == "debt"]
    return -rows[0].min if rows else 0


def _form(sheet, player, city, errors, status=200, typed=None, searched=False):
    played = sheet.play
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
    if played.city_page == "boards":
        extra = {"boards": played.wonders(), "sides": played.sides,
                 "token_counts": {v: city.get("military", []).count(v) for v in TOKENS}}
    elif played.city_page == "draft":
        # The boxes' wonders and progress tokens too (Pantheon's Divine Theater, 2 points; Agora's Knossos,
        # 3): the page offered the base ones only, and a city that built one was scored short of its points.
        # A token counting what the city still holds (Mysticism) asks it, as the engine says.
        tokens = _counted_tokens(played)
        extra = {"wonders": _counted_wonders(played), "tokens": tokens,
                 "held": [(key, most, ids, city_boxes.HELD_WORDS.get(key, key), city.get(key, 0))
                          for key, most, ids in city_boxes.held_asked(played, tokens)],
                 "token_words": {t.id: [effect_text(e) for e in t.effects] for t in _box_things(played, "progress")}}
    else:
        held = city.get("progress", [])
        extra = {"wonders": _counted_wonders(played), "tokens": [(first, sum(held.count(t.id) for t in copies), most)
                                                         for first, copies, most in _token_groups(played)],
                 "stages_most": _stages(), "medals": "medals" in {row.key for row in played.pad.rows}}
    # A refused form comes back as it was typed ("5" stages stays 5 beside its message, not 0).
    if typed is None:
        typed = request.form if errors and request.method == "POST" else {}
    template = "sheets/city_counts.html" if played.city_page == "counts" else "sheets/city.html"
    return page(template, block="picker" if played.city_page != "counts" else None, status=status, sheet=sheet, player=player,
                name=sheet.players[player].name, has_boards=played.has_boards, city_page=played.city_page, city=city, chosen=chosen, groups=groups,
                age=age, q=request.values.get("q", ""), searched=searched, errors=errors, lang=current(), typed=typed,
                most_debt=_most_debt(played), to_type=[CATEGORIES[k] for k in typed_rows(played)],
                box_fields=city_boxes.page_fields(played, city), known=lambda e: name_known(e, current()), **extra)


def _load(sheet_id: str, player: int):
    sheet = access.load_sheet(sheet_id)
    if sheet is None or not 0 <= player < len(sheet.players):
        abort(404)
    return sheet, sheet.players[player]
