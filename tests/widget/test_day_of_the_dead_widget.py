"""Day of the Dead in a GameWidget, driven from Python without a browser.

Messages go through ``widget.handle`` as the front end sends them. The board
(widgets/day_of_the_dead.js) draws ``view.position`` and makes clickable every
card an action's hint names, so the views must carry those hints, and a
player's view must never hold the ids of cards that player may not see.
"""

import json


from necro.core import RandomBot
from necro.day_of_the_dead import scenarios
from necro.day_of_the_dead.board import LETTERS, is_card_id
from necro.widget import HOT_SEAT, GameWidget, build_graph, expand_view
from necro.widget.view import build_view
from necro.widget.assets import assemble


def actions(w):
    return {a["a"]: a["hint"] for a in w.view["actions"]}


def hidden_from(state, viewer):
    """Ids the viewer may not know now: the other player's hand, face-down cards and spirit, the decks."""
    other = 1 - viewer
    ids = set(state.hands[other]) | {c for c, up in state.slots[other] if not up}
    if state.spirits[other]:
        ids.add(state.spirits[other])
    for deck in state.decks.values():
        ids |= set(deck)
    if not (state.task and state.task.get("p") == viewer):
        ids |= set(state.looking)
    return ids


def check_masked(w, viewer):
    """The masked parts of the view show backs only, and the faces sent name no hidden card."""
    pos, other = w.view["position"], 1 - viewer
    assert all(c in LETTERS for c in pos["hands"][other]), pos["hands"]
    assert all(c in LETTERS for c, s in pos["slots"][other] if s == "fallen"), pos["slots"]
    assert pos["spirits"][other] in (None, *LETTERS)
    assert all(set(deck) <= set(LETTERS) for deck in pos["decks"].values())
    shown = {key: pos[key] for key in ("hands", "slots", "spirits", "decks", "discards", "looking", "fight")}
    hidden = hidden_from(w.state, viewer)
    assert not hidden & set(json.dumps(shown).replace('"', " ").replace(",", " ").split())
    for c in pos["cards"]:
        in_view = c in json.dumps(shown)
        assert in_view or c not in hidden, f"the face of hidden card {c} was sent to player {viewer + 1}"


def test_the_game_has_its_own_board_module():
    assert assemble("day-of-the-dead").name == "day_of_the_dead.js"
    w = GameWidget(scenarios.oaf_v_anger())
    assert w._code.name == "day_of_the_dead.js"


def test_view_holds_faces_fight_and_decisions_without_a_card():
    w = GameWidget(scenarios.oaf_v_anger())
    view = w.view
    pos = view["position"]
    assert view["game"] == "day-of-the-dead" and view["to_move"] == 0
    assert pos["cards"][pos["slots"][1][0][0]]["name"] == "Anger"
    fight = pos["fight"]
    assert fight["slot"] == 1 and fight["power"] == [9, 13] and fight["winner"] == 1 and fight["won"] is None
    assert sum(x[2] for x in fight["parts"] if x[0] == 1) == 13  # every point of Anger's 13 is listed
    assert [p for p, label, _ in fight["parts"]].count(0) == 2  # printed 7 + Power Up spirit 2
    hints = actions(w)
    assert set(hints) == {"convert", "keep"} and all("card" not in h and h["text"] for h in hints.values())
    assert json.loads(json.dumps(view)) == view


def test_acting_on_cards_moves_the_board():
    w = GameWidget(scenarios.unearth_oaf(), bots={1: RandomBot(0)})
    assert w.viewer == 0
    hints = actions(w)
    assert {h["card"] for h in hints.values()} == set(w.view["position"]["hands"][0])  # every hand card is a target
    w.handle({"type": "act", "a": "spirit U03"})
    assert w.error == ""
    # the computer chose its spirit, the field turned active, and the Unearth spirit acts: pick a card in play
    hints = actions(w)
    assert hints["unearth p1-slot1"] == {"kind": "target", "card": "D01", "owner": 0, "slot": 1,
                                         "text": hints["unearth p1-slot1"]["text"]}
    assert hints["unearth p1-spirit"]["slot"] == 0  # the spirit
    w.handle({"type": "act", "a": "unearth p1-slot1"})
    pos = w.view["position"]
    assert pos["looking"] == ["D02", "D03", "D04"]  # the forced draws: Oaf, Oaf, Nemesis, shown to the chooser
    assert [pos["cards"][c]["name"] for c in pos["looking"]] == ["Oaf", "Oaf", "Nemesis"]
    assert pos["task"]["do"] == "take" and {h["card"] for h in actions(w).values()} == set(pos["looking"])
    w.handle({"type": "act", "a": "take D04"})
    pos = w.view["position"]
    assert w.error == "" and pos["slots"][0][0] == ["D04", "active"] and pos["looking"] == []
    assert pos["discards"]["D"] == ["D01", "D02", "D03"]
    assert pos["cards"]["D04"]["name"] == "Nemesis" and pos["turn"] == 2
    # a card that is not a legal target is refused by the engine, naming the rule
    w.handle({"type": "act", "a": "spirit D04"})
    assert w.error == "illegal action 'spirit D04': D04 is not in player 1's hand (rule dotd-spirit)"


def test_the_other_players_hand_and_face_down_cards_stay_hidden():
    for seed in range(4):
        w = GameWidget(scenarios.opening(seed=seed), bots={1: RandomBot(seed)})
        bot = RandomBot(seed + 10)
        for _ in range(40):
            check_masked(w, 0)
            if w.view["terminal"]:
                break
            assert w.view["to_move"] == 0  # the computer and chance never leave a decision to the page
            assert w.act(str(bot.choose(w.state))), w.error


