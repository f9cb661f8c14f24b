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
    """:func:`table` with each hand topped up to one card a spirit still to choose this game."""
    turn = kwargs.get("turn") or len(lines[0])
    need = 6 - turn + (kwargs.get("start") == "spirit")
    hands = [list(hand) + list(_FILLERS[p][:max(0, need - len(hand))]) for p, hand in enumerate(hands)]
    return table(lines, spirits, hands, **kwargs)


def alchemy(**options):
    """Turn 2: your Alchemy (slot 2) gives your slot-1 Mail Zombie an extra use, but the opponent's
    Spook unearths Mail Zombie first. Pick its replacement for them (the top Double cards are
    Shambling Intern, Oaf, Zombie Courier): the new fighter is the one that uses its effect twice
    (Shambling Intern: 8 - 2 - 2 = 4 against Lug's 7)."""
    return _faq_table([["Mail Zombie", "Alchemy"], ["Lug", "Spook"]], ("Clod", "Clod"),
                      (("Grief",), ("Troll",)), fight=2, force=("Shambling Intern", "Oaf", "Zombie Courier"),
                      **options)


def cancel(**options):
    """Turn 3: your Cancel beat the opponent's Compost Ghoul in slot 3, so the slot-2 fight is cancelled.
    If they make the Ghoul their spirit, its Unearth back swaps their slot-2 fighter at once; the new
    card still uses no effect there, and later your Twin may still copy your slot-2 Parcel Mummy."""
    return _faq_table([["Twin", "Parcel Mummy", "Cancel"], ["Lug", "Anger", "Compost Ghoul"]],
                      ("Hoard", "Oaf"), (("Grief", "Troll"), ("Vampire", "Famine")), fight=3,
                      force=("Envious Wraith", "Final Notice", "Restructuring Lich"), **options)


def challenge(**options):
    """Turn 1 with priority: pick a Double spirit and watch Challenge beat the stronger Grief at once:
    one use only, Grief never takes your 3 points away, and no power is compared."""
    return _faq_table([["Challenge"], ["Grief"]], (None, None), (("Oaf", "Lug"), ("Oaf",)),
                      scores=(10, 10), start="spirit", **options)


def greed(score: int = 39, **options):
    """You have 39 points and Greed in slot 1: choose Oaf (a Double back) as the spirit. Greed is used
    twice and each use reads the score anew: +3 to 42, then +4 to 46."""
    return _faq_table([["Greed"], ["Lug"]], (None, None), (("Oaf", "Hoard"), ("Lug",)),
                      scores=(score, 30), start="spirit", **options)


def grief(**options):
    """Turn 1, both scores at 0: choose your spirit and watch Grief take nothing from an opponent who
    has no points (not even twice under a Double spirit)."""
    return _faq_table([["Grief"], ["Clod"]], (None, None), (("Oaf", "Hoard"), ("Lug",)), start="spirit",
                      **options)


def moody(won: bool = True, **options):
    """Your Moody (8) has fought a Clod; the opponent's spirit decided it (Double: Moody won 8 v 7;
    with ``won=False``, Power Up: it lost 8 v 9). The opponent now chooses whether you must unearth
    Moody; you pick from Heavy Lifter, Lug, Lug: the new card is active (and scores its 9 at rewards)
    if Moody won, face down if it lost."""
    return _faq_table([["Moody"], ["Clod"]], ("Clod", "Oaf" if won else "Hoard"),
                      (("Grief",), ("Troll",)), force=("Heavy Lifter", "Lug", "Lug"), **options)


def control(**options):
    """Turn 2 with a Double spirit: your Control (slot 2) copies an opponent's effect twice. Oaf has
    none, so only Anger can be picked, twice (+10); Anger then fights slot 1 without its +5, and gets
    it back next turn."""
    return _faq_table([["Clod", "Control"], ["Anger", "Oaf"]], ("Oaf", "Hoard"),
                      (("Grief", "Lug"), ("Troll", "Famine")), fight=2, **options)


def cultivate(**options):
    """Turn 2: your Cultivate (slot 2, a 1-1 tie) has promised your next fighter + its printed power.
    That fighter, Job Swap Ghost, unearths itself before power is added: pick from Moldy Mummy, Clod,
    Spy, and the bonus is the new card's printed power (Moldy Mummy: 9 + 9 = 18 against Lug's 7)."""
    return _faq_table([["Job Swap Ghost", "Cultivate"], ["Lug", "Final Notice"]], ("Clod", "Oaf"),
                      (("Grief",), ("Troll",)), fight=2, force=("Moldy Mummy", "Clod", "Spy"), **options)


