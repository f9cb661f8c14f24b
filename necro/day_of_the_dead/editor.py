"""Edit mode for Day of the Dead: move cards, set the turn, the priority and the scores.

What a reader sets up is a table at the moment of summoning: who holds which
cards, what lies in each line and as spirit, what is left in the decks and
discard piles, the turn, who has priority, the scores. So cards, turn and
priority are editable only while the game waits for a summoning choice (a
turn-1 fighter or a new spirit); mid-fight the queue and the fight's
bookkeeping name cards and slots, and a moved card would leave them stale.
The scores can be set at any moment.

Cards are never created or thrown away, only moved (all 114 stay on the
table): a card in play trades places with the card chosen for its place; a
hand card goes to the other hand or to its own back's deck or discard pile;
a deck or discard card goes into a hand or onto the other pile. Faces are not
editable: at the summoning choice every fighter is about to turn face up.

Changing the turn or the priority starts that turn's summoning again: a
spirit laid this turn goes back to hand, and each line gets as many slots as
the turn (filled from the hand's first cards, or emptied from the line's end
back into the hand), so the lines stay equal. The loader refuses the rest:
a player holding more cards than the deal gave, too few left to lay, a
spirit where one is still to be chosen.
"""

from __future__ import annotations

from necro.core.edit import LEAVE, Control, Editor

from .board import LETTERS
from .cards import BACK_NAMES, BACK_OF_LETTER

HANDS = ("hand1", "hand2")
CHOICE_MOMENTS = ("fallen", "spirit")


def deck_id(L: str) -> str:
    return f"deck-{L}"


def discard_id(L: str) -> str:
    return f"discard-{L}"


def back_name(L: str) -> str:
    return BACK_NAMES[BACK_OF_LETTER[L]]


def place_name(place: str) -> str:
    where = "spirit" if place.endswith("spirit") else f"slot {place[7:]}"
    return f"player {place[1]}'s {where}"


class DayOfTheDeadEditor(Editor):
    def summoning(self) -> bool:
        pos = self.position
        task = pos["task"]
        return (not pos["over"] and pos["turn"] >= 1 and task is not None and task["do"] in CHOICE_MOMENTS)

    def places(self) -> list[str]:
        pos = self.position
        return [f"p{p + 1}-slot{k}" for p in (0, 1) for k in range(1, len(pos["slots"][p]) + 1)] + [
            f"p{p + 1}-spirit" for p in (0, 1)]

    def elements(self):
        return ([(HANDS[p], f"player {p + 1}'s hand") for p in (0, 1)]
                + [(place, place_name(place)) for place in self.places()]
                + [(deck_id(L), f"the {back_name(L)} deck") for L in LETTERS]
                + [(discard_id(L), f"the {back_name(L)} discard pile") for L in LETTERS])

    def card(self, c: str) -> str:
        card = self.state.cs[c]
        return f"{c} {card.name} ({card.power})"

    def where(self, c: str) -> str:
        loc = locate(self.position, c)
        if loc[0] == "hand":
            return f"player {loc[1] + 1}'s hand"
        if loc[0] in ("deck", "discard"):
            return f"{back_name(loc[1])} {loc[0]}" + (" pile" if loc[0] == "discard" else "")
        return place_name(loc[1])

    def controls(self):
        pos = self.position
        found = []
        if self.summoning():
            everything = sorted(self.state.cs.cards)
            for place in self.places():
                here = card_at(pos, place)
                if here is None:  # a spirit still to be laid: the summoning choice itself lays it
                    continue
                # a card from a pile trades with this one only if this one fits that pile's back
                choices = tuple((c, f"{self.card(c)}, from {self.where(c)}") for c in everything
                                if c != here and (c[0] == here[0] or locate(pos, c)[0] in ("hand", "place")))
                found.append(Control(f"place.{place}", f"Card at {place_name(place)}", here,
                                     ((here, self.card(here)),) + choices, on=place, group="Cards in play"))
            for p in (0, 1):
                for c in pos["hands"][p]:
                    dests = (LEAVE, (HANDS[1 - p], f"player {2 - p}'s hand"),
                             (deck_id(c[0]), f"the {back_name(c[0])} deck"),
                             (discard_id(c[0]), f"the {back_name(c[0])} discard pile"))
                    found.append(Control(f"hand.{p}.{c}", f"Move {self.card(c)} from player {p + 1}'s hand to",
                                         "", dests, on=HANDS[p], target=True, group="Hands"))
            piles = [c for L in LETTERS for c in pos["decks"][L] + pos["discards"][L]]
            for p in (0, 1):
                found.append(Control(f"give.{p}", f"Give player {p + 1} a card from a deck or discard pile", "",
                                     (("", "(none)"),) + tuple((c, f"{self.card(c)}, from {self.where(c)}")
                                                              for c in sorted(piles)),
                                     on=HANDS[p], group="Hands"))
            for L in LETTERS:
                found.append(Control(f"discard.{L}", f"Discard from the {back_name(L)} deck", "",
                                     (("", "(none)"),) + tuple((c, self.card(c)) for c in pos["decks"][L]),
                                     on=deck_id(L), group="Decks"))
                found.append(Control(f"restore.{L}", f"Put back into the {back_name(L)} deck", "",
                                     (("", "(none)"),) + tuple((c, self.card(c)) for c in pos["discards"][L]),
                                     on=discard_id(L), group="Decks"))
            found += [
                Control("turn", "Turn (starts its summoning again)", pos["turn"],
                        tuple((t, f"turn {t} of 6") for t in range(1, 7)), group="Turn"),
                Control("priority", "Priority counter (starts the summoning again)", pos["priority"],
                        ((0, "player 1"), (1, "player 2")), group="Turn"),
            ]
        found += [Control(f"score.{p}", f"Player {p + 1}'s victory points", pos["scores"][p], kind="number",
                          low=0, high=999, group="Scores") for p in (0, 1)]
        return found

    def change(self, position, control, value):
        head, _, rest = control.partition(".")
        if head == "score":
            position["scores"][int(rest)] = value
        elif head == "place":
            here = card_at(position, rest)
            if value != here:
                swap(position, here, value)
        elif head == "hand":
            p, c = rest.split(".")
            if value:
                take(position, c)
                put(position, c, value)
        elif head == "give":
            if value:
                take(position, value)
                position["hands"][int(rest)].append(value)
        elif head in ("discard", "restore"):
            if value:
                take(position, value)
                put(position, value, discard_id(rest) if head == "discard" else deck_id(rest))
        elif head == "turn":
            if value != position["turn"]:
                restart_summoning(position, value, position["priority"])
        elif head == "priority":
            if value != position["priority"]:
                if position["task"]["do"] == "fallen":
                    restart_laying(position, value)
                else:
                    restart_summoning(position, position["turn"], value)
        else:
            raise KeyError(control)
        for hand in position["hands"]:
            hand.sort()
        for L in LETTERS:
            position["decks"][L].sort()
        return position


