"""The load bench's tables begin at their own moments (bench/table_load_bench.py, BENCH_START, issue 29):
spread evenly over a player's average time between moves, in a random order, so that the run plays at
the average pace from its first measured second (begun together, the first turn's moves came at twice it)."""
import random

from bench.table_load_bench import MOVE_EVERY, _stagger


class Table:
    begins = 0.0


def test_each_table_begins_at_its_own_moment_spread_over_a_players_time_between_moves():
    tables = [Table() for _ in range(200)]
    warm_up = _stagger(tables, random.Random(29))
    assert warm_up == MOVE_EVERY
    begins = sorted(t.begins for t in tables)
    assert len(set(begins)) == len(tables)                      # no two tables at once
    assert begins[0] == 0 and begins[-1] < MOVE_EVERY
    gaps = [b - a for a, b in zip(begins, begins[1:])]
    assert max(gaps) - min(gaps) < 1e-9                          # evenly: no burst anywhere in the spread
    firsts = [t.begins for t in tables[:20]]
    assert firsts != sorted(firsts)                              # in a random order, not the order made
