"""The Graveyard Shift lesson is completed in the built book with no kernel, by pointer and by
keyboard alone: the board asks, the engine checks. On the way the reader tries another legal move
(the lesson says why to try the one asked), an illegal one (the engine refuses it, naming its
rule, linked to the chapter), asks for a hint, and makes a wrong prediction and a right one (the
engine then plays the move out and the board lists what it did, rule by rule)."""

from __future__ import annotations

import json
import pathlib

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
LESSON = json.loads((REPO / "book" / "graveyard-shift" / "lessons" / "first-game.json").read_text(encoding="utf-8"))
ENGINE_MS = 60_000


def open_lesson(page, base: str):
    page.goto(base + "book/graveyard-shift/index.html")
    page.wait_for_function("document.querySelector('.necro-w[data-lesson] .necro-lesson') !== null", timeout=60_000)
    box = page.locator(".necro-w[data-lesson]").first
    box.scroll_into_view_if_needed()
    return box


def wait_idle(box) -> None:
    box.page.wait_for_function("(b) => b.dataset.busy !== '1' && b.dataset.engine !== 'starting'"
                               " && b.dataset.engine !== 'attaching'", arg=box.element_handle(), timeout=ENGINE_MS)


def feedback(box) -> str:
    return box.locator(".necro-lesson-feedback").inner_text()


def progress(box) -> str:
    return box.locator(".necro-lesson-progress").inner_text()


def predict_choices():
    """The steps that ask for a prediction: the first is answered wrong, the second right (by pointer)."""
    return [i for i, step in enumerate(LESSON["steps"]) if step["ask"] == "predict"]


