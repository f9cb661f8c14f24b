"""Set-up as the game plays it (the rulebook's set-up steps 1-9; rules ce-setup-order,
ce-first-player, ce-quick-setup, ce-start-squad): chance picks the first player, each placement of
:mod:`.setup` is one decision, the quick layout lays them all at once, and the Necromancer squads
stand on their crystals when the cave is built. The full game's set-up steps 10-13 are the queued
steps of :func:`necro.cave_evil.turn.setup_steps`.
"""

from __future__ import annotations

from . import setup as su
from . import turn as tn
from .basics import NECROMANCER, NECROMONK, OVER, PLAY, WORDS, mark_crystals
from .fights import NECROMANCER_CARDS
from .hexes import Hex, parse_hex
from .movement import Creature, Squad, squad_id


def setup_options(state):
    """The legal placements of the set-up step under way (:func:`necro.cave_evil.setup.legal_placements`),
    remembered for the plan they were found for: the look-ahead is the slow part of set-up."""
    if state._cache_setup is None or state._cache_setup[0] is not state.plan:
        state._cache_setup = (state.plan, su.legal_placements(state.ground, state.plan))
    return state._cache_setup[1]


def check_stuck(state, step) -> None:
    """A set-up step with no legal placement left ends the game unplayed (ruling ce-setup-stuck)."""
    if step.kind != su.FIRST and not setup_options(state):
        state.phase = OVER
        state.note("ce-setup-stuck", f"No legal placement is left for {step}: the game cannot be set up.")


def explain_setup(state, kind, g):
    """Why an action is refused during set-up (rules ce-first-player, ce-setup-order and the
    placement's own)."""
    step = state.plan.next_step()
    if kind == "first":
        return "ce-first-player", f"the first player is one of 1-{state.game.players}"
    if kind != "setup":
        return "ce-setup-order", f"set-up comes first: now {step}"
    p = state.ground.placement(WORDS[g[0]], parse_hex(g[1]), int(g[2]))
    refusal = su.check_placement(state.ground, state.plan, p)
    if refusal is None:  # pragma: no cover - legal placements are listed
        return "ce-setup-order", "not among the placements listed"
    return refusal.rule, refusal.reason


def apply_first(state, first: int) -> None:
    """The first player is known (rule ce-first-player); with the quick layout (rule ce-quick-setup)
    the whole cave is laid at once."""
    state.plan = state.plan.with_first(first)
    state.note("ce-first-player", f"Player {first + 1} rolls highest and goes first.")
    if state.game.options["setup"] == "quick":
        for p in su.quick_setup(state.game.players, first, state.game.options["extras"]):
            step = state.plan.next_step()
            state.plan = su.place(state.ground, state.plan, p)
            state.note("ce-quick-setup", f"Quick set-up: {step}: {p}.")


def apply_setup(state, kind, g, action) -> None:
    """``hall +2-1 r3``: the set-up step under way laid (rule ce-setup-order and the step's own)."""
    p = state.ground.placement(WORDS[g[0]], parse_hex(g[1]), int(g[2]))
    step = state.plan.next_step()
    state.plan = su.place(state.ground, state.plan, p)
    state.note(step.rule, f"Player {step.player + 1} lays {step}: {p}.")


def start_play(state) -> None:
    """The cave is built: the Thronerooms are numbered, each Necromancer squad stands on its crystal
    (rule ce-start-squad), and the full game queues its set-up steps 10-13 (:mod:`.phases` then starts the
    first turn)."""
    numbers = su.throneroom_numbers(state.plan)
    state.note("ce-throneroom-numbers", "Thronerooms: " + ", ".join(
        f"{n} at {p.anchor}" for n, p in sorted(numbers.items())) + ".")
    for p in range(state.game.players):
        lair = state.plan.pieces(su.LAIR, p)[0].placement
        state.squads.add(start_squad(p, lair.crystal, monk=not state.full))
        state.note("ce-start-squad", f"Player {p + 1}'s Necromancer squad (N) starts on the crystal at {lair.crystal}.")
    state.phase, state.cycle = PLAY, 1
    mark_crystals(state)
    if state.full:
        state.queue.extend(tn.setup_steps(state))


def start_squad(player: int, at: Hex, monk: bool = True) -> Squad:
    """A player's Necromancer squad at the start (rule ce-start-squad): with the Necromonk of the
    starting hand already in it in the map-and-combat game (``monk``); alone in the full game,
    where the Necromonk card is in the hand."""
    crew = [Creature(f"necromancer-{player + 1}", necromancer=True, card=NECROMANCER_CARDS[player], **NECROMANCER)]
    if monk:
        crew.append(Creature(f"necromonk-{player + 1}", card="necromonk", **NECROMONK))
    return Squad(squad_id(player, "N"), player, at, crew, "N")
