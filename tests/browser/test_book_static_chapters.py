"""The published book, no kernel: in every game's chapter a scenario board answers
a click with exactly the position the engine precomputed at build time.

The expected answer is read from the notebook the page was built from: the
first explorable GameWidget's stored graph, followed along its first legal
action with :func:`necro.widget.view.expand_view` (the same unpacking the page's
JavaScript does). The browser must show that status and that log line.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from necro.widget.view import expand_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# One chapter page per game, each with explorable scenario boards.
CHAPTERS = ["book/graveyard-shift/index", "book/shovelfight/worm", "book/shambling-dead/edge-cases",
            "book/day-of-the-dead/index"]


def game_widgets(notebook: pathlib.Path) -> list[dict]:
    """The stored states of the notebook's GameWidgets, in the order the page shows them."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    models = nb["metadata"]["widgets"][WIDGET_STATE]["state"]
    shown = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            ref = output.get("data", {}).get(WIDGET_VIEW)
            if ref and models.get(ref["model_id"], {}).get("state", {}).get("_anywidget_id", "").endswith("GameWidget"):
                shown.append(models[ref["model_id"]]["state"])
    return shown


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_scenario_board_answers_with_the_precomputed_position(chapter, built_book, static_server, page):
    widgets = game_widgets(REPO / f"{chapter}.ipynb")
    index, state = next((i, w) for i, w in enumerate(widgets) if w.get("graph") and not w.get("lesson"))
    first = state["view"]["actions"][0]["a"]
    expected = expand_view(state["graph"], [first])
    assert expected["status"] != state["view"]["status"], "pick a scenario whose first click shows a change"

    page.goto(static_server(built_book) + f"{chapter}.html")
    page.wait_for_function(
        f"document.querySelectorAll('.necro-w[data-mode=static]').length === {len(widgets)}", timeout=60_000)
    box = page.locator(".necro-w").nth(index)
    assert box.locator(".necro-status").inner_text() == state["view"]["status"]

    box.locator(f".necro-action[data-a={json.dumps(first)}]").first.click()
    assert box.locator(".necro-status").inner_text() == expected["status"]
    if expected["log"]:
        last = box.locator(".necro-log li").last.inner_text()
        assert expected["log"][-1]["text"] in last
    page.necro_log.assert_quiet(chapter)  # no error, no warning, no failed request


def test_chapter_note_says_what_is_true_where_the_page_is(built_book, static_server, page):
    """The one-line note under a chapter's title (necro/live_static/necro-live.js) when no
    `necro live` serves the page: over http the boards run the engine in the browser; from
    file:// they cannot, and the note says how to get it. Neither promises a Play live button."""
    chapter = "book/shovelfight/play.html"
    note = page.locator(".necro-live-note")
    page.goto(static_server(built_book) + chapter)
    note.wait_for(state="visible", timeout=30_000)
    served = note.inner_text()
    assert "in your browser" in served and "necro live" in served
    page.goto((built_book / chapter).as_uri())
    note.wait_for(state="visible", timeout=30_000)
    from_file = note.inner_text()
    assert "from a file" in from_file and "necro book" in from_file and "necro live" in from_file
    for text in (served, from_file):
        assert "Play live" not in text and "stored positions" not in text, text
    assert page.locator(".necro-live-button").count() == 0
    page.necro_log.assert_quiet(chapter)  # over http and from file://: nothing in the console
