"""Every lesson of the book (every ``book/*/lessons/*.json``) is completed in the built book with no
kernel, by pointer and by keyboard alone: the board asks, the engine checks. The tests read what to
do from the lesson file itself (the expected moves, the questions and their answers), so a lesson
added later is covered with no edit here; its page is found by the notebook cell that shows it.

On the way the reader tries another legal move (the lesson says why to try the one asked), an
illegal one (the engine, or the page's graph, refuses it), asks for a hint, and makes a wrong
prediction and a right one (the engine then plays the move out and the board lists what it did,
rule by rule). At the end the board shows the position the engine reaches on the lesson's line.
axe-core checks each lesson at its first prediction, in the light and the dark colour scheme.

The presenter, resume and kernel tests at the end use the Graveyard Shift lesson (the machinery is
the same for every lesson)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from necro.core.lesson import read_lesson, validate

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
BOOK = REPO / "book"
LESSON_FILES = sorted(BOOK.glob("*/lessons/*.json"))
GS_FILE = BOOK / "graveyard-shift" / "lessons" / "first-game.json"
LESSON = json.loads(GS_FILE.read_text(encoding="utf-8"))
ENGINE_MS = 60_000


def lesson_page(path: pathlib.Path) -> str:
    """The book page (relative to the book's root, .html) whose notebook shows the lesson at
    ``path``: a code cell naming ``lessons/<file>`` in the game's folder. The quick start
    (``learn.ipynb``) is preferred when several pages show it."""
    game = path.parent.parent
    named = re.compile(r"[\"']lessons/" + re.escape(path.name) + r"[\"']")
    pages = []
    for notebook in sorted(game.glob("*.ipynb"), key=lambda nb: (nb.stem != "learn", nb.stem)):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        if any(cell["cell_type"] == "code" and named.search("".join(cell["source"])) for cell in cells):
            pages.append(notebook)
    assert pages, f"no notebook in {game.relative_to(REPO)} shows lessons/{path.name}"
    return f"book/{game.name}/{pages[0].stem}.html"


CASES = [pytest.param(path, id=str(path.relative_to(BOOK).with_suffix(""))) for path in LESSON_FILES]


def open_lesson(page, base: str, path: pathlib.Path = GS_FILE, attach: bool = True):
    lesson_id = json.loads(path.read_text(encoding="utf-8"))["id"]
    page.goto(base + lesson_page(path))
    chosen = f'.necro-w[data-lesson="{lesson_id}"]'
    page.wait_for_function("(s) => document.querySelector(s + ' .necro-lesson') !== null", arg=chosen, timeout=60_000)
    box = page.locator(chosen).first
    box.scroll_into_view_if_needed()
    if not attach:  # as the reader finds it: the page's graph answers, the engine not yet started
        return box
    # Point at the board and let the page's engine take over before playing, so that each test's
    # moves all meet the same engine (test_presses_in_a_burst_... plays through the attaching).
    box.hover()
    page.wait_for_function("(b) => b.dataset.mode === 'browser'", arg=box.element_handle(), timeout=ENGINE_MS)
    wait_idle(box)
    return box


def wait_idle(box) -> None:
    box.page.wait_for_function("(b) => b.dataset.busy !== '1' && b.dataset.engine !== 'starting'"
                               " && b.dataset.engine !== 'attaching'", arg=box.element_handle(), timeout=ENGINE_MS)


def wait_for_turn(box, notation: str) -> None:
    """Wait until the board has played the lesson's moves so far and offers ``notation`` among the
    decisions (the engine in the reader's browser answers after the click; a move made before
    would be on a position about to change, and the lesson asks to wait)."""
    box.page.wait_for_function("([b, a]) => [...b.querySelectorAll('.necro-actions [data-a]')].some((x) => x.dataset.a === a)",
                               arg=[box.element_handle(), notation], timeout=ENGINE_MS)


def feedback(box) -> str:
    return box.locator(".necro-lesson-feedback").inner_text()


def progress(box) -> str:
    return box.locator(".necro-lesson-progress").inner_text()


def predict_steps(doc: dict) -> list[int]:
    return [i for i, step in enumerate(doc["steps"]) if step["ask"] == "predict"]


def end_status(path: pathlib.Path) -> str:
    """What the engine says at the end of the lesson's main line (the board must say the same)."""
    return validate(read_lesson(path)).status()


def check_answer(box, step: dict, wrong: bool) -> None:
    said = feedback(box)
    assert said.startswith("Not quite" if wrong else "Right."), said
    assert step["rule"] in said
    played = box.locator(".necro-lesson-played li").all_inner_texts()
    if step["ask"] == "predict":  # the engine played the prediction out and says what it did
        assert played and all("(" in line for line in played), played
    else:
        assert not played


def try_off_script(box, step: dict) -> None:
    """At the first move asked: another legal move gets the lesson's reason, a hint, and an
    illegal move typed gets a refusal; the step stays where it was."""
    before = progress(box)
    others = [a for a in box.locator(".necro-actions [data-a]").evaluate_all("(xs) => xs.map((x) => x.dataset.a)")
              if a not in step["expect"]]
    if others:
        box.locator(f'.necro-actions [data-a="{others[0]}"]').first.click()
        assert f"{others[0]} is legal, but try {step['expect'][0]}" in feedback(box)
    box.locator(".necro-lesson-hint").click()
    assert feedback(box).startswith("Hint:")
    box.locator(".necro-lesson-typed").fill("no-such-move")
    box.locator(".necro-lesson-try").click()
    wait_idle(box)
    box.page.wait_for_function("(b) => b.querySelector('.necro-lesson-feedback').dataset.kind === 'refused'",
                               arg=box.element_handle(), timeout=ENGINE_MS)
    assert "refuses no-such-move" in feedback(box)
    assert progress(box) == before


@pytest.mark.parametrize("path", CASES)
def test_every_lesson_is_completed_by_pointer(built_book, static_server, page, path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    steps, total = doc["steps"], len(doc["steps"])
    box = open_lesson(page, static_server(built_book), path)
    wrong = predict_steps(doc)[0]  # the first prediction is answered wrong, the others right
    first_move = next(i for i, step in enumerate(steps) if step["ask"] == "move")
    for index, step in enumerate(steps):
        assert progress(box) == f"step {index + 1} of {total}"
        assert box.locator(".necro-lesson-text").inner_text() == step["text"]
        if step["ask"] == "move":
            wait_for_turn(box, step["expect"][0])
            if index == first_move:
                try_off_script(box, step)
            button = box.locator(f'.necro-actions [data-a="{step["expect"][0]}"]')
            if button.count():
                button.first.click()
            else:  # a move the decisions do not list as one button: typed
                box.locator(".necro-lesson-typed").fill(step["expect"][0])
                box.locator(".necro-lesson-try").click()
        elif step["ask"] == "read":
            box.locator(".necro-lesson-next").click()
        else:
            pick = (step["answer"] + 1) % len(step["options"]) if index == wrong else step["answer"]
            box.locator(f'.necro-lesson-option[data-option="{pick}"]').click()
            wait_idle(box)
            check_answer(box, step, index == wrong)
            box.locator(".necro-lesson-next").click()
        wait_idle(box)
    assert progress(box) == "finished"
    assert end_status(path) in box.locator(".necro-status").inner_text()
    stored = page.evaluate("(key) => localStorage.getItem(key)", f"necro-lesson:{doc['id']}")
    assert json.loads(stored)["done"] is True
    page.necro_log.assert_quiet(page.url)


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (the reader's keyboard only)."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("path", CASES)
def test_every_lesson_is_completed_by_keyboard(built_book, static_server, page, path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    steps, total = doc["steps"], len(doc["steps"])
    box = open_lesson(page, static_server(built_book), path)
    page.locator("body").focus()
    predicts = predict_steps(doc)
    wrong = predicts[1] if len(predicts) > 1 else predicts[0]  # this time the second prediction is wrong
    for index, step in enumerate(steps):
        assert progress(box) == f"step {index + 1} of {total}"
        if step["ask"] == "move":
            wait_for_turn(box, step["expect"][0])
            tab_to(page, ".necro-lesson-typed")
            page.keyboard.type(step["expect"][0])
            page.keyboard.press("Enter")
            wait_idle(box)
            following = steps[index + 1]["ask"] if index + 1 < total else None
            if following == "move":  # the field keeps the focus from one move to the next
                assert page.evaluate("document.activeElement.classList.contains('necro-lesson-typed')")
        elif step["ask"] == "read":
            tab_to(page, ".necro-lesson-next")
            page.keyboard.press("Enter")
            wait_idle(box)
        else:
            pick = (step["answer"] + 1) % len(step["options"]) if index == wrong else step["answer"]
            tab_to(page, f'.necro-lesson-option[data-option="{pick}"]')
            page.keyboard.press("Space")
            wait_idle(box)
            check_answer(box, step, index == wrong)
            # the focus is on Next: Enter goes on
            assert page.evaluate("document.activeElement.classList.contains('necro-lesson-next')")
            page.keyboard.press("Enter")
            wait_idle(box)
    assert progress(box) == "finished"
    assert end_status(path) in box.locator(".necro-status").inner_text()
    page.necro_log.assert_quiet(page.url)


@pytest.mark.parametrize("path", CASES)
def test_every_lesson_board_has_no_serious_accessibility_finding(built_book, static_server, page, path):
    """axe-core on the lesson's page with the lesson at its first prediction just answered
    (options, feedback with its rule link, the engine's lines), in the light colour scheme and
    the dark."""
    from test_accessibility import AXE, findings_light_and_dark

    doc = json.loads(path.read_text(encoding="utf-8"))
    page.emulate_media(color_scheme="light")
    box = open_lesson(page, static_server(built_book), path)
    first = predict_steps(doc)[0]
    for index, step in enumerate(doc["steps"][:first]):
        if step["ask"] == "move":
            wait_for_turn(box, step["expect"][0])
            box.locator(".necro-lesson-typed").fill(step["expect"][0])
            box.locator(".necro-lesson-try").click()
        elif step["ask"] == "read":
            box.locator(".necro-lesson-next").click()
        else:
            box.locator(f'.necro-lesson-option[data-option="{step["answer"]}"]').click()
            wait_idle(box)
            box.locator(".necro-lesson-next").click()
        wait_idle(box)
    box.locator('.necro-lesson-option[data-option="0"]').click()
    wait_idle(box)
    page.wait_for_function("(b) => b.querySelectorAll('.necro-lesson-played li').length > 0",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    page.add_script_tag(path=str(AXE))
    found = findings_light_and_dark(page)
    assert not found, "\n".join(found)


def test_the_graveyard_shift_refusal_names_its_rule_and_links_the_chapter(built_book, static_server, page):
    """An illegal move is refused by the engine in the reader's browser with the rule it breaks,
    linked to the chapter."""
    box = open_lesson(page, static_server(built_book))
    box.locator('.necro-actions [data-a="enter a1"]').click()
    wait_idle(box)
    box.page.wait_for_function("(b) => b.dataset.mode === 'browser'", arg=box.element_handle(), timeout=ENGINE_MS)
    box.locator(".necro-lesson-typed").fill("a1-c1")
    box.locator(".necro-lesson-try").click()
    wait_idle(box)
    box.page.wait_for_function("(b) => b.querySelector('.necro-lesson-feedback').dataset.kind === 'refused'",
                               arg=box.element_handle(), timeout=ENGINE_MS)
    assert "refuses a1-c1" in feedback(box) and "gs-move-empty" in feedback(box)
    link = box.locator(".necro-lesson-feedback a")
    assert link.get_attribute("href").endswith("graveyard-shift/index.html#gs-move-empty")


def test_the_presenter_view_steps_through_the_lesson_with_the_arrow_keys(built_book, static_server, page):
    """Full window, large type, the lesson beside the board; Right plays the asked move or reveals
    the answer, Left goes back a step (the board replays the lesson's line to there), D shows or
    hides the decisions, Esc leaves."""
    page.set_viewport_size({"width": 1280, "height": 800})
    box = open_lesson(page, static_server(built_book))
    box.locator(".necro-lesson-present").click()
    assert box.get_attribute("class").split().count("necro-presenter") == 1
    assert box.locator(".necro-lesson-present").get_attribute("aria-pressed") == "true"
    where = box.bounding_box()
    assert where["width"] >= 1200 and where["height"] >= 700  # the whole window
    assert box.locator(".necro-actions").is_hidden()
    page.keyboard.press("d")
    assert box.locator(".necro-actions").is_visible()
    page.keyboard.press("d")
    total = len(LESSON["steps"])
    for index in range(3):
        assert progress(box) == f"step {index + 1} of {total}"
        page.keyboard.press("ArrowRight")
        wait_idle(box)
    assert progress(box) == f"step 4 of {total}"
    status = box.locator(".necro-status").inner_text()
    page.keyboard.press("ArrowLeft")
    wait_idle(box)
    assert progress(box) == f"step 3 of {total}"
    assert box.locator(".necro-status").inner_text() != status
    assert box.locator(".necro-actions [data-a='b1-a1']").count() == 1  # the board is back at step 3
    for _ in range(2 * total):  # a question takes two presses: reveal, then next
        if progress(box) == "finished":
            break
        page.keyboard.press("ArrowRight")
        wait_idle(box)
    assert progress(box) == "finished"
    assert "player 1 wins" in box.locator(".necro-status").inner_text()
    page.keyboard.press("Escape")
    assert "necro-presenter" not in box.get_attribute("class").split()
    page.necro_log.assert_quiet(page.url)


def press_in_one_go(box, key: str, times: int) -> None:
    """``times`` key presses dispatched in one task of the page, so that none waits for the engine's
    answer to the one before: the fastest a teacher can press."""
    box.evaluate("(b, [key, times]) => { for (let i = 0; i < times; i++)"
                 " b.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })); }",
                 [key, times])


@pytest.mark.parametrize("attach", [False, True], ids=["page-graph", "page-engine"])
def test_presses_in_a_burst_all_play_in_order(built_book, static_server, page, attach):
    """A teacher pressing Right many times in a row, on the page's graph as the reader finds it and
    on the page's engine (which answers after the press): every press plays its step (the asked
    move, a text read, an answer revealed, the next step), none is answered "one moment", and the
    board ends on the lesson's line. Then Left twice and Right in one go: the board replays to there
    and plays on, in order. (Before, a press while the board caught up was answered "one moment"
    and lost.)"""
    page.set_viewport_size({"width": 1280, "height": 800})
    box = open_lesson(page, static_server(built_book), attach=attach)
    box.locator(".necro-lesson-present").click()
    steps = LESSON["steps"]
    target = 7  # the first 7 steps: moves, a text, a question (two presses)
    presses = sum(1 if step["ask"] in ("move", "read") else 2 for step in steps[:target])
    press_in_one_go(box, "ArrowRight", presses)
    assert progress(box) == f"step {target + 1} of {len(steps)}"
    assert box.locator(".necro-lesson-feedback").get_attribute("data-kind") == "right"
    page.keyboard.press("d")  # the decisions shown: the asked move is offered once all is played
    wait_for_turn(box, steps[target]["expect"][0])
    wait_idle(box)
    box.locator(f'.necro-actions [data-a="{steps[target]["expect"][0]}"]').click()  # the board is really there
    wait_idle(box)
    assert progress(box) == f"step {target + 2} of {len(steps)}"
    press_in_one_go(box, "ArrowLeft", 2)
    press_in_one_go(box, "ArrowRight", 1)
    assert progress(box) == f"step {target + 1} of {len(steps)}"
    wait_for_turn(box, steps[target]["expect"][0])
    wait_idle(box)
    box.locator(f'.necro-actions [data-a="{steps[target]["expect"][0]}"]').click()
    wait_idle(box)
    assert progress(box) == f"step {target + 2} of {len(steps)}"
    assert box.locator(".necro-lesson-feedback").get_attribute("data-kind") == "right"
    page.necro_log.assert_quiet(page.url)


def test_the_browser_remembers_the_step_reached_and_resumes_there(built_book, static_server, page):
    base = static_server(built_book)
    box = open_lesson(page, base)
    assert box.locator(".necro-lesson-resume").is_hidden()
    for step in LESSON["steps"][:3]:
        box.locator(f'.necro-actions [data-a="{step["expect"][0]}"]').click()
        wait_idle(box)
    status = box.locator(".necro-status").inner_text()
    box = open_lesson(page, base)  # the page again: the lesson starts over, and offers to resume
    assert progress(box) == f"step 1 of {len(LESSON['steps'])}"
    assert "reached step 4" in box.locator(".necro-lesson-saved").inner_text()
    box.locator(".necro-lesson-resume").click()
    wait_idle(box)
    assert progress(box) == f"step 4 of {len(LESSON['steps'])}"
    assert box.locator(".necro-status").inner_text() == status
    assert box.locator(".necro-lesson-resume").is_hidden()
    page.necro_log.assert_quiet(page.url)


def test_the_lesson_board_plays_with_a_kernel(jupyterlab, page, wait_for_text):
    """In JupyterLab the same lesson board checks its moves with the engine in the kernel: the
    expected move and the reply reach the kernel's state, an illegal move comes back refused with
    its rule, and a presenter's presses in a row all reach the kernel, in order."""
    from test_widget_live import live_board

    probe = pathlib.Path(str(jupyterlab.probe) + ".lesson")
    box = live_board(page, jupyterlab, "widget_lesson.ipynb", "data-lesson", "lesson steps at start: 1")
    box.locator('.necro-actions [data-a="enter a4"]').click()
    assert "enter a4 is legal, but try enter a1" in feedback(box)
    box.locator('.necro-actions [data-a="enter a1"]').click()
    assert wait_for_text(probe, "3") == "3"  # the learner's move and player 2's reply, in the kernel
    assert progress(box) == f"step 2 of {len(LESSON['steps'])}"
    box.locator(".necro-lesson-typed").fill("a1-d1")
    box.locator(".necro-lesson-typed").press("Enter")
    page.wait_for_function("document.querySelector('.jp-OutputArea .necro-lesson-feedback').dataset.kind === 'refused'",
                           timeout=30_000)
    assert "gs-move-empty" in feedback(box)
    assert progress(box) == f"step 2 of {len(LESSON['steps'])}"
    # A presenter pressing Right twice in one go: the kernel answers later, and both steps reach it
    # in order (each asked move and its reply: 3 + 2 + 2 steps); none is answered "one moment".
    box.locator(".necro-lesson-present").click()
    press_in_one_go(box, "ArrowRight", 2)
    assert wait_for_text(probe, "7") == "7"
    assert progress(box) == f"step 4 of {len(LESSON['steps'])}"
    assert box.locator(".necro-lesson-feedback").get_attribute("data-kind") == "right"


def test_a_hidden_information_lesson_plays_with_a_kernel_through_the_learners_eyes(jupyterlab, page, wait_for_text):
    """In JupyterLab the Day of the Dead lesson deals (the forced draws reach the kernel), the
    learner lays a card and the lesson plays player 2's: the kernel's view, and the page, never
    name a card of player 2's hand."""
    from test_widget_live import live_board

    hidden = BOOK / "day-of-the-dead" / "lessons" / "first-game.json"
    doc = json.loads(hidden.read_text(encoding="utf-8"))
    deal, lay = doc["steps"][0], doc["steps"][1]
    probe = pathlib.Path(str(jupyterlab.probe) + ".hidden")
    box = live_board(page, jupyterlab, "widget_lesson_hidden.ipynb", "data-lesson", "hidden lesson steps at start: 0")
    box.locator(".necro-lesson-next").click()
    dealt = len(deal["then"])
    assert wait_for_text(probe, f"{dealt} 0") == f"{dealt} 0"
    box.locator(f'.necro-actions [data-a="{lay["expect"][0]}"]').click()
    played = dealt + 1 + len(lay["then"])  # the learner's card, then player 2's
    assert wait_for_text(probe, f"{played} 0") == f"{played} 0"
    assert progress(box) == f"step 3 of {len(doc['steps'])}"
    # the page follows the kernel: player 2's card told by its back, as the table saw it
    page.wait_for_function("(b) => b.innerText.includes('Player 2 lays an Unearth card')", arg=box.element_handle(),
                           timeout=30_000)
    shown = box.inner_text()
    assert not any(name in shown for name in ("Anger", "Troll", "Greed", "Creaky Skeleton"))  # player 2's hand
