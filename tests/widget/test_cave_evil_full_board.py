"""The full game on the Cave Evil board, without a browser: ``position["map"]["full"]``
(necro/cave_evil/board.py ``full_view``) and the widget's traits.

The board (widgets/cave_evil/full.js) draws only what this carries: the part of the turn and what
may be done now, the hand shown with its card faces, the decks and discard piles, the Awaken
Track, the events set aside and the queue. The view is built from the masked position, so
what a viewer may not know (another player's hand, the card someone else looks at, the
face-down Awakening Evil) must never reach it; every expectation here is read from the
engine's state, not copied from the view.
"""

import json
import re

import pytest

from necro.cave_evil import awaken as aw
from necro.cave_evil import board
from necro.cave_evil import conjuration as cj
from necro.cave_evil import events as ev
from necro.cave_evil import turn as tn
from necro.cave_evil.awaken_rules import AWAKEN_RULES
from necro.cave_evil.creatures import catalogue
from necro.cave_evil.game import CaveEvil
from necro.widget import HOT_SEAT, GameWidget
from necro.widget.view import build_view

SPEC = cj.conjuration_spec()


def at_conjure(seed=1, **options):
    """A quick 2-player full game at player 1's first conjuring decision; every Necromancer
    takes three metals at set-up (so a Ratman, 2 metals, can be invoked)."""
    s = CaveEvil(2, setup="quick", game="full", **options).new_initial_state(seed)
    s.apply("first 1")
    while s.phase == "setup" or (s.queue and s.queue[0]["do"] != "conjure"):
        if s.is_chance_node():
            s.play_chance()
        else:
            acts = s.legal_actions()
            s.apply("start metals metals metals" if "start metals metals metals" in acts else acts[0])
    return s


def looking_at_ratman(seed=1, **options):
    s = at_conjure(seed, **options)
    s.apply("conjure bribe")
    s.force("deal 1 bribe ratman")
    s.play_chance()
    return s


def full_of(state, viewer):
    return build_view(state, viewer=viewer)["position"]["map"]["full"]


def mentions(text, word):
    """``word`` (a card or Evil id) appears in ``text`` as a whole id, not inside a longer one."""
    return re.search(rf"(?<![a-z0-9-]){re.escape(word)}(?![a-z0-9-])", text) is not None


def public_cards(state):
    """Card ids anybody may see: creatures and items on the map, items lying on it, discard piles."""
    out = {c.card for s in state.squads for c in s.creatures if c.card}
    out |= {i for s in state.squads for c in s.creatures for i in c.items}
    out |= {i for spot in state.loot.values() for i in spot.get("items", [])}
    out |= {c for pile in state.piles.discards.values() for c in pile}
    return out


def test_the_first_conjuring_decision_shows_phase_2_the_hand_the_decks_and_the_track():
    s = at_conjure()
    view = build_view(s, viewer=0)
    f = view["position"]["map"]["full"]
    assert (f["part"], f["phase"], f["title"], f["rule"]) == ("conjure", 2, "Phase 2: conjuring", "ce-phase-conjure")
    assert f["head"]["do"] == "conjure" and f["head"]["player"] == 0 and f["now"] == f["head"]["text"]
    assert f["turn"] == s.turn == 0 and f["cycle"] == s.cycle
    # the hand: the viewer's cards in order, each with the face the creature cards use
    assert f["hand"]["player"] == 0 and f["hand"]["seen_as"] == "turn"  # the seat shown is the one deciding
    assert [(c["deck"], c["card"]) for c in f["hand"]["cards"]] == tn.hand_cards(s, 0)
    for c in f["hand"]["cards"]:
        card, face = SPEC[c["card"]], f["cards"][c["card"]]
        assert (c["name"], c["kind"], c["cost"]) == (card.name, card.kind, card.cost)
        assert (face["id"], face["name"], face["cost"]) == (card.id, card.name, card.cost)
        if card.kind == "creature":
            expected = catalogue().creature(card.id)
            assert [a["value"] for a in face["attributes"]] == list(expected.attributes)
        else:
            assert face["kind"] == card.kind and face["use"] == catalogue().item(card.id).use
    # the decks: face-down counts, empty discard piles, what is left of the Necromonk deck
    assert [(d["deck"], d["left"], d["discards"], d["top"]) for d in f["decks"]] == [
        (d, s.piles.left(d), 0, None) for d in cj.DECKS]
    assert f["necromonks"] == sum(s.piles.necromonks.values()) == 2
    # the players: hands by deck, squad N's purse, kill points
    for p, row in enumerate(f["players"]):
        assert row["hand"] == len(s.hands[p]) == 5 and row["turn"] == (p == 0) and not row["out"]
        assert sum(row["by_deck"].values()) == 5 and row["by_deck"]["bribe"] == 2
        assert row["resources"] == s.squads[f"{p}:N"].resources == {"metals": 3}
        assert row["kill_points"] == s.kill_points[p]
    # the Awaken Track for two living Necromancers; the Evil face down
    layout = aw.awaken_data().track
    t = f["track"]
    assert (t["length"], t["position"], t["space"], t["alive"]) == (layout.length, 0, s.track.space(), 2)
    assert (t["reveal"], t["awaken"], t["doom"]) == (layout.reveal(2), layout.awaken(2), layout.doom(2))
    assert t["reveal_space"] == (layout.start + layout.reveal(2)) % layout.length
    assert not (t["revealed"] or t["awakened"] or t["doomed"])
    assert f["evil"] == {"drawn": True, "face_down": True, "id": None, "name": None, "card": None,
                         "does": "face down", "rule": "ce-awaken-draw"}
    assert f["events"] == [] and f["looking"] is None
    assert json.loads(json.dumps(view, allow_nan=False)) == view


