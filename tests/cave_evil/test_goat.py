"""The Evil Black Old Goat as printed (issue 28, audit 3 W4, W7): he stays on The Pit until he
wakes, whatever the events say, and what spawns on The Pit under him is placed beside it."""

import json

from necro.cave_evil.hexes import parse_hex

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


def spawn_on_the_pit(s, deck, card):
    """``s`` with a spawn drawing ``card`` from ``deck`` on The Pit, under the revealed Goat."""
    pos = json.loads(json.dumps(s.position()))
    pos["queue"] = [{"do": "spawn-draw", "deck": deck, "at": str(s.ground.pit()), "far": None, "player": 0}]
    s = s.game.state_from_position(pos, 7)
    s.force(f"draw {deck} {card}")
    s.play_chance()
    return s


def test_a_creature_spawned_on_the_pit_under_the_goat_is_placed_beside_it_by_the_spawning_player():
    s = spawn_on_the_pit(revealed_goat(), "abyss", "vapor")
    pit = s.ground.pit()
    assert [c.card for c in s.goat().creatures] == ["evil-black-old-goat"]
    assert s.queue[0]["do"] == "spot" and s.current_player() == 0
    spots = [a.split()[1] for a in s.legal_actions()]
    assert len(spots) > 1 and all(s.ground.distance(pit, parse_hex(h)) == 1 for h in spots)
    s.apply(s.legal_actions()[-1])
    vapor = next(q for q in s.squads if any(c.card == "vapor" for c in q.creatures))
    assert str(vapor.hex) == spots[-1] and s.goat().hex == pit


def test_an_item_spawned_on_the_pit_under_the_goat_lies_beside_it():
    s = spawn_on_the_pit(revealed_goat(), "bribe", "spiked-shield")
    pit = s.ground.pit()
    spots = [a.split()[1] for a in s.legal_actions()]
    assert s.queue[0]["do"] == "spot" and all(s.ground.distance(pit, parse_hex(h)) == 1 for h in spots)
    s.apply(s.legal_actions()[0])
    assert "spiked-shield" not in str(s.position()["loot"].get(str(pit), ""))


def test_resources_spawned_on_the_pit_under_the_goat_are_laid_beside_it_by_the_spawning_player():
    s = revealed_goat()
    pit = s.ground.pit()
    pos = json.loads(json.dumps(s.position()))
    pos["queue"] = [{"do": "spawn", "roll": "regular", "at": str(pit), "player": 0}]
    s = s.game.state_from_position(pos, 7)
    before, on_pit = dict(s.ledger), s.position()["loot"].get(str(pit))
    while s.is_chance_node() and s.queue and s.queue[0]["do"] == "spawn":
        outcomes = [a for a, _ in s.chance_outcomes()]
        s.force(outcomes[0] if "first" not in s.queue[0] else outcomes[-1])
        s.play_chance()
    assert s.queue and s.queue[0]["do"] == "spot" and s.current_player() == 0
    spots = [a.split()[1] for a in s.legal_actions()]
    assert len(spots) > 1 and all(s.ground.distance(pit, parse_hex(h)) == 1 for h in spots)
    s.apply(s.legal_actions()[-1])
    loot = s.position()["loot"]
    assert loot.get(str(pit)) == on_pit and sum(v for k, v in loot[spots[-1]].items() if k != "items") > 0
    assert any(e.rule == "ce-spawn-roll" and spots[-1] in e.text for e in s.log)
    assert sum(s.ledger.values()) > sum(before.values())


def test_what_lies_on_the_pit_when_the_goat_is_revealed_is_moved_beside_it():
    """The text: if anything is on The Pit, it goes to an adjacent space (ruling ce-evil-statue-how: the
    first free one, with the squad pushed off if there is one)."""
    from .test_full_game import goat_game
    s = goat_game(eye=23)
    pit = str(s.ground.pit())
    before = s.position()["loot"].get(pit)
    assert before and before["gore"] > 0
    s = end_cycle(s)
    assert s.goat() is not None and pit not in s.position()["loot"]
    moved = [e for e in s.log if e.rule == "ce-evil-goat" and "off The Pit" in e.text and "gore" in e.text]
    assert moved
