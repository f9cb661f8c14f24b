"""The Evil Black Old Goat as printed (issue 28, audit 3 W4, W7): he stays on The Pit until he
wakes, whatever the events say, and what spawns on The Pit under him is placed beside it."""

import json

from .test_full_game import end_cycle, goat_game, with_events


def revealed_goat(eye=23):
    """The Goat revealed (asleep) on The Pit, player 1's actions under way."""
    s = end_cycle(goat_game(eye=eye))
    assert s.goat() is not None and not s.track.awakened
    pos = json.loads(json.dumps(s.position()))
    pos["turn"] = 0
    s = s.game.state_from_position(pos, 7)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    return s


def test_an_event_that_moves_wandering_monsters_leaves_the_sleeping_goat_on_the_pit():
    s = with_events(revealed_goat(), "monsters-roam")
    goat = s.goat()
    s.apply("end")
    s.force("d12 9")
    s.play_chance()
    assert not any(goat.id in step.get("left", []) for step in s.queue)
    assert not any(a.startswith(f"wander {goat.id}") for a in s.legal_actions())
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[-1])
    assert s.goat().hex == s.ground.pit()
