"""7 Wonders Duel with both Pantheon and Agora: the two boxes' rules around the Duel's.

  rules.py      CombinedGame (the Duel's state, the Pantheon's and Agora's beside it), set-up,
                legal moves, a move applied, what follows by itself
  simulate.py   random whole games, both boxes' invariants after every move
"""
