"""7 Wonders Duel with Pantheon: the box's rules around the Duel's own.

The Duel's rules (engine/duel/rules.py) run every base move unchanged; these
modules add what Pantheon adds and nothing else:

  facts.py    the box's numbers and pieces, read once from the catalog
  state.py    the Pantheon beside the Duel's state: spaces, decks, tokens, invoked divinities
  actions.py  the moves the box adds (tokens laid, divinities drawn, placed, invoked, their powers)
  costs.py    what invoking a divinity costs a player
  powers.py   what each divinity does once invoked
  rules.py    new_game, legal_actions and apply for a Duel with Pantheon
  choices.py  what a follow-up lets its player (or chance) choose, and look-ups shared
  followups.py  each follow-up played: tokens laid, divinities drawn and placed, powers' choices
  scoring.py  the Grand Temples' and divinities' points
  simulate.py random whole games, every invariant checked after every move
  messages.py what its refusals say (joined to engine/messages.py's table)
"""
