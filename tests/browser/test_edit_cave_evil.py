"""Cave Evil's edit mode on the playground's first Cave Evil board (the map game): after the roll
for the first player, squads are moved and split by clicks on the map's hexes, an impossible edit
(two squads on one hex) is refused in words, and the edited position is played and shared."""

from __future__ import annotations

import pytest

from necro.cave_evil.hexes import neighbours, parse_hex
from test_book_engine import ENGINE_MS, assert_clean
from test_position_editor import click_place, choose, finish_and_share, open_editor, pick_then_click, \
    position_shown, refused

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def squads(position) -> dict:
    return {s["id"]: (s["at"], [c["id"] for c in s["creatures"]]) for s in position["squads"]}


def test_cave_evil_set_up_by_clicks(built_book, static_server, page, browser):
    box = open_editor(page, static_server(built_book), "cave-evil")
    assert squads(position_shown(box))["0:N"] == ("+0+9", ["necromancer-1", "necromonk-1"])
    # player 1's squad N off its crystal: click its hex, then where it goes
    click_place(box, "+0+9")
    click_place(box, "+0+8")
    assert refused(box) == ""
    assert squads(position_shown(box))["0:N"][0] == "+0+8"
    # impossible: onto the hex of player 2's squad
    click_place(box, "+0+8")
    click_place(box, "+0-9")
    assert "two squads on +0-9" in refused(box)
    assert squads(position_shown(box))["0:N"][0] == "+0+8"  # refused: nothing changed
    # the Necromonk breaks off into a new squad (control card I) on +0+7
    click_place(box, "+0+8")
    pick_then_click(box, "creature.necromonk-1", "+0+7")
    assert refused(box) == ""
    after = squads(position_shown(box))
    assert after["0:N"] == ("+0+8", ["necromancer-1"]) and after["0:I"] == ("+0+7", ["necromonk-1"])
    # squad I has already acted this turn
    box.locator(".necro-edit-element").select_option("+0+7")
    choose(box, "acted.0:I", True)
    assert all(c.get("acted") for c in next(s for s in position_shown(box)["squads"] if s["id"] == "0:I")["creatures"])
    finish_and_share(page, box, browser, "cave-evil")



def test_the_full_game_board_takes_the_same_clicks(built_book, static_server, page):
    """The second Cave Evil board (the full game, with the Protectors) offers the same squad
    controls: a squad is put elsewhere by two clicks, and a move onto another squad is refused."""
    page.goto(static_server(built_book) + "book/playground.html")
    page.wait_for_function("document.querySelectorAll('.necro-w').length >= 6", timeout=60_000)
    box = page.locator(".necro-w").nth(5)
    box.scroll_into_view_if_needed()
    box.locator(".necro-edit-toggle").click()
    page.wait_for_function("(b) => b.dataset.editing === '1' && b.dataset.busy !== '1'",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    before = position_shown(box)  # a player's view: hidden cards stay hidden in edit mode too
    mine = next(s for s in before["squads"] if s["id"] == "0:N")
    other = next(s for s in before["squads"] if s["id"] != "0:N")
    click_place(box, mine["at"])  # its controls show: where the squad may go
    offered = set(box.locator(".necro-edit [data-control='squad.0:N'] option").evaluate_all(
        "(os) => os.map((o) => JSON.parse(o.value))"))
    to = None
    for h in [str(h) for h in neighbours(parse_hex(mine["at"])) if str(h) in offered]:
        click_place(box, mine["at"])  # the first free neighbour that is no spawn pit
        click_place(box, h)
        if refused(box) == "":
            to = h
            break
    assert to is not None and squads(position_shown(box))["0:N"][0] == to
    click_place(box, to)
    click_place(box, other["at"])
    assert f"two squads on {other['at']}" in refused(box)
    assert squads(position_shown(box))["0:N"][0] == to
    assert_clean(page)
