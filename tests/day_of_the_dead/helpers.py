"""Shared helpers for the Day of the Dead tests: play by card names, read the log."""

import re

from necro.day_of_the_dead import DayOfTheDead
from necro.day_of_the_dead.board import is_card_id
from necro.day_of_the_dead.scenarios import table  # noqa: F401


HAND6 = (("Skeleton Clerk", "Postal Ghoul", "Mud-Caked Zombie", "Coffee Break Wraith", "Sorting Skeleton",
          "Catacomb Courier"),
         ("Rubber Stamp Mummy", "Mail Carrier Mummy", "Tombstone Tapper", "Ledger Ghoul", "Sack Zombie",
          "Sinkhole Skeleton"))


def hands(extra0=(), extra1=(), n=6):
    """Hands of ``n`` cards: the extras first, topped up with plain cards of every back."""
    return (tuple(extra0) + HAND6[0][:max(0, n - len(extra0))], tuple(extra1) + HAND6[1][:max(0, n - len(extra1))])


def new(seed=0, **options):
    return DayOfTheDead(**options).new_initial_state(seed)


def resolve(state, move: str) -> str:
    """``"spirit Oaf"`` -> ``"spirit D01"``: a card named by its name among the legal actions."""
    verb, _, arg = move.partition(" ")
    if not arg or is_card_id(arg) or arg in ("D", "P", "U", "1", "2"):
        return move
    for action in state.legal_actions():
        if action.verb != verb or not action.arg:
            continue
        card = state.card_at(action.arg) if verb == "unearth" else action.arg if is_card_id(action.arg) else None
        if card and state.cs[card].name == arg:
            return str(action)
    raise AssertionError(f"no legal {verb} of {arg!r}: {[str(a) for a in state.legal_actions()]}")


def play(state, *moves):
    """Apply the moves (card names allowed), resolving chance (forced draws first) in between;
    stop at the first decision left once the moves run out."""
    moves = list(moves)
    while not state.is_terminal():
        if state.is_chance_node():
            state.play_chance()
        elif moves:
            state.apply(resolve(state, moves.pop(0)))
        else:
            break
    assert not moves, f"moves left over: {moves} ({state.status()})"
    return state


def rules_of(state, since=0):
    return [e.rule for step in state.steps[since:] for e in step.log]


def texts(state, since=0):
    return [e.text for step in state.steps[since:] for e in step.log]


def lines(state, rule, since=0):
    return [e.text for step in state.steps[since:] for e in step.log if e.rule == rule]


def names(state, p):
    """Player ``p``'s line as (name, active) pairs, slot 1 first."""
    return [(state.cs[c].name, up) for c, up in state.slots[p]]


def name(state, card):
    return None if card is None else state.cs[card].name


def last_power(state):
    return state.fight["power"]


POWER = re.compile(r"^Power (\d+) v (\d+)")
