"""One test (or a few) per rule id of Graveyard Shift, named after the rule."""

import pytest

from necro.core import IllegalAction
from necro.graveyard_shift import GraveyardShift, Move
from necro.graveyard_shift import scenarios as sc
from necro.graveyard_shift.board import (DEAL_SQUARES, ENTRANCES, GRAVES, MAUSOLEUMS, RAYS, SQUARE_INDEX,
                                         SQUARES)
from necro.graveyard_shift.rules import RULES

from .helpers import board


def refused(state, action):
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return info.value.rule, info.value.reason


def test_rulebook_ids_have_prefix_and_kinds():
    own = RULES.own()
    assert all(r.id.startswith("gs-") for r in own)
    assert {r.kind for r in own} == {"rule", "ruling"}
    for option in GraveyardShift.options_spec:
        assert option.rule in RULES, option.name


def test_gs_board():
    assert [SQUARES[e] for e in ENTRANCES] == ["a1", "d1", "a4", "d4"]
    assert [SQUARES[m] for m in MAUSOLEUMS] == ["b2", "c2", "b3", "c3"]
    assert len(GRAVES) == 8 and not set(GRAVES) & set(ENTRANCES + MAUSOLEUMS)
    assert SQUARE_INDEX["d4"] == 15


def test_gs_parts_and_gs_setup_deal_sampled():
    for seed in range(40):
        s = GraveyardShift().new_initial_state(seed)
        assert s.is_chance_node() and s.chance_outcomes() is None and s.legal_actions() == []
        s.play_chance()
        assert s.steps[-1].rule == "gs-setup-deal" and s.steps[-1].by == "roll"
        centre = "".join(s.pos.stacks[m] for m in MAUSOLEUMS)
        assert all(len(s.pos.stacks[m]) == 2 for m in MAUSOLEUMS)
        assert all(len(s.pos.stacks[g]) == 1 for g in GRAVES)
        assert all(not s.pos.stacks[e] for e in ENTRANCES)
        assert sorted(centre) == sorted("BBHHCCLL")
        assert sorted("".join(s.pos.stacks)) == sorted("BHCL" * 4)


def test_gs_setup_deal_is_seeded_and_varies():
    deals = {str(GraveyardShift().new_initial_state(seed).play_chance().steps[-1].action) for seed in range(30)}
    assert len(deals) == 30
    a = GraveyardShift().new_initial_state(7).play_chance()
    b = GraveyardShift().new_initial_state(7).play_chance()
    assert a == b


def test_gs_setup_deal_forced_by_notation():
    s = sc.opening()
    assert s.steps[0].by == "forced" and s.steps[0].action == sc.STANDARD_DEAL
    assert board(s)["b2"] == "BL" and board(s)["c4"] == "L"


@pytest.mark.parametrize("deal, why", [
    ("deal B.C.H.BB.CH.L.L.HC.LB.C.H.L", "two of each kind"),   # mausoleums B,B + ... uneven
    ("deal BC.C.H.BL.CH.L.B.HC.LB.C.H.L", "part(s) at set-up"),  # a grave with two parts
    ("deal B.B.H.BL.CH.L.B.HC.LB.C.H.L", "four parts of each kind"),
])
def test_gs_setup_deal_refuses_impossible_layouts(deal, why):
    s = GraveyardShift().new_initial_state()
    rule, reason = refused(s, deal)
    assert rule == "gs-setup-deal" and why in reason


def test_gs_setup_enter_second_pawn_on_a_different_entrance():
    s = sc.opening()
    assert s.current_player() == 0
    s.apply("enter a1")
    assert s.current_player() == 1
    rule, _ = refused(s, "enter a1")
    assert rule == "gs-setup-enter"
    assert [str(a) for a in s.legal_actions()] == ["enter d1", "enter a4", "enter d4"]
    s.apply("enter d4")
    assert s.current_player() == 0 and s.position()["pawns"] == ["a1", "d4"]


def test_gs_ruling_first_player():
    assert sc.opening().current_player() == 0


def test_gs_enter_off_map_pawn_must_enter():
    s = sc.opening()
    rule, _ = refused(s, "a1-a2")
    assert rule == "gs-enter"
    rule, _ = refused(s, "enter b2")
    assert rule == "gs-enter"
    s.apply("enter a1")
    s.apply("enter d4")
    rule, _ = refused(s, "enter d1")
    assert rule == "gs-enter"


def test_gs_move_empty_one_orthogonal_step():
    s = sc.opening()
    s.apply("enter a1").apply("enter d4")
    assert sorted(str(a) for a in s.legal_actions()) == ["a1-a2", "a1-b1"]
    rule, _ = refused(s, "a1-b2")
    assert rule == "gs-move-empty"
    s.apply("a1-b1")
    assert s.position()["pawns"][0] == "b1" and board(s)["b1"] == "B"


