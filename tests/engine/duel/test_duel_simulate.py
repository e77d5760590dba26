"""Random games through the rules: invariants hold, and apply refuses what legal_actions omits."""
import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from companion.engine.duel.actions import (Build, BuildWonder, ChooseStarter, Destroy, Discard, DrawToken,
                                           LibraryPick, PickWonder, Rebuild, Reveal, ShowProgress, ShowWonder,
                                           TakeProgress)
from companion.engine.duel.facts import tables
from companion.engine.duel.invariants import violations
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.setup import new_game
from companion.engine.duel.simulate import Dealer, play_one, run
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


def test_the_dealer_removes_three_cards_of_each_age_before_adding_three_guilds():
    """Seeds 000 and 002: three cards of each age back in the box, then three guilds into Age III."""
    t = tables()
    guilds = set(t.guilds)
    for seed in range(2000):
        dealer = Dealer.shuffle(random.Random(seed))
        for age in (1, 2, 3):
            assert len(dealer.decks[age]) == 20, (seed, age)
            assert len(dealer.removed[age]) == 3 and set(dealer.removed[age]) <= set(t.by_age[age]), (seed, age)
            if age < 3:
                assert sorted(dealer.decks[age] + dealer.removed[age]) == sorted(t.by_age[age]), (seed, age)
        assert sum(c in guilds for c in dealer.decks[3]) == 3, seed
        assert sorted(dealer.removed[3] + [c for c in dealer.decks[3] if c not in guilds]) == sorted(t.by_age[3])
        assert sorted(dealer.guilds_out + [c for c in dealer.decks[3] if c in guilds]) == sorted(t.guilds)


def test_every_simulated_age_three_holds_three_guilds():
    """Every game that reaches Age III deals a 20-card structure with exactly 3 guilds; a game
    played to the end of Age III turns all 20 up, guilds included."""
    guilds = set(tables().guilds)
    rng = random.Random(17)
    finished = 0
    for _ in range(400):
        record = play_one(rng)
        assert not record.violations, record.violations
        state = record.final
        if state.age == 3:
            assert sum(c in guilds for c in record.dealer.decks[3]) == 3
            assert len(state.pyramid.cards) == 20
        if state.victory == "civilian":
            finished += 1
            assert all(c is not None for c in state.pyramid.cards)
            assert sum(c in guilds for c in state.pyramid.cards) == 3
    assert finished > 200


def test_the_running_checks_between_ages_can_fail():
    """Watch's per-move counts catch a lost or doubled card, a lost token, a wrong card face up."""
    from companion.engine.duel.invariants import Watch
    from companion.engine.duel.simulate import choose
    rng = random.Random(8)
    dealer = Dealer.shuffle(rng)
    watch = Watch(dealer)
    state = dealer.settle(new_game(0))
    assert watch.check(state) == []
    while state.age < 1 or not state.cities[0].cards or not state.cities[1].cards:
        state = dealer.settle(apply(state, choose(rng, legal_actions(state))))
        assert watch.check(state) == []
    assert watch.age == state.age and not state.pending
    city = state.cities[0]
    lost = state.with_city(0, replace(city, cards=city.cards[1:]))
    assert any("cards not conserved" in v for v in watch.check(lost))
    doubled = state.with_city(1, replace(state.cities[1], cards=state.cities[1].cards + city.cards[:1]))
    assert any("cards not conserved" in v for v in watch.check(doubled))
    assert any("tokens not conserved" in v for v in watch.check(state.evolve(unused=state.unused[1:])))
    assert any("coins" in v for v in watch.check(state.with_city(0, replace(city, coins=-2))))
    poor = state.with_city(1, replace(state.cities[1], coins=-1))
    assert any("player 1 has -1 coins" in v for v in watch.check(poor))
    # Coins and wonders are first looked at all at once (the usual "nothing wrong"):
    # each breach alone is still caught, for either player.
    names = sorted(tables().wonders)
    five = state.with_city(1, replace(state.cities[1], wonders=tuple(names[:5])))
    assert any("player 1 built 5 wonders" in v for v in watch.check(five))
    eight = state.evolve(cities=(replace(city, wonders=tuple(names[:4])),
                                 replace(state.cities[1], wonders=tuple(names[4:8]))))
    assert any("8 wonders built" in v for v in watch.check(eight))
    pyr = state.pyramid
    hidden = next(s for s in range(len(pyr.cards)) if not pyr.is_face_up(s))
    wrong = pyr.reveal_all({hidden: pyr.cards[pyr.accessible()[0]]})
    wrong = type(pyr)(pyr.age, wrong.cards, pyr.up | 1 << hidden, pyr.taken)
    assert any(f"slot {hidden} shows" in v for v in watch.check(state.evolve(pyramid=wrong)))


