"""Day of the Dead's edit mode: every editable field, one edit accepted and one refused.

Each refusal is the engine's: either a value the control does not offer, or the
loader's reason (cards conserved, no more than the deal gave, enough left to
lay, a spirit only once it is laid).
"""

import pytest

from necro.core import FormatError, edit
from necro.core.edit import EditError
from necro.day_of_the_dead import DayOfTheDead


def at_choice(seed=4):
    """Turn 1 after the deal and the priority: the priority holder lays a face-down fighter."""
    s = DayOfTheDead().new_initial_state(seed)
    while s.is_chance_node():
        s.play_chance()
    assert s.task["do"] == "fallen"
    return s


def at_spirit(seed=4):
    """Turn 1, both fighters laid: the priority holder chooses a spirit."""
    s = at_choice(seed)
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    assert s.task["do"] == "spirit"
    return s


def ids(state):
    return [c.id for c in edit.controls(state)]


def test_controls_are_offered_at_the_summoning_choice_and_only_scores_mid_fight():
    s = at_spirit()
    found = ids(s)
    assert "place.p1-slot1" in found and "turn" in found and "priority" in found and "give.0" in found
    assert "place.p1-spirit" not in found, "a spirit not yet laid is laid by the choice itself"
    while s.task is None or s.task["do"] in ("spirit", "fallen") or s.is_chance_node():
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert [i for i in ids(s) if not i.startswith(("option.", "game."))] == ["score.0", "score.1"]


def test_a_card_in_play_trades_places():
    s = at_spirit()
    first = s.task["p"]
    here = s.slots[first][0][0]
    hand_card = s.hands[1 - first][0]
    e = edit.edit(s, f"place.p{first + 1}-slot1", hand_card)
    assert e.slots[first][0][0] == hand_card and here in e.hands[1 - first]
    other = next(c for c in s.decks["P"] if here[0] != "P")
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(s, f"place.p{first + 1}-slot1", other)


def test_a_hand_card_moves_to_a_pile_or_the_other_hand():
    s = at_spirit()
    c = s.hands[0][0]
    e = edit.edit(s, f"hand.0.{c}", f"discard-{c[0]}")
    assert c not in e.hands[0] and e.discards[c[0]] == [c]
    e = edit.edit(s, f"hand.0.{c}", f"deck-{c[0]}")
    assert c in e.decks[c[0]]
    with pytest.raises(EditError, match="more than the 9 dealt"):
        edit.edit(s, f"hand.0.{c}", "hand2")
    moved = edit.edit(e, f"hand.1.{e.hands[1][0]}", "hand1")
    assert len(moved.hands[0]) == len(s.hands[0]) and len(moved.hands[1]) == len(s.hands[1]) - 1


def test_a_hand_takes_a_card_from_a_pile():
    s = at_spirit()
    c = s.hands[1][0]
    short = edit.edit(s, f"hand.1.{c}", f"deck-{c[0]}")
    given = edit.edit(short, "give.1", "U05")
    assert "U05" in given.hands[1] and "U05" not in given.decks["U"]
    with pytest.raises(EditError, match="player 2 has 10 cards in hand and in play"):
        edit.edit(s, "give.1", "U05")


def test_a_deck_card_is_discarded_and_put_back():
    s = at_spirit()
    e = edit.edit(s, "discard.D", s.decks["D"][0])
    assert e.discards["D"] == [s.decks["D"][0]]
    back = edit.edit(e, "restore.D", s.decks["D"][0])
    assert back.discards["D"] == [] and back.decks["D"] == s.decks["D"]
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(e, "restore.P", s.decks["D"][0])
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(s, "discard.D", s.decks["P"][0])


def test_the_turn_opens_or_closes_slots_from_the_hands():
    s = at_spirit()
    e = edit.edit(s, "turn", 4)
    assert e.turn == 4 and [len(line) for line in e.slots] == [4, 4] and e.task == {"do": "spirit", "p": s.priority}
    assert [len(h) for h in e.hands] == [5, 5] and e.spirits == [None, None]
    assert e.queue[-6:] == [["fight", 4], ["fight", 3], ["fight", 2], ["fight", 1], ["rewards"], ["end-turn"]]
    back = edit.edit(e, "turn", 1)
    assert [len(line) for line in back.slots] == [1, 1] and [len(h) for h in back.hands] == [8, 8]
    # the cards in hand and in line stay the player's: a hand emptied into the deck cannot lay the spirits to come
    t = s
    for c in s.hands[0][:2]:
        t = edit.edit(t, f"hand.0.{c}", f"deck-{c[0]}")
    with pytest.raises(EditError, match="must still lay"):
        edit.edit(t, f"hand.0.{t.hands[0][0]}", f"deck-{t.hands[0][0][0]}")
    assert [len(h) for h in edit.edit(t, "turn", 6).hands] == [1, 3]
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(s, "turn", 7)


def test_priority_starts_the_choice_again_and_a_laid_spirit_goes_back_to_hand():
    s = at_spirit()
    first = s.task["p"]
    laid = s.legal_actions()[0].arg
    s.apply(f"spirit {laid}")
    assert s.spirits[first] == laid
    e = edit.edit(s, "priority", 1 - first)
    assert e.priority == 1 - first and e.task == {"do": "spirit", "p": 1 - first}
    assert e.spirits == [None, None] and laid in e.hands[first]
    laying = at_choice()
    swapped = edit.edit(laying, "priority", 1 - laying.priority)
    assert swapped.task == {"do": "fallen", "p": 1 - laying.priority} and swapped.slots == [[], []]
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(s, "priority", 2)


def test_scores():
    s = at_spirit()
    assert edit.edit(s, "score.1", 42).scores == [0, 42]
    with pytest.raises(EditError, match="a whole number from 0 to 999"):
        edit.edit(s, "score.0", 1000)


def test_the_loader_refuses_a_spirit_before_its_choice_and_cards_beyond_the_deal():
    s = at_spirit()
    p = s.task["p"]
    pos = s.position()
    pos["spirits"][p] = pos["hands"][p].pop()
    with pytest.raises(FormatError, match="has not yet laid this turn's spirit"):
        DayOfTheDead().state_from_position(pos)
    s.apply(s.legal_actions()[0])
    pos = s.position()
    pos["hands"][p].append(pos["spirits"][p])
    pos["spirits"][p] = None
    with pytest.raises(FormatError, match="already laid this turn's spirit"):
        DayOfTheDead().state_from_position(pos)
    pos = s.position()
    pos["hands"][p].append(pos["decks"]["D"].pop())
    with pytest.raises(FormatError, match="more than the 9 dealt"):
        DayOfTheDead().state_from_position(pos)
