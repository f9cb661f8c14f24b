"""Edit mode for Shovelfight: pieces on graves, the cards, fallen ground, hit boxes, the turn.

What a table sets up by hand, each as one small change to the position JSON:

* a wizard moved to another grave; a zombie moved to another grave, taken off
  to its owner's supply, or put back from the supply (the loader counts them
  under the eight-token variant);
* a grave's card turned face up or down, or swapped with another grave's card
  (a swap, never a new card, so the deck stays the deck); a face-down grave
  given a known card from those nobody has seen, or made unknown again (then
  chance deals it when it is dug, ``sf-deal-when-dug``); a grave fallen or
  standing again;
* a living wizard's hit boxes and hits;
* whose turn, the phase (only the three that need nothing pending: the wizard
  action, the shamble, the worm die), the actions already used, the worm die.

The loader then refuses what the rules never reach, in its own words: a wizard
or zombie on a fallen grave, a wizard with every box checked, an extra box
without a dug Three, a worm roll by someone without the die...
A wizard is never killed or revived here: its death moment and cause belong
to play. Element ids are what ``widgets/shovelfight.js`` draws as ``data-edit``:
a grave (``c3``), a wizard (``W1``), a stack of one player's zombies on a grave
(``Z1@c3``) and a player's supply (``supply1``).
"""

from __future__ import annotations

import copy
from collections import Counter

from necro.core.edit import LEAVE, Control, Editor

from .board import board_for, card_name, deck
from .phases import SETUP_PHASES
from .team import START_BOXES

SIMPLE_PHASES = {"act": "wizard action", "shamble": "zombie shamble", "worm": "worm die"}
USED = ((), ("move",), ("dig",), ("shovel",), ("move", "dig"), ("move", "shovel"), ("dig", "shovel"))
PENDING = {"steps_left": 0, "target": None, "card": None, "hit": None, "queue": [], "split": None,
           "then": None, "left": [], "since": None}
"""What a phase that waits on something remembers; an edited phase starts with none of it."""


def supply(p: int) -> str:
    return f"supply{p + 1}"


def stack(p: int, grave: str) -> str:
    return f"Z{p + 1}@{grave}"


