"""The chapter carries a MyST label for every rule id, so the widgets' rule links land."""

import json
import pathlib
import re

from necro.graveyard_shift import GraveyardShift
from necro.graveyard_shift.rules import CHAPTER, RULES

ROOT = pathlib.Path(__file__).resolve().parents[2]


def markdown(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_every_rule_id_is_a_label_of_the_chapter_exactly_once():
    text = markdown(ROOT / f"{CHAPTER}.ipynb")
    for rule in RULES.own():
        found = re.findall(rf"^\({re.escape(rule.id)}\)=$", text, re.M)
        assert len(found) == 1, (rule.id, len(found))
    assert RULES.href("gs-sow") == "book/graveyard-shift/index.html#gs-sow"


def test_every_option_is_explained_in_the_chapter():
    text = markdown(ROOT / f"{CHAPTER}.ipynb")
    for option in GraveyardShift.options_spec:
        assert f"`{option.name}`" in text, option.name


def test_ruling_boxes_quote_the_rule_book():
    """Each ruling box shows the ruling's summary exactly as the engine's rule book has it."""
    text = " ".join(markdown(ROOT / f"{CHAPTER}.ipynb").split())
    for rule in RULES.own():
        if rule.kind == "ruling":
            assert " ".join(rule.summary.split()) in text, rule.id