def test_player_2_never_sees_player_1s_hand_the_card_he_looks_at_or_the_face_down_evil():
    s = looking_at_ratman(awakening="all")
    secret = {c for _, c in tn.hand_cards(s, 0)} - {c for _, c in tn.hand_cards(s, 1)} - public_cards(s)
    secret.add("ratman")  # being looked at by player 1
    assert "ratman" not in {c for _, c in tn.hand_cards(s, 1)} | public_cards(s)
    assert len(secret) >= 3 and s.evil is not None
    view = build_view(s, viewer=1)
    theirs = json.dumps({k: v for k, v in view.items() if k != "actions"})  # actions: see the next test
    assert not [c for c in secret if mentions(theirs, c)]
    assert not mentions(theirs, s.evil)
    f = full_of(s, 1)
    assert f["looking"] == {"player": 0, "deck": "bribe", "card": None, "name": None}
    assert f["hand"]["player"] == 1 and [(c["deck"], c["card"]) for c in f["hand"]["cards"]] == tn.hand_cards(s, 1)
    assert f["players"][0]["hand"] == 5 and f["players"][0]["by_deck"] == {"bribe": 2, "construct": 1,
                                                                             "necromonk": 1, "summon": 1}
    # the same search finds them where they may be seen: the check above can fail
    mine = json.dumps(build_view(s, viewer=0))
    assert all(mentions(mine, c) for c in secret)
    assert full_of(s, 0)["looking"]["card"] == "ratman" and "ratman" in full_of(s, 0)["cards"]
    # hot-seat (no viewer): the view is the deciding player's, the board shows that hand only, and
    # the Evil stays face down
    shared = full_of(s, None)
    assert shared["hand"] == dict(full_of(s, 0)["hand"], seen_as="turn")
    text = json.dumps(shared)
    assert not mentions(text, s.evil)
    assert not [c for _, c in tn.hand_cards(s, 1) if c not in {x for _, x in tn.hand_cards(s, 0)}
                and c not in public_cards(s) and mentions(text, c)]


def test_the_actions_of_a_card_being_looked_at_do_not_name_it_to_the_other_player():
    s = looking_at_ratman()
    assert not mentions(json.dumps(build_view(s, viewer=1)["actions"]), "ratman")


def test_a_revealed_evil_is_named_with_what_it_does_for_everybody():
    s = at_conjure(awakening="all")
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-evil-bitch"
    pos["track"] = dict(pos["track"], position=30, revealed=True)
    shown = s.game.state_from_position(pos)
    rule = next(r for r in AWAKEN_RULES if r.id == "ce-evil-bitch")
    for viewer in (0, 1, None):
        e = full_of(shown, viewer)["evil"]
        assert e["id"] == "darkest-evil-bitch" and not e["face_down"]
        assert e["name"] == aw.awaken_data()["darkest-evil-bitch"].name == "Darkest Evil Bitch"
        assert (e["does"], e["rule"]) == (rule.summary, rule.id)
        card = aw.awaken_data()["darkest-evil-bitch"].card
        assert e["card"] == card and full_of(shown, viewer)["cards"][card]["name"]
    t = full_of(shown, 1)["track"]
    assert (t["position"], t["space"], t["revealed"]) == (30, shown.track.space(), True)
    # the same card still face down: nobody reads it, not even in the unmasked hot-seat view
    pos["track"] = dict(pos["track"], position=10, revealed=False)
    hidden = s.game.state_from_position(pos)
    for viewer in (0, 1, None):
        text = json.dumps(full_of(hidden, viewer))
        assert not mentions(text, "darkest-evil-bitch") and "Darkest Evil Bitch" not in text
        assert full_of(hidden, viewer)["evil"]["does"] == "face down"


