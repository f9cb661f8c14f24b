"""Cave Evil's notation (see :mod:`.state` for the whole grammar): the grammar, the parser, the
rule each action applies, and the order actions are listed in.
"""

from __future__ import annotations

import re

from necro.core import NotationError

from . import fights as fx
from . import turn as tn
from .basics import ADVANCED_RULE, POWER_RULE, RESOURCE_WORDS, SETUP
from .creatures import ATTRIBUTES
from .movement import CARDS

_HEX = r"([+-]\d{1,6}[+-]\d{1,6})"
_CARD = "(" + "|".join(sorted(CARDS, key=len, reverse=True)) + ")"
_CARD_ID = r"([a-z][a-z0-9-]*)"
_CARD_IDS = r"([a-z][a-z0-9-]*(?:,[a-z][a-z0-9-]*)*)"
GRAMMAR = [
    ("first", re.compile(r"^first (\d{1,2})$")),
    ("setup", re.compile(r"^(hall|lair|tunnel|throneroom) " + _HEX + r" r([0-5])$")),
    ("move-to", re.compile(r"^move " + _CARD + " " + _HEX + "(?: via " + _HEX + ")?$")),
    ("move", re.compile(r"^move " + _CARD + "$")),
    ("break-to", re.compile(r"^break " + _CARD + " " + _CARD_IDS + " " + _HEX + "$")),
    ("break", re.compile(r"^break " + _CARD + " " + _CARD_IDS + "$")),
    ("declare", re.compile(r"^(dig|collapse) " + _CARD + "$")),
    ("continue", re.compile(r"^continue " + _CARD + r"(?: with ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*))?$")),
    ("face-down", re.compile(r"^face-down " + _CARD_ID + "$")),
    ("draw", re.compile(r"^draw " + _CARD_ID + "$")),
    ("place", re.compile(r"^place " + _HEX + r" r([0-5])$")),
    ("step", re.compile(r"^step " + _HEX + "$")),
    ("stay", re.compile(r"^stay$")),
    ("d12", re.compile(r"^d12 (\d{1,2})$")),
    ("fight", re.compile(r"^fight ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*) ([0-9w]:[A-Za-z0-9]{1,8})$")),
    ("fight-apart", re.compile(r"^fight " + _CARD + r" ([0-9w]:[A-Za-z0-9]{1,8}) apart$")),
    ("fight-astral", re.compile(r"^fight " + _CARD + r" ([0-9w]:[A-Za-z0-9]{1,8}) astral$")),
    ("shoot", re.compile(r"^shoot ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*) ([0-9w]:[A-Za-z0-9]{1,8})$")),
    ("choose", re.compile(r"^(first|second|third) (" + "|".join(ATTRIBUTES) + r")(?: cast " + _CARD_IDS + ")?$")),
    ("die", re.compile(r"^(attacker|defender) rolls (\d{1,2})$")),
    ("subdue", re.compile(r"^subdue ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*) (w:[A-Za-z0-9]{1,8})( by shot)?$")),
    ("hire", re.compile(r"^hire " + _CARD + r" (w:[A-Za-z0-9]{1,8})(?: " + _CARD_ID + " " + _HEX + ")?$")),
    ("pick", re.compile(r"^pick " + _CARD + " " + _CARD_ID + r"(?: (\d{1,3}))?$")),
    ("pass", re.compile(r"^pass " + _CARD + " " + _CARD + " " + _CARD_ID + r"(?: (\d{1,3}))?$")),
    ("drop", re.compile(r"^drop " + _CARD + " " + _CARD_ID + r"(?: (\d{1,3}))?$")),
    ("invoke", re.compile(r"^invoke " + _CARD_ID + r" (?:(" + "|".join(sorted(CARDS, key=len, reverse=True)) + ")|new " + _HEX
                          + ")(?: from " + _CARD + ")?$")),
    ("meditate", re.compile(r"^meditate (bribe|construct|summon|abyss)(?: from " + _CARD + ")?$")),
    ("discard", re.compile(r"^discard " + _CARD_ID + r"(?: (metals|gore|shadowflame))?$")),
    ("goat", re.compile(r"^(kneel|slay) N$")),
    ("bathe", re.compile(r"^bathe N ([0-9w]:[A-Za-z0-9]{1,8})$")),
    ("abandon", re.compile(r"^abandon (" + _CARD[1:-1] + "|" + _CARD_ID[1:-1] + ")(?: " + _HEX + ")?$")),
    ("power", re.compile(r"^(teleport|blast|enthrall) N(?: (" + _HEX[1:-1] + r"|\d:(?:" + _CARD[1:-1] + r")))?$")),
    ("power", re.compile(r"^(split) N ((?:" + _CARD[1:-1] + ") " + _HEX[1:-1] + ")$")),
    ("bomb", re.compile(r"^bomb " + _CARD + " at " + _HEX + "$")),
    ("sacrifice", re.compile(r"^sacrifice " + _CARD_ID + r"(?: of " + _CARD_ID + ")?$")),
    ("end", re.compile(r"^end$")),
    ("cast", re.compile(r"^cast " + _CARD + " " + _CARD_ID + r" ([0-9w]:[A-Za-z0-9]{1,8})(?: " + _CARD_ID + ")?$")),
    ("attach", re.compile(r"^attach " + _CARD_ID + "$")),
    ("d4", re.compile(r"^d4 (\d)$")),
    ("answer", re.compile(r"^defender casts (nothing|" + _CARD_IDS[1:-1] + ")$")),
    ("step", tn.NOTATION),
]

