"""What the score says of Armada's and Edifice's city fields: keys and English templates, joined to
the engine's table (engine/messages.py TEXTS) when the boxes' input is loaded, translated like the rest."""
from __future__ import annotations

from ..messages import N_, TEXTS

SEAFARING_TEXTS = {
    "in.naval_list": N_("naval must be a list of naval conflict tokens, not %(kind)s"),
    "in.naval_token": N_("a naval conflict token is worth %(options)s, not %(value)s"),
    "in.naval_token_any": N_("a naval conflict token is a whole number of points other than 0, not %(value)s"),
    "in.unknown_island": N_('unknown island "%(value)s"'),
    "in.no_island_data": N_("this edition's islands are not in the card data yet: type the islands row on the sheet"),
    "in.no_edifice_data": N_("the edifices of this edition are not in the card data yet: type the edifices row on the sheet"),
    "in.unknown_edifice": N_('unknown edifice "%(value)s"'),
    "in.unknown_great-project": N_('unknown great project "%(value)s"'),
    "in.no_great-project_data": N_("the great projects of this edition are not in the card data yet"),
    "in.named_twice": N_('"%(value)s" is named twice (also at %(at)s)'),
    "in.whole_between": N_("%(key)s must be a whole number from %(low)s to %(high)s, not %(value)s"),
    "in.whole_at_least_0": N_("%(key)s must be a whole number of at least 0, not %(value)s"),
}
TEXTS.update(SEAFARING_TEXTS)
