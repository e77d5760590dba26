"""Benchmarks: `make bench` runs them all and prints the figures."""

# Every phone of a benchmark comes from one address: the server's hourly bound on anonymous
# writes a client makes (companion/web/limits.py) is lifted, as on a host that raised it.
UNBOUNDED_WRITES = '{"groups": 100000000, "games": 100000000, "imports": 100000000}'
