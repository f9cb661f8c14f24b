"""Small helpers shared by the Shovelfight tests."""

from necro.shovelfight import Shovelfight


def play(state, *actions):
    """Apply actions (notation) in order; at a chance node an action forces that outcome."""
    for a in actions:
        state.apply(a)
    return state


def rolls(state):
    """Resolve the chance outcomes queued with ``force``."""
    while state.is_chance_node() and state.forced:
        state.play_chance()
    return state


def texts(state):
    return [e.text for e in state.log]


def rules_logged(state):
    return {e.rule for e in state.log}


def started(players=3, seed=0, first=1, **options):
    """A new game (the cards face down, none known until dug) with ``first`` (1-based) to play."""
    s = Shovelfight(players, **options).new_initial_state(seed)
    s.apply(f"first {first}")
    return s


def zombie_count(state):
    return sum(len(t.zombies) for t in state.teams)
