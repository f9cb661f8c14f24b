"""Label in name (WCAG 2.5.3): every control on every board is named by words that include what it
shows, so that someone who says or types the visible label reaches it.

axe-core's rule for it (label-content-name-mismatch) is experimental, so axe runs it only when
asked: these tests run that one rule on every board of the built book, on each game's board in
edit mode, and on the Cave Evil full game with a hand (card buttons, deck piles, control cards).
The toolkit guarantees it after each drawing (widgets/core/base.js, labelInName).
"""

from __future__ import annotations

import pathlib

import pytest

from necro.widget import HOT_SEAT, GameWidget
from tests.widget.test_cave_evil_full_board import at_conjure

from test_accessibility import AXE, GAMES, board_pages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULE = "label-content-name-mismatch"
RUN = """async (scope) => {
    const result = await axe.run({ include: [[scope]] }, { runOnly: { type: "rule", values: [%r] },
        resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => n.html.slice(0, 160))); }""" % RULE


def mismatches(page, scope=".necro-w") -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN, scope)


def test_every_board_of_the_book_names_its_controls_by_what_they_show(built_book, static_server, page):
    base = static_server(built_book)
    found = []
    for rel in board_pages(built_book):
        page.goto(base + rel)
        page.wait_for_function("document.querySelectorAll('.necro-w').length > 0 && [...document.querySelectorAll("
                               "'.necro-w')].every((b) => b.querySelector('.necro-status').textContent.length > 0)",
                               timeout=60_000)
        found += [f"{rel}: {html}" for html in mismatches(page)]
    assert not found, f"{len(found)} controls:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("game_id", GAMES)
def test_edit_mode_names_its_controls_by_what_they_show(built_book, static_server, page, game_id):
    from test_position_editor import open_editor

    box = open_editor(page, static_server(built_book), game_id)
    picker = box.locator(".necro-edit-element")
    options = picker.locator("option").evaluate_all("(os) => os.map((o) => o.value).filter(Boolean)")
    if options:
        picker.select_option(options[0])
    assert mismatches(page, ".necro-w[data-editing='1']") == []


def test_the_cave_evil_full_game_names_its_cards_and_piles_by_what_they_show(page, tmp_path):
    widget = GameWidget(at_conjure(), player=HOT_SEAT, explore_depth=1)
    page.goto(widget.save_html(pathlib.Path(tmp_path) / "full.html").as_uri())
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
    board = page.locator(".necro-board")
    assert board.locator(".ce-hand-card").count() > 0 and board.locator(".ce-ctl[data-control]").count() > 0
    board.locator(".ce-hand-card").first.click()  # its face and invoke buttons
    board.locator(".ce-ctl[data-control]").first.click()  # a squad's creature card
    assert mismatches(page) == []
