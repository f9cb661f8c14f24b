"""Rule ids are the thread between engine logs and the book: check both ends."""

import re
from pathlib import Path

import pytest

from necro.book import rule_index
from necro.core.registry import game_classes
from necro.core.rules import CORE_RULES

ROOT = Path(__file__).resolve().parent.parent
LABEL = re.compile(r"^\(([a-z0-9-]+)\)=\s*$", re.M)


def labels_in(folder: Path) -> set[str]:
    found = set()
    for path in list(folder.rglob("*.md")) + list(folder.rglob("*.ipynb")):
        found |= labels_in_file(path)
    return found


def test_core_rules_are_anchored_in_the_introduction():
    labels = labels_in(ROOT / "book") if (ROOT / "book").is_dir() else set()
    missing = [r.id for r in CORE_RULES if r.id not in labels]
    assert not missing, f"core rule ids without a label in the book: {missing}"


@pytest.mark.parametrize("game", game_classes(), ids=lambda g: g.id)
def test_every_rule_id_has_a_section_in_its_chapter(game):
    folder = rule_index.chapter_dir(game)
    if not folder.is_dir():
        pytest.skip(f"{game.title} has no chapter yet")
    labels = labels_in(folder)
    missing = [r.id for r in game.rules.own() if r.id not in labels]
    assert not missing, f"{game.title}: rule ids with no (id)= label in {folder}: {missing}"


def test_rule_index_page_is_up_to_date():
    assert rule_index.main(["--check"]) == 0, "run: python -m necro.book.rule_index"


@pytest.mark.parametrize("game", game_classes(), ids=lambda g: g.id)
def test_every_rule_id_is_labelled_on_the_page_its_links_go_to(game):
    """The widget's "because of rule X" links go to ``rules.page(X)``: the label must be there."""
    folder = rule_index.chapter_dir(game)
    if not folder.is_dir():
        pytest.skip(f"{game.title} has no chapter yet")
    wrong = []
    for rule in game.rules.own():
        page = ROOT / (game.rules.page(rule.id) + ".ipynb")
        if not page.exists():
            page = page.with_suffix(".md")
        if not page.exists() or rule.id not in labels_in_file(page):
            wrong.append(f"{rule.id} -> {game.rules.page(rule.id)}")
    assert not wrong, f"{game.title}: rule links that miss their label: {wrong}"


def labels_in_file(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        text = text.replace("\\n", "\n").replace('"', "\n")
    return set(LABEL.findall(text))
