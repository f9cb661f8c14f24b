"""Abandoning (advanced rule 5) never makes a position the loader refuses (issue 28 item 12): a
squad on its own Chthonic Crystal turns wild beside it, and a dig whose last pick-axe is
abandoned is abandoned."""

import json

from necro.cave_evil import conjuration as cj
from necro.cave_evil.game import CaveEvil

from .test_full_game import at_actions

RATMAN = {"id": "ratman-1-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1}
GHOUL = {"id": "ghoul-1-1", "card": "ghoul", "size": "small", "speed": 3}


def with_squad_i(at=None, creatures=(RATMAN, GHOUL)):
    """Player 1's actions, with a squad I of ``creatures`` on ``at`` (its own crystal by default)."""
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    if at is None:  # squad N steps off the crystal for it
        at = str(s.crystals()[0])
        pos["squads"] = [dict(q, at="+0+7") if q["id"] == "0:N" else q for q in pos["squads"]]
    pos["squads"].append({"id": "0:I", "owner": 0, "at": at, "card": "I", "creatures": list(creatures)})
    for c in creatures:
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(c["card"]))
        pos["piles"]["piles"][deck][c["card"]] -= 1
    return CaveEvil(2, setup="quick", game="full", abandon=True).state_from_position(pos, 7)


def test_a_squad_abandoned_on_its_own_crystal_turns_wild_beside_it():
    s = with_squad_i()
    crystal = s.crystals()[0]
    assert s.squads["0:I"].hex == crystal
    s.apply("abandon I")
    wild = next(x for x in s.squads if x.wandering)
    assert wild.hex != crystal and wild.hex in s.ground.graph.neighbors(crystal)
    s.game.state_from_position(json.loads(json.dumps(s.position())))  # the loader takes it


def test_abandoning_the_last_pick_axe_of_a_digging_squad_abandons_the_dig():
    s = with_squad_i("+0+7")
    dig = next((a for a in s.legal_actions() if a.startswith("dig I")), None)
    assert dig is not None
    s.apply(dig)
    while s.queue or s.pending is not None:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert "0:I" in s.digs and s.digs["0:I"].stage == "digging"
    s.apply(next(a for a in s.legal_actions() if a.startswith("abandon ratman-1-1 ")))
    assert "0:I" not in s.digs or s.digs["0:I"].stage == "done"
    s.game.state_from_position(json.loads(json.dumps(s.position())))


def test_an_abandoned_creature_walks_its_whole_movement_away_from_its_squad():
    """Advanced rule 5: the creature moves its whole rate away from the squad, the player choosing
    where the count of spaces ends (rule ce-adv-abandon; the count as in rule ce-count-away)."""
    from necro.cave_evil.hexes import distance, parse_hex
    s = with_squad_i("+0+7")
    home = s.squads["0:I"].hex
    ways = [a for a in s.legal_actions() if a.startswith("abandon ratman-1-1 ")]
    assert ways and all(distance(home, parse_hex(a.split()[2])) == 3 for a in ways)
    assert "abandon ratman-1-1" not in s.legal_actions()
    assert s.describe_action(ways[0]) == {"to": ways[0].split()[2], "creature": "ratman-1-1"}
    s.apply(ways[0])
    wild = next(x for x in s.squads if x.wandering)
    assert str(wild.hex) == ways[0].split()[2] and "end" in s.legal_actions()
    s.game.state_from_position(json.loads(json.dumps(s.position())))


def test_a_creature_abandoned_after_its_whole_move_stays_beside_and_must_be_fought_now():
    """If it has moved its whole rate it becomes a Wandering Monster beside the squad, which must
    fight it at once if it has not acted."""
    moved = dict(RATMAN, moved=3)
    s = with_squad_i("+0+7", creatures=(moved, dict(GHOUL, moved=3)))
    ways = [a for a in s.legal_actions() if a.startswith("abandon ratman-1-1 ")]
    assert ways and all(a.split()[2] in {str(h) for h in s.ground.graph.neighbors(s.squads["0:I"].hex)} for a in ways)
    s.apply(ways[0])
    assert "end" not in s.legal_actions() and s.explain_illegal("end")[0] == "ce-combat-must"
    wild = next(x for x in s.squads if x.wandering)
    assert f"fight I {wild.id}" in s.legal_actions()
    again = s.game.state_from_position(json.loads(json.dumps(s.position())), 7)
    assert "end" not in again.legal_actions()


def test_a_squad_abandoned_beside_a_friend_that_has_not_acted_is_fought_now():
    s = with_squad_i("+0+8")
    assert s.squads["0:N"].hex in s.ground.graph.neighbors(s.squads["0:I"].hex)
    s.apply("abandon I")
    assert "end" not in s.legal_actions() and s.explain_illegal("end")[0] == "ce-combat-must"
    s.apply(next(a for a in s.legal_actions() if a.startswith("fight N w:")))
    assert s.combat is not None
