"""Day of the Dead's position editor on the playground, by clicks only: open turn 2, move a card
from a hand to its discard pile, trade a card in play for another, hand priority over; one
impossible edit (a hand of ten) is refused in the engine's words; then play on and share."""

from __future__ import annotations

import json

import pytest

from test_position_editor import choose, click_place, finish_and_share, open_editor, position_shown, refused

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAME = "day-of-the-dead"


def test_day_of_the_dead_set_up_by_clicks(built_book, static_server, page, browser):
    box = open_editor(page, static_server(built_book), GAME)
    before = position_shown(box)
    assert before["turn"] == 1 and before["task"]["do"] == "fallen"
    # turn 2: each line gets two slots from its hand, the summoning of the spirits starts
    choose(box, "turn", 2)
    assert refused(box) == ""
    turn2 = position_shown(box)
    assert turn2["turn"] == 2 and [len(line) for line in turn2["slots"]] == [2, 2]
    assert [len(h) for h in turn2["hands"]] == [7, 7]
    # impossible: player 1's card into player 2's full hand (ten cards, the deal gave nine)
    click_place(box, "hand1")  # selects the hand: its first card waits for a place
    click_place(box, "hand2")
    assert "more than the 9 dealt" in refused(box)
    assert position_shown(box) == turn2  # refused: nothing changed
    # player 1's first hand card onto its back's discard pile
    click_place(box, "hand1")
    moving = box.locator(".necro-edit [data-control^='hand.0.']").first.get_attribute("data-control")
    card = moving.split(".")[2]
    click_place(box, f"discard-{card[0]}")
    assert refused(box) == ""
    moved = position_shown(box)
    assert len(moved["hands"][0]) == 6 and len(moved["discards"][card[0]]) == 1
    # player 1's slot 1 trades places with the first card offered (a hand card)
    click_place(box, "p1-slot1")
    offered = json.loads(box.locator(".necro-edit [data-control='place.p1-slot1'] option").nth(1)
                         .get_attribute("value"))
    choose(box, "place.p1-slot1", offered)
    assert refused(box) == ""
    # (the JSON panel may show a face-down card by its back only: the control names the card)
    assert json.loads(box.locator(".necro-edit [data-control='place.p1-slot1']").input_value()) == offered
    traded = position_shown(box)
    # the priority counter to the other player: the summoning starts again with them
    choose(box, "priority", 1 - traded["priority"])
    assert refused(box) == ""
    final = position_shown(box)
    assert final["priority"] == 1 - traded["priority"] and final["task"] == {"do": "spirit", "p": final["priority"]}
    finish_and_share(page, box, browser, GAME)
