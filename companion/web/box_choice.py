"""The boxes a player ticks on a form (a new sheet, the random wonders): the play they make, or why not."""
from __future__ import annotations

from flask_babel import gettext as _

from ..catalog.plays import BoxRefused, Play


def with_ticked(base: Play, ticked: list[str]) -> tuple[Play, str | None]:
    """`base` with the ticked boxes it offers, and a sentence when any is refused (else None).

    Two boxes not played together (Babel and Edifice) are named, and the play is made of the
    others: its seats are theirs (Cities' eighth) and nothing else ticked is dropped unsaid.
    """
    offered = {b.key: b for b in base.box_choices()}
    fitting = [b for b in dict.fromkeys(ticked) if b in offered]
    try:
        chosen = base.with_boxes(fitting)
    except BoxRefused as refused:
        if refused.reason != "apart" or not {refused.box, refused.other} <= offered.keys():
            return base, _("Tick only the expansions this game offers.")
        return with_ticked(base, [b for b in fitting if b != refused.box])[0], _(
            "%(box)s and %(other)s are not played together: untick one of them.",
            box=_(offered[refused.box].title), other=_(offered[refused.other].title))
    return chosen, None if len(fitting) == len(ticked) else _("Tick only the expansions this game offers.")
