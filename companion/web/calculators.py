"""Calculators that work alone: science, and what a build costs (7 Wonders, Duel).

The forms collect counts; the engine answers. Every field is checked here and
a bad one is marked beside itself.
"""
from __future__ import annotations

import random
from urllib.parse import urlencode

from flask import Blueprint, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..catalog import Resource
from ..catalog.plays import PLAYS, find_play
from ..engine import calculators as calc
from ..engine.dealing import deal_wonders
from ..engine.errors import BadInput
from .box_choice import with_ticked
from .i18n import PLAY_TITLES, current, refusal
from .inputs import whole_number
from .render import page

bp = Blueprint("calc", __name__, url_prefix="/calc")


@bp.record_once
def _globals(state) -> None:
    state.app.jinja_env.globals.update(thing_label=thing_label, field_label=field_label)
    state.app.jinja_env.filters["thing_label"] = thing_label


GROUPS = {"need": _l("Cost"), "me": _l("You produce"), "left": _l("Your left neighbour sells"),
          "right": _l("Your right neighbour sells"), "them": _l("Your opponent's brown and grey cards make")}


def field_label(key: str) -> str:
    """Where a field is, in words: "You produce: wood / clay", "Your coins (optional)"."""
    group, _sep, thing = key.partition("-")
    if group in GROUPS:
        things = " / ".join(thing_label(t) for t in thing.split("-"))
        return _("%(label)s: %(text)s", label=GROUPS[group], text=things)      # French: "Vous produisez : bois"
    if key == "coins":
        return str(_l("Your coins (optional)"))
    return thing_label(key)


def thing_label(key: str) -> str:
    """A counted thing in words: a resource, a science symbol, coins or wildcards."""
    from .describe import RESOURCE, SYMBOL
    words = {**RESOURCE, **SYMBOL, "coins": _l("coins"), "wildcards": _l("wildcards")}
    return str(words.get(key, key))

BASE_RESOURCES = [r.value for r in Resource]
DUEL_RESOURCES = ["wood", "stone", "clay", "glass", "papyrus"]
MAX_COUNT = 9


class Fields:
    """Reads whole numbers from the form, keeping what was typed and each error."""

    def __init__(self, source):
        self.source = source
        self.typed: dict[str, str] = {}
        self.errors: dict[str, str] = {}

    def count(self, key: str, high: int = MAX_COUNT, default: int = 0) -> int:
        text = self.source.get(key, "").strip()
        self.typed[key] = text
        if not text:
            return default
        value = whole_number(text)
        if value is None or value > high:
            self.errors[key] = _("A whole number from 0 to %(n)s.", n=high)
            return default
        return value

    def supply(self, prefix: str, resources, combos) -> calc.Supply:
        fixed = {Resource(r): n for r in resources if (n := self.count(f"{prefix}-{r}"))}
        choices = []
        for combo in combos:
            choices += [tuple(Resource(r) for r in combo)] * self.count(f"{prefix}-{'-'.join(combo)}", 4)
        return calc.Supply(fixed, tuple(choices))


@bp.get("/")
def index():
    return page("calc/index.html")


@bp.route("/science", methods=["GET", "POST"])
def science():
    fields = Fields(request.values)
    counts = [fields.count(k, 20) for k in ("tablet", "compass", "gear")]
    wildcards = fields.count("wildcards", 4)
    result = None if fields.errors else calc.science(*counts, wildcards)
    status = 422 if fields.errors else 200
    return page("calc/science.html", block="answer", status=status, fields=fields, result=result)


@bp.route("/trade", methods=["GET", "POST"])
def trade():
    values = request.values
    edition = 2 if values.get("edition") == "2" else 1
    fields = Fields(values)
    cards = calc.base_cards(edition)
    card = next((c for c in cards if c.id == values.get("card")), None)
    if card is not None:
        need = dict(card.cost.resources)
        coin_cost = card.cost.coins
    else:
        need = {Resource(r): n for r in BASE_RESOURCES if (n := fields.count(f"need-{r}"))}
        coin_cost = fields.count("need-coins")
    own_combos, sold_combos = calc.base_choices(edition, False), calc.base_choices(edition, True)
    own = fields.supply("me", BASE_RESOURCES, own_combos)
    left = fields.supply("left", BASE_RESOURCES, sold_combos)
    right = fields.supply("right", BASE_RESOURCES, sold_combos)
    coins_text = values.get("coins", "").strip()
    coins = fields.count("coins", 200) if coins_text else None
    discounts = [d for d in values.getlist("discount") if d in calc.BASE_DISCOUNT_CARDS + (calc.OLYMPIA_B_DISCOUNT,)]
    asked = bool(need or coin_cost)
    result = calc.base_trade(edition, need, coin_cost, own, left, right, discounts, coins) \
        if asked and not fields.errors else None
    return page("calc/trade.html", block="answer", status=422 if fields.errors else 200, fields=fields,
                result=result, edition=edition, cards=cards, card=card, resources=BASE_RESOURCES,
                own_combos=own_combos, sold_combos=sold_combos, discounts=discounts, asked=asked)


