"""Benchmarks and exhaustive runs: scripts that print figures, not tests."""
