"""The heuristic player's spells and bombs: what it casts as an action, which spells it names in a
fight, where it throws a bomb, and which of its creatures takes a lasting curse.

Kept deliberately plain: a spell is cast on the enemy squad it hurts most (Slave Revolt takes a
squad away, the curses weaken the strongest), a fight names every spell the side may cast (each
spell of the data helps its caster's side), and a bomb is thrown only where it kills more of the
enemy than of ours and none of ours is a Necromancer."""

from __future__ import annotations

from ..hexes import parse_hex
from .knowledge import _power

SPELL_VALUE = {"slave-revolt": 0.9, "mind-control": 0.6, "incur-wrath": 0.5, "obscene-romance": 0.4}
"""How much a spell cast as an action is worth, above invoking and below a good fight."""


def score_cast(t, action: str) -> float | None:
    """``cast II slave-revolt 1:I [creature]``: worth its spell's value plus the target's strength."""
    w = action.split()
    spell, target = w[2], (w[3] if len(w) > 3 else None)
    if spell not in SPELL_VALUE or target not in t.state.squads:
        return None
    squad = t.state.squads[target]
    if squad.owner == t.p:
        return None
    power = sum(_power(c.card) for c in squad.creatures if len(w) < 5 or c.id == w[4])
    return t.INVOKE + 50 + 100 * SPELL_VALUE[spell] + power / 100


def score_bomb(t, action: str) -> float | None:
    """``bomb II at +3-2``: thrown where it kills more of the enemy than of ours, none of ours a Necromancer."""
    from .. import bombs as bm

    w = action.split()
    hexes = set(bm.blast_hexes(t.state, w[1], parse_hex(w[3])))
    ours = theirs = 0.0
    for squad in t.state.squads:
        if squad.hex not in hexes:
            continue
        for c in squad.creatures:
            if squad.owner == t.p:
                if c.necromancer:
                    return None
                ours += _power(c.card)
            else:
                theirs += _power(c.card) + (100 if c.necromancer else 0)
    gain = theirs - 2 * ours
    return t.FIGHT + gain / 1000 if gain >= 30 else None


def score_bathe(t, action: str) -> float | None:
    """``bathe N 2:III``: the Statue's stare on the strongest enemy squad in reach."""
    target = t.state.squads.by_id.get(action.split()[2])
    if target is None or target.owner == t.p:
        return None
    return t.FIGHT + sum(_power(c.card) for c in target.creatures) / 1000


def most_spells(actions: list[str], prefix: str) -> str | None:
    """Of the actions starting with ``prefix``, the one naming the most spells ('... cast a,b')."""
    options = [a for a in actions if a == prefix or a.startswith(prefix + " ")]
    if not options:
        return None

    def count(a: str) -> int:
        if " cast " in a:
            return len(a.split(" cast ", 1)[1].split(","))
        if a.startswith("defender casts ") and a != "defender casts nothing":
            return len(a.split()[2].split(","))
        return 0

    return max(options, key=lambda a: (count(a), a))


def attach_to(state, p: int, actions: list[str]) -> str:
    """A lasting curse goes on our weakest creature (on the enemy's strongest when we curse a monster)."""
    def power(a: str) -> float:
        cid = a.split()[1]
        squad = next((s for s in state.squads if any(c.id == cid for c in s.creatures)), None)
        c = next((c for c in squad.creatures if c.id == cid), None) if squad else None
        value = _power(c.card) if c else 0
        return -value if squad is not None and squad.owner == p else value

    return max(actions, key=lambda a: (power(a), a))