@bp.route("/duel", methods=["GET", "POST"])
def duel():
    values = request.values
    fields = Fields(values)
    targets = calc.duel_targets()
    target = next((t for t in targets if t.id == values.get("card")), None)
    combos = calc.duel_choices()
    own = fields.supply("me", DUEL_RESOURCES, combos)
    opponent = {Resource(r): n for r in DUEL_RESOURCES if (n := fields.count(f"them-{r}"))}
    fixed = [Resource(r) for r in values.getlist("fixed") if r in DUEL_RESOURCES]
    waive = 0
    if target is not None and "waive" in values:
        blue = getattr(target, "colour", None) is not None and target.colour.value == "blue"
        waive = 2 if (target.kind == "wonder" or blue) else 0
    result = None
    if target is not None and not fields.errors:
        result = calc.duel_trade(dict(target.cost.resources), target.cost.coins, own, opponent, fixed, waive)
    return page("calc/duel.html", block="answer", status=422 if fields.errors else 200, fields=fields,
                result=result, targets=targets, target=target, resources=DUEL_RESOURCES, combos=combos,
                fixed=[r.value for r in fixed], waive=waive)


DEALT = tuple(p for p in PLAYS if p.one_wonder_each)      # the plays whose players each take a wonder
SEEDS = 10 ** 9                                           # a deal's seed: nine digits in the address


@bp.get("/wonders")
def wonders():
    """Random wonders for N players: one each, none twice, from the chosen game and its boxes.

    "Deal" draws a seed and answers with the address holding it: the deal shown is the seed's, so a
    reload (a phone reopening the tab) or another language shows the same wonders, not a new draw.
    """
    base = find_play(request.args.get("game", "")) or DEALT[0]
    base = base if base in DEALT else DEALT[0]
    offered = {b.key for b in base.box_choices()}
    boxes = [b for b in dict.fromkeys(request.args.getlist("box")) if b in offered]
    chosen, refused = with_ticked(base, boxes)
    fields = Fields(request.args)
    low, high = chosen.players
    # Any whole number is the engine's to refuse, in the game's words ("played by 2 to 7 players, not 8");
    # anything else is told the game's range. Both said "a whole number from 0 to 7" under a label
    # saying 2 to 7 (a player walk).
    players = fields.count("players", high=10**9, default=min(max(4, low), high))
    if "players" in fields.errors:
        fields.errors["players"] = _("%(what)s is a whole number from %(low)s to %(high)s.", what=_("Players"),
                                     low=low, high=high)
    if "deal" in request.args and not fields.errors and not refused:
        kept = [(k, v) for k, v in request.args.items(multi=True) if k not in ("deal", "seed")]
        seed = random.SystemRandom().randrange(SEEDS)
        return redirect(f"{url_for('calc.wonders')}?{urlencode(kept + [('seed', seed)])}", 303)
    dealt, error, players_wrong = (), refused, "players" in fields.errors
    seed = whole_number(request.args.get("seed"))          # at most 9 digits: any is a seed
    if seed is not None and not fields.errors and not refused:
        try:
            dealt = deal_wonders(chosen, players, random.Random(seed))
        except BadInput as exc:
            error, players_wrong = refusal(exc.msg), True
    return page("calc/wonders.html", plays=DEALT, base=base, titles=PLAY_TITLES, boxes=boxes,
                box_choices=[(b.key, b.title) for b in base.box_choices()], players=players, low=low, high=high,
                dealt=[w.name_in(current()) for w in dealt], error=error or fields.errors.get("players"),
                typed=fields.typed, players_wrong=players_wrong)