def parse(text: str) -> tuple[str, tuple]:
    """``(kind, groups)`` of a well-formed notation; NotationError otherwise."""
    if isinstance(text, str):
        for kind, pattern in GRAMMAR:
            m = pattern.match(text)
            if m:
                return kind, m.groups()
    raise NotationError(text, "core-notation", f"{text!r} is not Cave Evil notation (e.g. 'hall +2-1 r3', "
                                               "'move N +3-2', 'dig N', 'place +4-1 r2', 'end')")



SPELL_RULE = {"cast": "ce-cast", "attach": "ce-effect-permanent", "d4": "ce-turn-markers", "answer": "ce-cast-combat"}
"""The rule of each action of casting (:mod:`.spells`)."""


def action_rule(state, action) -> str:
    """The rule an action applies (the log's rule id for it)."""
    if state.queue:
        return tn.rule(state, action)
    kind, _ = parse(action)
    if kind in ("invoke", "meditate"):
        return "ce-" + kind
    if kind in ("discard", "sacrifice"):
        return ADVANCED_RULE[kind]
    if kind == "power":
        return POWER_RULE[action.split()[0]]
    if kind == "goat":
        return "ce-evil-goat"
    if kind == "bomb":
        return "ce-bomb-defence" if state.combat is not None else "ce-bomb"
    if kind == "bathe":
        return "ce-evil-statue"
    if state.phase == SETUP:
        return "ce-first-player" if kind == "first" else state.plan.next_step().rule
    if kind == "draw" and state.pending is not None:
        return "ce-dig-immediate"
    if kind == "fight" and fx.is_crystal(action.split()[2]):
        return "ce-crystal-attack"
    if kind == "fight":
        return "ce-flank" if "," in action.split()[1] else ("ce-combat-phase1" if state.must_fight else "ce-combat-attacker")
    if kind == "fight-apart":
        return "ce-attacktite"
    if kind == "fight-astral":
        return "ce-astral-worm"
    if kind == "shoot":
        return "ce-shoot"
    if kind == "choose":
        if state.fight is not None and state.fight.stabbist:
            return "ce-stabbist"
        return "ce-combat-first" if action.startswith("first") else "ce-combat-second"
    if kind == "pick":
        return "ce-pick-up" if action.split()[2] in RESOURCE_WORDS else "ce-pick-items"
    if kind == "hire":
        return "ce-adv-hire-one" if len(action.split()) > 3 else "ce-hire"
    if kind == "subdue":
        return "ce-subdue"
    if kind in ("move-to", "stay") and state.pending is not None and state.pending["kind"] == "subdued":
        return "ce-subdue-after"
    if kind == "move-to" and state.pending is not None and state.pending["kind"] == "off-pit":
        return "ce-hire-pit"
    if kind in ("pass", "drop"):
        return "ce-" + kind
    if kind == "die":
        return "ce-combat-round"
    if kind in SPELL_RULE:
        return SPELL_RULE[kind]
    return {"move": "ce-move-rate", "move-to": "ce-move-rate", "break": "ce-break", "break-to": "ce-break",
            "declare": "ce-dig-declare",
            "continue": "ce-dig-continue", "face-down": "ce-deck-draw", "draw": "ce-dig-finish",
            "place": "ce-dig-finish", "step": "ce-dig-step", "stay": "ce-dig-step",
            "d12": "ce-collapse-death", "end": "ce-turn-order"}.get(kind, "core-legal")


def action_sort_key(action):
    """Notation order, but a die's faces in number order (``attacker rolls 2`` before ``10``)
    and attributes in ring order (``first strength`` before ``first special``)."""
    m = re.match(r"^((?:attacker|defender) rolls )(\d+)$", action)
    if m:
        return m.group(1), int(m.group(2))
    m = re.match(r"^(first|second) ([a-z]+)$", action)
    if m and m.group(2) in ATTRIBUTES:
        return m.group(1), ATTRIBUTES.index(m.group(2))
    return action, 0
