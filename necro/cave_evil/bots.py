"""Computer players for Cave Evil (so far only the random one)."""

from __future__ import annotations

from necro.core import RandomBot

BOTS = {"random": RandomBot}
