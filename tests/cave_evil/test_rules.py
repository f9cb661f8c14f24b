"""The rule book of Cave Evil so far: ids, rulings, and the engine's references to them."""

import re
from pathlib import Path

import pytest

import necro.cave_evil
from necro.cave_evil.combat_rules import COMBAT_RULE_IDS, COMBAT_RULES
from necro.cave_evil.awaken_rules import AWAKEN_RULES
from necro.cave_evil.conjure_rules import CONJURE_RULES
from necro.cave_evil.event_rules import EVENT_RULES
from necro.cave_evil.rules import RULES
from necro.cave_evil.spawn_rules import SPAWN_RULES
from necro.cave_evil.turn_rules import TURN_RULES

PART_III = CONJURE_RULES + SPAWN_RULES + EVENT_RULES + AWAKEN_RULES + TURN_RULES
STAGED = {r.id for r in PART_III}
"""The full game's rules (part III), written with their modules and staged here until the chapter
pages that teach them exist; then they join RULES (as the combat rules did)."""

PACKAGE = Path(necro.cave_evil.__file__).resolve().parent
RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")


def test_rule_book_ids_and_chapter():
    assert RULES.game_id == "cave-evil" and RULES.chapter == "book/cave-evil/index"
    assert all(r.id.startswith("ce-") for r in RULES.own())
    assert len(RULES.own()) >= 30


def test_every_ruling_says_what_it_decided_and_the_alternative():
    rulings = [r for r in RULES.own() if r.kind == "ruling"]
    assert len(rulings) >= 15
    for r in rulings:
        assert "lternative" in r.summary, r.id


def test_every_rule_id_the_engine_names_is_in_the_rule_book():
    named = set()
    for path in PACKAGE.glob("*.py"):
        named |= set(re.findall(r"\bce-[a-z0-9-]*[a-z0-9]", path.read_text(encoding="utf-8")))
    named.discard("ce-shape")  # the family "ce-shape-..." named in a docstring
    assert named, "the engine names no rules?"
    missing = sorted(n for n in named if n not in RULES and n not in COMBAT_RULE_IDS and n not in STAGED)
    assert not missing, missing


def test_the_staged_rules_are_unique_rulings_say_their_alternative_and_nothing_else_is_staged():
    ids = [r.id for r in PART_III]
    assert len(ids) == len(set(ids)) and not set(ids) & {r.id for r in RULES.own()}
    for r in PART_III:
        assert r.kind != "ruling" or "lternative" in r.summary, r.id


def test_the_combat_rules_joined_the_rule_book():
    """The combat rules, once staged apart, are in the rule book now that their page exists."""
    assert COMBAT_RULE_IDS and all(r in RULES for r in COMBAT_RULE_IDS)


def _words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_summaries_are_in_our_own_words():
    """No run of eight words of a summary appears in the rule text."""
    source = " ".join(_words(RULE_TEXT.read_text(encoding="utf-8")))
    for r in RULES.own() + COMBAT_RULES + PART_III:
        words = _words(r.summary)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            assert f" {run} " not in f" {source} ", (r.id, run)
