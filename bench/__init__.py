"""Benchmarks: `make bench` runs them all and prints the figures."""
