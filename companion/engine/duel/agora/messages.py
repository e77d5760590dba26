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
    "agora.senator_not_rebuilt": N_("A senator cannot be built from the discard pile."),
    "agora.not_held": N_("You hold no unprepared conspiracy %(conspiracy)s."),
    "agora.not_prepared": N_("You hold no prepared conspiracy %(conspiracy)s."),
    "agora.one_trigger": N_("One conspiracy a turn may be triggered."),
    "agora.decree_chamber": N_("The decree to lay now goes in chamber %(chamber)s."),
    "agora.decree_not_in_box": N_("%(decree)s is not among the decrees still to lay."),
    "agora.cannot_skip": N_("This choice cannot be left out."),
    "agora.no_conspiracy_left": N_("No conspiracy is left to draw."),
    "agora.conspiracy_not_in_deck": N_("%(conspiracy)s is not in the conspiracy deck."),
    "agora.conspiracy_not_drawn": N_("%(conspiracy)s was not drawn."),
    "agora.not_takeable": N_("%(thing)s cannot be chosen for this conspiracy."),
    "agora.not_in_last_row": N_("Slot %(slot)s holds no building of the structure's last row."),
    "agora.decree_move": N_("A decree of the Senate moves to another chamber only."),
    "agora.first.coerce": N_("Player %(n)s first swaps a card with the opponent."),
    "agora.first.lock": N_("Player %(n)s first locks a progress token."),
    "agora.first.fraud": N_("Player %(n)s first builds a card of the last row."),
    "agora.first.treason": N_("Player %(n)s first builds a card set aside at set-up."),
    "agora.first.move_decree": N_("Player %(n)s first moves a decree."),
    "agora.first.reveal": N_("First enter the card turned face up in slot %(chamber)s."),
    "agora.first.trigger_any": N_("Player %(n)s first triggers a conspiracy."),
    "agora.first.lay_decree": N_("First enter the decree laid in chamber %(chamber)s."),
    "agora.first.senate": N_("Player %(n)s first takes their Senate actions."),
    "agora.first.conspirator": N_("Player %(n)s first places a cube or conspires."),
    "agora.first.draw_conspiracy": N_("First enter the conspiracy drawn."),
    "agora.first.keep_conspiracy": N_("Player %(n)s first keeps one of the conspiracies drawn."),
    "agora.first.place": N_("Player %(n)s first places an influence cube."),
    "agora.first.remove": N_("Player %(n)s first removes an opponent's cube."),
    "agora.first.move": N_("Player %(n)s first moves a cube or skips."),
    "agora.first.extort": N_("Player %(n)s first takes one of the opponent's wonders."),
    "agora.first.sabotage": N_("Player %(n)s first chooses the opponent's wonder to return to the box."),
    "agora.first.foreclose": N_("Player %(n)s first takes one of the opponent's cards."),
    "agora.first.spy": N_("Player %(n)s first takes a progress token left out."),
    "agora.first.discard_available": N_("Player %(n)s first discards an accessible card."),
}
TEXTS.update(AGORA_TEXTS)
