"""What Agora's rules tell a player: keys and English templates, joined to the engine's
table (engine/messages.py TEXTS) when the box's rules are loaded, translated like the rest."""
from __future__ import annotations

from ...messages import N_, TEXTS

AGORA_TEXTS = {
    "agora.no_chamber": N_("The Senate has no chamber %(chamber)s."),
    "agora.no_cube_left": N_("You have no influence cube left to place."),
    "agora.not_in_section": N_("This action places influence in chambers %(chambers)s only."),
    "agora.no_cube_there": N_("No cube of that player lies in chamber %(chamber)s."),
    "agora.not_adjacent": N_("A cube moves to a neighbouring chamber only."),
}
TEXTS.update(AGORA_TEXTS)
