"""Ready-made positions: the rule book's examples and one table per FAQ entry.

Positions are written by card *name* (``"Oaf"``) and turned into ids here,
so a scenario reads like the rule book. :func:`table` builds any position
from lines, spirits, hands and scores, and starts it at a chosen moment of the
turn: the start of the fights (``fight=k``, the fights from slot ``k`` down),
a player's spirit choice, or a new turn. Draws still to come can be forced
(``force=[...]``: card names in order), so "the top three cards are Oaf, Oaf
and Nemesis" is a position, not luck.
"""

from __future__ import annotations

from .board import empty_marks
from .cards import card_set
from .game import DayOfTheDead


class _Ids:
    """Hands out ids for card names: each name's copies in order."""

    def __init__(self, cs):
        self.cs = cs
        self.used: set[str] = set()

    def __call__(self, name: str) -> str:
        for card in self.cs.by_name(name):
            if card.id not in self.used:
                self.used.add(card.id)
                return card.id
        if not self.cs.by_name(name):
            raise KeyError(f"no card called {name!r}")
        raise KeyError(f"every copy of {name!r} is already on the table")


def table(lines, spirits=(None, None), hands=((), ()), *, scores=(0, 0), priority=0, turn=None,
          fight: int | None = None, start: str = "fight", fallen=((), ()), discards=None, force=(),
          seed: int = 0, **options):
    """A state from a table described by card names.

    ``lines``: two lists of names, slot 1 first; ``fallen``: per player, the
    slot numbers lying face down (else active). ``start``: ``"fight"`` (the
    fights from slot ``fight``, default the newest, then rewards),
    ``"spirit"`` (the new spirits are chosen next: ``lines`` already include
    the new slot), or ``"turn"`` (the next turn begins; ``turn`` is the turn
    just finished). ``force``: names of the next cards chance draws, in order.
    """
    game = DayOfTheDead(**options)
    cs = card_set(game.options["cards"])
    ids = _Ids(cs)
    slot_ids = [[ids(n) for n in line] for line in lines]
    n = len(slot_ids[0])
    turn = turn if turn is not None else n
    spirit_ids = [None if s is None else ids(s) for s in spirits]
    hand_ids = [sorted(ids(x) for x in hand) for hand in hands]
    piles = {L: [ids(x) for x in (discards or {}).get(L, ())] for L in "DPU"}
    forced = [ids(x) for x in force]
    if start != "fight":  # before the field becomes active, every card in the lines is face down
        fallen = [range(1, n + 1), range(1, n + 1)]
    slots = [[[c, "fallen" if k + 1 in fallen[p] else "active"] for k, c in enumerate(line)]
             for p, line in enumerate(slot_ids)]
    first, second = priority, 1 - priority
    if start == "fight":
        k = fight or n
        queue = [["fight", j] for j in range(k, 0, -1)] + [["rewards"], ["end-turn"]]
    elif start == "spirit":
        queue = [["choose", first, "spirit"], ["choose", second, "spirit"], ["activate"],
                 ["spirit-unearth", first], ["spirit-unearth", second]]
        queue += [["fight", j] for j in range(n, 0, -1)] + [["rewards"], ["end-turn"]]
    elif start == "turn":
        queue = [["turn"]]
    else:
        raise ValueError(f"start must be fight, spirit or turn, not {start!r}")
    position = {
        "turn": turn, "priority": priority, "scores": list(scores), "hands": hand_ids, "slots": slots,
        "spirits": spirit_ids, "discards": piles, "looking": [], "marks": empty_marks(), "fight": None,
        "queue": queue, "task": None, "over": False,
    }
    state = game.state_from_position(position, seed=seed)
    state.force(*(f"draw {c}" for c in forced))
    return state


def opening(seed: int = 0, **options):
    """A new game: the deal and the priority draw are the first chance steps."""
    return DayOfTheDead(**options).new_initial_state(seed)


def oaf_v_anger(**options):
    """The rule book's fighting example, turn 1: you (player 1, priority) have Oaf with a
    Power Up spirit; your opponent has Anger with a Double spirit. Anger wins 13 to 9."""
    return table([["Oaf"], ["Anger"]], ("Hoard", "Greed"), (("Grief", "Spy"), ("Lug", "Troll")), **options)


def summoning_turn_1(**options):
    """The summoning example from the start of turn 1: you lay Oaf in slot 1, your
    opponent an Unearth card (Anger); then each chooses a spirit (you: Power Up, they: Double)."""
    state = table([[], []], (None, None), (("Oaf", "Hoard", "Spy", "Grief"), ("Anger", "Greed", "Lug", "Troll")),
                  turn=0, start="turn", **options)
    return state


def unearth_oaf(**options):
    """The Unearth example on turn 1: Oaf lies in your slot 1 against Anger; you choose an Unearth
    spirit, it unearths Oaf, and the top three cards of the Double deck are Oaf, Oaf and Nemesis."""
    return table([["Oaf"], ["Anger"]], (None, None), (("Spook", "Hoard", "Grief"), ("Greed", "Lug", "Troll")),
                 turn=1, start="spirit", force=("Oaf", "Oaf", "Nemesis"), **options)


def turn_5_conversion(**options):
    """The rule book's harder conversion: turn 5, your slot 3 has just lost. Pull it out,
    slots 4 and 5 move down, the old spirit fills slot 5, and slot 3's card is the new spirit."""
    state = table([["Lug", "Hoard", "Grief", "Oaf", "Vampire"], ["Clod", "Famine", "Anger", "Troll", "Greed"]],
                  ("Moody", "Cancel"), (("Spy",), ("Spook",)), fight=3, priority=0, scores=(20, 18), **options)
    return state


SCENARIOS = {
    "opening": opening,
    "oaf-v-anger": oaf_v_anger,
    "summoning-turn-1": summoning_turn_1,
    "unearth-oaf": unearth_oaf,
    "turn-5-conversion": turn_5_conversion,
}
