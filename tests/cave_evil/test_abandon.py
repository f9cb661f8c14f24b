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
    s.apply("abandon ratman-1-1")
    assert "0:I" not in s.digs or s.digs["0:I"].stage == "done"
    s.game.state_from_position(json.loads(json.dumps(s.position())))