def test_the_lesson_is_completed_by_pointer(built_book, static_server, page):
    box = open_lesson(page, static_server(built_book))
    assert progress(box) == f"step 1 of {len(LESSON['steps'])}"
    # another legal move: the lesson answers, the board does not move
    box.locator('.necro-actions [data-a="enter d1"]').click()
    assert "enter d1 is legal, but try enter a1" in feedback(box)
    assert progress(box) == f"step 1 of {len(LESSON['steps'])}"
    box.locator(".necro-lesson-hint").click()
    assert feedback(box).startswith("Hint:")
    box.page.wait_for_function("(b) => b.dataset.mode === 'browser'", arg=box.element_handle(), timeout=ENGINE_MS)
    wrong, right = predict_choices()
    for index, step in enumerate(LESSON["steps"]):
        assert progress(box) == f"step {index + 1} of {len(LESSON['steps'])}"
        assert box.locator(".necro-lesson-text").inner_text() == step["text"]
        if step["ask"] == "move":
            if index == 1:  # an illegal move, typed: the engine refuses it with its rule
                box.locator(".necro-lesson-typed").fill("a1-c1")
                box.locator(".necro-lesson-try").click()
                wait_idle(box)
                box.page.wait_for_function("(b) => b.querySelector('.necro-lesson-feedback').dataset.kind === 'refused'",
                                           arg=box.element_handle(), timeout=ENGINE_MS)
                assert "refuses a1-c1" in feedback(box) and "gs-move-empty" in feedback(box)
                link = box.locator(".necro-lesson-feedback a")
                assert link.get_attribute("href").endswith("graveyard-shift/index.html#gs-move-empty")
            box.locator(f'.necro-actions [data-a="{step["expect"][0]}"]').click()
            wait_idle(box)
        elif step["ask"] == "read":
            box.locator(".necro-lesson-next").click()
        else:
            pick = (step["answer"] + 1) % len(step["options"]) if index == wrong else step["answer"]
            box.locator(f'.necro-lesson-option[data-option="{pick}"]').click()
            wait_idle(box)
            said = feedback(box)
            assert said.startswith("Not quite" if index == wrong else "Right."), said
            assert step["rule"] in said
            played = box.locator(".necro-lesson-played li").all_inner_texts()
            if step["ask"] == "predict":  # the rule that decided, as the engine logged it
                assert any(step["rule"] in line for line in played), played
            else:
                assert not played
            box.locator(".necro-lesson-next").click()
    assert progress(box) == "finished"
    assert "player 1 wins" in box.locator(".necro-status").inner_text()
    stored = page.evaluate("localStorage.getItem('necro-lesson:graveyard-shift/first-game')")
    assert json.loads(stored)["done"] is True
    page.necro_log.assert_quiet(page.url)


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (the reader's keyboard only)."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_the_lesson_is_completed_by_keyboard(built_book, static_server, page):
    box = open_lesson(page, static_server(built_book))
    page.locator("body").focus()
    right, wrong = predict_choices()  # this time the first prediction is right, the second wrong
    for index, step in enumerate(LESSON["steps"]):
        assert progress(box) == f"step {index + 1} of {len(LESSON['steps'])}"
        if step["ask"] == "move":
            tab_to(page, ".necro-lesson-typed")
            page.keyboard.type(step["expect"][0])
            page.keyboard.press("Enter")
            wait_idle(box)
            following = LESSON["steps"][index + 1]["ask"] if index + 1 < len(LESSON["steps"]) else None
            if following == "move":  # the field keeps the focus from one move to the next
                assert page.evaluate("document.activeElement.classList.contains('necro-lesson-typed')")
        elif step["ask"] == "read":
            tab_to(page, ".necro-lesson-next")
            page.keyboard.press("Enter")
        else:
            pick = (step["answer"] + 1) % len(step["options"]) if index == wrong else step["answer"]
            tab_to(page, f'.necro-lesson-option[data-option="{pick}"]')
            page.keyboard.press("Space")
            wait_idle(box)
            assert feedback(box).startswith("Not quite" if index == wrong else "Right.")
            # the focus is on Next: Enter goes on
            assert page.evaluate("document.activeElement.classList.contains('necro-lesson-next')")
            page.keyboard.press("Enter")
    assert progress(box) == "finished"
    assert "player 1 wins" in box.locator(".necro-status").inner_text()
    page.necro_log.assert_quiet(page.url)


def test_the_lesson_board_has_no_serious_accessibility_finding(built_book, static_server, page):
    """axe-core on the chapter page with the lesson at a prediction just answered (options,
    feedback with its rule link, the engine's lines), in the light colour scheme and the dark."""
    from test_accessibility import AXE, COLOUR_RULES, SETTLED_DARK, findings

    page.emulate_media(color_scheme="light")
    box = open_lesson(page, static_server(built_book))
    first = predict_choices()[0]
    for step in LESSON["steps"][:first]:
        if step["ask"] == "move":
            box.locator(f'.necro-actions [data-a="{step["expect"][0]}"]').click()
            wait_idle(box)
        elif step["ask"] == "read":
            box.locator(".necro-lesson-next").click()
        else:
            box.locator(f'.necro-lesson-option[data-option="{step["answer"]}"]').click()
            box.locator(".necro-lesson-next").click()
    box.locator('.necro-lesson-option[data-option="0"]').click()
    wait_idle(box)
    assert box.locator(".necro-lesson-played li").count()
    page.add_script_tag(path=str(AXE))
    found = findings(page)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(SETTLED_DARK)
    found += [f"(dark) {f}" for f in findings(page, COLOUR_RULES)]
    assert not found, "\n".join(found)


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
    its rule."""
    from test_widget_live import run_notebook

    probe = pathlib.Path(str(jupyterlab.probe) + ".lesson")
    run_notebook(page, jupyterlab, "widget_lesson.ipynb")
    page.wait_for_selector(".jp-OutputArea .necro-w[data-lesson][data-mode=live]", timeout=60_000)
    page.get_by_text("lesson steps at start: 1").wait_for(timeout=60_000)
    box = page.locator(".jp-OutputArea .necro-w[data-lesson]").first
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
