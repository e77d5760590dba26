"""The home page: where a player starts."""
from __future__ import annotations

from flask import Blueprint
from flask_babel import gettext as _

from ..catalog import Game, catalog
from ..store import sheets as store
from . import get_db
from .render import page
from .sheets import PAD_TITLES

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    cat = catalog()
    counts = {
        _("7 Wonders, 1st edition"): len(cat.card_list(Game.SEVEN_WONDERS, 1)),
        _("7 Wonders, 2nd edition"): len(cat.card_list(Game.SEVEN_WONDERS, 2)),
        _("7 Wonders Duel"): len(cat.card_list(Game.DUEL)),
    }
    recent = [s for s in store.all_sheets(get_db()) if not s.saved][:5]
    return page("home.html", counts=counts, recent=recent, titles=PAD_TITLES)
