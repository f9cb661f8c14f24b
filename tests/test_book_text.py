"""What the book's own text says about its boards must be true of them.

The published book's boards play whole games: a few moves are stored with the page,
and the rules engine then runs in the reader's browser (README, "The static book").
So no chapter may send the reader to a kernel, "Play live" or a notebook to get past
the stored moves, and the introduction names every control a board has, by the
label the page shows (``widgets/**/*.js``).
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
BOOK = REPO / "book"

# Ways the chapters used to say that only a kernel goes past the stored moves.
STALE_CLAIMS = [
    r"needs? a live notebook",
    r"with no Python running",
    r"\b(run|open) (the|this) page live\b",
    r"\bplay live for more\b",
    r"\bstatic (book|page)\b",
    r"precomputed (a few|one placement|\w+ steps?) deep",
    r"\bPlay live\b[^.]*\b(to play|to its end|the whole|whole (game|match|night)|lays)",
    r"live when this page runs in Jupyter",
]


def prose() -> list[tuple[str, str]]:
    """``(where, text)`` of every Markdown cell of the book's notebooks and every Markdown page."""
    found = []
    for path in sorted(BOOK.rglob("*.ipynb")):
        if "_build" in path.parts or ".ipynb_checkpoints" in path.parts:
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            if cell["cell_type"] == "markdown":
                found.append((f"{path.relative_to(REPO)} cell {index}", "".join(cell["source"])))
    for path in sorted(BOOK.rglob("*.md")):
        if "_assets" not in path.parts:
            found.append((str(path.relative_to(REPO)), path.read_text(encoding="utf-8")))
    return found


def test_the_book_has_prose_to_check():
    places = [where for where, _ in prose()]
    assert any(where.startswith("book/graveyard-shift/index.ipynb") for where in places)
    assert "book/intro.md" in places


@pytest.mark.parametrize("claim", STALE_CLAIMS)
def test_no_chapter_says_a_kernel_is_needed_to_play_on(claim):
    pattern = re.compile(claim, re.IGNORECASE)
    hits = [f"{where}: ...{text[max(m.start() - 60, 0):m.end() + 60]}..."
            for where, text in prose() for m in pattern.finditer(" ".join(text.split()))]
    assert not hits, "the boards play whole games in the browser now:\n" + "\n".join(hits)


# Every control of a board, as its label reads on the page (widgets/**/*.js).
CONTROLS = ["Undo", "Redo", "Reset", "I pick every roll and draw myself", "Edit position",
            "Done editing", "Show the board as", "The computer plays", "Computer move",
            "Position as JSON", "Copy", "Load", "Link", "Save game", "Open file…", "Picture"]


def test_the_controls_are_the_pages_own_labels():
    code = "\n".join(path.read_text(encoding="utf-8") for path in sorted((REPO / "widgets").rglob("*.js")))
    missing = [name for name in CONTROLS if not re.search(r'["`]\s*' + re.escape(name), code)]
    assert not missing, f"no such label in widgets/**/*.js (renamed? update the introduction): {missing}"


def test_the_introduction_names_every_control():
    intro = (BOOK / "intro.md").read_text(encoding="utf-8")
    section = intro.split("## How to read a board", 1)[1].split("\n## ", 1)[0]
    missing = [name for name in CONTROLS if f"**{name}**" not in section]
    assert not missing, f"'How to read a board' does not mention: {missing}"
