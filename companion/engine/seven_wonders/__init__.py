"""The 7 Wonders (base game) rules engine, both editions.

Layout, one concern a module:
  facts.py       card and board facts compiled from the catalog for fast look-ups
  production.py  what a city produces, what it sells, the prices it pays its neighbours
  payment.py     the exact cheapest-payment search (own production, then the neighbours)
  pricing.py     what a build costs one city: chains, Olympia's free builds, coins, purchases
  science.py     science points with wildcard symbols
  city.py        a city as a frozen value
  scoring.py     the seven score categories, Olympia B's copied guild, ranking
  actions.py     the moves as small hashable values
  state.py       the game state and its phases
  quick.py       a fast copy-with-changes for the frozen values
  setup.py       decks by player count, guilds, wonders, the deal
  rules.py       legal_actions(state, player) and apply(state, action) -> state
  invariants.py  what must hold after every move (used by simulate and the tests)
  simulate.py    random games through the same rules
  parse.py       the JSON city of the contract, checked, into a City
  contract.py    score / trade / simulate of ../shared/docs/contract.md
"""
from .actions import Action, Move
from .rules import apply, legal_actions
from .setup import new_game, random_game
from .state import GameState, Phase

__all__ = ["Action", "Move", "GameState", "Phase", "apply", "legal_actions", "new_game", "random_game"]
