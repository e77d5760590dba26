"""7 Wonders Duel: pricing, military, science, scoring, the pyramid and the turn rules.

Pure transitions: `rules.apply(state, action) -> state` on frozen values,
`rules.legal_actions(state, player)` lists the moves. Chance is an action
too (a revealed card, the wonders shown in the draft): at a table a person
enters it, in a simulation a seeded dealer does.
"""
