"""The home page: where a player starts."""
from __future__ import annotations

from flask import Blueprint

from ..catalog import catalog
from ..catalog.plays import PLAYS
from ..store import groups
from . import access, get_db
from .i18n import PLAY_BOXES, PLAY_SHORT, PLAY_TITLES
from .render import page

bp = Blueprint("home", __name__)

RESUME = 5       # open sheets and tables shown; the index gives them in constant time


@bp.get("/")
def index():
    cat = catalog()
    # The named cards of each box (a game whose cards are only counted, Architects, has none to list).
    counts = {PLAY_BOXES[p.key]: n for p in PLAYS if (n := len(cat.card_list(p.game, p.edition)))}
    group_id = access.current_group()
    # A phone put out of its group lands here with its games gone from "Resume": told why, once.
    removed = group_id is None and access.was_removed()
    recent, tables = [], []
    if group_id:
        db = get_db()
        recent = groups.listed(db, group_id, groups.SHEET, groups.OPEN, RESUME)
        tables = groups.listed(db, group_id, groups.TABLE, groups.OPEN, RESUME)
    mine = {t.id for t in tables}           # and the tables this phone joined as a guest
    tables += [t for t in access.granted_tables(RESUME) if t.id not in mine][:RESUME - len(tables)]
    return page("home.html", counts=counts, recent=recent, tables=tables, titles=PLAY_TITLES, plays=PLAYS,
                short=PLAY_SHORT, removed=removed)