# ------------------------------------------------------------ moving cards
def locate(position: dict, card: str) -> tuple:
    """Where ``card`` lies: ``("hand", p)``, ``("place", "p1-slot2")``, ``("deck", L)`` or ``("discard", L)``."""
    for p in (0, 1):
        if card in position["hands"][p]:
            return "hand", p
        if position["spirits"][p] == card:
            return "place", f"p{p + 1}-spirit"
        for k, (c, _) in enumerate(position["slots"][p], start=1):
            if c == card:
                return "place", f"p{p + 1}-slot{k}"
    for L in LETTERS:
        for pile in ("decks", "discards"):
            if card in position[pile][L]:
                return pile[:-1], L
    raise AssertionError(f"{card} is nowhere")  # pragma: no cover (the loader counts every card)


def card_at(position: dict, place: str):
    p = int(place[1]) - 1
    if place.endswith("spirit"):
        return position["spirits"][p]
    return position["slots"][p][int(place[7:]) - 1][0]


def set_place(position: dict, place: str, card) -> None:
    p = int(place[1]) - 1
    if place.endswith("spirit"):
        position["spirits"][p] = card
    else:
        position["slots"][p][int(place[7:]) - 1][0] = card


def swap(position: dict, a: str, b: str) -> None:
    """Cards ``a`` and ``b`` trade places (a pile keeps its order, the newcomer where the other was)."""
    spots = []
    for card in (a, b):
        kind, where = locate(position, card)
        if kind == "place":
            spots.append(("place", where, None))
        else:
            pile = position["hands"][where] if kind == "hand" else position[kind + "s"][where]
            spots.append(("pile", pile, pile.index(card)))
    for (kind, where, i), card in zip(spots, (b, a)):
        if kind == "place":
            set_place(position, where, card)
        else:
            where[i] = card


def take(position: dict, card: str) -> None:
    """Lift ``card`` from its place (a slot taken out of a line leaves the line one shorter)."""
    kind, where = locate(position, card)
    if kind == "hand":
        position["hands"][where].remove(card)
    elif kind in ("deck", "discard"):
        position[kind + "s"][where].remove(card)
    elif where.endswith("spirit"):
        set_place(position, where, None)
    else:
        position["slots"][int(where[1]) - 1].pop(int(where[7:]) - 1)


def put(position: dict, card: str, element: str) -> None:
    if element in HANDS:
        position["hands"][HANDS.index(element)].append(card)
    elif element.startswith("deck-"):
        position["decks"][element[5:]].append(card)
    else:
        position["discards"][element[8:]].append(card)  # a wrong back: the loader says which


# ------------------------------------------------------- restarting a turn
def order(priority: int) -> tuple[int, int]:
    return priority, 1 - priority


def restart_summoning(position: dict, turn: int, priority: int) -> None:
    """Turn ``turn`` waiting for the priority holder's new spirit, each line ``turn`` slots long."""
    for p in (0, 1):
        hand, line = position["hands"][p], position["slots"][p]
        if position["spirits"][p] is not None:  # laid this turn: back to hand
            hand.append(position["spirits"][p])
            position["spirits"][p] = None
        hand.sort()
        while len(line) > turn:
            hand.append(line.pop()[0])
        while len(line) < turn and hand:
            line.append([hand.pop(0), "fallen"])
    first, second = order(priority)
    position.update(turn=turn, priority=priority, fight=None, looking=[],
                    marks={"cancel": [], "extra": [], "cultivate": [], "quiet": []},
                    task={"do": "spirit", "p": first},
                    queue=[["choose", second, "spirit"], ["activate"], ["spirit-unearth", first],
                           ["spirit-unearth", second]] + [["fight", k] for k in range(turn, 0, -1)]
                    + [["rewards"], ["end-turn"]])


def restart_laying(position: dict, priority: int) -> None:
    """Turn 1 waiting for the priority holder's face-down fighter (any laid one goes back to hand)."""
    for p in (0, 1):
        for c, _ in position["slots"][p]:
            position["hands"][p].append(c)
        position["slots"][p] = []
    first, second = order(priority)
    position.update(priority=priority, task={"do": "fallen", "p": first},
                    queue=[["choose", second, "fallen"], ["choose", first, "spirit"], ["choose", second, "spirit"],
                           ["activate"], ["spirit-unearth", first], ["spirit-unearth", second], ["fight", 1],
                           ["rewards"], ["end-turn"]])
