"""What a tracked Duel with Pantheon or Agora says of its moves (duel/box_table.py): keys and English
templates joined to the engine's table (engine/messages.py TEXTS), translated like the rest. A move is a
phrase without its player ("Invoke Zeus"): a button's words, and the log's after the player's name."""
from __future__ import annotations

from ..messages import N_, TEXTS

BOX_TABLE_TEXTS = {
    "boxt.not_now": N_("That move cannot be played now."),
    "boxt.first": N_("%(name)s has a choice to make first."),
    "boxt.line": N_("%(name)s: %(what)s"),
    "boxt.entered": N_("Entered: %(what)s"),
    "boxt.a_card": N_("a card"),
    # Pantheon's tokens, named by the app (no printed name in the other languages is known to us)
    "boxt.myth.greek": N_("Greek mythology token"),
    "boxt.myth.egyptian": N_("Egyptian mythology token"),
    "boxt.myth.mesopotamian": N_("Mesopotamian mythology token"),
    "boxt.myth.phoenician": N_("Phoenician mythology token"),
    "boxt.myth.roman": N_("Roman mythology token"),
    "boxt.offering": N_("offering token %(n)s"),
    # Pantheon
    "boxt.lay-mythology": N_("%(mythology)s laid on slot %(n)s"),
    "boxt.lay-offering": N_("%(token)s laid on slot %(n)s"),
    "boxt.draw-divinity": N_("%(divinity)s drawn"),
    "boxt.turn-discarded": N_("The card discarded face down is %(card)s"),
    "boxt.place": N_("Place %(divinity)s on space %(space)s of the Pantheon"),
    "boxt.divinity": N_("Invoke %(divinity)s"),
    "boxt.divinity.spending": N_("Invoke %(divinity)s, spending %(tokens)s"),
    "boxt.discard-slot": N_("Discard the card on slot %(n)s"),
    "boxt.take-card": N_("Take %(card)s"),
    "boxt.take-wonder": N_("Take %(wonder)s"),
    "boxt.unbuild": N_("Send the card under %(wonder)s to the discard pile"),
    "boxt.snake": N_("Put the snake on %(card)s"),
    "boxt.lay-on-enki": N_("%(token)s laid on the divinity"),
    "boxt.enki": N_("Keep %(token)s"),
    "boxt.drop-loot": N_("Discard the military token %(position)s spaces from the middle on %(name)s's side"),
    "boxt.apply-loot": N_("Apply the military token %(position)s spaces from the middle on %(name)s's side"),
    "boxt.gate": N_("Invoke %(divinity)s free through the Gate"),
    "boxt.isis": N_("Build %(wonder)s free with %(card)s"),
    "boxt.minerva": N_("Put Minerva's pawn on space %(position)s of the conflict track"),
    "boxt.deck": N_("Look through the deck of the %(mythology)s"),
    "boxt.hidden.draw-divinity": N_("A divinity drawn, kept secret"),
    "boxt.hidden.place": N_("A divinity placed face down on space %(space)s of the Pantheon"),
    # Agora
    "boxt.lay-decree": N_("%(decree)s laid in chamber %(chamber)s"),
    "boxt.senate-place": N_("Place a cube in chamber %(chamber)s"),
    "boxt.senate-move": N_("Move a cube from chamber %(origin)s to chamber %(to)s"),
    "boxt.senate-remove": N_("Remove an opponent's cube from chamber %(chamber)s"),
    "boxt.skip": N_("Let the rest go"),
    "boxt.conspire": N_("Draw conspiracies instead of placing a cube"),
    "boxt.draw-conspiracy": N_("Conspiracy drawn: %(conspiracy)s"),
    "boxt.keep-conspiracy": N_("Keep %(conspiracy)s"),
    "boxt.prepare": N_("Prepare %(conspiracy)s under %(card)s"),
    "boxt.trigger": N_("Trigger %(conspiracy)s"),
    "boxt.extort": N_("Take %(wonder)s from the opponent"),
    "boxt.sabotage": N_("Send %(wonder)s back to the box"),
    "boxt.foreclose": N_("Take %(card)s from the opponent"),
    "boxt.spy": N_("Take %(token)s"),
    "boxt.discard-available": N_("Discard the card on slot %(n)s"),
    "boxt.coerce": N_("Swap the opponent's %(theirs)s for your %(mine)s"),
    "boxt.lock": N_("Lock %(token)s"),
    "boxt.fraud": N_("Build the card on slot %(n)s free"),
    "boxt.treason": N_("Build %(card)s free"),
    "boxt.move-decree": N_("Move %(decree)s under the decree of chamber %(to)s"),
    "boxt.hidden.draw-conspiracy": N_("A conspiracy drawn, kept secret"),
    "boxt.hidden.keep-conspiracy": N_("A conspiracy kept, secret"),
    "boxt.hidden.prepare": N_("A conspiracy prepared under %(card)s"),
}
TEXTS.update(BOX_TABLE_TEXTS)
