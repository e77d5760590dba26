"""7 Wonders Duel with Agora: the box's rules around the Duel's own (begun: the Senate).

  senate.py    the Senate's six chambers: influence placed, moved, removed; control,
               points and political supremacy
  messages.py  what its refusals say (joined to engine/messages.py's table)
"""
