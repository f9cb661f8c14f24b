"""Night of the Shambling Dead: survive ten hours of zombie night, with the
engine as the Narrator (see ``book/shambling-dead``)."""

from .game import ShamblingDead
from .rules import RULES
from .state import Act, ShamblingState

__all__ = ["ShamblingDead", "ShamblingState", "Act", "RULES"]