def famine(score: int = 31, **options):
    """You have 31 points, the opponent 34, and Famine in slot 1: choose Oaf (Double) as the spirit.
    The first use takes 6 (34 to 28); now you lead, so the second does nothing. With ``score=21`` the
    second use takes 5 more (28 to 23)."""
    return _faq_table([["Famine"], ["Clod"]], (None, None), (("Oaf", "Lug"), ("Grief",)),
                      scores=(score, 34), start="spirit", **options)


def forget(**options):
    """Turn 3 with a Double spirit: your Forget (slot 3) copies your own Route Walker twice (+10); Oaf has
    no effect and cannot be picked. Route Walker then fights slot 1 with no effect, this turn only."""
    return _faq_table([["Route Walker", "Oaf", "Forget"], ["Lug", "Clod", "Clod"]], ("Oaf", "Hoard"),
                      (("Grief", "Troll"), ("Famine", "Greed")), fight=3, **options)


def nemesis(priority: int = 0, **options):
    """Turn 1: Nemesis against Vampire. Choose a Double spirit: Nemesis wins once and for all, with no
    second use. With priority (the default) Vampire never drains your points; with ``priority=1`` it
    acts first and takes 2."""
    hands = (("Oaf", "Lug"), ("Lug",))
    return _faq_table([["Nemesis"], ["Vampire"]], (None, None), hands, scores=(10, 10),
                      priority=priority, start="spirit", **options)


def return_(pile=("Anger",), **options):
    """Turn 1: Return (4) against Lug (7), with Anger on top of the Unearth discard pile. Choose a
    Double spirit: Return swaps itself for Anger, then Anger's effect is used (3 + 5 = 8, a win). With
    ``pile=()`` the pile is empty and Return does nothing."""
    return _faq_table([["Return"], ["Lug"]], (None, None), (("Oaf", "Hoard"), ("Oaf",)),
                      discards={"U": tuple(pile)}, start="spirit", **options)


def spook(**options):
    """Turn 1, the opponent has priority: their Anger has already used its +5 when your Spook acts.
    Unearth your own Spook and take Paranoid (9 v 8, you win), or unearth their Anger and take
    Paranoid for them (Anger's +5 stays: 14 v 2). The top Unearth cards are Paranoid, Job Swap Ghost
    and Dirt Nap Zombie; no replacement uses its effect."""
    return _faq_table([["Spook"], ["Anger"]], ("Clod", "Clod"), (("Grief",), ("Troll",)), priority=1,
                      force=("Paranoid", "Job Swap Ghost", "Dirt Nap Zombie"), **options)


def spy(won: bool = False, **options):
    """Your Spy (5) has fought Clod (7, a loss) or, with ``won=True``, Grief (4, a win). You may now
    unearth Spy and pick from Moldy Mummy, Job Swap Ghost, Dirt Nap Zombie: the new card is face down
    (hidden from the opponent) if Spy lost, active and scoring its printed power if Spy won."""
    return _faq_table([["Spy"], ["Grief" if won else "Clod"]], ("Oaf", "Troll"),
                      (("Lug",), ("Greed",)), force=("Moldy Mummy", "Job Swap Ghost", "Dirt Nap Zombie"),
                      **options)


def troll(priority: int = 1, **options):
    """Turn 1: your Troll against Anger; both spirits will be Power Up cards. The opponent has priority,
    so Anger's +5 is already used when Troll stops it (5 v 10). With ``priority=0`` Troll acts first
    and Anger gets no +5 (5 v 5, a tie)."""
    return _faq_table([["Troll"], ["Anger"]], (None, None), (("Hoard", "Lug"), ("Lug",)),
                      priority=priority, start="spirit", **options)


def vampire(**options):
    """Turn 1, both scores at 0: choose your spirit and watch Vampire drain nothing from an opponent
    with no points while still getting its +2 power (a Double spirit: 3 + 2 + 2 = 7 against Clod's 7)."""
    return _faq_table([["Vampire"], ["Clod"]], (None, None), (("Oaf", "Lug"), ("Oaf",)), start="spirit",
                      **options)


FAQ = {
    "alchemy": alchemy, "cancel": cancel, "challenge": challenge, "greed": greed, "grief": grief,
    "moody": moody, "control": control, "cultivate": cultivate, "famine": famine, "forget": forget,
    "nemesis": nemesis, "return": return_, "spook": spook, "spy": spy, "troll": troll, "vampire": vampire,
}
"""One scenario a FAQ entry of the rule book, by the card's name (lower case)."""

SCENARIOS.update(FAQ)
