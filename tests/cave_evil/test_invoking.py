"""Squad action A. Invoke, and its bond with movement (rule ce-invoke-move, ruling ce-invoke-whole):
"either the Necromancer or the squad in question may move -- but not both", and a squad N that
received an invoked creature does not break up that turn (issue 28: audit 1 W1, W4, U3, U4;
audit 2 W2, W3); paying, several cards, where they go and who acts after, a trapped Necromancer
(rules ce-invoke, ce-invoke-pay, ce-invoke-place, ce-collapse-trapped: audit 1 T1-T4, T6)."""

import json

from necro.cave_evil import conjuration as cj
from necro.cave_evil import examples as ex
from necro.cave_evil.movement import trapped

from .helpers import refused
from .test_full_game import at_actions, conserved


def actions_again(s, player=0):
    """Play on (ending turns, keeping conjured cards, rolling dice) to ``player``'s next Phase 3."""
    s.apply("end")
    while True:
        if s.is_chance_node():
            s.play_chance()
            continue
        if s.turn == player and s.part == "actions" and not s.queue and s.pending is None:
            return s
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.startswith(("keep", "conjure"))), "end" if "end" in legal else legal[0]))


def with_squad_i():
    """Player 1's second turn: a Necromonk invoked last turn stands as squad I at +0+8, beside N (+0+9)."""
    s = at_actions(seed=1)
    s.apply("invoke necromonk new +0+8")
    return actions_again(s)


def moves(s, card):
    return [a for a in s.legal_actions() if a == f"move {card}"]


def test_a_squad_merging_into_n_is_not_the_necromancer_moving():
    """Audit 1 W1/U3: squad I walks into squad N; the Necromancer itself has not moved, so a
    squad it then invokes may still move, and it may still meditate."""
    s = with_squad_i()
    s.apply("move I")
    s.apply("move I +0+9")
    assert "0:I" not in s.squads.by_id
    assert any(a.startswith("meditate ") for a in s.legal_actions())
    s.apply("invoke rotting-mud new +1+8")
    assert moves(s, "I") == ["move I"], "the new squad may move: the Necromancer did not"


def test_once_the_receiving_squad_moves_the_necromancer_may_not():
    """Audit 2 W2: the squad that received the creature moves first: now squad N may not."""
    s = at_actions(seed=1)
    s.apply("invoke necromonk new +0+8")
    assert moves(s, "N") == ["move N"]
    s.apply("move I")
    s.apply("move I +0+7")
    assert moves(s, "N") == []
    assert s.explain_illegal("move N")[0] == "ce-invoke-move"


def test_a_squad_that_moved_before_receiving_keeps_the_necromancer_still():
    """The squad moved before the Invoke: the Necromancer may not move after it."""
    s = with_squad_i()
    s.apply("move I")
    s.apply("move I +1+8")
    s.apply("invoke rotting-mud I")
    assert moves(s, "N") == []
    assert s.explain_illegal("move N")[0] == "ce-invoke-move"


def test_the_necromancer_moving_still_halts_the_squads_it_invoked_into():
    """The other half of ce-invoke-move, unchanged: N moves after invoking into a new squad."""
    s = at_actions(seed=1)
    s.apply("invoke necromonk new +0+8")
    s.apply("move N")
    s.apply("move N -1+10")
    assert moves(s, "I") == []
    assert s.explain_illegal("move I")[0] == "ce-invoke-move"


def test_a_squad_n_that_received_a_creature_does_not_break_up_this_turn():
    """Audit 1 W4, audit 2 W3: invoked into squad N, the Necromonk stays with it all turn,
    whether or not N moves; N itself may move."""
    s = at_actions(seed=1)
    assert "invoke necromonk N" in s.legal_actions()
    s.apply("invoke necromonk N")
    assert not any(a.startswith("break N") for a in s.legal_actions())
    assert s.explain_illegal("break N necromonk-1-1")[0] == "ce-invoke-move"
    assert moves(s, "N") == ["move N"]
    s.apply("move N")
    s.apply("move N +0+8")
    assert not any(a.startswith("break N") for a in s.legal_actions())


