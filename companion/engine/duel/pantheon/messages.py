"""What Pantheon's rules tell a player: keys and English templates, joined to the engine's
table (engine/messages.py TEXTS) when the box's rules are loaded, translated like the rest."""
from __future__ import annotations

from ...messages import N_, TEXTS

PANTHEON_TEXTS = {
    "pantheon.first.lay_mythology": N_("Enter the mythology token laid on slot %(slot)s first."),
    "pantheon.first.lay_offering": N_("Enter the offering token laid on slot %(slot)s first."),
    "pantheon.first.draw_divinity": N_("Enter the divinity drawn from its deck first."),
    "pantheon.first.place_divinity": N_("Player %(n)s places a divinity in the Pantheon first."),
    "pantheon.first.discard_slot": N_("Player %(n)s chooses a card of the structure to discard first."),
    "pantheon.first.discarded_card": N_("Enter the card turned over on the discard pile first."),
    "pantheon.first.take_card": N_("Player %(n)s chooses the opponent's card to take first."),
    "pantheon.first.take_wonder": N_("Player %(n)s chooses the opponent's wonder to take first."),
    "pantheon.first.unbuild": N_("Player %(n)s chooses a built wonder to lose its card first."),
    "pantheon.invoke_ages": N_("Divinities are invoked in Ages II and III only."),
    "pantheon.not_in_pantheon": N_("%(divinity)s is not in the Pantheon."),
    "pantheon.power_not_played": N_("%(divinity)s cannot be invoked here yet: this app does not play its power."),
    "pantheon.not_your_offering": N_("You hold no %(token)s to spend."),
    "pantheon.space_taken": N_("Space %(space)s of the Pantheon is not empty."),
    "pantheon.not_drawn": N_("%(divinity)s was not drawn."),
    "pantheon.not_in_deck": N_("%(divinity)s cannot be the next card of its deck."),
    "pantheon.token_slot": N_("The token to be entered lies on slot %(slot)s."),
    "pantheon.token_not_in_box": N_("No %(token)s is left to lay."),
    "pantheon.not_takeable": N_("%(card)s cannot be taken."),
    "pantheon.slot_gone": N_("The card in slot %(slot)s is no longer in the structure."),
    "pantheon.no_loot": N_("No military token lies there."),
    "pantheon.first.snake": N_("Player %(n)s chooses the opponent's green card for the snake first."),
    "pantheon.first.enki_draw": N_("Enter the progress tokens laid on the divinity first."),
    "pantheon.first.enki_pick": N_("Player %(n)s keeps one of the progress tokens first."),
    "pantheon.first.loot_drop": N_("Player %(n)s chooses a military token to discard first."),
    "pantheon.first.loot_apply": N_("Player %(n)s chooses a military token to apply first."),
    "pantheon.first.gate_draw": N_("Enter the divinities revealed for the Gate first."),
    "pantheon.first.gate_pick": N_("Player %(n)s invokes one of the revealed divinities first."),
    "pantheon.minerva_space": N_("Minerva's pawn goes on another space of the track than the conflict pawn."),
    "pantheon.first.minerva": N_("Player %(n)s places Minerva's pawn on the track first."),
    "pantheon.empty_deck": N_("That mythology's deck is empty."),
    "pantheon.first.choose_deck": N_("Player %(n)s chooses the mythology deck to look through first."),
    "pantheon.first.isis": N_("Player %(n)s builds a wonder with a card of the discard pile first."),
}
TEXTS.update(PANTHEON_TEXTS)
