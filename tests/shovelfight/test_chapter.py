"""The chapter teaches every rule on the page its log links point to."""

import json
import re
from pathlib import Path

import pytest

from necro.shovelfight import RULES

ROOT = Path(__file__).resolve().parents[2]


def labels(page: Path) -> set[str]:
    nb = json.loads(page.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return set(re.findall(r"^\(([a-z0-9-]+)\)=\s*$", text, re.M))


@pytest.mark.parametrize("rule", [r.id for r in RULES.own()])
def test_every_rule_has_its_label_on_the_linked_page(rule):
    href = RULES.href(rule)
    page, anchor = href.split("#")
    assert anchor == rule
    path = ROOT / page.replace(".html", ".ipynb")
    assert path.exists(), f"{rule} links to {page}, which does not exist"
    assert rule in labels(path), f"no ({rule})= label in {path.name}"


def test_every_rule_is_assigned_a_page():
    assert {r.id for r in RULES.own()} == set(RULES.page_of)


def test_rulings_say_why_and_the_options_point_at_them():
    from necro.shovelfight import Shovelfight

    for option in Shovelfight.options_spec:
        assert option.rule in RULES and RULES[option.rule].kind == "ruling"
    for rule in RULES.own():
        assert len(rule.summary) > 40, rule.id
