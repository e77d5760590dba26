"""A tracked Duel with boxes takes any posted action: played, or refused with a reason (BadInput for a
bad shape, IllegalAction for a move the rules refuse), never an error of another kind."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from companion.engine import tracked
from companion.engine.errors import BadInput, IllegalAction
from companion.engine.messages import render

NAMES = [{"name": "Ana"}, {"name": "Bo"}]
VERBS = ["divinity", "invoke", "place", "gate", "senate-place", "senate-move", "senate-remove", "skip", "conspire",
         "prepare", "trigger", "lay-decree", "lay-mythology", "draw-divinity", "build", "discard", "wonder",
         "reveal", "nothing", ""]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=12), st.lists(st.text(max_size=6),
                                                                                               max_size=3),
                   st.sampled_from(["zeus", "Zeus", "offering-2", "greek", "conspirator-1", "baths", "altar"]))
FIELDS = ["player", "divinity", "space", "chamber", "origin", "to", "card", "slot", "conspiracy", "offerings",
          "decree", "mythology", "wonder", "token"]


def a_game_under_way(boxes, moves: int, seed: int):
    game, state, names = tracked.new_game({"game": "duel", "players": NAMES, "expansions": boxes})
    table = tracked.implementation(game)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = table.legal_moves(state, names, "all")
        if not legal:
            break
        state, _paid = table.apply(state, rng.choice(legal).doc, names)
    return table, state, names


@settings(max_examples=150, deadline=None)
@given(boxes=st.sampled_from([["pantheon"], ["agora"], ["pantheon", "agora"]]), moves=st.integers(0, 120),
       verb=st.sampled_from(VERBS), fields=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4),
       player=st.sampled_from(["Ana", "Bo", 0, 1, "Zed", None]))
def test_any_posted_action_is_played_or_refused_with_a_reason(boxes, moves, verb, fields, player):
    table, state, names = a_game_under_way(boxes, moves, seed=moves)
    doc = {"action": verb, "player": player, **fields}
    try:
        table.apply(state, doc, names)
    except (BadInput, IllegalAction) as refused:
        assert render(refused.msg)
    quoted = None
    try:
        quoted = table.quote(state, doc, names)
    except BadInput:
        pass
    assert quoted is None or isinstance(quoted["legal"], bool)


@settings(max_examples=40, deadline=None)
@given(boxes=st.sampled_from([["pantheon"], ["agora"], ["pantheon", "agora"]]), moves=st.integers(0, 150))
def test_a_discard_offered_says_the_coins_it_brings(boxes, moves):
    """Agora's decree of richer discards included: what the button says is what the move gives."""
    table, state, names = a_game_under_way(boxes, moves, seed=moves)
    for move in table.legal_moves(state, names, "all"):
        if move.doc["action"] == "discard":
            mover = next(i for i, n in enumerate(names) if n == move.doc["player"])
            after, _paid = table.apply(state, move.doc, names)
            assert move.cost["gained"] == after.base.cities[mover].coins - state.base.cities[mover].coins


def test_a_loot_line_in_the_log_names_the_player_whose_side_it_is():
    """The log read 'Ana applied the military token 5 spaces from the middle on 1's side': a seat's
    number where a player's name belongs (the log was described without the players' names)."""
    game, state, names = tracked.new_game({"game": "duel", "players": NAMES, "expansions": ["pantheon"]})
    table = tracked.implementation(game)
    for verb, said in (("apply-loot", "applied"), ("drop-loot", "discarded")):
        line = render(table.describe(state, {"player": "Ana", "action": verb, "side": 1, "at": 5}, False, names))
        assert line == f"Ana {said} the military token 5 spaces from the middle on Bo's side.", line
