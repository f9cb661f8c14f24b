"""Squad action B. Meditation (rule ce-meditate): the Necromancer squad, not having moved or acted
this turn, draws one more card and keeps it (events set aside for Phase 4).
"""

from __future__ import annotations

from . import conjuration as cj
from . import invoking as inv
from . import wizard as wz
from .basics import in_phase_3, push
from .movement import squad_id


def meditate_options(state) -> list[str]:
    """Meditation (rule ce-meditate): the Necromancer squad, not having moved or acted this turn,
    draws one more card (events set aside) and keeps it."""
    if not in_phase_3(state):
        return []
    return [f"meditate {d}{wz.suffix(n)}" for n in wz.casters(state, state.turn)
            if not n.acted and not inv.wizard_moved(n) for d in cj.DECKS if state.piles.outcomes(d)]


def apply_meditate(state, deck: str, source: str | None = None) -> None:
    """``meditate D`` (``... from II``): squad N's action, one card drawn from deck D and kept (rule
    ce-meditate)."""
    p = state.turn
    n = state.squads[squad_id(p, source or "N")]
    wz.take_action(state, n)
    for c in n.creatures:
        c.acted = c.halted = True
    state.note("ce-meditate", f"Player {p + 1}'s Necromancer meditates and draws from the {deck} deck.")
    push(state, {"do": "deal", "player": p, "deck": deck, "then": "meditate"})
