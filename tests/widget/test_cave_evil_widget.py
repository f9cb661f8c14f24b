"""Cave Evil in a GameWidget, driven from Python without a browser.

The map board (widgets/cave_evil.js) draws only what the view carries: the
display-only ``position["map"]`` that CaveEvilState.decorate_view adds. These
tests check the parts its newer layers read: ``reach`` while a move or a
break-away is pending (the hexes it may stop on, which must be exactly the
destinations the actions name, and those it may only pass over), and
``sight`` for every squad on open ground. Messages go through
``widget.handle`` as the front end sends them.
"""

import json

from necro.cave_evil import scenarios
from necro.widget import GameWidget, expand_view


def hinted(w):
    return {a["a"]: a.get("hint") or {} for a in w.view["actions"]}


def widget():
    return GameWidget(scenarios.quick())


def test_no_reach_until_a_move_is_pending_and_sight_for_every_squad():
    w = widget()
    m = w.view["position"]["map"]
    assert "reach" not in m
    squads = {s["id"]: s for s in w.view["position"]["squads"]}
    assert set(m["sight"]) == set(squads) == {"0:N", "1:N"}
    for sid, entry in m["sight"].items():
        assert entry["see"], sid
        assert squads[sid]["at"] not in entry["see"]
        assert all(m["hexes"][h]["s"] == "open" for h in entry["see"])
        assert set(entry["aim"]) == set(squads) - {sid}
        assert all(hit is None or hit in squads for hit in entry["aim"].values())
    assert json.loads(json.dumps(w.view)) == w.view


def test_reach_while_a_move_is_pending_names_the_destinations():
    w = widget()
    w.handle({"type": "act", "a": "move N"})
    assert w.error == ""
    pos = w.view["position"]
    assert pos["pending"] == {"kind": "move", "squad": "0:N"}
    reach = pos["map"]["reach"]
    assert reach["squad"] == "0:N"
    to = {hint["to"] for hint in hinted(w).values()}
    assert set(reach["stops"]) == to and to
    assert all(isinstance(c, int) and c >= 1 for c in reach["stops"].values())
    assert not set(reach["over"]) & set(reach["stops"])
    assert "sight" in pos["map"]
    w.handle({"type": "act", "a": f"move N {min(to)}"})
    assert w.error == "" and "reach" not in w.view["position"]["map"]


def test_break_away_actions_carry_what_the_board_needs():
    w = widget()
    assert "break N necromonk-1" in hinted(w)
    w.handle({"type": "act", "a": "break N necromonk-1"})
    assert w.error == ""
    pos = w.view["position"]
    assert pos["pending"] == {"kind": "break", "squad": "0:N", "creatures": ["necromonk-1"]}
    hints = hinted(w)
    assert hints and all(a == f"break N necromonk-1 {h['to']}" for a, h in hints.items())
    reach = pos["map"]["reach"]
    assert reach["squad"] == "0:N" and set(reach["stops"]) == {h["to"] for h in hints.values()}
    start = next(s["at"] for s in pos["squads"] if s["id"] == "0:N")
    dest = next(h["to"] for h in hints.values() if h["to"] != start)
    w.handle({"type": "act", "a": f"break N necromonk-1 {dest}"})
    mine = [s for s in w.view["position"]["squads"] if s["owner"] == 0]
    assert sorted(s["at"] for s in mine) == sorted([start, dest])
    assert set(w.view["position"]["map"]["sight"]) >= {s["id"] for s in mine}


def test_the_static_graph_keeps_reach_and_sight():
    w = widget().explorable(2, max_bytes=None)
    live = widget()
    live.handle({"type": "act", "a": "move N"})
    view = expand_view(w.graph, ["move N"])
    assert view["position"]["map"]["reach"] == live.view["position"]["map"]["reach"]
    assert view["position"]["map"]["sight"] == live.view["position"]["map"]["sight"]


# ------------------------------------------------------------------ combat
def combat_example(**kw):
    from necro.cave_evil import examples as ex
    from necro.cave_evil.creatures import catalogue

    def card(cid, n=1, **flags):
        c = catalogue().creature(cid)
        return ex.creature(f"{cid}-{n}", c.size, c.movement, c.pick, card=cid, **flags)

    return ex.corridor([ex.squad(0, "II", ex.at(3), card("hunched-one"), card("caveling"), card("ghoul")),
                        ex.squad(1, "IV", ex.at(4), card("necromonk", 5),
                                 card("horned-hellion", items=["cool-stretchy-headband"]))], **kw)


def test_a_fight_through_the_widget_shows_sides_ring_rounds_and_odds():
    w = GameWidget(combat_example(), auto_chance=False)
    hints = hinted(w)
    fight = hints["fight II 1:IV"]
    assert fight == {"squads": ["0:II"], "target": "1:IV", "to": "+10-6"}
    assert "fight" not in w.view["position"]["map"]
    w.handle({"type": "act", "a": "fight II 1:IV"})
    assert w.error == ""
    f = w.view["position"]["map"]["fight"]
    assert f["decision"] == "first" and set(hinted(w)) == {f"first {a}" for a in f["ring"]}
    assert [o["first"] for o in f["odds"]["openings"]] == f["ring"] and f["odds"]["best"] in f["ring"]
    assert f["totals"]["attacker"]["strength"] == 19 and f["totals"]["defender"]["strength"] == 4
    for a in ("first strength", "attacker rolls 2", "defender rolls 12"):
        w.handle({"type": "act", "a": a})
        assert w.error == "", (a, w.error)
    f = w.view["position"]["map"]["fight"]
    assert f["decision"] == "second" and set(hinted(w)) == {"second special", "second weapon"}
    assert f["rounds"][0]["scores"] == [21, 16] and f["rounds"][0]["rolls"] == [[2, 12]]
    for a in ("second special", "attacker rolls 6", "defender rolls 7", "attacker rolls 5", "defender rolls 8"):
        w.handle({"type": "act", "a": a})
        assert w.error == "", (a, w.error)
    f = w.view["position"]["map"]["fight"]
    assert f["finished"] and f["result"]["winner"] == "attacker" and f["result"]["kill_points"] == 9.0
    assert w.view["position"]["kill_points"] == [9.0, 0.0]
    assert json.loads(json.dumps(w.view)) == w.view


def test_the_static_graph_of_a_fight_keeps_the_fight_view():
    state = combat_example()
    state.apply("fight II 1:IV")
    w = GameWidget(state).explorable(1, max_bytes=None)
    view = expand_view(w.graph, ["first strength"])
    assert view["position"]["map"]["fight"]["order"] == ["strength"]