def test_an_event_waits_for_phase_4_and_its_steps_show_while_they_are_resolved():
    s = at_conjure()
    s.apply("conjure abyss")
    s.force("deal 1 abyss pit-belch")
    s.play_chance()
    while s.queue:
        if s.is_chance_node():
            s.force(next(a for a, _ in s.chance_outcomes() if not SPEC.is_event(a.split()[-1])))
            s.play_chance()
        else:
            s.apply("keep")
    f = full_of(s, 1)
    card = ev.event("pit-belch")
    assert f["events"] == [{"id": "pit-belch", "event": "pit-belch", "name": card.name, "text": card.text,
                            "steps": card.lines(), "from": "conjuration"}]
    assert (f["part"], f["phase"]) == ("actions", 3) and "1 event waiting" in f["now"]
    assert f["head"] is None and f["queue"] == []
    s.apply("end")
    f = full_of(s, 1)
    assert (f["part"], f["phase"], f["title"]) == ("events", 4, "Phase 4: events")
    assert f["events"] == [] and len(f["queue"]) == len(s.queue) >= 1
    assert f["head"]["do"] == "spawn" and f["head"]["chance"] and f["head"]["rule"] == tn.STEP_RULE["spawn"]
    assert f["head"]["text"] == f"Chance: a regular Spawn Roll at {s.ground.pit()}." == f["now"]


def test_an_excavation_event_is_shown_as_the_card_of_its_family():
    from necro.cave_evil.deck import deck_spec

    shown = [board._event_view(card.id) for card in deck_spec() if card.is_event]
    assert shown and all(v["from"] == "excavation" for v in shown)
    for v in shown:
        family = ev.event(deck_spec()[v["id"]].event)
        assert (v["event"], v["name"], v["steps"]) == (family.id, family.name, family.lines())


def test_set_up_is_its_own_part_until_the_evil_is_drawn():
    s = CaveEvil(2, setup="quick", game="full").new_initial_state(4).apply("first 2")
    f = full_of(s, None)
    assert f["part"] == "setup" and f["phase"] is None and f["head"]["do"] == "deal"
    assert f["head"]["text"] == "Chance: player 2 is dealt a card from the necromonk deck for the starting hand."
    assert f["evil"]["drawn"] is False and f["evil"]["does"] == "not drawn yet"
    assert f["queue"][-1]["do"] == "awakening"


@pytest.mark.parametrize("position, part", [
    ({"phase": "play", "part": "conjure", "must_fight": ["0:N"]}, "fights"),
    ({"phase": "play", "part": "conjure", "must_fight": [], "combat": {"sides": {}}}, "fights"),
    ({"phase": "play", "part": "conjure", "must_fight": []}, "conjure"),
    ({"phase": "play", "part": "actions", "combat": {"sides": {}}}, "actions"),
    ({"phase": "play", "part": "events"}, "events"),
    ({"phase": "over", "part": "actions"}, "over"),
])
def test_the_part_of_the_turn(position, part):
    assert board._part(position, []) == part
    assert board._part(dict(position, phase="play"), [{"do": "awakening"}]) == "setup"


def check_hints(view, kind):
    """Every choice of a queued step that names a hex comes with it where the map looks: ``to``
    (a spot, a count's end, a wandering stop) or the tile's ``hexes`` (laid at the anchor)."""
    checked = 0
    for entry in view["actions"]:
        a, hint = entry["a"], entry["hint"]
        if a.endswith(" stay") or a == "lay nothing":
            assert "to" not in hint and "hexes" not in hint, a
            continue
        where = re.search(r"[+-]\d+[+-]\d+", a).group(0)
        if kind == "tile":
            assert hint["hexes"] and hint["tile"] and a.startswith(f"lay {where} r"), a
        else:
            assert hint["to"] == where, a
        checked += 1
    return checked


