"""The position editor in the built book: set up a position by clicks only, have one impossible
edit refused in words, play a move from the edited position, share it, and find the same position
behind the link in a fresh page.

Edit mode (necro/core/edit.py, widgets/core/editor.js) runs on the playground page's boards with the
rules engine in the browser. These helpers are shared by each game's editor test
(``test_edit_<game>.py``): a game's test only says what to click.
"""

from __future__ import annotations

import json

import pytest

from test_book_engine import ENGINE_MS, assert_clean, wait_idle
from test_share_links import board_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def open_editor(page, base: str, game_id: str):
    """The playground's board of ``game_id``, in edit mode (the in-browser engine started)."""
    page.goto(base + "book/playground.html")
    box = board_of(page, game_id)
    box.scroll_into_view_if_needed()
    box.locator(".necro-edit-toggle").click()
    page.wait_for_function("(b) => b.dataset.editing === '1' && b.dataset.busy !== '1'",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    return box


def click_place(box, element: str) -> None:
    """Click a piece or place of the board in edit mode (``data-edit``), and wait for the engine."""
    box.locator(f".necro-board [data-edit='{element}']").first.click()
    wait_idle(box)


def pick_then_click(box, control: str, element: str) -> None:
    """Arm a control that takes a place on the board ("pick on board"), then click that place."""
    box.locator(f".necro-edit label:has([data-control='{control}']) .necro-edit-pick").click()
    click_place(box, element)


def choose(box, control: str, value) -> None:
    """Choose a value of an edit-mode select with the mouse (no typing): the option carrying it."""
    box.locator(f".necro-edit [data-control='{control}']").select_option(json.dumps(value))
    wait_idle(box)


def refused(box) -> str:
    return box.locator(".necro-error").inner_text()


def position_shown(box) -> dict:
    """The position as the board's JSON panel shows it now (opened with a click)."""
    details = box.locator(".necro-editor")
    if not details.evaluate("(d) => d.open"):
        details.locator("summary").click()
    box.locator(".necro-current").click()
    return json.loads(box.locator(".necro-editor textarea").input_value())


def take_hot_seat(box) -> None:
    """A board of a game with secrets opens on the table's view, where a player deciding in secret
    has no choice listed: hand the screen over (the hot seat), as the board offers."""
    hand_over = box.locator("button.necro-take-seat", has_text="Hot seat")
    if hand_over.count():
        hand_over.click()
        wait_idle(box)
        assert box.locator(".necro-viewer").input_value() == ""


def finish_and_share(page, box, browser, game_id: str) -> None:
    """Leave edit mode, play the first offered move, copy the link and open it in a fresh page:
    the same position must be there."""
    box.locator(".necro-edit-done").click()
    page.wait_for_function("(b) => b.dataset.editing === '0' && b.dataset.busy !== '1'",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    assert refused(box) == ""
    take_hot_seat(box)
    box.locator(".necro-action").first.click()
    wait_idle(box)
    assert refused(box) == ""
    expected = position_shown(box)
    box.locator(".necro-share").click()
    page.wait_for_function("(b) => b.querySelector('.necro-link-url').value.includes('#necro=')",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    url = box.locator(".necro-link-url").input_value()
    other = browser.new_page()
    try:
        other.goto(url)
        friend = board_of(other, game_id)
        other.wait_for_function("(b) => b.dataset.mode === 'browser' && b.dataset.busy !== '1'",
                                arg=friend.element_handle(), timeout=ENGINE_MS)
        friend.scroll_into_view_if_needed()
        assert refused(friend) == ""
        take_hot_seat(friend)  # the link, too, opens on the table's view
        assert position_shown(friend) == expected
    finally:
        other.close()
    assert_clean(page)


def test_graveyard_shift_set_up_by_clicks(built_book, static_server, page, browser):
    box = open_editor(page, static_server(built_book), "graveyard-shift")
    before = position_shown(box)
    bottom_b1 = before["board"]["b1"]
    # the top part of b1 onto c2: click b1, then c2
    click_place(box, "b1")
    click_place(box, "c2")
    assert refused(box) == ""
    after = position_shown(box)
    assert after["board"].get("b1", "") == bottom_b1[:-1]
    assert after["board"]["c2"] == before["board"]["c2"] + bottom_b1[-1]
    # impossible: a part resting on an entrance
    click_place(box, "c2")
    click_place(box, "a1")
    assert "parts never rest on an entrance" in refused(box)
    assert position_shown(box) == after  # refused: nothing changed
    # player 1's pawn onto the a1 gate, player 2 to move
    pick_then_click(box, "pawn.0", "a1")
    choose(box, "turn", 1)
    assert refused(box) == ""
    edited = position_shown(box)
    assert edited["pawns"][0] == "a1" and edited["turn"] == 1
    # undo takes the last edit back, redo puts it again
    box.locator(".necro-undo").click()
    wait_idle(box)
    assert position_shown(box)["turn"] == 0
    box.locator(".necro-redo").click()
    wait_idle(box)
    assert position_shown(box)["turn"] == 1
    finish_and_share(page, box, browser, "graveyard-shift")


def test_a_board_with_secrets_looks_through_the_table_or_a_seat(built_book, static_server, page):
    """Day of the Dead: the board offers whose eyes to look through, the table's by default; the
    table's view shows no hand that the deciding player's view shows."""
    box = open_editor(page, static_server(built_book), "day-of-the-dead")
    box.locator(".necro-edit-done").click()
    wait_idle(box)
    viewer = box.locator("select.necro-viewer")
    assert viewer.is_visible() and viewer.input_value() == "-2"
    table = position_shown(box)
    viewer.select_option("")
    wait_idle(box)
    hot = position_shown(box)
    assert box.locator(".necro-action").count() > 0 and box.locator(".necro-hidden-choices").count() == 0
    viewer.select_option("-2")
    wait_idle(box)
    assert refused(box) == "" and table != hot and position_shown(box) == table
    assert json.dumps(table).count('"name"') < json.dumps(hot).count('"name"'), "the table sees fewer card faces"
    # nor are the deciding player's choices listed to the table: they would name the hand
    assert box.locator(".necro-action").count() == 0
    assert "hidden from this seat" in box.locator(".necro-hidden-choices").inner_text()
    viewer.select_option("")
    wait_idle(box)
    assert box.locator(".necro-action").count() > 0 and box.locator(".necro-hidden-choices").count() == 0
