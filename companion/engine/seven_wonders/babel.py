"""What Babel adds to a 7 Wonders city's score (card_db/seven_wonders/babel_1e.toml; rows in boxes.toml).

The Tower of Babel: 2, 5 or 10 points for 1, 2 or 3 Babel tiles a player built (tower row).
The Great Projects: each participation token of a project built gives its reward; the rewards in
points go to the projects row (a point a wonder stage, a point a guild around, 3 more points a set
of the three science symbols); the victory tokens and shields a reward gives are the military row's.
"""
from __future__ import annotations

from .seafaring import _effect_points, pieces

BABEL = "babel"
TOWER_POINTS = (0, 2, 5, 10)       # by Babel tiles built: the English rulebook, assist7wonders, a player's blog


def projects(city) -> list:
    """The Great Projects the city holds a participation token of, once a token."""
    held = pieces(city.edition, BABEL, "great-project")
    return [held[i] for i in city.projects]


def science_set_bonus(city) -> int:
    """Points a set of the three science symbols adds (Archives' tokens), for the wildcards' choice."""
    if BABEL not in city.boxes:
        return 0
    return sum(e.amount for p in projects(city) for e in p.effects if e.kind == "science_set_bonus")


def rows(city, left, right, counted, science_sets: int) -> dict[str, int]:
    """Babel's rows: the tower's points, and the projects' points (`science_sets`: the science row's sets)."""
    if BABEL not in city.boxes:
        return {}
    points = sum(_effect_points(e, city, left, right, counted) for p in projects(city) for e in p.effects)
    return {"tower": TOWER_POINTS[city.tower_tiles], "projects": points + science_set_bonus(city) * science_sets}
