"""The presenter view (widgets/core/presenter.js) of an ordinary chapter board and of a replay, in
the built book with no kernel: entered and left by its visible button (by pointer and by keyboard),
the whole window in large type, the game told in sentences beside the board; Left and Right step
back and forth (undo and redo on a board, the recorded game's moves on a replay), D shows or hides
the decisions, Esc leaves and gives the focus back to the button. axe-core finds nothing serious
in it. (The lesson board's presenter view is in test_lesson_board.py.)"""

from __future__ import annotations

import pathlib

import pytest

from tests.widget.test_replay import greedy_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ENGINE_MS = 60_000


def wait_idle(box) -> None:
    box.page.wait_for_function("(b) => b.dataset.busy !== '1' && b.dataset.engine !== 'starting'"
                               " && b.dataset.engine !== 'attaching'", arg=box.element_handle(), timeout=ENGINE_MS)


def open_board(page, url: str, selector: str):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(url)
    page.wait_for_function("(s) => { const b = document.querySelector(s);"
                           " return b && b.querySelector('.necro-status').textContent.length > 0; }",
                           arg=selector, timeout=60_000)
    box = page.locator(selector).first
    box.scroll_into_view_if_needed()
    # no kernel answers: the page knows it (before, only the last of quick requests is kept for one)
    page.wait_for_function("(b) => b.dataset.mode !== 'pending'", arg=box.element_handle(), timeout=60_000)
    return box


def heading(box) -> str:
    return box.locator(".necro-presenter-text h3").inner_text()


def presenting(box) -> bool:
    return "necro-presenter" in box.get_attribute("class").split()


def focused_in(box) -> bool:
    return box.evaluate("(b) => b.contains(document.activeElement)")


def assert_full_window(box) -> None:
    where = box.bounding_box()
    assert where["width"] >= 1200 and where["height"] >= 700, where
    size = box.locator(".necro-presenter-now").evaluate("(n) => parseFloat(getComputedStyle(n).fontSize)")
    assert size >= 22  # large type (the page's boards use 14px)


def test_a_chapter_board_in_the_presenter_view(built_book, static_server, page):
    box = open_board(page, static_server(built_book) + "book/graveyard-shift/index.html", ".necro-w:not([data-lesson])")
    first = box.locator(".necro-actions [data-a]").first
    move = first.get_attribute("data-a")
    first.click()
    wait_idle(box)
    status = box.locator(".necro-status").inner_text()
    enter = box.locator(".necro-side .necro-present")
    enter.click()
    assert presenting(box) and enter.get_attribute("aria-pressed") == "true"
    assert_full_window(box)
    assert box.locator(".necro-actions").is_hidden() and box.locator(".necro-logbox").is_hidden()
    now = heading(box)
    assert now.endswith(f"({move})"), now
    assert box.locator(".necro-presenter-now p").count() >= 1  # the step's log lines, as sentences
    assert box.locator(".necro-presenter-now .necro-presenter-why a").count() >= 1  # each with its rule, linked
    assert focused_in(box)
    page.keyboard.press("ArrowLeft")  # undo
    wait_idle(box)
    assert heading(box) != now and not heading(box).endswith(f"({move})")
    page.keyboard.press("ArrowRight")  # redo
    wait_idle(box)
    assert heading(box) == now and box.locator(".necro-status").inner_text() == status
    page.keyboard.press("ArrowRight")  # nothing to redo: the view says what to do
    assert "show the decisions (D)" in box.locator(".necro-presenter-said").inner_text()
    page.keyboard.press("d")
    assert box.locator(".necro-actions").is_visible()
    assert box.locator(".necro-presenter-decisions").get_attribute("aria-pressed") == "true"
    page.keyboard.press("d")
    assert box.locator(".necro-actions").is_hidden()
    for key in ["Tab"] * 30 + ["Shift+Tab"] * 30:  # the view covers the page: Tab goes round its own controls
        page.keyboard.press(key)
        assert focused_in(box), key
    box.locator(".necro-presenter-leave").click()  # the visible control leaves too
    assert not presenting(box) and enter.get_attribute("aria-pressed") == "false"
    assert box.locator(".necro-logbox").is_visible()
    page.necro_log.assert_quiet(page.url)


