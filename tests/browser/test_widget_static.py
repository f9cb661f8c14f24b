"""GameWidget in the static book: no kernel, the precomputed graph answers clicks.

A one-page book is built from a notebook holding two toy-game widgets made
explorable to depth 2 (one shows chance nodes, one resolves chance by
itself, as the live widget does) and a Day of the Dead board (cards to click,
player 2's hidden). Headless chromium clicks actions, undo,
redo and reset, and every answer must be the precomputed child. Timings
(page load to interactive, per click) are printed, not asserted.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import time

import nbformat
import pytest

from necro.book import build

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGE = "widget_game.html"

SETUP = f"""\
import sys
sys.path.insert(0, {str(REPO)!r})  # the toy game lives in tests/core
from necro.widget import GameWidget
from tests.core.toy import Toy
"""

CHANCE_SHOWN = """\
shown = GameWidget(Toy().new_initial_state(seed=1), auto_chance=False, explore_depth=2)
shown"""

CHANCE_AUTO = """\
auto = GameWidget(Toy().new_initial_state(seed=1), explore_depth=2)
print("graph bytes:", auto.graph_size(), shown.graph_size())
auto"""

# A game with hidden cards, seen by player 1: its board's cards are the click targets.
CARDS = """\
from necro.day_of_the_dead import scenarios
cards = GameWidget(scenarios.unearth_oaf(), player=0, explore_depth=2)
cards"""


@pytest.fixture(scope="module")
def game_book(tmp_path_factory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("widget-book")
    (root / "_config.yml").write_text((REPO / "_config.yml").read_text())
    (root / "_toc.yml").write_text("format: jb-book\nroot: widget_game\n")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Widget game\n\nToy boards, explorable offline."),
                nbformat.v4.new_code_cell(SETUP), nbformat.v4.new_code_cell(CHANCE_SHOWN),
                nbformat.v4.new_code_cell(CHANCE_AUTO), nbformat.v4.new_code_cell(CARDS)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = root / "widget_game.ipynb"
    nbformat.write(nb, notebook)
    build.execute_notebook(notebook)
    build.prepare_assets(dest=root / "book" / "_assets")
    result = subprocess.run(build.jupyter_book_command(root), capture_output=True, text=True,
                            timeout=900)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return root / "_build" / "html"


def widget(page, index):
    return page.locator(".necro-w").nth(index)


def status(box) -> str:
    return box.locator(".necro-status").inner_text()


def click_timed(page, box, selector) -> float:
    """Click inside the page and return the milliseconds the toolkit took to redraw."""
    handle = box.locator(selector).element_handle()
    return page.evaluate("(b) => { const t = performance.now(); b.click(); return performance.now() - t; }",
                         handle)


def open_static(page, url) -> dict:
    start = time.monotonic()
    page.goto(url)
    page.locator(".necro-w .necro-action").first.wait_for(state="visible", timeout=30_000)
    drawn = time.monotonic() - start
    page.wait_for_function("document.querySelectorAll('.necro-w[data-mode=static]').length === 3",
                           timeout=30_000)
    return {"drawn_s": drawn, "static_s": time.monotonic() - start}


def test_static_widget_follows_the_precomputed_graph(game_book, static_server, page):
    timing = open_static(page, static_server(game_book) + PAGE)
    box = widget(page, 0)
    assert status(box) == "Chance decides."
    assert box.locator(".necro-mode").inner_text() == "precomputed: 2 steps deep"
    assert box.get_attribute("data-engine") == "none"  # the toy game is not one the book's engine knows
    assert [b.get_attribute("data-a") for b in box.locator(".necro-action").all()] == ["1", "2", "3"]
    assert "1/3" in box.locator(".necro-action").first.inner_text()

    clicks = [click_timed(page, box, ".necro-action[data-a='2']")]
    assert status(box) == "Player 1 to act."
    assert "[0,0]" in box.locator(".necro-board").inner_text()
    assert "2" in box.locator(".necro-board tr:has(th:text('roll')) td").inner_text()

    clicks.append(click_timed(page, box, ".necro-action[data-a='bank']"))
    assert status(box) == "Chance decides."
    assert "[2,0]" in box.locator(".necro-board").inner_text()
    log = box.locator(".necro-log li")
    assert log.count() == 2 and "player 1 banks 2" in log.nth(1).inner_text()
    link = log.nth(1).locator("a")
    assert link.inner_text() == "Bank (toy-bank)"
    assert link.get_attribute("href").endswith("book/toy.html#toy-bank")

    # The depth ends here: forcing a die says so and where to play on (no Play live button
    # is promised: only pages served by necro live have one).
    box.locator(".necro-action[data-a='3']").click()
    note = box.locator(".necro-note").inner_text()
    assert "precomputed moves end here" in note
    assert "necro book" in note and "necro live" in note and "Play live" not in note
    assert status(box) == "Chance decides."

    clicks.append(click_timed(page, box, ".necro-undo"))
    assert status(box) == "Player 1 to act." and "[0,0]" in box.locator(".necro-board").inner_text()
    box.locator(".necro-undo").click()
    assert status(box) == "Chance decides." and box.locator(".necro-undo").is_disabled()
    box.locator(".necro-redo").click()
    assert status(box) == "Player 1 to act."
    box.locator(".necro-action[data-a='pass']").click()
    assert "player 1 passes" in box.locator(".necro-log").inner_text()
    box.locator(".necro-reset").click()
    assert status(box) == "Chance decides." and box.locator(".necro-log li").count() == 1  # "nothing yet"

    # Loading a position needs the kernel: the page says so instead of failing.
    box.locator(".necro-editor summary").click()
    page.wait_for_function("[...document.querySelectorAll('.necro-json')].some((t) => t.value)")
    assert json.loads(box.locator(".necro-json").input_value()) == {"scores": [0, 0], "turn": 0, "roll": None}
    box.locator(".necro-load").click()
    assert "needs the live rules engine" in box.locator(".necro-note").inner_text()

    assert not page.necro_log.page_errors, page.necro_log.page_errors
    print(f"\nstatic widget: board drawn {timing['drawn_s'] * 1000:.0f} ms after navigation, "
          f"static mode {timing['static_s'] * 1000:.0f} ms; clicks (ms): "
          + ", ".join(f"{c:.1f}" for c in clicks))


def test_static_widget_resolves_chance_like_the_live_one(game_book, static_server, page):
    open_static(page, static_server(game_book) + PAGE)
    box = widget(page, 1)
    assert status(box) == "Player 1 to act."  # the first roll was made in Python
    box.locator(".necro-action[data-a='pass']").click()
    # pass, then chance rolled in the page from the graph's outcomes: player 2 decides
    assert status(box) == "Player 2 to act."
    text = box.locator(".necro-log").inner_text()
    assert "player 1 passes" in text and text.count("rolled") == 2
    # the depth ends here: player 2's action cannot be followed
    box.locator(".necro-action[data-a='bank']").click()
    assert "precomputed moves end here" in box.locator(".necro-note").inner_text()
    # undo takes back the roll and the pass together, as the live widget does
    box.locator(".necro-undo").click()
    assert status(box) == "Player 1 to act." and box.locator(".necro-log").inner_text().count("rolled") == 1
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_static_widget_works_from_a_file_url(game_book, page):
    open_static(page, (game_book / PAGE).as_uri())
    box = widget(page, 0)
    box.locator(".necro-action[data-a='1']").click()
    assert status(box) == "Player 1 to act."
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_static_widget_is_keyboard_reachable(game_book, static_server, page):
    open_static(page, static_server(game_book) + PAGE)
    box = widget(page, 0)
    box.locator(".necro-action[data-a='1']").focus()
    page.keyboard.press("Enter")
    assert status(box) == "Player 1 to act."
    # focus stays in the decision panel after the redraw, on a real action
    assert page.evaluate("document.activeElement.classList.contains('necro-action')")
    label = box.locator(".necro-action[data-a='bank']").get_attribute("aria-label")
    assert label.startswith("bank")


def test_static_card_board_answers_a_click_on_a_card(game_book, static_server, page):
    open_static(page, static_server(game_book) + PAGE)
    box = widget(page, 2)
    board = box.locator(".necro-board")
    assert status(box).endswith("Player 1 lays a card from hand face down as the new spirit.")
    assert board.locator("[data-a='spirit U03']").get_attribute("role") == "button"
    click_timed(page, box, ".necro-board [data-a='spirit U03']")  # Spook, from the hand
    assert status(box).endswith("Player 2 lays a card from hand face down as the new spirit.")
    assert "Spook 2" in board.inner_text()  # your spirit, sideways, its name small on its back
    # player 2's choices would name player 2's hand: a board shown from player 1's seat lists
    # none (the page's graph ends there; an engine plays on)
    assert box.locator(".necro-action").count() == 0
    assert "hidden from this seat" in box.locator(".necro-hidden-choices").inner_text()
    assert "D08" not in box.inner_text()
    box.locator(".necro-undo").focus()
    box.locator(".necro-undo").click()
    assert status(box).endswith("Player 1 lays a card from hand face down as the new spirit.")
    assert "Spook 2" not in board.inner_text(), board.inner_text()
    assert not page.necro_log.page_errors, page.necro_log.page_errors
