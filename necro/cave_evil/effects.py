"""Lasting effects on creatures: cards with a permanent effect, and the Turn Markers of effects that
last a D4 number of turns (the rule text's "Cards with Permanent Effects" and "Turn Markers").

A lasting effect is attached to one creature (rule ce-effect-permanent): it stays with that
creature, whichever squad it is in and when it turns Wandering Monster, takes no room in a squad,
and ends when the creature dies. A timed effect carries a Turn Marker showing the turns it has
left, counted down at the end of each turn of the player who caused it (ruling ce-turn-markers);
the game has two sets of markers, so at most two timed effects run at once.

What an effect does is a combat modifier on its creature (the fights read it from their record,
:func:`stamp`), so a fight is still replayed from its record alone. The effects are the book's own
(the text prints no card): :data:`LASTING` says which spell gives which, and why.

The position keeps them as ``"effects"``: a list of ``{"creature", "card", "by", "turns"}``
(``turns`` only on a timed effect; ``by`` the player who cast it), absent when empty (older
saves load unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass

from .creatures import ATTRIBUTES, Effect

MARKER_SETS = 2
"""Turn Markers 1-4 come in two sets: at most two timed effects at once (ruling ce-turn-markers)."""


@dataclass(frozen=True)
class Lasting:
    """What a lasting effect card does to the creature it is attached to, in combat."""

    card: str
    timed: bool                              # True: D4 turns under a Turn Marker; False: permanent
    mods: tuple[tuple[str, int], ...]        # (attribute, amount) on that creature alone
    why: str                                 # the book's reason (provenance "book")


LASTING = {
    "mind-control": Lasting("mind-control", True, tuple((a, -12) for a in ATTRIBUTES),
                            "Book: the caster holds the creature's mind for D4 turns; it will not fight for "
                            "its own squad (every attribute counts 0)."),
    "incur-wrath": Lasting("incur-wrath", False, (("strength", -2), ("armor", -2), ("weapon", -2)),
                           "Book: the wrath of the deep falls on one creature for good: -2 strength, armor, weapon."),
    "obscene-romance": Lasting("obscene-romance", False, (("dodge", -3), ("special", -3)),
                               "Book: the creature is besotted for good, its mind elsewhere: -3 dodge and special."),
}
"""The lasting effect each spell leaves when cast (the book's: see the chapter's rulings)."""


def of(state) -> list[dict]:
    return getattr(state, "effects", [])


def on(state, cid: str) -> list[dict]:
    """The effects attached to creature ``cid``."""
    return [e for e in of(state) if e["creature"] == cid]


def markers_free(state) -> bool:
    """Whether a set of Turn Markers is free for one more timed effect (ruling ce-turn-markers)."""
    return sum(1 for e in of(state) if "turns" in e) < MARKER_SETS


def attach(state, cid: str, card: str, by: int | None, turns: int | None = None) -> None:
    """Card ``card`` is attached to creature ``cid`` (rule ce-effect-permanent), for ``turns`` turns
    under a Turn Marker if timed (ruling ce-turn-markers)."""
    entry = {"creature": cid, "card": card, "by": by}
    if turns is not None:
        entry["turns"] = turns
    state.effects = of(state) + [entry]
    how = f"for {turns} turns (a Turn Marker shows {turns})" if turns is not None else "for good"
    state.note("ce-effect-permanent" if turns is None else "ce-turn-markers",
               f"{card.replace('-', ' ').title()} is attached to {cid} {how}.")


def turn_over(state, player: int) -> None:
    """The end of ``player``'s turn: the Turn Markers of the effects it caused count down (those of a
    player out of the game, at every turn's end); an effect whose marker runs out ends (ruling
    ce-turn-markers)."""
    kept = []
    for e in of(state):
        if "turns" in e and (e["by"] == player or e["by"] in state.out):
            e = dict(e, turns=e["turns"] - 1)
            if e["turns"] <= 0:
                state.note("ce-turn-markers", f"The Turn Marker of {e['card']} on {e['creature']} runs out: "
                                              "the effect ends.")
                continue
        kept.append(e)
    state.effects = kept


def prune(state) -> None:
    """Effects on creatures no longer on the map end: the creature died (rule ce-effect-permanent)."""
    if not of(state):
        return
    alive = {c.id for s in state.squads.by_id.values() for c in s.creatures}
    gone = [e for e in state.effects if e["creature"] not in alive]
    if gone:
        state.effects = [e for e in state.effects if e["creature"] in alive]
        for e in gone:
            state.note("ce-effect-permanent", f"{e['creature']} is dead: {e['card']} goes with it.")


def stamp(state) -> None:
    """Write the effects on the fighters of the fight being set up into its record (``"effects"``:
    creature id -> cards), so the fight, replayed from its record, counts them."""
    record = state.combat
    if record is None or record["order"] or record["dice"]:
        return
    fighters = {f["id"] for role in record["sides"].values() for members in role for f in members}
    marks: dict[str, list[str]] = {}
    for e in of(state):
        if e["creature"] in fighters:
            marks.setdefault(e["creature"], []).append(e["card"])
    if marks != record.get("effects", {}):
        if marks:
            record["effects"] = marks
        else:
            record.pop("effects", None)
        state._fight = None
        state._cache = None


def extras(record: dict, role: str) -> tuple:
    """``(source, effect, fighter)`` of every lasting effect on a fighter of ``role`` in the record."""
    marks = record.get("effects")
    if not marks:
        return ()
    out = []
    for members in record["sides"][role]:
        for f in members:
            for card in marks.get(f["id"], ()):
                for attribute, amount in LASTING[card].mods:
                    out.append((card, Effect("modifier", attribute, amount, "self"), f["id"]))
    return tuple(out)


def to_json(state) -> dict:
    return {"effects": [dict(e) for e in of(state)]} if of(state) else {}


def read(r, squads, players: int) -> list[dict]:
    """The position's ``effects``, checked: known cards, creatures on the map, at most two timed."""
    out = []
    alive = {c.id for s in squads.by_id.values() for c in s.creatures}
    for e_r in r.get("effects", []).list(max_length=200):
        e_r.obj(allowed=("creature", "card", "by", "turns"))
        cid = e_r["creature"].str(max_length=40)
        if cid not in alive:
            e_r["creature"].fail(f"no creature {cid} on the map (an effect ends with its creature)")
        card = e_r["card"].str(choices=tuple(LASTING))
        by_r = e_r["by"].optional()
        entry = {"creature": cid, "card": card, "by": by_r.int(0, players - 1) if by_r is not None else None}
        if LASTING[card].timed:
            entry["turns"] = e_r["turns"].int(1, 4)
        elif "turns" in e_r.value:
            e_r["turns"].fail(f"{card} is permanent: it has no Turn Marker")
        out.append(entry)
    if sum(1 for e in out if "turns" in e) > MARKER_SETS:
        r["effects"].fail("two sets of Turn Markers: at most two timed effects (ruling ce-turn-markers)")
    return out


def record_marks(r) -> dict | None:
    """A fight record's ``effects`` (creature id -> lasting cards), checked."""
    m_r = r.get("effects", None).optional()
    if m_r is None:
        return None
    m_r.obj()
    out = {}
    for cid in sorted(m_r.value):
        out[cid] = [x.str(choices=tuple(LASTING)) for x in m_r[cid].list(min_length=1, max_length=4)]
    return out
