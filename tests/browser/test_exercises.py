"""The exercises at the end of each game's FAQ / edge-case page, in the built book with no kernel:
every exercise is answered by pointer (the page's first one wrong, then started again and
answered right), one page's by keyboard alone, and axe-core finds nothing serious on a page with
an answer just given. The browser remembers, in localStorage only, that each was finished and
whether its first answer was right."""

from __future__ import annotations

import json
import pathlib

import pytest

from test_lesson_board import ENGINE_MS, feedback, progress, tab_to, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGES = {  # the page of each game where its exercises sit
    "graveyard-shift": "index",
    "shovelfight": "edge-cases",
    "shambling-dead": "edge-cases",
    "day-of-the-dead": "rulings",
    "cave-evil": "combat",
}


def exercises(game: str) -> list[dict]:
    """The game's exercises in the order its page shows them."""
    page = json.loads((REPO / "book" / game / f"{PAGES[game]}.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in page["cells"] if c["cell_type"] == "code"]
    names = [line.split('"')[1] for cell in cells for line in cell.splitlines() if line.startswith("exercise(")]
    return [json.loads((REPO / "book" / game / name).read_text(encoding="utf-8")) for name in names]


def open_page(page, base: str, game: str):
    page.goto(f"{base}book/{game}/{PAGES[game]}.html")
    page.wait_for_function("document.querySelectorAll('.necro-w[data-lesson] .necro-lesson').length > 0",
                           timeout=60_000)


def box_of(page, doc: dict):
    box = page.locator(f'.necro-w[data-lesson="{doc["id"]}"]')
    box.scroll_into_view_if_needed()
    return box


def answer(box, step: dict, pick: int) -> None:
    box.locator(f'.necro-lesson-option[data-option="{pick}"]').click()
    wait_idle(box)


def check_answered(box, step: dict, right: bool) -> None:
    said = feedback(box)
    assert said.startswith("Right." if right else "Not quite"), said
    assert step["rule"] in said
    link = box.locator(".necro-lesson-feedback a")
    assert link.count() == 0 or step["rule"] in link.first.get_attribute("href")
    if step["ask"] == "predict":  # the engine played the position out, line by line with its rules
        box.page.wait_for_function("(b) => b.querySelectorAll('.necro-lesson-played li').length > 0",
                                   arg=box.element_handle(), timeout=ENGINE_MS)


def play_through(box, doc: dict, wrong_first: bool) -> None:
    """Every step by pointer; with ``wrong_first`` the first question is answered wrong, then
    the exercise is started again and answered right."""
    for index, step in enumerate(doc["steps"]):
        assert progress(box) == f"step {index + 1} of {len(doc['steps'])}"
        if step["ask"] == "move":
            box.locator(f'.necro-actions [data-a="{step["expect"][0]}"]').click()
            wait_idle(box)
        elif step["ask"] == "read":
            box.locator(".necro-lesson-next").click()
            wait_idle(box)
        else:
            if wrong_first:
                answer(box, step, (step["answer"] + 1) % len(step["options"]))
                check_answered(box, step, right=False)
                box.locator(".necro-lesson-restart").click()
                wait_idle(box)
                play_through(box, doc, wrong_first=False)
                return
            answer(box, step, step["answer"])
            check_answered(box, step, right=True)
            box.locator(".necro-lesson-next").click()
    assert progress(box) == "finished"


def saved(page, doc: dict) -> dict:
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", f"necro-lesson:{doc['id']}") or "{}")


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_exercise_is_answered_by_pointer(built_book, static_server, page, game):
    base = static_server(built_book)
    open_page(page, base, game)
    docs = exercises(game)
    assert 3 <= len(docs) <= 5
    for k, doc in enumerate(docs):
        box = box_of(page, doc)
        assert box.locator(".necro-lesson h3").inner_text().startswith(f"Exercise: {doc['title']}")
        play_through(box, doc, wrong_first=k == 0)
        record = saved(page, doc)
        assert record["done"] is True
        assert set(record["first"].values()) == {k != 0}  # the first answer to each question, kept once
    open_page(page, base, game)  # again: each exercise says it was done, and how
    first = box_of(page, docs[0]).locator(".necro-lesson-saved").inner_text()
    assert "finished this exercise before, not every answer right" in first
    assert "right at the first try" in box_of(page, docs[-1]).locator(".necro-lesson-saved").inner_text()
    page.necro_log.assert_quiet(page.url)


def test_exercises_are_answered_by_keyboard(built_book, static_server, page):
    """The Shovelfight page by keyboard: a move typed, an option chosen with Space (wrong, then,
    after starting again with Enter, right), Next with Enter. The page holds many boards before
    its exercises: each exercise is reached as by its heading (its step title takes the focus),
    then Tab alone goes on."""
    open_page(page, static_server(built_book), "shovelfight")
    for k, doc in enumerate(exercises("shovelfight")):
        box = box_of(page, doc)
        scope = f'.necro-w[data-lesson="{doc["id"]}"] '
        box.locator(".necro-lesson h4").focus()
        tries = [False, True] if k == 0 else [True]
        for right in tries:
            for index, step in enumerate(doc["steps"]):
                if step["ask"] == "move":
                    tab_to(page, scope + ".necro-lesson-typed")
                    page.keyboard.type(step["expect"][0])
                    page.keyboard.press("Enter")
                    wait_idle(box)
                    continue
                pick = step["answer"] if right else (step["answer"] + 1) % len(step["options"])
                tab_to(page, scope + f'.necro-lesson-option[data-option="{pick}"]')
                page.keyboard.press("Space")
                wait_idle(box)
                assert feedback(box).startswith("Right." if right else "Not quite")
                assert page.evaluate("document.activeElement.classList.contains('necro-lesson-next')")
                if not right:
                    tab_to(page, scope + ".necro-lesson-restart")
                    page.keyboard.press("Enter")
                    wait_idle(box)
                    assert progress(box) == f"step 1 of {len(doc['steps'])}"
                    break
                page.keyboard.press("Enter")
        assert progress(box) == "finished"
    page.necro_log.assert_quiet(page.url)


def test_an_answered_exercise_has_no_serious_accessibility_finding(built_book, static_server, page):
    """axe-core on the Day of the Dead rulings page with an exercise just answered wrong (options,
    feedback with its rule link, the engine's lines), in the light colour scheme and the dark."""
    from test_accessibility import findings_light_and_dark

    page.emulate_media(color_scheme="light")
    open_page(page, static_server(built_book), "day-of-the-dead")
    doc = exercises("day-of-the-dead")[0]
    box = box_of(page, doc)
    step = doc["steps"][0]
    answer(box, step, (step["answer"] + 1) % len(step["options"]))
    check_answered(box, step, right=False)
    found = findings_light_and_dark(page)
    assert not found, "\n".join(found)