def test_a_replay_is_stepped_through_by_keyboard(built_book, static_server, page):
    game = greedy_game()
    line = [step.action for step in game.steps]
    box = open_board(page, static_server(built_book) + "book/playground.html", ".necro-w[data-replay]")
    assert box.get_attribute("data-replay") == str(len(line))
    enter = box.locator(".necro-side .necro-present")
    enter.focus()
    page.keyboard.press("Enter")
    assert presenting(box)
    assert_full_window(box)
    where = box.locator(".necro-presenter-where")
    assert where.inner_text() == f"Move 0 of {len(line)} of the recorded game"
    assert heading(box) == "Nothing has happened yet"
    for number in range(1, 4):
        page.keyboard.press("ArrowRight")
        wait_idle(box)
        assert where.inner_text() == f"Move {number} of {len(line)} of the recorded game"
        assert heading(box) == f"Step {number} ({line[number - 1]})"
    assert box.locator(".necro-presenter-earlier li").count() == 2  # the earlier steps, the latest first
    assert box.locator(".necro-presenter-earlier li").first.inner_text().startswith(f"Step 2 ({line[1]})")
    page.keyboard.press("ArrowLeft")
    wait_idle(box)
    assert where.inner_text() == f"Move 2 of {len(line)} of the recorded game"
    page.keyboard.press("ArrowRight")  # the undone move comes back
    wait_idle(box)
    # off the recorded game: another move, shown with D and chosen by keyboard
    page.keyboard.press("d")
    other = next(a for a in box.locator(".necro-actions [data-a]").evaluate_all("(n) => n.map((x) => x.dataset.a)")
                 if a != line[3])
    box.locator(f'.necro-actions [data-a="{other}"]').focus()
    page.keyboard.press("Enter")
    wait_idle(box)
    assert where.inner_text() == "Off the recorded game"
    page.keyboard.press("ArrowRight")
    assert "left the recorded game" in box.locator(".necro-presenter-said").inner_text()
    page.keyboard.press("ArrowLeft")
    wait_idle(box)
    page.keyboard.press("d")
    for number in range(4, len(line) + 1):  # to the end of the game
        page.keyboard.press("ArrowRight")
        wait_idle(box)
    assert where.inner_text() == f"Move {len(line)} of {len(line)} of the recorded game"
    assert box.locator(".necro-status").inner_text() == game.status()
    page.keyboard.press("Home")
    wait_idle(box)
    assert where.inner_text() == f"Move 0 of {len(line)} of the recorded game"
    page.keyboard.press("Escape")
    assert not presenting(box)
    assert page.evaluate("document.activeElement.classList.contains('necro-present')")  # back on the button
    page.necro_log.assert_quiet(page.url)


def test_a_replay_plays_to_its_end_from_file_with_no_engine(built_book, page):
    """From file:// no engine starts: the page's graph alone holds the recorded game."""
    game = greedy_game()
    total = len(game.steps)
    box = open_board(page, (built_book / "book" / "playground.html").as_uri(), ".necro-w[data-replay]")
    box.locator(".necro-side .necro-present").click()
    for number in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        if number == 5:  # no "only some moves were precomputed" on the way: the page holds the game
            assert box.locator(".necro-note").inner_text() == ""
    assert box.locator(".necro-presenter-where").inner_text() == f"Move {total} of {total} of the recorded game"
    assert box.locator(".necro-status").inner_text() == game.status()
    assert box.get_attribute("data-mode") == "static"
    page.keyboard.press("ArrowRight")
    assert box.locator(".necro-presenter-said").inner_text() == "This is the end of the game."
    page.necro_log.assert_quiet(page.url)


def test_the_replays_next_move_button_steps_outside_the_presenter_view(built_book, static_server, page):
    line = [step.action for step in greedy_game().steps]
    box = open_board(page, static_server(built_book) + "book/playground.html", ".necro-w[data-replay]")
    for _ in range(2):
        box.locator(".necro-replay-next").click()
        wait_idle(box)
    steps = box.locator(".necro-log li .necro-step").all_inner_texts()
    assert steps[-1] == "2." and line[1] in box.locator(".necro-log li").last.inner_text()
    page.necro_log.assert_quiet(page.url)


def test_the_presenter_view_has_no_serious_accessibility_finding(built_book, static_server, page):
    """axe-core on the playground with its replay in the presenter view, a few moves in and the
    decisions shown, in the light colour scheme and the dark."""
    from test_accessibility import AXE, findings_light_and_dark

    page.emulate_media(color_scheme="light")
    box = open_board(page, static_server(built_book) + "book/playground.html", ".necro-w[data-replay]")
    box.locator(".necro-side .necro-present").click()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
        wait_idle(box)
    page.keyboard.press("d")
    assert box.locator(".necro-presenter-earlier li").count() == 3
    page.add_script_tag(path=str(AXE))
    found = findings_light_and_dark(page)
    assert not found, "\n".join(found)


def test_a_replay_in_the_presenter_view_steps_the_kernels_game(jupyterlab, page, wait_for_text):
    """In JupyterLab the presenter's keys reach the engine in the kernel: the recorded moves, then
    undo."""
    from test_widget_live import live_board

    line = [step.action for step in greedy_game().steps]
    probe = pathlib.Path(str(jupyterlab.probe) + ".replay")
    box = live_board(page, jupyterlab, "widget_replay.ipynb", "data-replay", "replay steps at start: 0")
    box.locator(".necro-side .necro-present").click()
    for number in range(1, 4):
        page.keyboard.press("ArrowRight")
        assert wait_for_text(probe, str(number)) == str(number)
        page.wait_for_function("(n) => document.querySelector('.jp-OutputArea .necro-presenter-where').textContent"
                               " === `Move ${n} of " + str(len(line)) + " of the recorded game`", arg=number)
    assert box.locator(".necro-presenter-text h3").inner_text() == f"Step 3 ({line[2]})"
    page.keyboard.press("ArrowLeft")
    assert wait_for_text(probe, "2") == "2"
    page.keyboard.press("Escape")
    assert "necro-presenter" not in box.get_attribute("class").split()
