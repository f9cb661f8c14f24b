"""Cave Evil in a GameWidget, driven from Python without a browser.

The map board (widgets/cave_evil/map.js) draws only what the view carries: the
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


# ------------------------------------------------------------ control cards and creature cards
CONTROL = ["N", "I", "II", "III", "IV", "V"]  # rule ce-control-cards, spelled out here on purpose


def assert_cards_cover_the_map(view):
    """map.control has six cards a player with exactly the squads on the map; map.cards a face
    for every creature on it, with the attributes in ring order and the numbers of creatures.json."""
    from necro.cave_evil.creatures import ATTRIBUTES, catalogue

    pos, m = view["position"], view["position"]["map"]
    players = [p for p in m["control"] if p["player"] is not None]
    assert [p["player"] for p in players] == list(range(len(pos["kill_points"])))
    on_cards = {}
    for p in players:
        assert [c["card"] for c in p["cards"]] == CONTROL
        for c in p["cards"]:
            if c["squad"] is None:
                assert c["creatures"] == [] and not c["full"], c
            else:
                on_cards[c["squad"]] = c
    wild = [p for p in m["control"] if p["player"] is None]
    for p in wild:
        on_cards.update({c["squad"]: c for c in p["cards"]})
    assert bool(wild) == any(s["owner"] is None for s in pos["squads"])
    assert set(on_cards) == {s["id"] for s in pos["squads"]}
    for s in pos["squads"]:
        c = on_cards[s["id"]]
        assert c["card"] == s["card"]
        assert [k["id"] for k in c["creatures"]] == [k["id"] for k in s["creatures"]]
        assert [k["size"] for k in c["creatures"]] == [k["size"] for k in s["creatures"]]
        for k, raw in zip(c["creatures"], s["creatures"]):
            if "card" in raw:
                assert k["card"] == raw["card"]
            face = m["cards"][k["card"]]
            assert face["size"] == k["size"]
            if face.get("blank"):
                continue
            card = catalogue().creature(k["card"])
            assert face["name"] == card.name
            assert [a["name"] for a in face["attributes"]] == list(ATTRIBUTES)
            assert [a["value"] for a in face["attributes"]] == [card.attribute(a) for a in ATTRIBUTES]
            assert (face["movement"], face["pick"], face["spellcaster"]) == (card.movement, card.pick, card.spellcaster)
            for item in k["items"]:
                assert m["cards"][item]["name"] == catalogue().item(item).name


def test_the_view_has_a_control_card_and_a_card_face_for_every_squad_and_creature():
    w = widget()
    assert_cards_cover_the_map(w.view)
    m = w.view["position"]["map"]
    n = next(c for c in m["control"][0]["cards"] if c["card"] == "N")
    assert [k["necromancer"] for k in n["creatures"]] == [True, False]
    assert not n["full"] and n["room"] == ["small"]  # two smalls: a third small may join, nothing bigger
    assert [c["squad"] for c in m["control"][1]["cards"]] == ["1:N"] + [None] * 5
    assert m["control"][1]["cards"][1]["room"] == ["large", "medium", "small"]  # an empty card takes anyone
    # breaking away fills a second control card, and the view follows
    w.handle({"type": "act", "a": "break N necromonk-1"})
    dest = sorted(h["to"] for h in hinted(w).values())[0]
    w.handle({"type": "act", "a": f"break N necromonk-1 {dest}"})
    assert w.error == ""
    assert_cards_cover_the_map(w.view)
    cards = w.view["position"]["map"]["control"][0]["cards"]
    assert sum(c["squad"] is not None for c in cards) == 2
    assert json.loads(json.dumps(w.view)) == w.view


def test_the_card_faces_mark_where_numbers_come_from():
    from necro.cave_evil.creatures import ATTRIBUTES, catalogue

    face = widget().view["position"]["map"]["cards"]["necromonk"]
    card = catalogue().creature("necromonk")
    assert [a["source"] for a in face["attributes"]] == [card.source("attributes", a) for a in ATTRIBUTES]
    # the text states the Necromonk's strength, special and weapon; the rest is the book's
    assert {a["name"] for a in face["attributes"] if a["source"] == "rules"} == {"strength", "special", "weapon"}
    assert face["sources"]["movement"] == "rules" and face["cost"] == {}


def test_the_size_limit_flag_follows_the_squad_size_rule():
    """Three smalls, a small and a medium, or one large fill a squad; trinkets never count and
    the Necromancer counts as small (rules ce-squad-size, ce-necromancer-small)."""
    from necro.cave_evil import examples as ex
    from necro.cave_evil.board import card_faces

    def c(cid, size):
        return ex.creature(cid, size)

    cases = {  # control card: (creatures, full, sizes that may still join)
        "I": ([c("s1", "small"), c("s2", "small"), c("s3", "small")], True, []),
        "II": ([c("s4", "small"), c("m1", "medium")], True, []),
        "III": ([c("l1", "large")], True, []),
        "IV": ([c("s5", "small"), c("s6", "small"), c("t1", "trinket")], False, ["small"]),
        "V": ([c("m2", "medium"), c("t2", "trinket")], False, ["small"]),
    }
    squads = [ex.squad(0, card, ex.at(i * 2), *crew) for i, (card, (crew, _, _)) in enumerate(cases.items())]
    squads += [ex.necromancer(1, ex.at(11), monk=False),
               ex.squad(None, "B", ex.at(10), c("wild-1", "small"), c("wild-2", "small"), c("wild-3", "small"))]
    state = ex.corridor(squads)
    view = card_faces(state)
    mine = {c["card"]: c for c in view["control"][0]["cards"]}
    for card, (_, full, room) in cases.items():
        assert (mine[card]["full"], mine[card]["room"]) == (full, room), card
    assert (mine["N"]["full"], mine["N"]["room"]) == (False, ["small"])  # the Necromancer and its Necromonk
    necro = view["control"][1]["cards"][0]
    assert (necro["full"], necro["room"]) == (False, ["medium", "small"])  # a lone Necromancer is small
    assert view["control"][2]["player"] is None
    assert [(c["card"], c["full"]) for c in view["control"][2]["cards"]] == [("B", True)]
    # creatures with no card get a blank face of their size, as they fight
    assert view["cards"]["blank-small"]["blank"] and view["cards"]["blank-large"]["size"] == "large"
    assert all(a["value"] == 0 for a in view["cards"]["blank-medium"]["attributes"])


def test_the_fight_keeps_the_cards_of_the_dead():
    w = GameWidget(combat_example(), auto_chance=False)
    assert_cards_cover_the_map(w.view)
    control = w.view["position"]["map"]["control"]
    assert next(c for c in control[0]["cards"] if c["card"] == "II")["full"]   # three smalls
    assert next(c for c in control[1]["cards"] if c["card"] == "IV")["full"]   # a small and a medium
    held = w.view["position"]["map"]["cards"]["cool-stretchy-headband"]
    assert held["kind"] == "item" and held["abilities"] == ["+3 special to its side's total"]
    for a in ("fight II 1:IV", "first strength", "attacker rolls 2", "defender rolls 12", "second special",
              "attacker rolls 6", "defender rolls 7", "attacker rolls 5", "defender rolls 8"):
        w.handle({"type": "act", "a": a})
        assert w.error == "", (a, w.error)
    m = w.view["position"]["map"]
    assert m["fight"]["result"]["winner"] == "attacker"
    assert not any(c["squad"] == "1:IV" for c in m["control"][1]["cards"])
    assert {"horned-hellion", "necromonk"} <= set(m["cards"])  # the losers' cards, for the fight panel
    assert_cards_cover_the_map(w.view)


def test_loot_on_hexes_and_squads_reaches_the_board_and_its_actions_play():
    """Loot (loot.py): the view carries what lies on hexes (position["loot"]) and what each squad
    carries (its control card's ``resources``); picking up and passing play through the widget."""
    from necro.cave_evil import examples as ex
    from necro.cave_evil.creatures import catalogue

    monk = catalogue().creature("necromonk")
    crew = ex.creature("necromonk-5", monk.size, monk.movement, monk.pick, card="necromonk")
    hellion = ex.creature("horned-hellion-1", "medium", 4, card="horned-hellion")
    state = ex.corridor([ex.squad(0, "II", ex.at(3), crew), ex.squad(0, "III", ex.at(4), hellion)],
                        loot={ex.at(3): {"gore": 2, "items": ["spiked-shield"]}})
    w = GameWidget(state)
    assert w.view["position"]["loot"] == {str(ex.at(3)): {"gore": 2, "items": ["spiked-shield"]}}
    assert {"pick II gore", "pick II spiked-shield"} <= set(hinted(w))
    w.handle({"type": "act", "a": "pick II gore"})
    assert w.error == ""
    cards = {c["card"]: c for c in w.view["position"]["map"]["control"][0]["cards"]}
    assert cards["II"]["resources"] == {"gore": 2} and "resources" not in cards["III"]
    w.handle({"type": "act", "a": "pass II III gore 2"})
    assert w.error == ""
    cards = {c["card"]: c for c in w.view["position"]["map"]["control"][0]["cards"]}
    assert cards["III"]["resources"] == {"gore": 2} and "resources" not in cards["II"]
    assert w.view["position"]["loot"] == {str(ex.at(3)): {"gore": 0, "items": ["spiked-shield"]}}
    assert json.loads(json.dumps(w.view)) == w.view
