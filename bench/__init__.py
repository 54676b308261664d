"""Benchmarks run against real processes; see bench/README.md."""
