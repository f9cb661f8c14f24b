"""The Darkest Statue of Death (rule ce-evil-statue; rulings ce-evil-statue-basic, -how): it stands
on The Pit, any squad may fight it with everything it has; whoever brings its Glowing Eyes to their
own crystal wins.
"""

from __future__ import annotations

from . import evils as evs
from . import loot as lt
from .basics import STATUE


def raise_statue(state) -> None:
    """The awake Statue stands on The Pit, a foe any squad may fight with everything it has
    (rule ce-evil-statue; ruling ce-evil-statue-basic: without the advanced reveal it is placed
    as it wakes)."""
    evs.clear_pit(state)
    evs.raise_on_pit(state, STATUE, 0, "The Darkest Statue of Death stands on The Pit as monster {m}: any squad "
                                       "may fight it with everything it has. Whoever brings its eyes to their own "
                                       "crystal wins.")


def eyes_home(state) -> int | None:
    """The player whose squad stands on its own crystal holding the Statue's eyes (rule ce-evil-statue)."""
    crystals = state.crystals()
    for s in state.squads:
        if s.owner is not None and crystals.get(s.owner) == s.hex and any(lt.EYES in c.items for c in s.creatures):
            return s.owner
    return None


def eyes_won(state) -> bool:
    """Whether a player has brought the Glowing Eyes home, and so wins (rule ce-evil-statue)."""
    home = eyes_home(state)
    if home is None:
        return False
    state.winner_player = home
    state.note("ce-evil-statue", f"Player {home + 1}'s squad brings the Glowing Eyes onto its crystal: "
                                 f"player {home + 1} wins.")
    return True
