"""Random games through the rules: invariants hold, and apply refuses what legal_actions omits."""
import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from companion.engine.duel.actions import (Build, BuildWonder, ChooseStarter, Destroy, Discard, DrawToken,
                                           LibraryPick, PickWonder, Rebuild, Reveal, ShowProgress, ShowWonder,
                                           TakeProgress)
from companion.engine.duel.facts import tables
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.setup import new_game
from companion.engine.duel.simulate import Dealer, play_one, run, violations
from companion.engine.duel.state import CHANCE
from companion.engine.errors import IllegalAction


def test_two_thousand_random_games_break_no_invariant():
    out = run(games=2000, seed=20261121)
    assert out["violations"] == 0, out.get("first_violation")
    assert out["games"] == 2000 and sum(out["victories"].values()) == 2000
    assert set(out["victories"]) <= {"civilian", "military", "scientific"}
    assert out["moves"] > 2000 * 40


def test_the_invariant_checks_can_fail():
    record = play_one(random.Random(5))
    state, dealer = record.final, record.dealer
    assert not record.violations and not violations(state, dealer)
    city = state.cities[0]
    lost = state.with_city(0, replace(city, cards=city.cards[1:]))
    assert any("cards not conserved" in v for v in violations(lost, dealer))
    doubled = state.with_city(1, replace(state.cities[1], cards=state.cities[1].cards + city.cards[:1]))
    assert any("cards not conserved" in v for v in violations(doubled, dealer))
    broke = state.with_city(1, replace(state.cities[1], coins=-1))
    assert any("coins" in v for v in violations(broke, dealer))
    early = state.evolve(age=2, victory="civilian", over=True)
    assert any("before the end of Age III" in v for v in violations(early, dealer))


def _every_action(state):
    """A universe of moves much larger than the legal ones."""
    t = tables()
    cards = list(t.cards)[::7] + [c for c in (state.pyramid.cards if state.pyramid else ()) if c]
    out = [Build(s) for s in range(21)] + [Discard(s) for s in range(21)]
    out += [BuildWonder(s, w) for s in range(0, 20, 3) for w in t.wonders]
    out += [TakeProgress(x) for x in t.tokens] + [LibraryPick(x) for x in t.tokens]
    out += [DrawToken(x) for x in t.tokens] + [ShowProgress(x) for x in t.tokens]
    out += [ShowWonder(w) for w in t.wonders] + [PickWonder(w) for w in t.wonders]
    out += [Destroy(c) for c in cards] + [Rebuild(c) for c in cards]
    out += [ChooseStarter(0), ChooseStarter(1)]
    out += [Reveal(s, c) for s in range(20) for c in cards[:6]]
    return out


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_apply_refuses_every_move_legal_actions_does_not_list(seed):
    rng = random.Random(seed)
    dealer = Dealer.shuffle(rng)
    state = new_game(rng.randrange(2))
    step = 0
    while not state.over:
        mover = state.to_move()
        legal = set(legal_actions(state, mover))
        if step % 9 == 0:
            for action in _every_action(state):
                if action in legal:
                    continue
                try:
                    apply(state, action)
                except IllegalAction:
                    continue
                raise AssertionError(f"{action} was applied but is not legal")
        action = dealer.event(state) if mover == CHANCE else rng.choice(sorted(legal, key=str))
        assert action in legal
        state = apply(state, action)
        step += 1
