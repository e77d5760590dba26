"""The home page: where a player starts."""
from __future__ import annotations

from flask import Blueprint, render_template

from ..catalog import Game, catalog
from . import get_db

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    cat = catalog()
    counts = {
        "7 Wonders, 1st edition": len(cat.card_list(Game.SEVEN_WONDERS, 1)),
        "7 Wonders, 2nd edition": len(cat.card_list(Game.SEVEN_WONDERS, 2)),
        "7 Wonders Duel": len(cat.card_list(Game.DUEL)),
    }
    saved = get_db().execute("select count(distinct game_id) from events").fetchone()[0]
    return render_template("home.html", counts=counts, saved=saved)