def test_gs_move_one_part_travels_with_the_pawn():
    s = sc.attack_extra_turn()
    rule, _ = refused(s, "c1-a1")
    assert rule == "gs-move-one"
    s.apply("c1-b1")
    assert "c1" not in board(s) and board(s)["b1"] == "BH"
    assert s.steps[-1].rule == "gs-move-one"


def test_gs_move_stack_goes_n_squares_and_arrives_with_one():
    # A 3-stack from a1's neighbour row: a2 going east crosses b2 and c2 and ends on d2.
    s = sc.pass_over(GraveyardShift(pass_over="drop"))
    s.pos.pawns[1] = 15  # move player 2 out of the way (d4)
    s.apply("a2-d2")
    b = board(s)
    assert "a2" not in b and b["b2"] == "LB" and b["c2"] == "LCH" and b["d2"] == "HC"
    assert s.position()["pawns"][0] == "d2"


def test_gs_move_stack_stopped_by_the_edge():
    s = sc.long_stack_edge()
    assert sorted(str(a) for a in s.legal_actions()) == ["b2-a2", "b2-b1", "b2-b4", "b2-d2"]
    north = s.copy().apply("b2-b4")
    assert board(north)["b3"] == "LB" and board(north)["b4"] == "LHCL"
    south = s.copy().apply("b2-b1")
    assert board(south)["b1"] == "BBHCL" and "b2" not in board(south)
    rule, reason = refused(s, "b2-b3")
    assert rule == "gs-move-stack" and "exactly 4" in reason
    rule, _ = refused(s, "b2-c3")
    assert rule == "gs-move-stack"


def test_gs_sow_drops_bottom_part_on_each_square_after_the_first():
    s = sc.choice_delivery()
    s.apply("a2-d2")  # C,H,B east: C on b2, H on c2, B arrives on d2
    assert [(e.rule, e.text) for e in s.log if e.rule == "gs-sow"] == [
        ("gs-sow", "Drops C on b2 on top of HL."), ("gs-sow", "Drops H on c2 on top of CB.")]
    assert board(s)["b2"] == "HLC" and board(s)["c2"] == "CBH" and board(s)["d2"] == "HB"


def test_gs_ruling_stack_order_arrivals_and_drops_go_on_top():
    s = sc.long_stack_edge()
    s.apply("b2-d2")
    assert board(s)["c2"] == "LBB" and board(s)["d2"] == "HHCL"
    assert any(e.rule == "gs-ruling-stack-order" for e in s.log)


def test_gs_attack_and_gs_extra_turn_carry_the_captured_stack():
    s = sc.attack_extra_turn()
    hint = s.describe_action(Move(SQUARE_INDEX["c1"], SQUARE_INDEX["c2"]))
    assert hint["attack"] and hint["arrive"] == "LBH"
    s.apply("c1-c2")
    assert [e.rule for e in s.log][-2:] == ["gs-attack", "gs-extra-turn"]
    assert s.current_player() == 0 and s.position()["pawns"] == ["c2", "c2"]
    assert board(s)["c2"] == "LBH"
    assert sorted(str(a) for a in s.legal_actions()) == ["c2-a2", "c2-c1", "c2-c4", "c2-d2"]
    s.apply("c2-a2")  # L dropped on b2, B,H arrive on a2 on top of C
    assert board(s)["b2"] == "HCL" and board(s)["a2"] == "CBH" and "c2" not in board(s)
    assert s.current_player() == 1 and s.position()["pawns"] == ["a2", "c2"]


def test_gs_deliver_gs_master_takes_gs_leave_map():
    s = sc.attack_extra_turn()
    s.apply("c1-d1")
    assert [e.rule for e in s.log] == ["gs-move-one", "gs-deliver", "gs-master-takes", "gs-leave-map"]
    p = s.position()
    assert p["collected"] == ["H", ""] and p["pawns"] == [None, "c2"] and "d1" not in p["board"]
    assert s.current_player() == 1
    s.apply("c2-c4")  # player 2 moves; then player 1 re-enters anywhere
    assert s.current_player() == 0
    assert [str(a) for a in s.legal_actions()] == ["enter a1", "enter d1", "enter a4", "enter d4"]


def test_gs_ruling_master_choice_player_chooses():
    s = sc.choice_delivery()
    s.apply("a2-a1")
    assert s.pos.phase == "take" and s.current_player() == 0
    assert [str(a) for a in s.legal_actions()] == ["take B", "take H", "take C"]
    rule, _ = refused(s, "take L")
    assert rule == "gs-master-takes"
    rule, _ = refused(s, "put C b1")
    assert rule == "gs-master-takes"
    s.apply("take H")
    assert s.position()["collected"][0] == "H" and s.position()["pool"] == "CB"


