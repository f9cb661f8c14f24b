"""GameWidget live in JupyterLab: clicks reach the kernel, which moves the state.

Uses the infrastructure's ``jupyterlab`` fixture (a server over a copy of
tests/browser/fixtures) and the fixture notebook ``widget_game.ipynb``, whose
kernel writes ``len(widget.state.steps)`` to ``<NECRO_LIVE_PROBE>.steps``
after every change, so the test reads what the kernel saw.
"""

from __future__ import annotations

import pathlib
import time

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]




def run_notebook(page, lab, name: str) -> None:
    page.goto(lab.notebook_url(name))
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell"
        " && document.querySelector('.jp-Notebook .jp-Cell')", timeout=90_000)
    page.wait_for_function(
        """() => {
            const widget = window.jupyterapp.shell.currentWidget;
            const kernel = widget && widget.sessionContext && widget.sessionContext.session
                && widget.sessionContext.session.kernel;
            return kernel && kernel.status === 'idle';
        }""", timeout=90_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def live_board(page, lab, name: str, kind: str, started: str):
    """Run fixture notebook ``name`` and return its first board of ``kind`` (a data attribute such
    as ``data-lesson``), once it is live and the notebook has printed ``started``."""
    run_notebook(page, lab, name)
    page.wait_for_selector(f".jp-OutputArea .necro-w[{kind}][data-mode=live]", timeout=60_000)
    page.get_by_text(started).wait_for(timeout=60_000)
    return page.locator(f".jp-OutputArea .necro-w[{kind}]").first


def test_clicking_an_action_moves_the_kernel_state(jupyterlab, page, wait_for_text):
    probe = pathlib.Path(str(jupyterlab.probe) + ".steps")
    run_notebook(page, jupyterlab, "widget_game.ipynb")
    box = page.locator(".jp-OutputArea .necro-w").first
    page.wait_for_selector(".jp-OutputArea .necro-w[data-mode=live]", timeout=60_000)
    page.get_by_text("steps at start: 0").wait_for(timeout=60_000)
    assert box.locator(".necro-status").inner_text() == "Chance decides."
    # without bots there is no computer to choose or to move
    assert not box.locator(".necro-seats").is_visible() and not box.locator(".necro-bot-move").is_visible()

    start = time.monotonic()
    box.locator(".necro-action[data-a='2']").click()
    assert wait_for_text(probe, "1") == "1"
    page.wait_for_function(
        "document.querySelector('.jp-OutputArea .necro-status').textContent === 'Player 1 to act.'")
    first_click = time.monotonic() - start

    box.locator(".necro-action[data-a='bank']").click()
    assert wait_for_text(probe, "2") == "2"
    box.locator(".necro-log").get_by_text("player 1 banks 2").wait_for(timeout=10_000)  # the log (the live region says it too)

    # A refusal comes back from the engine as the error trait, naming the rule.
    box.locator(".necro-editor summary").click()
    # opening the editor fills it with the current position (its toggle event comes after the
    # click): wait for that, or it would overwrite the text typed next
    page.wait_for_function(
        "document.querySelector('.jp-OutputArea .necro-json').value.includes('scores')")
    box.locator(".necro-json").fill('{"scores": [1, 2], "turn": 9, "roll": null}')
    box.locator(".necro-load").click()
    page.wait_for_function(
        "document.querySelector('.jp-OutputArea .necro-error').textContent.includes('position.turn')")
    assert wait_for_text(probe, "2") == "2"

    box.locator(".necro-undo").click()
    assert wait_for_text(probe, "1") == "1"
    assert not [e for e in page.necro_log.page_errors if "necro" in e.lower()], page.necro_log.page_errors
    print(f"\nlive widget: click to kernel to redraw {first_click * 1000:.0f} ms")


def test_play_against_the_computer_and_swap_seats(jupyterlab, page, wait_for_text):
    probe = pathlib.Path(str(jupyterlab.probe) + ".duel")
    run_notebook(page, jupyterlab, "widget_game.ipynb")
    page.wait_for_function(
        "document.querySelectorAll('.jp-OutputArea .necro-w[data-mode=live]').length === 2", timeout=60_000)
    box = page.locator(".jp-OutputArea .necro-w").nth(1)
    assert box.locator(".necro-status").inner_text() == "Player 1 to act."
    assert box.locator(".necro-bot-move").is_visible()
    seats = box.locator("select.necro-seats")
    assert seats.input_value() == "1"  # the computer plays player 2
    box.locator(".necro-action[data-a='pass']").click()
    # pass, a roll, the computer's decision for player 2, a roll: player 1 again
    assert wait_for_text(probe, "[1] 5") == "[1] 5"
    page.wait_for_function(
        "document.querySelectorAll('.jp-OutputArea .necro-w')[1].querySelectorAll('.necro-log li').length === 5")
    seats.select_option("0")  # you play player 2: the computer moves for player 1 at once
    assert wait_for_text(probe, "[0] 7") == "[0] 7"
    page.wait_for_function(
        "document.querySelectorAll('.jp-OutputArea .necro-w')[1]"
        ".querySelector('.necro-status').textContent === 'Player 2 to act.'")
    # Undo goes back to the last decision of a human seat (now player 2's, after step 3),
    # taking back the computer's moves and the rolls in between.
    box.locator(".necro-undo").click()
    assert wait_for_text(probe, "[0] 3") == "[0] 3"



def test_clicking_cards_on_the_day_of_the_dead_board_plays_them(jupyterlab, page, wait_for_text):
    """The board's own targets (a hand card, a card in play, a card looked at) reach the
    kernel; the computer plays player 2 and the board shows what the engine did."""
    probe = pathlib.Path(str(jupyterlab.probe) + ".dotd")
    run_notebook(page, jupyterlab, "widget_day_of_the_dead.ipynb")
    page.wait_for_selector(".jp-OutputArea .necro-w[data-mode=live]", timeout=60_000)
    board = page.locator(".jp-OutputArea .necro-w .necro-board").first
    board.locator("[data-a='spirit U03']").click()  # Spook, an Unearth card, as the new spirit
    assert wait_for_text(probe, "U03 D01") == "U03 D01"
    board.locator("[data-a='unearth p1-slot1']").click()  # the spirit acts: unearth your own Oaf
    take = board.locator("[data-a='take D04']")  # the three cards looked at: Oaf, Oaf, Nemesis
    take.wait_for(timeout=10_000)
    assert "Nemesis" in take.inner_text()
    take.click()
    # Nemesis replaced Oaf and won; the turn ended and Spook went face down into slot 2
    assert wait_for_text(probe, "None D04") == "None D04"
    page.wait_for_function(
        "document.querySelector('.jp-OutputArea .necro-status').textContent.startsWith('Turn 2 of 6')")
    assert "Nemesis" in board.inner_text()
    assert not [e for e in page.necro_log.page_errors if "necro" in e.lower()], page.necro_log.page_errors


def test_edit_mode_changes_the_kernel_state(jupyterlab, page, wait_for_text):
    """Edit position with a kernel: the clicks reach the kernel's state, a refused edit says why."""
    import json

    from necro.graveyard_shift import GraveyardShift

    start = GraveyardShift().new_initial_state(1)
    start.play_chance()
    b1, c2 = start.position()["board"]["b1"], start.position()["board"]["c2"]
    probe = pathlib.Path(str(jupyterlab.probe) + ".edit")
    run_notebook(page, jupyterlab, "widget_edit.ipynb")
    page.wait_for_selector(".jp-OutputArea .necro-w[data-mode=live]", timeout=60_000)
    box = page.locator(".jp-OutputArea .necro-w").first
    box.locator(".necro-edit-toggle").click()
    expected = json.dumps([True, b1, c2])
    assert wait_for_text(probe, expected) == expected
    box.locator("[data-edit='b1']").click()
    box.locator("[data-edit='c2']").click()
    expected = json.dumps([True, b1[:-1], c2 + b1[-1]])
    assert wait_for_text(probe, expected) == expected
    box.locator("[data-edit='c2']").click()
    box.locator("[data-edit='a1']").click()
    box.get_by_text("parts never rest on an entrance").wait_for(timeout=10_000)
    box.locator(".necro-edit-done").click()
    expected = json.dumps([False, b1[:-1], c2 + b1[-1]])
    assert wait_for_text(probe, expected) == expected
