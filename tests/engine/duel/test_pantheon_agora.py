"""7 Wonders Duel with both Pantheon and Agora (issue 32): the two boxes' rules joined, by name."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.engine.duel.actions import Build
from companion.engine.duel.agora.actions import PlaceCube, Trigger
from companion.engine.duel.agora.facts import facts as agora_facts
from companion.engine.duel.agora.senate import Senate
from companion.engine.duel.agora.state import Agora, AWait
from companion.engine.duel.city import City
from companion.engine.duel.facts import tables
from companion.engine.duel.pantheon.actions import DiscardSlot, Invoke, TurnDiscarded
from companion.engine.duel.pantheon.facts import facts as pantheon_facts
from companion.engine.duel.pantheon.state import Pantheon, PWait
from companion.engine.duel.pantheon_agora import rules
from companion.engine.duel.pantheon_agora.rules import CombinedGame
from companion.engine.duel.pantheon_agora.scoring import player_scores
from companion.engine.duel.pantheon_agora.simulate import play_one
from companion.engine.duel.pyramid import Pyramid, geometry
from companion.engine.duel.state import CHANCE, GameState
from companion.engine.errors import IllegalAction


def both(slots=None, cities=None, *, age: int = 2, spaces=("zeus", None, None, None, None, None),
         prepared=((), ())) -> CombinedGame:
    """`age` on Agora's structure, every card known, player 0 to move, the game's first player 0."""
    t = tables()
    g = geometry(age, "agora")
    named = dict(slots or {})
    filler = [c for c in t.by_age[age] if c not in named.values()] + list(pantheon_facts().temples)
    filler += [s for s in agora_facts().senators if s not in named.values()]
    cards = tuple(named.get(s) or filler.pop(0) for s in range(g.size))
    base = GameState(cities=cities or (City(coins=20), City(coins=20)), age=age, current=0, last=0,
                     pyramid=Pyramid(age, cards, g.face_up, 0, "agora"), loot_kept=True)
    pf = pantheon_facts()
    decks = tuple((m, tuple(sorted(d for d in ids if d not in spaces))) for m, ids in sorted(pf.by_mythology.items()))
    pantheon = Pantheon(spaces=spaces, decks=decks)
    agora = Agora(Senate.empty(), ((),) * 6, unrevealed=(1, 2, 3, 4, 5, 6),
                  decree_box=tuple(sorted(agora_facts().decrees)), prepared=prepared,
                  conspiracy_deck=tuple(c for c in sorted(agora_facts().conspiracies) if c not in prepared[0]))
    return CombinedGame(base, pantheon, agora)


def test_setup_lays_the_pantheons_tokens_on_agoras_structure_and_both_boxes_pieces():
    game = rules.new_game(0)
    assert [p.slot for p in game.pantheon.pending] == [4, 6, 12, 14, 17]
    assert [p.chamber for p in game.agora.pending] == [1, 3, 5]
    assert game.to_move() == CHANCE and game.agora.pending[0].wait == AWait.LAY_DECREE   # Agora's queue first
    assert set(pantheon_facts().wonders + agora_facts().wonders) <= set(game.base.unseen_wonders)
    assert {"corruption", "organized-crime"} <= set(game.base.unused)
    assert set(pantheon_facts().tokens) <= set(game.base.unused)
    assert not any(geometry(1, "agora").face_up >> s & 1 for s in (4, 6, 12, 14, 17))


def test_a_turn_offers_both_boxes_moves():
    game = both({22: "conspirator-1"}, prepared=(("coup",), ()))
    moves = rules.legal_actions(game)
    assert Build(22) in moves and Trigger("coup") in moves
    assert any(isinstance(m, Invoke) and m.divinity == "zeus" for m in moves)


def test_age_three_may_reveal_a_grand_temple_or_a_senator_never_a_guild():
    game = both(age=3)
    pyr = game.base.pyramid
    pyr = replace(pyr, cards=tuple(c if pyr.is_face_up(s) else None for s, c in enumerate(pyr.cards)))
    game = CombinedGame(game.base.evolve(pyramid=pyr), game.pantheon, game.agora)
    candidates = set(rules.reveal_candidates(game))
    assert not candidates & set(tables().guilds)
    unseen_temples = set(pantheon_facts().temples) - set(pyr.known())
    assert unseen_temples and unseen_temples <= candidates
    assert set(agora_facts().senators) - set(pyr.known()) <= candidates


def test_zeus_may_discard_a_face_down_senator():
    hidden = next(s for s in range(25) if not Pyramid.deal(2, "agora").is_face_up(s))
    game = both({hidden: "conspirator-2"})
    pyr = game.base.pyramid
    pyr = replace(pyr, cards=tuple(None if s == hidden else c for s, c in enumerate(pyr.cards)))
    game = CombinedGame(game.base.evolve(pyramid=pyr), game.pantheon, game.agora)
    senators = ["conspirator-2"]
    game = rules.apply(game, Invoke("zeus"))
    assert game.pantheon.pending[0].wait == PWait.DISCARD_SLOT
    game = rules.apply(game, DiscardSlot(hidden))
    assert TurnDiscarded(senators[0]) in rules.legal_actions(game)
    game = rules.apply(game, TurnDiscarded(senators[0]))
    assert senators[0] in game.base.discard


def test_a_senator_recruited_acts_in_the_senate_in_a_game_with_both_boxes():
    game = rules.apply(both({22: "conspirator-1"}), Build(22))
    assert game.agora.pending[0].wait == AWait.CONSPIRATOR
    game = rules.apply(game, PlaceCube(4))
    assert game.agora.senate.in_chamber(4, 0) == 1


def test_the_score_has_both_boxes_rows():
    game = both()
    game = CombinedGame(game.base, replace(game.pantheon, invoked=(("mars",), ())),
                        Agora(Senate.empty().place(0, 3), ((),) * 6))
    scores = player_scores(game, 0)
    assert scores["senate"] == 3 and "divinities" in scores


def test_random_games_with_both_boxes_break_no_invariant():
    rng = random.Random(32)
    for _ in range(6):
        moves, victory, found, game = play_one(rng)
        assert found == [] and game.base.over and victory


def test_the_command_simulates_games_with_both_boxes(capsys):
    import json

    from companion import cli
    assert cli.main(["simulate", "--game", "duel", "--expansions", "pantheon,agora", "--games", "2", "--seed", "3"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["violations"] == 0 and answer["expansions"] == ["agora", "pantheon"]


def test_a_move_of_the_wrong_kind_is_refused_with_a_reason():
    game = rules.new_game(0)
    with pytest.raises(IllegalAction):
        rules.apply(game, Build(3))
