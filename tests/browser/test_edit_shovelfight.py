"""Shovelfight's position editor in the built book, by clicks only: pieces moved, a zombie from
the supply and back, known cards laid on graves (no card lies there until dug), turned face up
and swapped, the turn handed over; the issue's own impossible edit (the ground falling under a
wizard) refused in words, and a grave turned up with no card; then a move played and
the position shared."""

from __future__ import annotations

import pytest

from test_position_editor import (choose, click_place, finish_and_share, open_editor, pick_then_click,
                                  position_shown, refused)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_shovelfight_set_up_by_clicks(built_book, static_server, page, browser):
    box = open_editor(page, static_server(built_book), "shovelfight")
    before = position_shown(box)
    assert before["phase"] == "act", "the playground's game has been dealt"
    w1 = before["teams"][0]["wizard"]
    assert before["teams"][0]["zombies"] == [w1]
    # player 1's wizard to c3: click the wizard, then the grave
    click_place(box, "W1")
    click_place(box, "c3")
    assert refused(box) == ""
    assert position_shown(box)["teams"][0]["wizard"] == "c3"
    # player 1's zombie follows to c2; player 2 raises one from the supply on c4
    click_place(box, f"Z1@{w1}")
    click_place(box, "c2")
    click_place(box, "supply2")
    click_place(box, "c4")
    assert refused(box) == ""
    shown = position_shown(box)
    assert shown["teams"][0]["zombies"] == ["c2"] and "c4" in shown["teams"][1]["zombies"]
    # ... and that zombie goes back to the supply
    click_place(box, "Z2@c4")
    click_place(box, "supply2")
    assert "c4" not in position_shown(box)["teams"][1]["zombies"]
    # impossible: the ground of c3 falls under player 1's wizard
    click_place(box, "c3")
    choose(box, "fallen.c3", True)
    assert "c3 has fallen; only a wizard about to leap or land may be there" in refused(box)
    assert position_shown(box)["fallen"] == [], "refused: nothing changed"
    # no card lies on c3 until it is dug (sf-deal-when-dug): turning it up needs one laid first
    assert position_shown(box)["graves"]["c3"] is None
    choose(box, "dug.c3", True)
    assert "a dug grave is face up: its card must be given" in refused(box)
    # lay the red 6 on c3 and the Joker on a1, both face up; then the two swapped
    choose(box, "lay.c3", "6r")
    choose(box, "dug.c3", True)
    click_place(box, "a1")
    choose(box, "lay.a1", "Jo")
    choose(box, "dug.a1", True)
    cards = position_shown(box)["graves"]
    assert (cards["c3"], cards["a1"]) == ("6r", "Jo")
    click_place(box, "c3")
    choose(box, "turn", 0)
    pick_then_click(box, "card.c3", "a1")
    assert refused(box) == ""
    edited = position_shown(box)
    assert {"a1", "c3"} <= set(edited["dug"]) and edited["turn"] == 0
    assert (edited["graves"]["c3"], edited["graves"]["a1"]) == (cards["a1"], cards["c3"])
    finish_and_share(page, box, browser, "shovelfight")