def test_a_viewer_of_player_two_sees_player_ones_cards_as_backs():
    w = GameWidget(scenarios.oaf_v_anger(), player=1)
    pos = w.view["position"]
    assert pos["hands"][0] == [c[0] for c in w.state.hands[0]] and pos["slots"][0] == [["D", "fallen"]] and pos["spirits"][0] == "P"
    assert pos["hands"][1] and all(is_card_id(c) for c in pos["hands"][1])
    check_masked(w, 1)


def spook_any():
    """Turn 1, player 2 has priority: player 1's Spook may unearth any card in play, player 2's
    face-down spirit (Oaf) included."""
    return scenarios.table([["Spook"], ["Anger"]], ("Clod", "Oaf"), (("Grief",), ("Troll",)), priority=1)


def test_a_face_down_card_of_the_other_player_is_a_target_by_its_place():
    w = GameWidget(spook_any(), bots={1: RandomBot(0)})
    hint = actions(w)["unearth p2-spirit"]  # a place: the notation never names a hidden card
    # the board finds it by owner and slot (0: the spirit), since the position shows only its back
    assert (hint["owner"], hint["slot"]) == (1, 0) and w.view["position"]["spirits"][1] == "D"
    assert "Oaf" not in hint["text"] and "card" not in hint


def test_an_unearth_of_any_card_sends_no_face_of_a_hidden_card():
    w = GameWidget(spook_any(), bots={1: RandomBot(0)})
    pos = w.view["position"]
    hidden = w.state.spirits[1]
    assert hidden not in pos["cards"] and hidden not in json.dumps(pos)


def test_log_masks_the_other_players_secret_choices_and_every_draw():
    w = GameWidget(scenarios.unearth_oaf(), bots={1: RandomBot(0)})
    w.act("spirit U03")
    notations = {(e["step"], e["a"]) for e in w.view["log"]}
    assert (1, "spirit U03") in notations  # your own choice, in full
    theirs = [a for step, a in notations if step == 2]
    assert theirs and all(a in ("spirit D", "spirit P", "spirit U") for a in theirs)  # "spirit D", not "spirit D08"
    assert w.state.steps[1].action != theirs[0]  # the engine knows the card; the page does not
    w.act("unearth p1-slot1")
    draws = [e["a"] for e in w.view["log"] if e["a"].startswith("draw")]
    assert draws and set(draws) == {"draw D"}  # even the chooser's own looks are logged as backs
    table = GameWidget(scenarios.unearth_oaf())  # hot-seat: the log is the table's, both choices face down
    table.act("spirit U03")
    table.act("spirit D08")
    assert {e["step"]: e["a"] for e in table.view["log"] if e["step"] in (1, 2)} == {1: "spirit U", 2: "spirit D"}


def test_repr_is_stable():
    a, b = GameWidget(scenarios.oaf_v_anger()), GameWidget(scenarios.oaf_v_anger())
    assert repr(a) == repr(b)
    assert repr(a).startswith("GameWidget(day-of-the-dead, step 0: Turn 1 of 6 (0-0): Player 1 may turn")
    assert "0x" not in repr(a) and "P1 line: 1: Oaf 7_" in repr(a)
    c, d = (GameWidget(scenarios.opening(seed=3), bots={1: RandomBot(0)}) for _ in range(2))
    c.act("fallen " + c.state.hands[0][0])
    d.act("fallen " + d.state.hands[0][0])
    assert repr(c) == repr(d)


def test_static_graph_follows_a_click_on_a_card():
    w = GameWidget(scenarios.unearth_oaf(), player=HOT_SEAT, explore_depth=2)  # a lesson: hands open
    graph = w.graph
    root = graph["nodes"][graph["root"]]
    followed = [x for x in root["actions"] if "to" in x]
    assert {x["hint"]["card"] for x in followed} == set(w.state.hands[0]) >= {"P02", "P06", "U03"}
    view = expand_view(graph, ["spirit U03"])
    live = GameWidget(scenarios.unearth_oaf(), player=HOT_SEAT)
    live.act("spirit U03")
    assert view["status"] == live.view["status"]
    # hot-seat: player 2 decides next and, choosing as if at once (dotd-ruling-hidden-order), sees
    # nothing of player 1's spirit yet: it is still one of player 1's cards in hand
    assert view["position"]["spirits"] == live.view["position"]["spirits"] == [None, None]
    assert "U" in live.view["position"]["hands"][0]
    assert view["seat"] == live.view["seat"] == 1
    assert w.graph_size() < 300_000
    # the same graph seen by player 1: player 2's choices are backs at every node
    masked = build_graph(scenarios.unearth_oaf(), 2, viewer=0)
    for node in masked["nodes"]:
        pos = node["view"]["position"]
        assert all(c in LETTERS for c in pos["hands"][1]) and pos["spirits"][1] in (None, *LETTERS)


def test_a_seat_neither_sees_the_other_players_choices_listed_nor_reads_them_in_the_log():
    graph = build_graph(scenarios.unearth_oaf(), 2, viewer=0)
    waiting = expand_view(graph, ["spirit U03"])
    assert waiting["to_move"] == 1 and waiting["hidden_choices"] and waiting["actions"] == []
    assert graph["nodes"][graph["root"]]["actions"]  # seat 1's own choices are listed
    state = scenarios.unearth_oaf()
    state.apply("spirit U03")
    state.apply("spirit D08")
    view = expand_view(build_graph(state, 1, viewer=0), [])
    assert {e["a"] for e in view["log"] if e["step"] == 2} == {"spirit D"}
    assert view["log"] == build_view(state, viewer=0)["log"]
