"""The table of Day of the Dead as plain data, and the actions' notation.

The position is a handful of lists and dicts of card ids (``D07``: the
seventh card of the Double deck), so it copies fast and is its own JSON:

- ``hands[p]``: sorted ids; ``spirits[p]``: an id or None;
- ``slots[p]``: the line, slot 1 first, each ``[id, active]``;
- ``decks[L]``: the cards left in deck ``L`` (``D``, ``P``, ``U``), sorted,
  since a draw is a chance step over whatever is left; ``discards[L]``: the
  pile, top card last;
- ``looking``: cards an Unearth is looking at, waiting for the choice;
- ``marks``: this turn's lasting effects (cancelled fights, extra uses,
  Cultivate bonuses, silenced cards);
- ``fight``: the fight in progress (or the last one), with every contribution
  to power, so a widget can show where each point came from, and (``acting``)
  the card each side's remaining effect uses belong to (ruling
  ``dotd-ruling-replaced-uses``);
- ``seen`` (absent from positions saved before 2026-11-27): per player, the
  other player's face-down cards in play that this player saw face up (a
  fighter that lost) or chose (a Spook's face-down replacement): what a seat
  remembers, which its computer player keeps in mind;
- ``queue`` and ``task``: what is left to do this turn, and what the game is
  waiting for now (a draw, or a player's choice). Both are plain JSON, so any
  moment, mid-fight included, saves, loads, copies and undoes exactly.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from necro.core import NotationError, SharedActions

LETTERS = ("D", "P", "U")
DECISIONS = ("fallen", "spirit", "target", "take", "copy", "dig", "discard", "convert", "after")
CHANCES = ("draw", "priority")
_CARD_VERBS = ("fallen", "spirit", "take", "copy", "discard", "draw")
_PLACE = re.compile(r"^p[12]-(spirit|slot[1-6])$")
SLOT_PLACES = tuple([f"p{p + 1}-slot{k}" for k in range(1, 7)] for p in (0, 1))
SPIRIT_PLACES = ("p1-spirit", "p2-spirit")
PLACE_AT = {name: (p, k) for p in (0, 1) for k, name in enumerate([SPIRIT_PLACES[p]] + SLOT_PLACES[p])}
"""Every place's name made once (a line has a slot a turn, six at most), and each name's ``(owner,
slot or 0 for the spirit)``: an Unearth lists and reads them at each pick."""


class Act(NamedTuple):
    """An action: a verb and an optional argument; ``str()`` is its notation.

    ``spirit D07`` lays card D07 as the new spirit; ``draw P12`` is chance
    drawing P12; ``dig U``, ``priority 2``, ``convert``, ``keep``, ``pass``.
    An Unearth names a *place*, ``unearth p2-slot3`` or ``unearth p1-spirit``,
    since the card there may be face down and its id must not be told.
    """

    verb: str
    arg: str | None = None

    def __str__(self):
        return self.verb if self.arg is None else f"{self.verb} {self.arg}"


CONVERT, KEEP, PASS = Act("convert"), Act("keep"), Act("pass")

act = lru_cache(maxsize=None)(Act)
"""``Act(verb, arg)`` made once and shared (actions are values): listing the legal actions and
drawing cards are the engine's hot path."""


ACTS = {verb: SharedActions(Act, verb) for verb in _CARD_VERBS + ("unearth", "dig", "priority")}
"""The actions of each verb by argument, made once (``ACTS["spirit"]["D07"]``): cheaper on the hot
path than :func:`act`, which hashes the pair each time."""


def slot_place(p: int, k: int) -> str:
    """The name of player ``p``'s slot ``k`` (0 for the spirit): ``p2-slot3``, ``p1-spirit``."""
    if k == 0:
        return SPIRIT_PLACES[p]
    return SLOT_PLACES[p][k - 1] if k <= len(SLOT_PLACES[p]) else f"p{p + 1}-slot{k}"


def is_card_id(text) -> bool:
    return (isinstance(text, str) and len(text) == 3 and text[0] in LETTERS and text[1:].isdigit())


def parse_act(text) -> Act:
    """Notation back to an :class:`Act` (syntax only; legality is checked by the state)."""
    if not isinstance(text, str):
        raise NotationError(text, "core-notation", "an action is written as text")
    parts = text.split()
    if parts in (["convert"], ["keep"], ["pass"]):
        return Act(parts[0])
    if len(parts) == 2:
        verb, arg = parts
        if verb in _CARD_VERBS and is_card_id(arg):
            return Act(verb, arg)
        if verb == "unearth" and _PLACE.match(arg):
            return Act(verb, arg)
        if verb == "dig" and arg in LETTERS:
            return Act(verb, arg)
        if verb == "priority" and arg in ("1", "2"):
            return Act(verb, arg)
    raise NotationError(text, "core-notation", f"{text!r} is not an action of Day of the Dead "
                        "(e.g. 'spirit D07', 'unearth p1-slot2', 'take D12', 'dig P', 'convert', 'keep')")


def empty_marks() -> dict:
    return {"cancel": [], "extra": [], "cultivate": [], "quiet": []}


def new_fight(slot: int) -> dict:
    return {"slot": slot, "bonus": [0, 0], "parts": [], "stopped": [False, False], "won": None,
            "power": None, "winner": None, "after": [], "acting": [None, None]}


def copy_fight(fight):
    if fight is None:
        return None
    return {"slot": fight["slot"], "bonus": list(fight["bonus"]), "parts": [list(x) for x in fight["parts"]],
            "stopped": list(fight["stopped"]), "won": fight["won"],
            "power": None if fight["power"] is None else list(fight["power"]), "winner": fight["winner"],
            "after": [list(x) for x in fight["after"]], "acting": list(fight["acting"])}