def test_gs_ruling_master_choice_variant_takes_topmost():
    s = sc.choice_delivery(GraveyardShift(master_takes="top"))
    s.apply("a2-a1")
    assert s.position()["collected"][0] == "B" and s.pos.phase == "return"


def test_gs_master_takes_only_a_kind_not_yet_collected():
    s = sc.choice_delivery()
    s.pos.got[0] = "H"
    s.pos.stacks[SQUARE_INDEX["d2"]] = ""  # keep 16 parts: that heart is now the collected one
    s.apply("a2-a1")
    assert [str(a) for a in s.legal_actions()] == ["take B", "take C"]
    rule, reason = refused(s, "take H")
    assert rule == "gs-master-takes" and "already" in reason


def test_gs_put_back_alternates_starting_with_the_opponent():
    s = sc.choice_delivery()
    s.apply("a2-a1").apply("take H")
    assert s.pos.phase == "return" and s.current_player() == 1
    rule, _ = refused(s, "put C a1")
    assert rule == "gs-ruling-put-back-squares"
    rule, _ = refused(s, "put C d4")  # under player 2's pawn
    assert rule == "gs-ruling-put-back-squares"
    rule, _ = refused(s, "put L b2")
    assert rule == "gs-put-back"
    rule, _ = refused(s, "enter a1")
    assert rule == "gs-put-back"
    s.apply("put C b1")
    assert s.current_player() == 0
    s.apply("put B c4")
    assert board(s)["b1"] == "LC" and board(s)["c4"] == "B"
    assert s.pos.phase == "move" and s.current_player() == 1


def test_gs_ruling_put_back_order_placer_picks_the_part():
    s = sc.choice_delivery()
    s.apply("a2-a1").apply("take C")
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"H", "B"}
    squares = {a.to for a in s.legal_actions()}
    assert squares == set(DEAL_SQUARES) - {SQUARE_INDEX["d4"]}


def test_gs_ruling_put_back_squares_capacity_variant():
    s = sc.choice_delivery(GraveyardShift(put_back="capacity"))
    s.apply("a2-a1").apply("take C")
    # a2 was emptied by the move, c4 was empty and the mausoleum b3 holds one part:
    # the only squares below their set-up share.
    assert {SQUARES[a.to] for a in s.legal_actions()} == {"a2", "b3", "c4"}
    rule, reason = refused(s, "put H b1")
    assert rule == "gs-ruling-put-back-squares" and "room" in reason


def test_gs_deliver_known_parts_go_back_and_pawn_stays():
    s = sc.known_delivery()
    s.apply("b1-a1")
    rules = [e.rule for e in s.log]
    assert "gs-deliver-known" in rules and "gs-master-takes" not in rules
    assert s.position()["pawns"][0] == "a1" and s.position()["collected"][0] == "BH"
    assert s.current_player() == 1 and s.position()["pool"] == "HB"
    s.apply("put H c4").apply("put B b4")
    assert s.current_player() == 1 and s.pos.phase == "move"
    assert s.position()["pawns"][0] == "a1"


def test_gs_win_round_and_gs_ruling_match_end():
    s = sc.winning_delivery()
    s.apply("a2-a1")
    assert s.is_terminal() and s.winner() == 0 and s.returns() == [1.0, -1.0]
    rules = [e.rule for e in s.log]
    assert rules[-2:] == ["gs-win-round", "gs-ruling-match-end"]
    assert "2-0" in s.status()


def _round_one_win(game):
    position = sc.winning_delivery().position()
    position.update(results=[], starter=0)
    return game.state_from_position(position).apply("a2-a1")


@pytest.mark.parametrize("rule, starter", [("loser", 1), ("winner", 0), ("alternate", 1)])
def test_gs_match_and_gs_ruling_next_round(rule, starter):
    s = _round_one_win(GraveyardShift(next_round=rule))
    assert s.is_chance_node() and s.pos.phase == "deal"
    assert s.position()["results"] == [0] and s.pos.starter == starter
    assert s.position()["board"] == {} and s.position()["collected"] == ["", ""]
    s.play_chance()
    assert s.current_player() == starter and s.pos.round == 2


def test_gs_match_one_round_variant():
    s = _round_one_win(GraveyardShift(rounds=1))
    assert s.is_terminal() and s.winner() == 0
    assert [e.rule for e in s.log][-1] == "gs-match"


def test_gs_match_three_rounds_can_go_the_distance():
    s = sc.winning_delivery()
    s.pos.results = [0, 1]
    s.pos.wins = [1, 1]
    s.apply("a2-a1")
    assert s.is_terminal() and s.pos.wins == [2, 1] and s.winner() == 0


