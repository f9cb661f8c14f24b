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
          fillers=((), ()), seed: int = 0, **options):
    """A state from a table described by card names.

    ``lines``: two lists of names, slot 1 first; ``fallen``: per player, the
    slot numbers lying face down (else active). ``start``: ``"fight"`` (the
    fights from slot ``fight``, default the newest, then rewards),
    ``"spirit"`` (the new spirits are chosen next: ``lines`` already include
    the new slot), or ``"turn"`` (the next turn begins; ``turn`` is the turn
    just finished). ``force``: names of the next cards chance draws, in order.
    Hands are topped up to the number of cards the rest of the game will lay, so
    every table plays to its end: from ``fillers`` (names, per player) first,
    then with the last cards of the decks not yet used.
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
    # Top the hands up so the game can be played to its end (each later turn lays a spirit).
    pending = {"fight": 0, "spirit": 1, "turn": 0}[start]
    for p in (0, 1):
        needed = pending + 6 - turn + (1 if turn == 0 else 0)
        named = iter(fillers[p])
        spare = (c for i in range(40) for L in "DPU" for c in [f"{L}{38 - i:02d}"] if c not in ids.used)
        while len(hand_ids[p]) < needed:
            name = next(named, None)
            card = ids(name) if name else next(spare)
            ids.used.add(card)
            hand_ids[p].append(card)
        hand_ids[p].sort()
    position = {
        "turn": turn, "priority": priority, "scores": list(scores), "hands": hand_ids, "slots": slots,
        "spirits": spirit_ids, "discards": piles, "looking": [], "marks": empty_marks(), "fight": None,
        "queue": queue, "task": None, "over": False, "seen": [[], []],
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


# --------------------------------------------------------------------------- FAQ
# One table per entry of the rule book's FAQ. Player 1 holds priority unless a
# scenario says otherwise. Tables that start with ``start="spirit"`` let the
# reader pick the spirit (the Double back is what most entries are about) and
# then watch the fight; the others stop at the decision the entry is about.

# Cards that top up a FAQ table's hands, so that every player has a card for each spirit still to
# be chosen and the game can be played on to its end (Double, Power Up, Unearth in turn).
_FILLERS = (("Skeleton Clerk", "Postal Ghoul", "Mud-Caked Zombie", "Coffee Break Wraith", "Sorting Skeleton",
             "Catacomb Courier"),
            ("Rubber Stamp Mummy", "Mail Carrier Mummy", "Tombstone Tapper", "Ledger Ghoul", "Sack Zombie",
             "Sinkhole Skeleton"))


def _faq_table(lines, spirits, hands, **kwargs):
    """:func:`table` with the hands topped up from the plain cards of ``_FILLERS``."""
    return table(lines, spirits, hands, fillers=_FILLERS, **kwargs)


def alchemy(**options):
    """Turn 2: Alchemy has promised your slot-1 Mail Zombie an extra use, but the opponent's Spook
    unearths Mail Zombie first; pick its replacement (Shambling Intern, Oaf or Zombie Courier) and watch
    the new card use its effect twice (Shambling Intern: 8 - 2 - 2 = 4 against Lug's 7)."""
    return _faq_table([["Mail Zombie", "Alchemy"], ["Lug", "Spook"]], ("Clod", "Clod"),
                      (("Grief",), ("Troll",)), fight=2, force=("Shambling Intern", "Oaf", "Zombie Courier"),
                      **options)


def cancel(**options):
    """Turn 3: Cancel has won slot 3, so no effects are used in slot 2; let the opponent turn the loser
    into an Unearth spirit and swap their slot-2 fighter (say for Envious Wraith), and watch it still get
    no effect while your Twin later copies the cancelled Parcel Mummy."""
    return _faq_table([["Twin", "Parcel Mummy", "Cancel"], ["Lug", "Anger", "Compost Ghoul"]],
                      ("Hoard", "Oaf"), (("Grief", "Troll"), ("Vampire", "Famine")), fight=3,
                      force=("Envious Wraith", "Final Notice", "Restructuring Lich"), **options)


def challenge(**options):
    """Turn 1, you have priority: pick a Double spirit (Oaf) and watch Challenge beat the stronger
    Grief at once, used only once, with Grief never acting (your 10 points stay) and no power compared."""
    return _faq_table([["Challenge"], ["Grief"]], (None, None), (("Oaf", "Lug"), ("Oaf",)),
                      scores=(10, 10), start="spirit", **options)


def greed(score: int = 39, **options):
    """You have 39 points and Greed in slot 1: pick Oaf (a Double back) as the spirit and watch each use
    read the score anew, +3 to 42 and then +4 to 46."""
    return _faq_table([["Greed"], ["Lug"]], (None, None), (("Oaf", "Hoard"), ("Lug",)),
                      scores=(score, 30), start="spirit", **options)


def grief(**options):
    """Turn 1 with both scores at 0: pick a spirit (Oaf doubles the effect) and watch Grief take nothing
    from an opponent who has no points."""
    return _faq_table([["Grief"], ["Clod"]], (None, None), (("Oaf", "Hoard"), ("Lug",)), start="spirit",
                      **options)


def moody(won: bool = True, **options):
    """Moody (8) has just beaten Clod 8 v 7 (with ``won=False`` it lost 8 v 9): the opponent decides
    whether you must unearth it, you pick the replacement (Heavy Lifter), and it stays active and scores 9
    at rewards, or lies face down if Moody lost."""
    return _faq_table([["Moody"], ["Clod"]], ("Clod", "Oaf" if won else "Hoard"),
                      (("Grief",), ("Troll",)), force=("Heavy Lifter", "Lug", "Lug"), **options)


def control(**options):
    """Turn 2 with a Double spirit: Control may not copy Oaf (no effect), so pick Anger twice (+10,
    12 v 9), then watch Anger fight slot 1 without its +5; it gets the effect back next turn."""
    return _faq_table([["Clod", "Control"], ["Anger", "Oaf"]], ("Oaf", "Hoard"),
                      (("Grief", "Lug"), ("Troll", "Famine")), fight=2, **options)


def cultivate(**options):
    """Turn 2: Cultivate has promised your slot-1 fighter a bonus of its printed power, and that
    fighter, Job Swap Ghost, unearths itself; pick Moldy Mummy and watch the bonus follow the new card
    (9 + 9 = 18 v 7)."""
    return _faq_table([["Job Swap Ghost", "Cultivate"], ["Lug", "Final Notice"]], ("Clod", "Oaf"),
                      (("Grief",), ("Troll",)), fight=2, force=("Moldy Mummy", "Clod", "Spy"), **options)


def famine(score: int = 31, **options):
    """You have 31 points to the opponent's 34 and Famine in slot 1: pick Oaf (Double) as the spirit and
    watch the first use take 6 (34 to 28) and the second do nothing, as you now lead; with ``score=21``
    the second takes 5 more (28 to 23)."""
    return _faq_table([["Famine"], ["Clod"]], (None, None), (("Oaf", "Lug"), ("Grief",)),
                      scores=(score, 34), start="spirit", **options)


def forget(**options):
    """Turn 3 with a Double spirit: Forget may not copy Oaf (no effect), so pick Route Walker twice
    (+10, 12 v 9), then watch Route Walker fight slot 1 without its +5 (2 v 9), for this turn only."""
    return _faq_table([["Route Walker", "Oaf", "Forget"], ["Lug", "Clod", "Clod"]], ("Oaf", "Hoard"),
                      (("Grief", "Troll"), ("Famine", "Greed")), fight=3, **options)


def nemesis(priority: int = 0, **options):
    """Turn 1, Nemesis against Vampire: pick a Double spirit and watch Nemesis win at once, used only
    once; with priority Vampire never drains you, with ``priority=1`` it acts first and takes 2."""
    hands = (("Oaf", "Lug"), ("Lug",))
    return _faq_table([["Nemesis"], ["Vampire"]], (None, None), hands, scores=(10, 10),
                      priority=priority, start="spirit", **options)


def return_(pile=("Anger",), **options):
    """Turn 1, Return (4) against Lug (7) with Anger on top of the Unearth discard pile: pick a Double
    spirit and watch Return swap itself for Anger, whose +5 is then used (8 v 7); with ``pile=()``
    Return does nothing."""
    return _faq_table([["Return"], ["Lug"]], (None, None), (("Oaf", "Hoard"), ("Oaf",)),
                      discards={"U": tuple(pile)}, start="spirit", **options)


def spook(**options):
    """Turn 1, the opponent has priority and Anger has used its +5: pick your own Spook and take Paranoid
    to win 9 v 8, or pick their Anger and take Paranoid for them, which keeps the +5 (2 v 14)."""
    return _faq_table([["Spook"], ["Anger"]], ("Clod", "Clod"), (("Grief",), ("Troll",)), priority=1,
                      force=("Paranoid", "Job Swap Ghost", "Dirt Nap Zombie"), **options)


def spy(won: bool = False, **options):
    """Spy has just lost to Clod (with ``won=True``, beaten Grief): choose to unearth it and pick Moldy
    Mummy, which lies face down (hidden from the opponent) after a loss, or stays active and scores 9
    after a win."""
    return _faq_table([["Spy"], ["Grief" if won else "Clod"]], ("Oaf", "Troll"),
                      (("Lug",), ("Greed",)), force=("Moldy Mummy", "Job Swap Ghost", "Dirt Nap Zombie"),
                      **options)


def troll(priority: int = 1, **options):
    """Turn 1, Troll against Anger with the opponent holding priority: pick Power Up spirits (Lug, Hoard)
    and watch Anger's +5 land before Troll stops it (5 v 10); with ``priority=0`` Troll acts first (5 v 5)."""
    return _faq_table([["Troll"], ["Anger"]], (None, None), (("Hoard", "Lug"), ("Lug",)),
                      priority=priority, start="spirit", **options)


def vampire(**options):
    """Turn 1 with both scores at 0: pick a spirit (Oaf doubles the effect) and watch Vampire drain
    nothing but still add its +2 power (3 + 2 + 2 = 7 v 7 with Oaf)."""
    return _faq_table([["Vampire"], ["Clod"]], (None, None), (("Oaf", "Lug"), ("Oaf",)), start="spirit",
                      **options)


FAQ = {
    "alchemy": alchemy, "cancel": cancel, "challenge": challenge, "greed": greed, "grief": grief,
    "moody": moody, "control": control, "cultivate": cultivate, "famine": famine, "forget": forget,
    "nemesis": nemesis, "return": return_, "spook": spook, "spy": spy, "troll": troll, "vampire": vampire,
}
"""One scenario a FAQ entry of the rule book, by the card's name (lower case)."""

SCENARIOS.update(FAQ)
