"""The map from the rulebook's parts to the code (necro.cave_evil.sections) says what is true."""

import importlib
import inspect
import pathlib
import re

import necro.cave_evil as package
from necro.cave_evil.rules import RULES
from necro.cave_evil.sections import MACHINERY, SECTIONS

RULE_FILES = {"combat_rules", "turn_rules", "conjure_rules", "spawn_rules", "event_rules", "awaken_rules",
              "protector_rules"}


def _source(module: str) -> str:
    return inspect.getsource(importlib.import_module(f"necro.cave_evil.{module}"))


def test_every_module_the_map_names_exists():
    for section in SECTIONS:
        for module in section.modules:
            importlib.import_module(f"necro.cave_evil.{module}")
    for module in MACHINERY:
        importlib.import_module(f"necro.cave_evil.{module}")


def test_every_rule_id_of_a_section_is_applied_in_the_modules_the_map_names():
    known = {r.id for r in RULES}
    for section in SECTIONS:
        sources = [_source(m) for m in section.modules]
        for rule_id in section.rules:
            assert rule_id in known, f"{section.title}: no rule {rule_id}"
            pattern = re.compile(r"(?<![a-z0-9-])" + re.escape(rule_id) + r"(?![a-z0-9-])")
            assert any(pattern.search(text) for text in sources), \
                f"{section.title}: {rule_id} is applied in none of {', '.join(section.modules)}"


def test_every_module_of_the_package_is_on_the_map():
    mapped = {m for s in SECTIONS for m in s.modules} | set(MACHINERY) | RULE_FILES
    here = {p.stem for p in pathlib.Path(package.__file__).parent.glob("*.py")} - {"__init__"}
    assert here - mapped == set(), "modules on no part of the map (sections.py)"


def test_the_package_docstring_shows_the_map():
    doc = package.__doc__
    for section in SECTIONS:
        assert section.title in doc, f"the package docstring lacks the section {section.title!r}"
        assert f":mod:`.{section.modules[0]}`" in doc, f"the package docstring lacks {section.modules[0]}"
