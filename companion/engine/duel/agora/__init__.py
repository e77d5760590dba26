"""7 Wonders Duel with Agora: the box's rules around the Duel's own.

  senate.py     the Senate's six chambers: influence placed, moved, removed; control,
                points and political supremacy
  facts.py      the senators, conspiracies, decrees, wonders and tokens as the rules read them
  actions.py    the moves the box adds (text form as the Duel's)
  state.py      AgoraGame: the Duel's state and the box's beside it
  rules.py      set-up, legal moves, a move applied, what follows by itself
  followups.py  each follow-up's choices and its play; a conspiracy's effects
  pricing.py    prices under the decrees that change them
  scoring.py    the senate row and political supremacy
  simulate.py   random whole games, invariants after every move
  messages.py   what its refusals say (joined to engine/messages.py's table)
"""