def test_an_invoke_is_one_action_not_split_around_a_move():
    """Ruling ce-invoke-whole (audit 1 U4): cards are invoked all before or all after the
    Necromancer moves; once it moves after invoking, the Invoke is over."""
    s = at_actions(seed=1)
    s.apply("invoke necromonk N")
    assert any(a.startswith("invoke rotting-mud ") for a in s.legal_actions())
    s.apply("move N")
    s.apply("move N -1+10")
    assert not any(a.startswith("invoke ") for a in s.legal_actions())
    assert s.explain_illegal("invoke rotting-mud new -1+9")[0] == "ce-invoke-whole"
    before = at_actions(seed=1)
    before.apply("move N")
    before.apply("move N -1+10")
    before.apply("invoke necromonk N")
    assert any(a.startswith("invoke rotting-mud ") for a in before.legal_actions()), \
        "moving before invoking leaves the Invoke whole"


# ------------------------------------------------------------------ audit 1 T1-T4, T6: paying, several cards, where
def with_hand(s, cards=(), resources=None, squads=()):
    """The same position with ``cards`` (conjuration card ids) taken out of their decks into player 1's
    hand, squad N carrying exactly ``resources`` (when given), and ``squads`` (JSON) added."""
    pos = json.loads(json.dumps(s.position()))
    for card in cards:
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(card))
        pos["piles"]["piles"][deck][card] -= 1
        pos["hands"][0].append(f"{deck}:{card}")
    if resources is not None:
        next(q for q in pos["squads"] if q["id"] == "0:N")["resources"] = dict(resources)
    for q in squads:
        for c in q["creatures"]:
            deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(c["card"]))
            pos["piles"]["piles"][deck][c["card"]] -= 1
    pos["squads"] += [json.loads(json.dumps(q)) for q in squads]
    return s.game.state_from_position(pos, 7)


def test_ce_invoke_pay_the_cards_cost_comes_out_of_squad_ns_resources():
    """Audit 1 T1: a Ratman costs 2 metals; squad N carrying 3 metals invokes it and keeps 1."""
    s = with_hand(at_actions(seed=1), ["ratman"], {"metals": 3})
    assert cj.conjuration_spec()["ratman"].cost == {"metals": 2}
    assert "invoke ratman new +0+8" in s.legal_actions()
    s.apply("invoke ratman new +0+8")
    assert s.squads["0:N"].resources == {"metals": 1}
    assert [c.card for c in s.squads["0:I"].creatures] == ["ratman"] and s.squads["0:I"].resources == {}
    assert "bribe:ratman" not in s.hands[0]
    conserved(s)


def test_ce_invoke_pay_only_squad_ns_own_resources_pay():
    """Audit 1 T1: squad N carries 1 metal; squad I beside it carries 5, which do not pay: the Ratman is
    refused naming rule ce-invoke-pay, the position unchanged."""
    rich = ex.squad(0, "I", "+0+8", ex.of_card("ghoul", 1), resources={"metals": 5})
    s = with_hand(at_actions(seed=1), ["ratman"], {"metals": 1}, [rich])
    assert not any(a.startswith("invoke ratman") for a in s.legal_actions())
    refused(s, "invoke ratman new +1+8", "ce-invoke-pay")
    refused(s, "invoke ratman N", "ce-invoke-pay")
    s.apply("pass I N metals 1")  # once the metal is passed to squad N, it pays
    assert "invoke ratman new +1+8" in s.legal_actions()


def test_ce_invoke_several_cards_in_one_action_each_paid_on_its_own():
    """Audit 1 T2: one Invoke brings three cards into play, each paid from squad N and each creature
    moving the Blood Eye one space; squad N takes no other action."""
    s = with_hand(at_actions(seed=1), ["ratman", "ghoul"], {"metals": 3, "gore": 3})
    cost = cj.conjuration_spec()["ghoul"].cost
    eye = s.track.position
    s.apply("invoke necromonk N")
    s.apply("invoke ratman new +0+8")
    assert "invoke ghoul new +1+8" in s.legal_actions()
    s.apply("invoke ghoul new +1+8")
    left = {"metals": 1, "gore": 3}
    for r, k in cost.items():
        left[r] -= k
    assert s.squads["0:N"].resources == {r: k for r, k in left.items() if k}
    assert [c.card for c in s.squads["0:N"].creatures] == ["rotten-magi", "necromonk"]
    assert [c.card for c in s.squads["0:I"].creatures] == ["ratman"]
    assert [c.card for c in s.squads["0:II"].creatures] == ["ghoul"]
    assert s.track.position == eye + 3
    assert not any(a.startswith(("meditate", "dig N", "collapse N")) for a in s.legal_actions())
    assert [e.rule for e in s.log].count("ce-invoke") == 3
    conserved(s)


