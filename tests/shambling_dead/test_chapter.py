"""The chapter: every rule id has its label on the page its link points to."""

import re
from pathlib import Path

import pytest

from necro.shambling_dead import RULES

ROOT = Path(__file__).resolve().parents[2]
LABEL = re.compile(r"^\(([a-z0-9-]+)\)=\s*$", re.M)


def labels(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8").replace("\\n", "\n").replace('"', "\n")
    return set(LABEL.findall(text))


@pytest.mark.skipif(not (ROOT / "book" / "shambling-dead").is_dir(), reason="no chapter yet")
def test_every_rule_is_labelled_on_its_linked_page():
    for rule in RULES.own():
        page, anchor = RULES.href(rule.id).split("#")
        path = ROOT / page.replace(".html", ".ipynb")
        assert anchor == rule.id and rule.id in labels(path), f"{rule.id} not labelled in {path.name}"
