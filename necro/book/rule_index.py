"""Generate the book's index of rule ids (``book/rule-index.md``) from the engines.

The engines' RuleBooks are the single source of the ids; this page lists them
with links to the sections that teach them, so the book, the widgets' log
links and the tests all agree. A game appears once its chapter folder exists
(a link to a missing section would fail the book build, which runs with
warnings as errors). Run ``python -m necro.book.rule_index`` after adding rules;
a test checks the committed page is up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.registry import game_classes
from ..core.rules import CORE_RULES

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "book" / "rule-index.md"

KIND_WORDS = {"rule": "rule text", "ruling": "our ruling", "variant": "variant", "core": "engine"}


def chapter_dir(game) -> Path:
    return ROOT / Path(game.rules.chapter).parent


def _table(rules) -> list[str]:
    lines = ["| id | what it covers | source |", "| --- | --- | --- |"]
    for rule in rules:
        lines.append(f"| {{ref}}`{rule.id} <{rule.id}>` | {rule.title} | {KIND_WORDS[rule.kind]} |")
    return lines


def render() -> str:
    lines = [
        "# Index of rule ids",
        "",
        "Every rule the engines apply has a stable id. The widgets' logs name the id",
        "behind each step (\"because of rule ...\") and link here or straight to the",
        "section that teaches it. *Rule text* means the published rules say it; *our",
        "ruling* means the text is silent or unclear and this book decided (each ruling",
        "says why and what the alternative would be); *variant* is an optional rule.",
        "",
        "This page is generated from the engines by `python -m necro.book.rule_index`.",
        "",
        "## The engine itself",
        "",
        *_table(CORE_RULES),
    ]
    for game in sorted(game_classes(), key=lambda g: g.title):
        if not chapter_dir(game).is_dir():
            continue
        lines += ["", f"## {game.title}", "", *_table(game.rules.own())]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = render()
    if argv == ["--check"]:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print(f"{PAGE} is out of date: run python -m necro.book.rule_index", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
