"""The reader may pick every roll and draw: "what if the worm shows 4" on a static page.

A board's "I pick every roll and draw myself" stops the precomputed graph at each chance
step, where the outcomes are buttons; unticked, the graph rolls as it did before.
"""

from __future__ import annotations

import pytest

from necro.cave_evil import CaveEvil
from necro.widget import HOT_SEAT, GameWidget

pytestmark = [pytest.mark.browser]


def test_a_static_board_stops_at_a_roll_for_the_reader_to_pick(page, tmp_path):
    widget = GameWidget(CaveEvil(2, setup="quick").new_initial_state(1), player=HOT_SEAT, auto_chance=False,
                        explore_depth=2)
    page.goto(widget.save_html(tmp_path / "board.html").as_uri())
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
    box = page.locator(".necro-w")
    assert box.locator(".necro-pick-chance").is_checked()

    def buttons():
        return box.locator(".necro-actions button[data-a]").evaluate_all("(bs) => bs.map((b) => b.dataset.a)")

    assert buttons() == ["first 1", "first 2"]  # the roll waits for the reader
    box.locator('.necro-actions button[data-a="first 2"]').click()
    assert "Player 2 rolls highest" in box.locator(".necro-log").inner_text()
    box.locator(".necro-undo").click()
    assert buttons() == ["first 1", "first 2"]
    box.locator(".necro-pick-chance").uncheck()  # the board rolls as the engine would
    assert "rolls highest" in box.locator(".necro-log").inner_text() and "first 1" not in buttons()
    assert not page.necro_log.page_errors, page.necro_log.page_errors
