"""Bare reference loops of the games' rules, the yardsticks of benchmarks/speed.py."""