def test_queued_choices_that_name_a_hex_carry_it_for_the_map():
    s = at_conjure(0)
    s.apply("conjure abyss")
    for event in ("abyss-vomit", "deep-quake"):  # a count, wandering monsters, two tiles
        s.force(f"deal 1 abyss {event}")
        s.play_chance()
    while s.queue:
        if s.is_chance_node():
            s.force(next(a for a, _ in s.chance_outcomes() if not SPEC.is_event(a.split()[-1])))
            s.play_chance()
        else:
            s.apply("keep")
    s.apply("end")
    seen = {}
    while s.queue and s.turn == 0:
        if s.is_chance_node():
            s.play_chance()
            continue
        kind = s.queue[0]["do"]
        view = build_view(s, viewer=None)
        f = view["position"]["map"]["full"]
        assert f["head"]["do"] == kind and f["head"]["player"] == 0 and f["part"] == "events"
        seen[kind] = seen.get(kind, 0) + check_hints(view, kind)
        s.apply(s.legal_actions()[0])
    assert {"count", "wander", "tile"} <= set(seen) and all(seen.values()), seen
    # a spawned card with two free spaces (a loaded position), and invoking as a new squad
    s = at_conjure(1)
    pos = json.loads(json.dumps(s.position()))
    pos["piles"]["piles"]["bribe"]["ratman"] -= 1
    free = sorted(h for h, st in s.ground.status.items()
                  if st == "open" and s.squads.at(h) is None and h not in s.ground.spawn_pits)[:2]
    pos["queue"] = [{"do": "spot", "player": 0, "card": "ratman", "deck": "bribe", "hexes": [str(h) for h in free]}]
    spot = s.game.state_from_position(pos)
    view = build_view(spot, viewer=0)
    assert check_hints(view, "spot") == 2 and view["position"]["map"]["full"]["head"]["card"] == "ratman"
    assert "Ratman" in view["position"]["map"]["full"]["now"] and "ratman" in view["position"]["map"]["full"]["cards"]
    s.apply("conjure bribe")
    s.play_chance() if s.is_chance_node() else None
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply("keep")
    new = [e for e in build_view(s, viewer=0)["actions"] if e["a"].startswith("invoke necromonk new ")]
    assert new and all(e["hint"]["to"] == e["a"].split()[-1] and e["hint"]["card"] == "necromonk" for e in new)


def test_the_widget_traits_follow_a_turn_played_through_its_messages():
    s = at_conjure()
    s.force("deal 1 bribe ratman")
    w = GameWidget(s, player=HOT_SEAT)  # hot seat: whoever decides sees their hand
    full = lambda: w.view["position"]["map"]["full"]  # noqa: E731
    assert {a["a"] for a in w.view["actions"]} == {f"conjure {d}" for d in cj.DECKS}
    w.handle({"type": "act", "a": "conjure bribe"})  # chance deals the forced card at once
    assert w.error == "" and full()["looking"] == {"player": 0, "deck": "bribe", "card": "ratman", "name": "Ratman"}
    assert {a["a"] for a in w.view["actions"]} == {"keep", "trade metals 2"}
    w.handle({"type": "act", "a": "keep"})
    assert ("bribe", "ratman") in tn.hand_cards(w.state, 0)
    assert "ratman" in [c["card"] for c in full()["hand"]["cards"]] and full()["part"] == "actions"
    invokes = [a["a"] for a in w.view["actions"] if a["a"].startswith("invoke ratman ")]
    assert "invoke ratman N" in invokes
    w.handle({"type": "act", "a": "invoke ratman N"})
    assert [c.card for c in w.state.squads["0:N"].creatures] == ["rotten-magi", "ratman"]
    assert full()["track"]["position"] == w.state.track.position == 1
    assert full()["players"][0]["resources"] == {"metals": 1}
    w.handle({"type": "act", "a": "end"})
    assert w.state.turn == 1 and full()["turn"] == 1 and full()["part"] == "conjure"
    assert full()["hand"]["player"] == 1 and full()["hand"]["seen_as"] == "turn"
    w.handle({"type": "undo"})
    assert w.state.turn == 0 and full()["invoking"]


def test_the_map_game_has_no_full_view():
    s = CaveEvil(2, setup="quick").new_initial_state(1).apply("first 1")
    assert "full" not in build_view(s)["position"]["map"]


def test_a_position_copied_from_the_board_loads_back_and_a_players_view_is_refused_plainly():
    """The JSON editor: the board's position carries the drawing aids (``map``), which a load drops;
    the full game's view hides hands, decks and the Evil, so it cannot be a position."""
    plain = GameWidget(CaveEvil(2, setup="quick").new_initial_state(1).apply("first 1"))
    before = plain.state.position()
    assert "map" in plain.view["position"]
    plain.load(json.dumps(plain.view["position"]))
    assert plain.error == "" and plain.state.position() == before
    w = GameWidget(at_conjure())
    before = w.state.position()
    w.load(json.dumps(w.view["position"]))
    assert "a player's view, which hides" in w.error and "another player's hand" in w.error
    assert w.state.position() == before
    w.load(json.dumps(before))
    assert w.error == ""