class ShovelfightEditor(Editor):
    @property
    def graves(self) -> tuple[str, ...]:
        return board_for(self.position["players"]).graves

    def begun(self) -> bool:
        return self.position["phase"] not in SETUP_PHASES

    def elements(self):
        pos = self.position
        found = [(g, self.grave_name(g)) for g in self.graves]
        for p, t in enumerate(pos["teams"]):
            if t["wizard"] is not None:
                found.append((f"W{p + 1}", f"player {p + 1}'s wizard on {t['wizard']}"))
        for p, t in enumerate(pos["teams"]):
            for g in dict.fromkeys(t["zombies"]):
                k = t["zombies"].count(g)
                found.append((stack(p, g), f"{k} zombie{'s' if k > 1 else ''} of player {p + 1} on {g}"))
        found += [(supply(p), f"player {p + 1}'s zombie supply (off the board)") for p in range(pos["players"])]
        return found

    def grave_name(self, g: str) -> str:
        pos = self.position
        card = pos["graves"].get(g)
        state = "fallen" if g in pos["fallen"] else "face up" if g in pos["dug"] else "face down"
        return f"grave {g}" + (f" ({card_name(card)}, {state})" if card else f" ({state})")

    def controls(self):
        pos = self.position
        graves = self.graves
        found = []
        unseen = self.unseen()
        for g in graves:
            card = pos["graves"].get(g)
            if g not in pos["dug"]:
                cards = sorted(set(unseen) | ({card} if card else set()))
                found.append(Control(f"lay.{g}", f"Card lying face down on {g}", card or "",
                                     (("", "unknown: chance deals it when it is dug"),)
                                     + tuple((c, card_name(c)) for c in cards), on=g, group="Graves"))
            if card is not None:
                found.append(Control(f"card.{g}", f"Swap the card of {g} ({card_name(card)}) with the card of",
                                     "", (LEAVE,) + tuple((h, h) for h in graves if h != g),
                                     on=g, target=True, group="Graves"))
            if self.begun():
                found.append(Control(f"dug.{g}", f"Card of {g}", g in pos["dug"],
                                     ((False, "face down"), (True, "face up (dug)")), on=g, group="Graves"))
                found.append(Control(f"fallen.{g}", f"Ground of {g}", g in pos["fallen"],
                                     ((False, "standing"), (True, "fallen")), on=g, group="Graves"))
        for p, t in enumerate(pos["teams"]):
            if t["wizard"] is None:
                continue
            on = f"W{p + 1}"
            found.append(Control(f"wizard.{p}", f"Player {p + 1}'s wizard stands on", t["wizard"],
                                 tuple((g, g) for g in graves), on=on, target=True, group="Wizards"))
            found.append(Control(f"hits.{p}", f"Player {p + 1}'s checked hit boxes", t["hits"], kind="number",
                                 low=0, high=t["boxes"], on=on, group="Wizards"))
            found.append(Control(f"boxes.{p}", f"Player {p + 1}'s hit boxes (five, one more per Three dug)",
                                 t["boxes"], kind="number", low=START_BOXES, high=START_BOXES + self.threes(),
                                 on=on, group="Wizards"))
        for p, t in enumerate(pos["teams"]):
            for z in dict.fromkeys(t["zombies"]):
                found.append(Control(f"zombie.{p}.{z}", f"Move one of player {p + 1}'s zombies on {z} to", "",
                                     (LEAVE,) + tuple((g, g) for g in graves if g != z)
                                     + ((supply(p), f"player {p + 1}'s supply (off the board)"),),
                                     on=stack(p, z), target=True, group="Zombies"))
        for p in range(pos["players"]):
            found.append(Control(f"supply.{p}", f"Put one of player {p + 1}'s zombies from the supply on", "",
                                 (LEAVE,) + tuple((g, g) for g in graves), on=supply(p), target=True,
                                 group="Zombies"))
        if self.begun() and pos["phase"] != "over":
            players = tuple((p, f"player {p + 1}") for p in range(pos["players"]))
            phases = dict(SIMPLE_PHASES)
            phases.setdefault(pos["phase"], f"{pos['phase']} (as now)")
            found += [Control("turn", "Player whose turn it is", pos["turn"], players, group="Turn"),
                      Control("phase", "Phase", pos["phase"], tuple(phases.items()), group="Turn")]
            if pos["phase"] == "act":
                found.append(Control("used", "Wizard actions already used this turn", list(pos["used"]),
                                     tuple((list(u), ", ".join(u) or "none") for u in USED), group="Turn"))
            found.append(Control("worm", "Worm die in front of", pos["worm"], players, group="Turn"))
        return found

    def unseen(self) -> list[str]:
        """The cards of the deck on no grave yet (what a face-down grave may be given)."""
        left = Counter(deck(self.position["players"]))
        left.subtract(c for c in self.position["graves"].values() if c)
        return sorted(c for c, k in left.items() if k > 0)

    def threes(self) -> int:
        """The Threes in this deck: each dug one may have drawn one more hit box."""
        return sum(1 for c in deck(self.position["players"]) if c[0] == "3")

    def change(self, position, control, value):
        head, _, rest = control.partition(".")
        teams = position["teams"]
        if head == "lay":
            position["graves"][rest] = value or None
        elif head == "card":
            if value:
                cards = position["graves"]
                cards[rest], cards[value] = cards[value], cards[rest]
        elif head in ("dug", "fallen"):
            marked = set(position[head]) - {rest}
            position[head] = sorted(marked | ({rest} if value else set()))
        elif head in ("wizard", "hits", "boxes"):
            teams[int(rest)][head] = value
        elif head == "zombie":
            p, src = rest.split(".")
            p = int(p)
            if value:
                still = take_zombie(position, p, src)
                if value != supply(p):
                    put_zombie(position, p, value, still)
        elif head == "supply":
            if value:
                put_zombie(position, int(rest), value, False)
        elif head == "turn":
            position["turn"] = value
            if position["phase"] == "shamble":
                position["left"] = shamblers(position, value)
        elif head == "phase":
            if value != position["phase"]:
                position.update(copy.deepcopy(PENDING), phase=value)
                if value == "act":
                    position["used"] = []
                elif value == "shamble":
                    position["left"] = shamblers(position, position["turn"])
        elif head == "used":
            position["used"] = list(value)
        elif head == "worm":
            position["worm"] = value
        else:
            raise KeyError(control)
        return position


def take_zombie(position: dict, p: int, grave: str) -> bool:
    """One zombie of player ``p`` off ``grave``; True if it still had to shamble this turn.

    Zombies are only grave names, so the one taken is one still to shamble when
    more of them are waiting on that grave than stay there.
    """
    zombies = position["teams"][p]["zombies"]
    zombies.remove(grave)
    left = position["left"]
    if p == position["turn"] and left.count(grave) > zombies.count(grave):
        left.remove(grave)
        return True
    return False


def put_zombie(position: dict, p: int, grave: str, still: bool) -> None:
    """A zombie of player ``p`` onto ``grave`` (``still``: it has yet to shamble this turn)."""
    zombies = position["teams"][p]["zombies"]
    zombies.append(grave)
    zombies.sort()
    if still:
        position["left"] = sorted(position["left"] + [grave])


def shamblers(position: dict, p: int) -> list[str]:
    """Player ``p``'s zombies that can shamble: those with a standing grave next to them."""
    board = board_for(position["players"])
    fallen = set(position["fallen"])
    return sorted(z for z in position["teams"][p]["zombies"]
                  if any(g not in fallen for g in board.neighbours[z]))
