"""The Pit of Infinite Shadow as printed (issue 28, audit 3 W6): enemies and Wandering Monsters
beside The Pit do not stop the Necromancer's leap."""

import json

from necro.cave_evil import conjuration as cj

from .test_full_game import full, settle_setup


def awake_pit(*monsters):
    """Two players, seed 1: the Pit awake since an earlier cycle, player 1's squad N at +0+2,
    ``monsters`` (hex) each a ratman Wandering Monster; player 1's actions under way."""
    s = settle_setup(full(seed=1).apply("first 1"))
    pos = json.loads(json.dumps(s.position()))
    pos["track"] = {"position": 60, "reveal_due": False, "revealed": True, "awakened": True, "stopped": False,
                    "doomed": False}
    pos["awake_cycle"] = pos["cycle"] - 1
    pos["squads"] = [dict(q, at="+0+2") if q["id"] == "0:N" else q for q in pos["squads"]]
    for i, at in enumerate(monsters):
        marker = "ZYX"[i]
        pos["squads"].append({"id": f"w:{marker}", "owner": None, "at": at, "card": marker, "creatures": [
            {"id": f"ratman-{marker.lower()}-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1}]})
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ratman"))
        pos["piles"]["piles"][deck]["ratman"] -= 1
    pos["turn"], pos["queue"], pos["part"] = 0, [], "actions"
    return s.game.state_from_position(pos, 7)


def test_a_monster_beside_the_pit_does_not_stop_the_leap():
    s = awake_pit("+1+0")
    pit = str(s.ground.pit())
    assert s.ground.distance(s.ground.pit(), s.squads["w:Z"].hex) == 1
    s.apply("move N")
    assert f"move N {pit}" in s.legal_actions()
    s.apply(f"move N {pit}")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_without_a_monster_the_leap_is_there_too():
    s = awake_pit()
    s.apply("move N")
    assert f"move N {s.ground.pit()}" in s.legal_actions()
