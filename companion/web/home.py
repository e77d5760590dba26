"""The home page: where a player starts."""
from __future__ import annotations

from flask import Blueprint
from flask_babel import gettext as _

from ..catalog import Game, catalog
from ..store import groups
from . import access, get_db
from .render import page
from .sheets import PAD_TITLES

bp = Blueprint("home", __name__)

RESUME = 5       # open sheets and tables shown; the index gives them in constant time


@bp.get("/")
def index():
    cat = catalog()
    counts = {
        _("7 Wonders, 1st edition"): len(cat.card_list(Game.SEVEN_WONDERS, 1)),
        _("7 Wonders, 2nd edition"): len(cat.card_list(Game.SEVEN_WONDERS, 2)),
        _("7 Wonders Duel"): len(cat.card_list(Game.DUEL)),
    }
    group_id = access.current_group()
    recent, tables = [], []
    if group_id:
        db = get_db()
        recent = groups.listed(db, group_id, groups.SHEET, groups.OPEN, RESUME)
        tables = groups.listed(db, group_id, groups.TABLE, groups.OPEN, RESUME)
    mine = {t.id for t in tables}           # and the tables this phone joined as a guest
    tables += [t for t in access.granted_tables(RESUME) if t.id not in mine][:RESUME - len(tables)]
    return page("home.html", counts=counts, recent=recent, tables=tables, titles=PAD_TITLES)
