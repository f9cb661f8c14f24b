"""Computer players for Day of the Dead (filled in below)."""

from necro.core import RandomBot

BOTS = {"random": RandomBot}