def test_ce_invoke_place_into_an_existing_squad_next_to_squad_n():
    """Audit 1 T3: squad I (a Necromonk) stands next to squad N: the Rotting Mud joins it; squad II two
    spaces away cannot receive it (rule ce-invoke-place)."""
    far = ex.squad(0, "II", "+0+7", ex.of_card("ghoul", 1))
    s = with_hand(with_squad_i(), squads=[far])
    assert "invoke rotting-mud I" in s.legal_actions() and "invoke rotting-mud II" not in s.legal_actions()
    refused(s, "invoke rotting-mud II", "ce-invoke-place")
    eye = s.track.position
    s.apply("invoke rotting-mud I")
    assert [c.card for c in s.squads["0:I"].creatures] == ["necromonk", "rotting-mud"]
    assert [c.card for c in s.squads["0:N"].creatures] == ["rotten-magi"]
    assert s.track.position == eye + 1
    conserved(s)


def test_ce_invoke_place_a_new_squad_acts_at_once():
    """Audit 1 T4: the Ratman invoked as new squad I may take its action in the same turn (here it
    starts a collapse) though squad N has spent its own."""
    s = with_hand(at_actions(seed=1), ["ratman"], {"metals": 3})
    s.apply("invoke ratman new +0+8")
    assert not s.squads["0:I"].acted and "move I" in s.legal_actions()
    assert "collapse I" in s.legal_actions()
    s.apply("collapse I")
    while s.is_chance_node():  # the collapse's card
        s.play_chance()
    assert s.squads["0:I"].acted and s.digs["0:I"].mode == "collapse"


def test_ce_invoke_place_a_receiving_squad_acts_if_it_has_not_already():
    """Audit 1 T4: squad I, which has not acted, receives the Rotting Mud and may still act; a squad I
    that took its action first (a collapse) gets no second one from the newcomer."""
    s = with_squad_i()
    s.apply("invoke rotting-mud I")
    assert not s.squads["0:I"].acted and "collapse I" in s.legal_actions()
    acted = with_squad_i()
    acted.apply("collapse I")
    while acted.is_chance_node():
        acted.play_chance()
    acted.apply("invoke rotting-mud I")
    assert acted.squads["0:I"].acted and [c.card for c in acted.squads["0:I"].creatures] == ["necromonk", "rotting-mud"]
    assert not any(a.split()[:2] in (["dig", "I"], ["collapse", "I"]) for a in acted.legal_actions())


def test_ce_collapse_trapped_a_trapped_necromancer_still_invokes_beside_it():
    """Audit 1 T6 (rule text: a Necromancer caught in a collapse may still invoke and make squads on the
    spaces next to it): squad N on collapsed ground cannot move, but invokes a new squad beside it."""
    s = at_actions(seed=1)
    pos = json.loads(json.dumps(s.position()))
    pos["ground"]["placements"].append({"tile": "single", "at": "+0+6", "turn": 0, "side": "collapse"})
    pos["squads"] = [dict(q, at="+0+6") if q["id"] == "0:N" else q for q in pos["squads"]]
    s = s.game.state_from_position(pos, 7)
    assert trapped(s.ground, s.squads["0:N"])
    refused(s, "move N", "ce-collapse-trapped")
    spots = sorted(a for a in s.legal_actions() if a.startswith("invoke necromonk new "))
    assert spots == ["invoke necromonk new +0+5", "invoke necromonk new +0+7", "invoke necromonk new -1+6"]
    s.apply("invoke necromonk new +0+7")
    assert str(s.squads["0:I"].hex) == "+0+7" and [c.card for c in s.squads["0:I"].creatures] == ["necromonk"]
    assert not trapped(s.ground, s.squads["0:I"])
    conserved(s)
