"""Word counts of the quick starts ("Learn to play" pages) beside the original rule texts.

Issue 27 asks for a quick start per game no longer than the game's original rule text (Cave
Evil: at most about 6,000 words, a quarter of its text), so that a learner starts playing sooner
than the rulebook would let them. This module counts, for each game, the prose of
``book/<game>/learn.ipynb`` (its markdown cells, with code, HTML comments and MyST directive
options left out: what a reader reads) and the words of the lessons it shows inline, and gives
the limit each page must keep. The originals' counts are ``wc -w`` of the rule texts this book
was written from (they are not in the repository).

    python -m necro.book.wordcount          # the table (Markdown, for the README)
    python -m necro.book.wordcount --check  # exit 1 when a quick start is over its limit
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ORIGINAL_WORDS = {  # wc -w of the rule texts (../shared/rules/*.txt), 2026-11-27
    "graveyard-shift": ("Graveyard Shift", 717),
    "shovelfight": ("Necromancer Shovelfight", 2141),
    "shambling-dead": ("Night of the Shambling Dead", 2617),
    "day-of-the-dead": ("Day of the Dead", 3088),
    "cave-evil": ("Cave Evil", 21569),
}
LIMITS = {"cave-evil": 6000}
"""A quick start's limit where it is not the whole original's length (issue 27)."""

_FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_OPTION = re.compile(r"^:[\w-]+:.*$", re.M)
_LESSON = re.compile(r"""lesson\(\s*["']([^"']+)["']""")


def count_words(text: str) -> int:
    """Words as ``wc -w`` counts them (runs of non-space), after dropping what a reader does not
    read: fenced code, HTML comments, MyST directive options (``:class: tip``)."""
    text = _OPTION.sub("", _COMMENT.sub("", _FENCE.sub("", text)))
    return len(text.split())


def page_words(notebook: Path) -> int:
    """The prose of a notebook: its markdown cells' words."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(count_words("".join(c["source"])) for c in cells if c["cell_type"] == "markdown")


def lesson_words(notebook: Path) -> int:
    """The words of the lessons the notebook shows (``lesson("lessons/...json")`` cells): every
    text field a learner reads (titles, step texts, questions, options, hints, explanations)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    total = 0
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        for name in _LESSON.findall("".join(cell["source"])):
            total += _texts(json.loads((notebook.parent / name).read_text(encoding="utf-8")))
    return total


def _texts(node) -> int:
    """The words of a lesson's reader-facing fields, anywhere in ``node`` (its start position left out)."""
    if isinstance(node, list):
        return sum(_texts(x) for x in node)
    if not isinstance(node, dict):
        return 0
    total = 0
    for key, value in node.items():
        if key == "start":
            continue
        if key in ("title", "intro", "text", "end", "question", "explain", "hint") and isinstance(value, str):
            total += count_words(value)
        elif key == "options" and isinstance(value, list) and all(isinstance(x, str) for x in value):
            total += sum(count_words(x) for x in value)
        elif key == "other" and isinstance(value, dict):
            total += sum(count_words(x) for x in value.values() if isinstance(x, str))
        elif key == "otherwise" and isinstance(value, str):
            total += count_words(value)
        elif isinstance(value, (dict, list)):
            total += _texts(value)
    return total


def rows() -> list[dict]:
    """One row a game: its name, the original's words, the limit, the quick start's prose and its
    lessons' words (None where the game has no quick start yet)."""
    out = []
    for folder, (name, original) in ORIGINAL_WORDS.items():
        page = ROOT / "book" / folder / "learn.ipynb"
        out.append({"game": folder, "name": name, "original": original, "limit": LIMITS.get(folder, original),
                    "page": page_words(page) if page.exists() else None,
                    "lesson": lesson_words(page) if page.exists() else None})
    return out


def table() -> str:
    lines = ["| game | original rule text | quick start (prose) | limit | its lesson's text |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for r in rows():
        page = "-" if r["page"] is None else f"{r['page']:,}"
        lesson = "-" if r["lesson"] is None else f"{r['lesson']:,}"
        lines.append(f"| {r['name']} | {r['original']:,} | {page} | {r['limit']:,} | {lesson} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    print(table())
    if "--check" in argv:
        over = [r for r in rows() if r["page"] is not None and r["page"] > r["limit"]]
        for r in over:
            print(f"{r['name']}: the quick start has {r['page']} words, over its limit of {r['limit']}")
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
