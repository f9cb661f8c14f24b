"""A Cave Evil combat between two sides, as pure functions and a small step-by-step resolver.

The arithmetic of a fight: a combat here is two :class:`Side` values (the
squads fighting together, the items used and spells cast, abilities given by
hand) and what happens between them. The game state fights with it through
:mod:`.fights` (the sides on the map and the saved record) and
:mod:`.fighting` (the squad actions E, F and G, and a fight's end).

How a combat goes (the combat rules of :mod:`.combat_rules`):

- every creature card has six attributes round a ring (strength, special,
  dodge, bloodthirst, armor, weapon; :data:`ATTRIBUTES`), so each has two
  neighbours;
- the attacker picks the first attribute from all six, the defender the
  second from the first's two neighbours, and a third round, if needed, uses
  the neighbour left over;
- in a round both sides roll a D12 and add their total for the attribute;
  the higher score wins, a tie is rolled again;
- the first side to win two rounds kills the whole other side.

A side's total (:func:`tally`) adds, creature by creature, the printed
attribute and every modifier that reaches that creature (its own abilities,
bindings from its squad-mates, bindings from the enemy), each creature
floored at zero; then flat modifiers of items, spells and abilities, the sum
floored at zero again (rules ce-combat-total, ce-combat-floor,
ce-combat-floor-total, ce-binding). The Combat Example of the text comes out
right with those floors (see ``tests/cave_evil/test_combat.py``).

Chance is explicit, as everywhere in necro: :meth:`Combat.roll` takes the
two dice, :meth:`Combat.dice` lists the 144 outcomes with their chances, and
:meth:`Combat.roll_random` draws them from a :class:`necro.core.Rng` it is
given. :func:`resolve` plays a whole combat from given rolls.

The dead side's kill points and gore are :func:`kill_points` and
:func:`gore` (rules ce-kill-points, ce-gore, ce-gore-trinket).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from typing import Callable, Iterable, NamedTuple

from necro.core import IllegalAction, Rng

from .creatures import ATTRIBUTES, Catalogue, CreatureCard, Effect, ItemCard, catalogue
from .movement import fits

ATTACKER, DEFENDER = "attacker", "defender"
ROLES = (ATTACKER, DEFENDER)
CONTROLS = ("player", "wandering", "protector")
"""Who controls a side: a player, or nobody (a Wandering Monster; a Protector)."""
DIE = 12

KILL_POINTS = {
    "enemy": {"large": 9.0, "medium": 6.0, "small": 3.0, "trinket": 1.5},
    "wandering": {"large": 3.0, "medium": 2.0, "small": 1.0, "trinket": 0.5},
}
"""Kill points per slain creature by size: enemy (a player's) or wandering (also Protectors) (rule ce-kill-points).
Halves are exact in binary floating point, so sums stay exact."""
GORE = {"large": 3, "medium": 2, "small": 1, "trinket": 0}
"""Gore left by a slain creature by size (rule ce-gore; a trinket's 0 is our ruling, ce-gore-trinket)."""


def neighbours(attribute: str) -> tuple[str, str]:
    """The two attributes next to ``attribute`` on the ring, anticlockwise one first (rule ce-combat-attributes)."""
    i = ATTRIBUTES.index(attribute)
    return ATTRIBUTES[i - 1], ATTRIBUTES[(i + 1) % len(ATTRIBUTES)]


def third(first: str, second: str) -> str:
    """The attribute of a third round: the neighbour of ``first`` that ``second`` is not (rule ce-combat-third)."""
    left, right = neighbours(first)
    if second not in (left, right):
        raise ValueError(f"{second} is not next to {first}")
    return right if second == left else left


def other(role: str) -> str:
    return DEFENDER if role == ATTACKER else ATTACKER


# ------------------------------------------------------------------ sides
@dataclass(frozen=True)
class Fighter:
    """One creature in a combat: a name unique on its side, and its card."""

    id: str
    card: CreatureCard

    @property
    def size(self) -> str:
        return self.card.size


@dataclass(frozen=True)
class Side:
    """Everything fighting on one side of a combat.

    ``squads``: the squads taking part (one, or several when flanking), each a
    tuple of fighters; ``items``: items used in this combat; ``spells``: spells
    cast in it; ``extra``: ``(source, effect)`` pairs for abilities the card
    data does not model, given by hand (they act on the whole side), or
    ``(source, effect, fighter)`` for a lasting effect on one creature (a
    ``self`` modifier: :mod:`.effects`);
    ``control``: ``player``, ``wandering`` or ``protector``.
    """

    squads: tuple[tuple[Fighter, ...], ...]
    items: tuple[ItemCard, ...] = ()
    spells: tuple[ItemCard, ...] = ()
    extra: tuple[tuple[str, Effect], ...] = ()
    control: str = "player"

    @property
    def fighters(self) -> tuple[Fighter, ...]:
        squads = self.squads
        return squads[0] if len(squads) == 1 else tuple(chain.from_iterable(squads))


def side(*squads, items=(), spells=(), extra=(), control: str = "player",
         cards: Catalogue | None = None) -> Side:
    """A :class:`Side` from card ids: ``side(["hunched-one", "caveling", "ghoul"], items=[...])``.

    Each squad is a list of creature card ids (or ready :class:`Fighter` values);
    a fighter is named after its card, with ``-2``, ``-3``... for repeats.
    """
    cards = cards if cards is not None else catalogue()
    seen: dict[str, int] = {}
    built = []
    for squad in squads:
        members = []
        for entry in squad:
            if isinstance(entry, Fighter):
                members.append(entry)
                continue
            card = cards.creature(entry)
            seen[card.id] = seen.get(card.id, 0) + 1
            members.append(Fighter(card.id if seen[card.id] == 1 else f"{card.id}-{seen[card.id]}", card))
        built.append(tuple(members))
    return Side(tuple(built), tuple(cards.item(i) if isinstance(i, str) else i for i in items),
                tuple(cards.item(s) if isinstance(s, str) else s for s in spells), tuple(extra), control)


def check_side(s: Side, role: str) -> None:
    """Refuse a side the rules do not allow, naming the rule (IllegalAction).

    Every combat checks both its sides, so the hand rules are looked at only when items or spells
    are used (without any, they hold)."""
    label = f"the {role}"
    if s.control not in CONTROLS:
        raise ValueError(f"control must be one of {CONTROLS}")
    fighters = s.fighters
    if not fighters:
        raise IllegalAction(label, "ce-combat-attacker", f"{label} has no creature to fight with")
    if s.control == "wandering" and role == ATTACKER:
        raise IllegalAction(label, "ce-combat-attacker", "a Wandering Monster never attacks: the player's squad does")
    if len({f.id for f in fighters}) != len(fighters):
        raise ValueError(f"two fighters on {label}'s side share a name")
    for i, squad in enumerate(s.squads):
        if not squad or not fits(squad):
            raise IllegalAction(label, "ce-squad-size", f"squad {i + 1} of {label} is not a legal squad")
    if not (s.items or s.spells):
        return
    used = len(s.spells)
    for item in s.items:
        if item.kind != "item":
            raise IllegalAction(item.id, "ce-spell-cast", f"{item.name} is a spell: it works only when cast")
        if not item.trinket:
            used += 1
    for spell in s.spells:
        if spell.kind != "spell":
            raise IllegalAction(spell.id, "ce-spell-cast", f"{spell.name} is an item, not a spell to cast")
    hands = casters = 0
    for f in fighters:
        card = f.card
        if card.item_use:
            hands += card.item_count
        if card.spellcaster:
            casters += card.item_count
    if len(s.spells) > casters:
        raise IllegalAction(label, "ce-spell-cast",
                            f"{label} casts {len(s.spells)} spells but its spellcasters use only {casters} items")
    if used > hands:
        raise IllegalAction(label, "ce-item-use",
                            f"{label} uses {used} items and spells but its creatures can use only {hands}")


# ------------------------------------------------------------------ totals
class Bonus(NamedTuple):
    """An effect in force in a combat, with its source (a named tuple: every combat makes a few).

    ``squad`` is the index of the squad whose creature's card carries it (its
    ``friends`` bindings reach only that squad: rule ce-ability-own-squad), or
    None for items, spells and abilities given by hand (they reach the whole
    side); ``fighter`` the creature whose card it is (for ``self`` modifiers).
    """

    source: str
    effect: Effect
    squad: int | None = None
    fighter: str | None = None


def active_items(s: Side, opponent: Side) -> tuple[ItemCard, ...]:
    """The items and spells of ``s`` that still work: those the opponent does not cancel (rule ce-item-cancel)."""
    cards = s.items + s.spells
    if not (opponent.items or opponent.spells):
        return cards
    theirs = {c.id for c in opponent.items + opponent.spells}
    return tuple(c for c in cards if not theirs.intersection(c.cancels))


def bonuses(s: Side, role: str, opponent: Side) -> tuple[Bonus, ...]:
    """Every effect of side ``s`` in force when it fights as ``role`` (rule ce-ability-when).

    (Plain loops: every combat makes both sides' bonuses, and most cards have no effect at all.)"""
    out = []
    for i, squad in enumerate(s.squads):
        for f in squad:
            for e in f.card.effects:
                if e.applies(role):
                    out.append(Bonus(f.id, e, i, f.id))
    if s.items or s.spells:
        for card in active_items(s, opponent):
            for e in card.effects:
                if e.applies(role):
                    out.append(Bonus(card.id, e))
    for source, e, *who in s.extra:  # (source, effect) for the whole side, or (..., fighter): that creature's own
        if e.applies(role):
            out.append(Bonus(source, e, None, who[0] if who else None))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Part:
    """One creature's share of a total: printed value, the modifiers reaching it, and what it adds (never < 0)."""

    fighter: str
    printed: int
    modifiers: tuple[tuple[str, int], ...]
    value: int

    def describe(self) -> str:
        mods = "".join(f" {amount:+d} ({source})" for source, amount in self.modifiers)
        floored = " floored at 0" if self.value == 0 and self.printed + sum(a for _, a in self.modifiers) < 0 else ""
        return f"{self.fighter} {self.printed}{mods}{floored} = {self.value}" if mods else f"{self.fighter} {self.printed}"


class Tally:
    """A side's total for one attribute, broken down by creature and flat modifier.

    The total is made at once; the breakdown (``parts``, ``flat``: what the log and the book
    show) only when first asked, from the ``source`` it was made from (the arguments of
    :func:`breakdown`), because most combats (random play, the bots', every combat the odds
    set up) read only totals. Two tallies are equal when their attribute, breakdown and total are.
    """

    __slots__ = ("attribute", "total", "_source", "_detail")

    def __init__(self, attribute: str, total: int, source: tuple):
        self.attribute = attribute
        self.total = total
        self._source = source
        self._detail: tuple[tuple[Part, ...], tuple[tuple[str, int], ...]] | None = None

    @property
    def parts(self) -> tuple[Part, ...]:
        """Each creature's share, in squad order."""
        return self._breakdown()[0]

    @property
    def flat(self) -> tuple[tuple[str, int], ...]:
        """The flat modifiers ``(source, amount)`` added to the creatures' sum."""
        return self._breakdown()[1]

    def _breakdown(self):
        if self._detail is None:
            self._detail = breakdown(*self._source)
        return self._detail

    def __eq__(self, other) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return (self.attribute, self.total, self._breakdown()) == (other.attribute, other.total, other._breakdown())

    def __hash__(self) -> int:
        return hash((self.attribute, self.total, self._breakdown()))

    def __repr__(self) -> str:
        return f"Tally(attribute={self.attribute!r}, parts={self.parts!r}, flat={self.flat!r}, total={self.total!r})"

    def describe(self) -> str:
        text = " + ".join(p.describe() for p in self.parts)
        text += "".join(f" {amount:+d} ({source})" for source, amount in self.flat)
        return f"{text} = {self.total}"


def tally(s: Side, opponent: Side, attribute: str, role: str,
          own: tuple[Bonus, ...] | None = None, theirs: tuple[Bonus, ...] | None = None) -> Tally:
    """Side ``s``'s total for ``attribute`` when fighting ``opponent`` as ``role``.

    Each creature adds its printed value plus the modifiers that reach it, but
    never less than 0 (rules ce-combat-total, ce-combat-floor, ce-binding): its
    own ``self`` modifiers, ``friends`` bindings of its squad-mates (and of
    side-wide sources), and every ``enemies`` binding of the opponent. Flat
    modifiers follow: the side's ``side`` ones and the opponent's ``opponent``
    ones; the total is floored at 0 too (ruling ce-combat-floor-total).
    ``own``/``theirs`` may pass precomputed :func:`bonuses`.

    This sums amounts only; :func:`breakdown` (the tally's ``parts`` and ``flat``, made when
    asked) names every modifier and sums them again, and the tests hold the two to the same total.
    """
    own = bonuses(s, role, opponent) if own is None else own
    theirs = bonuses(opponent, other(role), s) if theirs is None else theirs
    flat = bound = 0
    for b in theirs:
        e = b.effect
        if e.attribute == attribute:
            if e.to == "enemies":
                bound += e.amount
            elif e.to == "opponent":
                flat += e.amount
    mine = []
    for b in own:
        e = b.effect
        if e.attribute == attribute:
            if e.to == "side":
                flat += e.amount
            elif e.to in ("self", "friends"):
                mine.append(b)
    index = ATTRIBUTES.index(attribute)
    total = flat
    for i, squad in enumerate(s.squads):
        for f in squad:
            value = f.card.attributes[index] + bound
            for b in mine:
                e = b.effect
                if (e.to == "self" and b.fighter == f.id) or (e.to == "friends" and b.squad in (None, i)):
                    value += e.amount
            if value > 0:
                total += value
    return Tally(attribute, max(0, total), (s, attribute, own, theirs))


def breakdown(s: Side, attribute: str, own: tuple[Bonus, ...], theirs: tuple[Bonus, ...]
              ) -> tuple[tuple[Part, ...], tuple[tuple[str, int], ...]]:
    """The parts and flat modifiers of :func:`tally`'s total, every modifier named by its source."""
    mine = [b for b in own if b.effect.attribute == attribute]
    hostile = [b for b in theirs if b.effect.attribute == attribute]
    parts = []
    for i, squad in enumerate(s.squads):
        for f in squad:
            mods = []
            for b in mine:
                e = b.effect
                if (e.to == "self" and b.fighter == f.id) or (e.to == "friends" and b.squad in (None, i)):
                    mods.append((b.source, e.amount))
            mods.extend((b.source, b.effect.amount) for b in hostile if b.effect.to == "enemies")
            printed = f.card.attribute(attribute)
            parts.append(Part(f.id, printed, tuple(mods), max(0, printed + sum(a for _, a in mods))))
    flat = tuple([(b.source, b.effect.amount) for b in mine if b.effect.to == "side"]
                 + [(b.source, b.effect.amount) for b in hostile if b.effect.to == "opponent"])
    return tuple(parts), flat


def tallies(attacker: Side, defender: Side) -> dict[str, dict[str, Tally]]:
    """Both sides' tallies for all six attributes: ``{role: {attribute: Tally}}``."""
    att = bonuses(attacker, ATTACKER, defender)
    dfd = bonuses(defender, DEFENDER, attacker)
    return {ATTACKER: {a: tally(attacker, defender, a, ATTACKER, att, dfd) for a in ATTRIBUTES},
            DEFENDER: {a: tally(defender, attacker, a, DEFENDER, dfd, att) for a in ATTRIBUTES}}


# ------------------------------------------------------------------ rounds
class Round(NamedTuple):
    """One fight round as it was fought (a named tuple: a combat makes two or three, cheaply).

    ``rolls`` are the dice pairs ``(attacker, defender)`` thrown, ties
    included; the last pair decided the round (rule ce-combat-tie).
    """

    number: int
    attribute: str
    chosen_by: str          # "attacker", "defender" or "forced" (the third round)
    attacker: Tally
    defender: Tally
    rolls: tuple[tuple[int, int], ...]
    winner: str

    @property
    def scores(self) -> tuple[int, int]:
        a, d = self.rolls[-1]
        return self.attacker.total + a, self.defender.total + d

    def describe(self) -> str:
        a, d = self.rolls[-1]
        sa, sd = self.scores
        ties = len(self.rolls) - 1
        again = f" after {ties} tied roll{'s' if ties > 1 else ''}" if ties else ""
        chooser = "the third, forced" if self.chosen_by == "forced" else f"the {self.chosen_by}'s choice"
        return (f"round {self.number}, {self.attribute} ({chooser}): attacker {self.attacker.total} + {a} = {sa}, "
                f"defender {self.defender.total} + {d} = {sd}{again}: the {self.winner} wins")


class Result(NamedTuple):
    """How a finished combat ended: the rounds, the dead, and what the winner gets (a named tuple).

    ``kill_points`` go to the winner only when a player controls it
    (``kill_kind`` says which kind they are, by who controlled the dead;
    ruling ce-kill-points-monster); ``gore`` is left on the hex; ``dropped``
    are the dead side's items and spells that fall there (rule ce-death-drops;
    cards spent by use are not among them).
    """

    winner: str
    rounds: tuple[Round, ...]
    dead: tuple[Fighter, ...]
    kill_kind: str
    kill_points: float
    gore: int
    dropped: tuple[str, ...]

    @property
    def loser(self) -> str:
        return other(self.winner)


def kill_points(fighters: Iterable[Fighter], kind: str) -> float:
    """Kill points for slaying ``fighters``: ``kind`` is ``enemy`` or ``wandering`` (rule ce-kill-points)."""
    table = KILL_POINTS[kind]
    points = 0.0
    for f in fighters:  # a plain loop: every combat ends here
        points += table[f.size]
    return points


def gore(fighters: Iterable[Fighter]) -> int:
    """Gore the slain spill on their hex (rules ce-gore, ce-gore-trinket)."""
    spilt = 0
    for f in fighters:
        spilt += GORE[f.size]
    return spilt


_CHOOSERS = {1: ATTACKER, 2: DEFENDER, 3: "forced"}
"""Who chose the attribute of each round."""
STABBIST = "stabbist"
"""The black-diamond card whose side, defending, picks every attribute (rules ce-stabbist, ce-stabbist-how)."""
STEPS = ("first", "second", "third")
"""The choosing decisions, round by round; ``third`` only against a Stabbist (rule ce-stabbist)."""


def stabbing(defender: Side) -> bool:
    """Whether the defending side holds a Stabbist, in any of its squads (rule ce-stabbist: its choice
    applies to the whole side, a flank included)."""
    for f in defender.fighters:
        if f.card.id == STABBIST:
            return True
    return False


class Combat:
    """A combat fought step by step: choose, roll, choose, roll... until a side has won two rounds.

    ``decision()`` says what comes next: ``"first"`` (the attacker picks an
    attribute), ``"second"`` (the defender picks one of its neighbours),
    ``"roll"`` (chance: both D12s) or ``"over"``. Against a defending Stabbist
    (``stabbist``, rule ce-stabbist) the defender picks ``"first"``, ``"second"``
    and ``"third"`` itself, any three different attributes (:meth:`chooser`). Wrong choices and dice are
    refused with :class:`IllegalAction` naming the rule, and change nothing.
    Once begun a combat runs to its end (rule ce-combat-to-the-end): nothing
    here stops it halfway.
    """

    def __init__(self, attacker: Side, defender: Side, firsts: tuple[str, ...] | None = None, single: bool = False):
        check_side(attacker, ATTACKER)
        check_side(defender, DEFENDER)
        if firsts is not None and (not firsts or not set(firsts) <= set(ATTRIBUTES)):
            raise ValueError(f"the first attribute must come from the ring, not {firsts!r}")
        self.sides = {ATTACKER: attacker, DEFENDER: defender}
        self.stabbist = stabbing(defender)
        """The defender picks every attribute, a shooter's fixed opening too (rules ce-stabbist, ce-stabbist-how)."""
        self.firsts = ATTRIBUTES if firsts is None or self.stabbist else tuple(a for a in ATTRIBUTES if a in firsts)
        """The attributes the first round may use: all six, or those the attacker's ranged creatures require (rule ce-shoot-first)."""
        self._bonuses = (bonuses(attacker, ATTACKER, defender), bonuses(defender, DEFENDER, attacker))
        self._tallies: dict[str, tuple[Tally, Tally]] = {}
        self.order: list[str] = []
        self.rounds: list[Round] = []
        self._ties: list[tuple[int, int]] = []
        self._wins = {ATTACKER: 0, DEFENDER: 0}
        self.winner: str | None = None
        """The side that has won two rounds, once one has (kept as rounds are won, not searched for)."""
        self.single = single
        """A single round decides it: the Astral Worm's strike (rule ce-astral-worm)."""

    # ------------------------------------------------------------ queries
    def tally(self, role: str, attribute: str) -> Tally:
        """``role``'s total for ``attribute`` in this combat (made once, when first needed)."""
        return self._pair(attribute)[role == DEFENDER]

    def _pair(self, attribute: str) -> tuple[Tally, Tally]:
        """The attacker's and the defender's tallies for ``attribute``, made together (a round needs both)."""
        pair = self._tallies.get(attribute)
        if pair is None:
            att, dfd = self.sides[ATTACKER], self.sides[DEFENDER]
            mine, theirs = self._bonuses
            pair = self._tallies[attribute] = (tally(att, dfd, attribute, ATTACKER, mine, theirs),
                                               tally(dfd, att, attribute, DEFENDER, theirs, mine))
        return pair

    @property
    def tallies(self) -> dict[str, dict[str, Tally]]:
        """Both sides' tallies for all six attributes: ``{role: {attribute: Tally}}``."""
        return {role: {a: self.tally(role, a) for a in ATTRIBUTES} for role in ROLES}

    def wins(self, role: str) -> int:
        return self._wins[role]

    def decision(self) -> str:
        if self.winner is not None:
            return "over"
        if len(self.order) > len(self.rounds):
            return "roll"
        return STEPS[len(self.rounds)]

    def chooser(self) -> str | None:
        """The side choosing now: the attacker the first attribute, the defender the second, or the
        defender all three against a Stabbist (rule ce-stabbist); None when nobody chooses."""
        step = self.decision()
        if step not in STEPS:
            return None
        return DEFENDER if self.stabbist or step != "first" else ATTACKER

    def choices(self) -> tuple[str, ...]:
        """The attributes the side deciding now may choose (empty when no one chooses)."""
        step = self.decision()
        if step == "first":
            return self.firsts
        if step not in STEPS:
            return ()
        if self.stabbist:  # any attribute not fought yet (rule ce-stabbist)
            return tuple(a for a in ATTRIBUTES if a not in self.order)
        return neighbours(self.order[0])

    @property
    def attribute(self) -> str | None:
        """The attribute of the round being fought, if it is chosen."""
        return self.order[len(self.rounds)] if len(self.order) > len(self.rounds) else None

    # ------------------------------------------------------------ moves
    def choose(self, attribute: str) -> None:
        """The attacker's first attribute, or the defender's second (rules ce-combat-first, ce-combat-second)."""
        step = self.decision()
        if step not in STEPS:
            rule = "ce-combat-two-wins" if step == "over" else "ce-combat-third"
            raise IllegalAction(attribute, rule, "no attribute is to be chosen now" +
                                (": the combat is over" if step == "over" else ": the dice are to be rolled"))
        if attribute not in self.choices():
            if self.stabbist:
                raise IllegalAction(attribute, "ce-stabbist", "the Stabbist's side picks an attribute not fought yet: "
                                                              + ", ".join(self.choices()))
            if step == "first":
                if attribute in ATTRIBUTES:
                    raise IllegalAction(attribute, "ce-shoot-first" if len(self.firsts) == 1 else "ce-shoot-first-mixed",
                                        "the shooting creatures open with "
                                        + " or ".join(self.firsts))
                raise IllegalAction(attribute, "ce-combat-first", f"{attribute!r} is not one of the six attributes")
            left, right = neighbours(self.order[0])
            raise IllegalAction(attribute, "ce-combat-second",
                                f"the second attribute must be next to {self.order[0]}: {left} or {right}")
        self.order.append(attribute)

    def roll(self, attacker_die: int, defender_die: int) -> Round | None:
        """Both sides' D12s for the current round; the finished :class:`Round`, or None on a tie (re-roll)."""
        step = self.decision()
        if step != "roll":
            rule = {"over": "ce-combat-two-wins", "first": "ce-combat-first", "second": "ce-combat-second",
                    "third": "ce-stabbist"}[step]
            raise IllegalAction((attacker_die, defender_die), rule,
                                "the combat is over" if step == "over" else "an attribute must be chosen first")
        for die in (attacker_die, defender_die):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= DIE:
                raise IllegalAction((attacker_die, defender_die), "ce-combat-round", f"a D12 shows 1 to 12, not {die!r}")
        return self._roll(attacker_die, defender_die)

    def _roll(self, attacker_die: int, defender_die: int) -> Round | None:
        """:meth:`roll` without its checks, for dice known to be due and in range."""
        attribute = self.order[len(self.rounds)]
        att, dfd = self._pair(attribute)
        a, d = att.total + attacker_die, dfd.total + defender_die
        if a == d:
            self._ties.append((attacker_die, defender_die))
            return None
        rounds = self.rounds
        number = len(rounds) + 1
        winner = ATTACKER if a > d else DEFENDER
        done = Round(number, attribute, DEFENDER if self.stabbist else _CHOOSERS[number], att, dfd, (*self._ties, (attacker_die, defender_die)),
                     winner)
        self._ties = []
        rounds.append(done)
        self._wins[winner] += 1
        if self._wins[winner] == 2 or self.single:
            self.winner = winner
        elif number == 2 and not self.stabbist:  # against a Stabbist the defender picks the third (rule ce-stabbist)
            self.order.append(third(self.order[0], self.order[1]))
        return done

    def dice(self) -> list[tuple[tuple[int, int], Fraction]]:
        """The outcomes of the next throw, ``((attacker die, defender die), chance)``: 144 equally likely pairs."""
        p = Fraction(1, DIE * DIE)
        return [((a, d), p) for a in range(1, DIE + 1) for d in range(1, DIE + 1)]

    def roll_random(self, rng: Rng) -> Round | None:
        """Throw both dice from ``rng`` (attacker's first) and :meth:`roll` them."""
        return self.roll(rng.randbelow(DIE) + 1, rng.randbelow(DIE) + 1)

    # ------------------------------------------------------------ the end
    def result(self) -> Result:
        """What the finished combat did (rule ce-combat-two-wins: the whole losing side dies)."""
        winner = self.winner
        if winner is None:
            raise IllegalAction("(result)", "ce-combat-two-wins", "the combat is not over yet")
        loser = self.sides[other(winner)]
        dead = loser.fighters
        kind = "enemy" if loser.control == "player" else "wandering"
        points = kill_points(dead, kind) if self.sides[winner].control == "player" else 0.0
        dropped = tuple(c.id for c in loser.items + loser.spells if c.use != "discard")
        return Result(winner, tuple(self.rounds), dead, kind, points, gore(dead), dropped)

    def lines(self) -> list[tuple[str, str]]:
        """The combat so far as log lines ``(rule id, text)``."""
        out = []
        for r in self.rounds:
            out.append(("ce-combat-round", r.describe()))
            out.append(("ce-combat-total", f"attacker: {r.attacker.describe()}"))
            out.append(("ce-combat-total", f"defender: {r.defender.describe()}"))
        if self.winner is not None:
            res = self.result()
            out.append(("ce-combat-two-wins", f"the {res.winner} wins; dead: {', '.join(f.id for f in res.dead)}"))
            out.append(("ce-kill-points", f"{res.kill_points:g} {res.kill_kind} kill points to the {res.winner}"))
            out.append(("ce-gore", f"{res.gore} gore left on the hex"))
        return out


# ------------------------------------------------------------------ whole combats
Choice = str | Callable[[Combat], str]


def _pick(choice: Choice, combat: Combat) -> str:
    return choice(combat) if callable(choice) else choice


def resolve(attacker: Side, defender: Side, first: str, second: Choice,
            rolls: Iterable[tuple[int, int]]) -> Result:
    """Fight a whole combat with the given attribute choices and dice.

    ``second`` is the defender's attribute, or a function of the combat after
    round 1 returning it (against a Stabbist, which picks the third too, a function
    called again after round 2); ``rolls`` are ``(attacker, defender)`` D12 pairs used
    in order, ties included. Raises ValueError when they run out too soon.
    """
    combat = Combat(attacker, defender)
    combat.choose(first)
    dice = iter(rolls)
    while (step := combat.decision()) != "over":
        if step in ("second", "third"):  # the third is chosen only against a Stabbist (rule ce-stabbist)
            combat.choose(_pick(second, combat))
            continue
        pair = next(dice, None)
        if pair is None:
            raise ValueError(f"the rolls ran out in round {len(combat.rounds) + 1}")
        combat.roll(*pair)
    return combat.result()


def fight_random(attacker: Side, defender: Side, rng: Rng, first: Choice | None = None,
                 second: Choice | None = None) -> Result:
    """A whole combat with dice from ``rng``; a choice left None is made uniformly from ``rng`` too.

    The fast path of random play (the benchmark ``benchmarks/speed.py`` times it): the sides are
    checked as every :class:`Combat` checks them, but what it draws itself is legal by construction
    and is not checked again."""
    combat = Combat(attacker, defender)
    if first is None:  # a random opening is one of the six (this combat does not restrict them): no check
        combat.order.append(rng.choice(ATTRIBUTES))
    else:
        combat.choose(_pick(first, combat))
    # the dice are drawn as roll_random draws them, and are in range: no check
    randbelow, throw = rng.randbelow, combat._roll
    while throw(randbelow(DIE) + 1, randbelow(DIE) + 1) is None:  # round 1, thrown until not a tie
        pass
    stabbist = combat.stabbist
    if second is None and not stabbist:  # a random reply is one of the neighbours: no check
        combat.order.append(neighbours(combat.order[0])[randbelow(2)])
    elif second is None:  # against a Stabbist any attribute not fought yet (rule ce-stabbist)
        choices = combat.choices()
        combat.order.append(choices[randbelow(len(choices))])
    else:
        combat.choose(_pick(second, combat))
    while combat.winner is None:
        if stabbist and len(combat.order) == 2 == len(combat.rounds):  # the third, picked (rule ce-stabbist)
            if second is None:
                choices = combat.choices()
                combat.order.append(choices[randbelow(len(choices))])
            else:
                combat.choose(_pick(second, combat))
        throw(randbelow(DIE) + 1, randbelow(DIE) + 1)
    return combat.result()
