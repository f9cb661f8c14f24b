"""Every board of the built book passes axe-core with no serious or critical finding.

axe-core (npm, in node_modules: never loaded by the book itself) is injected into each
built page that has boards, served over http, and run on the boards once they are drawn
from their precomputed graphs: names that match what a control shows, no control nested in
another, text contrast, keyboard-reachable scrolling.
"""

from __future__ import annotations

import pathlib

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def board_pages(html: pathlib.Path) -> list[str]:
    """The built pages under book/ whose stored notebooks show a board."""
    return sorted(p.relative_to(html).as_posix() for p in (html / "book").rglob("*.html")
                  if "necro-widget" in p.read_text(encoding="utf-8") or "application/vnd.jupyter.widget-view"
                  in p.read_text(encoding="utf-8"))


def test_there_are_board_pages_to_check(built_book):
    pages = board_pages(built_book)
    assert AXE.is_file(), "npm ci installs axe-core (package.json devDependencies)"
    assert len(pages) >= 20 and "book/playground.html" in pages


def test_no_board_has_a_serious_accessibility_finding(built_book, static_server, page):
    base = static_server(built_book)
    found = []
    for rel in board_pages(built_book):
        page.goto(base + rel)
        page.wait_for_function("document.querySelectorAll('.necro-w').length > 0 && [...document.querySelectorAll("
                               "'.necro-w')].every((b) => b.querySelector('.necro-status').textContent.length > 0)",
                               timeout=60_000)
        page.add_script_tag(path=str(AXE))
        found += [f"{rel}: {v}" for v in page.evaluate("""async () => {
            const result = await axe.run({ include: [[".necro-w"]] }, { resultTypes: ["violations"] });
            return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
                .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0].html.slice(0, 120)}`); }""")]
    assert not found, "\n".join(found)


GAMES = ("graveyard-shift", "shovelfight", "shambling-dead", "day-of-the-dead", "cave-evil")


@pytest.mark.parametrize("game_id", GAMES)
def test_edit_mode_has_no_serious_accessibility_finding(built_book, static_server, page, game_id):
    """The position editor of each game's playground board, with its first board element chosen."""
    from test_position_editor import open_editor

    box = open_editor(page, static_server(built_book), game_id)
    picker = box.locator(".necro-edit-element")
    options = picker.locator("option").evaluate_all("(os) => os.map((o) => o.value).filter(Boolean)")
    if options:
        picker.select_option(options[0])
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run({ include: [[".necro-w[data-editing='1']"]] }, { resultTypes: ["violations"] });
        return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
            .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0].html.slice(0, 160)}`); }""")
    assert not found, "\n".join(found)
