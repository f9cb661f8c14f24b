"""The Shambling Dead board in edit mode on the playground: a band set up by clicks only (figures
added to a zone, moved, wounded, the hour and its step chosen), a Front Line of seven refused in the engine's
words, then a move played and the link shared (helpers in test_position_editor.py)."""

from __future__ import annotations

import pytest

from test_position_editor import choose, click_place, finish_and_share, open_editor, position_shown, refused

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAME = "shambling-dead"


def add(box, zone: str, kind: str) -> dict:
    """Click player 1's zone, add a figure there from its select; the position after."""
    click_place(box, f"zone.0.{zone}")
    choose(box, f"add.0.{zone}", kind)
    assert refused(box) == ""
    return position_shown(box)


def front(pos) -> list:
    return [f for f in pos["boards"][0]["figs"] if f[1] != "Z" and f[3] == "F"]


def test_shambling_dead_set_up_by_clicks(built_book, static_server, page, browser):
    box = open_editor(page, static_server(built_book), GAME)
    pos = position_shown(box)
    if not any(f[1] == "H" for f in pos["boards"][0]["figs"]):
        pos = add(box, "F", "H")
    while len(front(pos)) < 6:
        pos = add(box, "F", "S")
    pos = add(box, "S", "S")
    newcomer = pos["boards"][0]["figs"][-1]
    assert newcomer[1:] == ["S", 0, "S"]
    # impossible: a Front Line of seven (click the survivor, then the Front Line's title)
    click_place(box, f"fig.0.{newcomer[0]}")
    click_place(box, "zone.0.F")
    assert "more than 6 survivors in the Front Line" in refused(box)
    assert position_shown(box) == pos  # refused: nothing changed
    # a Front Line survivor steps back into Support instead
    mover = front(pos)[-1]
    click_place(box, f"fig.0.{mover[0]}")
    click_place(box, "zone.0.S")
    assert refused(box) == ""
    pos = position_shown(box)
    assert [mover[0], mover[1], mover[2], "S"] in pos["boards"][0]["figs"]
    # a zombie in Support, the Hero wounded, the night at its fifth hour
    pos = add(box, "S", "Z")
    assert any(f[1] == "Z" and f[3] == "S" for f in pos["boards"][0]["figs"])
    hero = next(f for f in pos["boards"][0]["figs"] if f[1] == "H")
    click_place(box, f"fig.0.{hero[0]}")
    choose(box, f"wounds.0.{hero[0]}", 1)
    choose(box, "hour", 5)
    assert refused(box) == ""
    pos = position_shown(box)
    assert pos["hour"] == 5 and [hero[0], "H", 1, hero[3]] in pos["boards"][0]["figs"]
    # whose turn and the phase: straight to player 1's battle, past the Enemy Within's cards
    choose(box, "step", 1)
    assert refused(box) == ""
    pos = position_shown(box)
    assert pos["hour"] == 5 and ["within", 0] not in pos["queue"] and ["reorder", 0] in pos["queue"]
    finish_and_share(page, box, browser, GAME)
