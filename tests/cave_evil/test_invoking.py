"""Squad action A. Invoke, and its bond with movement (rule ce-invoke-move, ruling ce-invoke-whole):
"either the Necromancer or the squad in question may move -- but not both", and a squad N that
received an invoked creature does not break up that turn (issue 28: audit 1 W1, W4, U3, U4;
audit 2 W2, W3)."""

from .test_full_game import at_actions


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
