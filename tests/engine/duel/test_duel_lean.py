"""The simulator's shortcuts agree with the rules they stand for, over many random games.

A City copied for coins keeps its derived facts, one that gains a card
updates them, and one that builds a wonder or takes a token keeps those the
wonder or token does not change; pricing keeps a memo, prices most builds
without a search and answers "affordable" without one when it can; the
dealer lays the cards a move turns up without `apply`. Each is compared here
with the plain way: a fresh City deriving everything, the whole search
(`remainders`, every minimal shortfall), and `apply` of the Reveal events.
"""
import copy
import hashlib
import random

from companion.engine.duel import pricing
from companion.engine.duel.city import City
from companion.engine.duel.facts import tables
from companion.engine.duel.pyramid import geometry
from companion.engine.duel.rules import apply, legal_actions
from companion.engine.duel.setup import new_game
from companion.engine.duel.simulate import Dealer, choose, play_one
from companion.engine.duel.state import CHANCE
from tests.engine.cycles import unreachable_after

FACTS = ("card_facts", "wonder_facts", "token_facts", "production", "tradable", "fixed_price_mask", "colours",
         "symbols", "printed_points", "counted_points", "chain_sources", "waivers", "trade_income",
         "extra_shield_on_red", "wonders_play_again", "chain_bonus")


def fresh(city: City) -> City:
    return City(city.cards, city.wonders, city.wonders_left, city.progress, city.coins, city.buried)


def by_apply(state, dealer):
    """The chance events dealt one by one through `apply`, as a person enters them."""
    while state.to_move() == CHANCE:
        state = apply(state, dealer.event(state))
    return state


def games(count, seed):
    """Every state a player decides in, over `count` random games, with its dealer."""
    rng = random.Random(seed)
    for _ in range(count):
        dealer = Dealer.shuffle(rng)
        state = new_game(rng.randrange(2), first_game=rng.random() < 0.1)
        while not state.over:
            twin = copy.deepcopy(dealer)          # the same shuffle and the same draws to come
            settled = dealer.settle(state)
            assert settled == by_apply(state, twin)
            state = settled
            if state.over:
                break
            yield state, dealer
            state = apply(state, choose(rng, legal_actions(state)))


def test_carried_facts_equal_facts_derived_afresh():
    for state, _ in games(150, 3):
        for city in state.cities:
            plain = fresh(city)
            for name in FACTS:
                assert getattr(city, name) == getattr(plain, name), name


def test_structures_carried_from_move_to_move_equal_structures_read_afresh():
    """A taken card frees only what it lay on, and laying cards keeps the slots waiting
    for theirs: the access, the face-up slots and the slots to reveal are those the
    whole structure gives."""
    checked = 0
    for state, _ in games(150, 6):
        pyr = state.pyramid
        if pyr is None:
            continue
        g = geometry(pyr.age)
        every = tuple(s for s, cover in enumerate(g.covers) if not pyr.taken >> s & 1 and not cover & ~pyr.taken)
        assert pyr.accessible() == every
        assert pyr.empty == (pyr.taken == g.full)          # read from the accessible slots
        assert pyr.up == g.face_up | pyr.taken | sum(1 << s for s in every)   # uncovered once: face up
        waiting = pyr.up & ~pyr.taken
        assert pyr.to_reveal() == tuple(s for s, c in enumerate(pyr.cards) if c is None and waiting >> s & 1)
        checked += 1
    assert checked > 5_000


def whole_search(city: City, opp: City, target, prices) -> pricing.Price:
    """The price by the whole search: every minimal shortfall own production leaves
    (`remainders`, through cheapest_purchase), priced; no memo, no shortcut."""
    if pricing.chains(city, target):
        return pricing.CHAINED
    fixed, choices = city.production
    coins, bought, waived = pricing.cheapest_purchase(target.need, fixed, choices, prices,
                                                      pricing.waiver_for(city, target))
    return pricing.Price(target.coin_cost + coins, target.coin_cost, coins, bought, waived, False,
                         coins if opp.trade_income else 0)


def test_memoised_prices_and_affordable_equal_the_whole_search():
    t = tables()
    checked = 0
    for state, _ in games(150, 4):
        if state.pending:
            continue
        mover = state.to_move()
        city, opp = state.cities[mover], state.cities[1 - mover]
        prices = pricing.unit_prices(city, opp)
        targets = [t.cards[state.pyramid.cards[s]] for s in state.pyramid.accessible()]
        targets += [t.wonders[w] for w in city.wonders_left]
        for target in targets:
            whole = whole_search(fresh(city), fresh(opp), target, prices)
            # Asked first of copies with no memo (its shortcut decides, or the search), then of
            # the game's own cities (whatever their memo holds), then once the price is memoised.
            assert pricing.affordable(fresh(city), fresh(opp), target, prices) == (whole.total <= city.coins)
            assert pricing.affordable(city, opp, target, prices) == (whole.total <= city.coins)
            assert pricing.price(city, opp, target) == whole
            assert pricing.affordable(city, opp, target, prices) == (whole.total <= city.coins)
            checked += 1
    assert checked > 10_000


def test_settling_deals_what_apply_would():
    """`games` compares every settled state with the one `apply` reaches; here, that it ran."""
    ages = {state.age for state, _ in games(40, 5)}
    assert ages == {0, 1, 2, 3}     # the draft, then the three ages


def test_random_games_leave_no_reference_cycles():
    """`run` plays without the cyclic collector: a game must be freed by reference counts alone."""
    warm = """
        import random
        from companion.engine.duel.simulate import play_one
        rng = random.Random(8)
        play_one(rng)               # tables and catalogue loaded before counting
    """
    assert unreachable_after(warm, "for _ in range(30):\n    play_one(rng)") == 0


def test_the_cycle_count_sees_a_cycle():
    warm = "class Node: pass"
    assert unreachable_after(warm, "a = Node(); a.me = a; del a") > 0


def test_the_moves_made_once_cover_every_slot_of_every_structure():
    from companion.engine.duel import rules
    assert all(geometry(age).size <= rules.SLOTS for age in (1, 2, 3))
    assert [m.slot for m in rules.BUILDS] == [m.slot for m in rules.DISCARDS] == list(range(rules.SLOTS))


# Recorded by the Duel engine of commit 4239145, before the fourth lean pass: 100 seeded games,
# each move chosen from the listed legal moves (`listed=True`, as every simulation chose then).
# A change of the rules that is meant changes it too; then say why in the commit that records
# the new one.
BEFORE_FOURTH_PASS = "0c29217f17b019ce01b8f78a747fddf47f61ef9d43e8e47b8e3fcb13a745fbfe"


def test_the_lean_passes_play_the_very_same_games():
    from companion.engine.duel.scoring import result
    digest = hashlib.sha256()
    rng = random.Random(2026)
    for _ in range(100):
        record = play_one(rng, listed=True)
        s = record.final
        res = result(s.cities, s.conflict)
        digest.update(repr((record.moves, record.victory, record.violations, s.winner, res.totals,
                            [c.cards for c in s.cities], [c.coins for c in s.cities],
                            [c.progress for c in s.cities], [c.wonders for c in s.cities],
                            s.discard, s.conflict)).encode())
    assert digest.hexdigest() == BEFORE_FOURTH_PASS