def test_gs_ruling_turn_limit_draws_the_round():
    s = sc.long_stack_edge(GraveyardShift(turn_limit=100))
    s.pos.plies = 99
    s.apply("b2-b4")
    assert s.position()["results"] == [None] and s.pos.phase == "deal"
    assert [e.rule for e in s.log][-2:] == ["gs-ruling-turn-limit", "gs-ruling-next-round"]
    assert s.pos.starter == 1  # after a drawn round the other player starts
    unlimited = sc.long_stack_edge(GraveyardShift(turn_limit=0))
    unlimited.pos.plies = 5000
    unlimited.apply("b2-b4")
    assert unlimited.pos.phase == "move"


def test_gs_ruling_pass_over_default_drops_on_the_pawn_and_goes_on():
    s = sc.pass_over()
    s.apply("a2-d2")
    assert board(s)["b2"] == "LB" and s.position()["pawns"] == ["d2", "b2"]
    assert s.current_player() == 1  # no attack: player 2's turn, carrying L,B
    assert s.status().endswith("carrying LB.")


def test_gs_ruling_pass_over_variant_stops_as_an_attack():
    s = sc.pass_over(GraveyardShift(pass_over="stop"))
    assert sorted(str(a) for a in s.legal_actions()) == ["a2-a1", "a2-a4", "a2-b2"]
    rule, _ = refused(s, "a2-d2")
    assert rule == "gs-ruling-pass-over"
    s.apply("a2-b2")
    assert board(s)["b2"] == "LBHC" and s.current_player() == 0
    assert "gs-attack" in [e.rule for e in s.log]


def _both_entered_player1_off_map(game):
    s = sc.attack_extra_turn(game)
    s.apply("c1-d1")          # player 1 delivers the heart and leaves the map
    s.apply("c2-c4")          # player 2 moves L,B north: L on c3, B arrives on c4
    return s


def test_gs_ruling_enter_on_pawn_attack_default():
    s = _both_entered_player1_off_map(GraveyardShift())
    s.pos.pawns[1] = SQUARE_INDEX["d4"]
    s.pos.stacks[SQUARE_INDEX["b4"]] += s.pos.stacks[SQUARE_INDEX["c4"]]
    s.pos.stacks[SQUARE_INDEX["c4"]] = ""
    s.apply("enter d4")
    assert s.current_player() == 0 and "gs-ruling-enter-on-pawn" in [e.rule for e in s.log]
    assert s.position()["pawns"] == ["d4", "d4"]


def test_gs_ruling_enter_on_pawn_forbidden_variant():
    s = _both_entered_player1_off_map(GraveyardShift(enter_on_pawn="forbidden"))
    s.pos.pawns[1] = SQUARE_INDEX["d4"]
    s.pos.stacks[SQUARE_INDEX["b4"]] += s.pos.stacks[SQUARE_INDEX["c4"]]
    s.pos.stacks[SQUARE_INDEX["c4"]] = ""
    rule, _ = refused(s, "enter d4")
    assert rule == "gs-ruling-enter-on-pawn"


def test_gs_ruling_entrance_attack_delivery_then_extra_turn():
    s = sc.entrance_attack()
    s.apply("a2-a1")
    rules = [e.rule for e in s.log]
    assert rules.index("gs-deliver") < rules.index("gs-extra-turn")
    assert s.current_player() == 0 and s.position()["pawns"] == [None, "a1"]
    assert s.position()["collected"] == ["C", ""]
    off = sc.entrance_attack(GraveyardShift(entrance_extra_turn=False))
    off.apply("a2-a1")
    assert off.current_player() == 1 and "gs-extra-turn" not in [e.rule for e in off.log]


def test_gs_ruling_no_entrance_drops_geometry():
    # A stack only drops on squares strictly inside its path; no entrance is ever inside a ray.
    for square in range(16):
        for ray in RAYS[square]:
            assert not set(ray[:-1]) & set(ENTRANCES)


def test_gs_ruling_always_a_move_geometry():
    for square in range(16):
        assert sum(1 for ray in RAYS[square] if ray) >= 2


def test_describe_action_previews_drops_and_arrival_for_the_board():
    s = sc.long_stack_edge()
    hint = s.describe_action(s.parse_action("b2-b4"))
    assert hint["path"] == ["b3", "b4"] and hint["drops"] == [{"square": "b3", "part": "B"}]
    assert hint["carry"] == "HCL" and hint["arrive"] == "LHCL"
    assert not hint["attack"] and not hint["delivery"]
    win = sc.winning_delivery()
    hint = win.describe_action(win.parse_action("a2-a1"))
    assert hint["delivery"] and hint["new"] == "L" and hint["arrive"] == "LB"
    assert s.describe_action(s.parse_action("b2-c3"))["legal"] is False
