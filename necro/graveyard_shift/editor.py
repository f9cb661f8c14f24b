"""Edit mode for Graveyard Shift: move parts and pawns, set whose turn, the phase and the score.

Parts are only ever moved, never created or thrown away, so the four of each
kind stay four; a part moved goes on top of its new stack. Each control maps
to one small change of the position JSON, and the game's loader then refuses
what the rules never reach (a part on an entrance, a master holding all four
kinds mid-round, a take phase with nothing to take...).
"""

from __future__ import annotations

from itertools import product

from necro.core.edit import LEAVE, Control, Editor

from .board import DEAL, ENTRANCES, KIND_NAMES, MAUSOLEUMS, MOVING, OVER, RETURNING, SQUARES, TAKING

POOL = "pool"
TRAYS = ("tray1", "tray2")
"""Board elements beside the graveyard: each player's collected kinds."""
PHASE_NAMES = {DEAL: "before the deal", MOVING: "a player moves", TAKING: "the master takes a part",
               RETURNING: "delivered parts go back", OVER: "the match is over"}


def square_name(square: str) -> str:
    index = SQUARES.index(square)
    kind = "entrance" if index in ENTRANCES else "mausoleum" if index in MAUSOLEUMS else "grave"
    return f"{square} ({kind})"


class GraveyardShiftEditor(Editor):
    def elements(self):
        return ([(sq, square_name(sq)) for sq in reversed_ranks()]
                + [(TRAYS[p], f"player {p + 1}'s collected kinds") for p in (0, 1)]
                + [(POOL, "parts waiting to be put back")])

    def destinations(self, skip: str = "") -> tuple:
        squares = tuple((sq, sq) for sq in reversed_ranks() if sq != skip)
        return squares + ((POOL, "the parts waiting to be put back"),) + tuple(
            (TRAYS[p], f"player {p + 1}'s collection") for p in (0, 1))

    def controls(self):
        pos = self.position
        found = []
        for sq in reversed_ranks():
            stack = pos["board"].get(sq, "")
            if stack:
                found.append(Control(f"part.{sq}", f"Move the top part of {sq} ({KIND_NAMES[stack[-1]]}) to",
                                     "", (LEAVE,) + self.destinations(sq), on=sq, target=True,
                                     group="Parts"))
            for p in (0, 1):
                if pos["pawns"][p] == sq:
                    found.append(self.pawn_control(p, sq))
        for p in (0, 1):
            for kind in pos["collected"][p]:
                found.append(Control(f"collected.{p}.{kind}", f"Put player {p + 1}'s collected "
                                     f"{KIND_NAMES[kind]} on", "",
                                     (LEAVE,) + self.destinations(TRAYS[p]),
                                     on=TRAYS[p], target=True, group="Parts"))
        for kind in dict.fromkeys(pos["pool"]):
            found.append(Control(f"pool.{kind}", f"Put the waiting {KIND_NAMES[kind]} on", "",
                                 (LEAVE,) + self.destinations(POOL), on=POOL, target=True,
                                 group="Parts"))
        for p in (0, 1):
            if pos["pawns"][p] is None:
                found.append(self.pawn_control(p, None))
        found += [
            Control("turn", "Player to act", pos["turn"], ((0, "player 1"), (1, "player 2")), group="Turn"),
            Control("phase", "Phase", pos["phase"], tuple(PHASE_NAMES.items()), group="Turn"),
            Control("results", "Rounds already played, won by", pos["results"], self.result_choices(),
                    group="Match"),
            Control("moves", "Moves played this round (for the turn limit)", pos["moves"], kind="number",
                    low=0, high=max(self.state.game.options["turn_limit"], 400), group="Match"),
        ]
        return found

    def pawn_control(self, p: int, at: str | None) -> Control:
        choices = ((None, "off the map"),) + tuple((sq, sq) for sq in reversed_ranks())
        return Control(f"pawn.{p}", f"Player {p + 1}'s pawn stands on", at, choices, on=at or "",
                       target=True, group="Pawns")

    def result_choices(self) -> tuple:
        rounds = self.state.game.options["rounds"]
        needed = rounds // 2 + 1
        found = []
        for length in range(rounds + 1):
            for seq in product((0, 1), repeat=length):
                wins = (seq.count(0), seq.count(1))
                # a match stops at the round that decides it
                if any(max(seq[:i].count(0), seq[:i].count(1)) >= needed for i in range(length)):
                    continue
                text = ", ".join(f"player {w + 1}" for w in seq) or "no round played yet"
                found.append((list(seq), text + (" (match over)" if max(wins, default=0) >= needed
                                                 or length == rounds else "")))
        return tuple(found)

    def change(self, position, control, value):
        head, _, rest = control.partition(".")
        if head in ("part", "collected", "pool"):
            if value == "":
                return position
            if head == "part":
                stack = position["board"][rest]
                kind = stack[-1]
                position["board"][rest] = stack[:-1]
            elif head == "collected":
                p, kind = rest.split(".")
                position["collected"][int(p)] = position["collected"][int(p)].replace(kind, "")
            else:
                kind = rest
                position["pool"] = position["pool"].replace(kind, "", 1)
            put(position, kind, value)
        elif head == "pawn":
            p = int(rest)
            position["pawns"][p] = value
            entered = position.get("entered", [pawn is not None for pawn in position["pawns"]])
            entered[p] = value is not None
            position["entered"] = entered
        elif head == "turn":
            position["turn"] = value
            position["after"] = 1 - value
        elif head in ("phase", "results", "moves"):
            position[head] = value
        else:
            raise KeyError(control)
        position["board"] = {sq: s for sq, s in position["board"].items() if s}
        return position


def put(position: dict, kind: str, where: str) -> None:
    if where == POOL:
        position["pool"] += kind
    elif where in TRAYS:
        position["collected"][TRAYS.index(where)] += kind  # a second of a kind: the loader refuses it
    else:
        position["board"][where] = position["board"].get(where, "") + kind


def reversed_ranks() -> list[str]:
    """The squares as the board shows them: rank 4 first, files a to d."""
    return [f"{f}{r}" for r in (4, 3, 2, 1) for f in "abcd"]