def _turns(games: int, seed: int):
    """The states of `games` games in which a player is to take a card (nothing pending)."""
    from companion.engine.duel.simulate import choose
    rng = random.Random(seed)
    for _ in range(games):
        dealer = Dealer.shuffle(rng)
        state = dealer.settle(new_game(rng.randrange(2)))
        while not state.over:
            mover = state.to_move()
            if not state.pending:
                yield state, mover
            state = dealer.settle(apply(state, choose(rng, legal_actions(state, mover))))


def test_the_builds_a_draw_may_make_are_the_legal_builds():
    """simulate's draw numbers a turn's candidate builds and prices each when drawn: over
    every turn of 60 games, the candidates the rules allow are legal_actions' builds, and
    with the discards every legal move."""
    from companion.engine.duel.rules import DISCARDS
    from companion.engine.duel.simulate import TurnBuilds
    turns = wonders = 0
    for state, mover in _turns(60, 31):
        turn = TurnBuilds(state, mover)
        builds = {turn.build(i) for i in range(turn.count)} - {None}
        discards = {DISCARDS[s] for s in state.pyramid.accessible()}
        assert builds | discards == set(legal_actions(state, mover)), state
        turns += 1
        wonders += any(isinstance(b, BuildWonder) for b in builds)
    assert turns > 60 * 40 and wonders > 60 * 5


def _chances(options, bias):
    """What `choose` gives each of `options`: a build with chance `bias`, then any move."""
    builds = [a for a in options if not isinstance(a, Discard)]
    if not builds:
        return {a: 1 / len(options) for a in options}
    return {a: (bias / len(builds) if a in builds else 0) + (1 - bias) / len(options) for a in options}


def test_a_draw_gives_each_legal_move_the_chance_choose_gives_it():
    """draw makes the move choose(legal_actions) would, with the same chances, on turns where
    some builds are refused (a card or a wonder too dear): 6,000 draws a turn, chi-square."""
    from scipy.stats import chisquare
    from companion.engine.duel.simulate import BUILD_BIAS, draw
    picked = []
    for state, mover in _turns(20, 32):
        options = legal_actions(state, mover)
        every = len(state.pyramid.accessible()) * (2 + len(state.cities[mover].wonders_left))
        if len(options) < every and any(isinstance(a, BuildWonder) for a in options):
            picked.append((state, mover, options))
    assert len(picked) >= 5
    rng = random.Random(33)
    for state, mover, options in picked[:5]:
        counts = dict.fromkeys(options, 0)
        for _ in range(6000):
            counts[draw(rng, state, mover)] += 1      # a KeyError: a move not legal
        seen = [counts[a] for a in options]
        right = [6000 * p for p in _chances(options, BUILD_BIAS).values()]
        assert chisquare(seen, right).pvalue > 1e-4, (options, seen, right)
        # The test tells: the same draws do not fit chances with builds favoured less.
        wrong = [6000 * p for p in _chances(options, BUILD_BIAS - 0.2).values()]
        assert chisquare(seen, wrong).pvalue < 1e-4


def test_a_draw_finds_no_move_when_no_card_can_be_taken():
    """draw answers None (play_one's "no legal move") for a turn with no accessible card."""
    from companion.engine.duel.simulate import draw
    for state, mover in _turns(1, 34):
        pyr = state.pyramid
        emptied = state.evolve(pyramid=type(pyr)(pyr.age, pyr.cards, pyr.up, (1 << len(pyr.cards)) - 1))
        assert draw(random.Random(1), emptied, mover) is None
        break
