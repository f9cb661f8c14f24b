"""The rule book of Cave Evil: ids, rulings, the engine's references to them, and the pages that teach them."""

import re
from pathlib import Path

import pytest

import necro.cave_evil
from necro.cave_evil.combat_rules import COMBAT_RULE_IDS
from necro.cave_evil.awaken_rules import AWAKEN_RULES
from necro.cave_evil.conjure_rules import CONJURE_RULES
from necro.cave_evil.event_rules import EVENT_RULES
from necro.cave_evil.protector_rules import PROTECTOR_RULES
from necro.cave_evil.rules import PART_III as JOINED
from necro.cave_evil.rules import RULES
from necro.cave_evil.spawn_rules import SPAWN_RULES
from necro.cave_evil.turn_rules import TURN_RULES

PART_III = CONJURE_RULES + SPAWN_RULES + EVENT_RULES + AWAKEN_RULES + TURN_RULES + PROTECTOR_RULES
"""The full game's rules (part III), written with their modules; they joined RULES with the pages
that teach them (turn, spawns, awakening), as the combat rules did."""
FULL_GAME_PAGES = {"book/cave-evil/turn", "book/cave-evil/spawns", "book/cave-evil/awakening"}

PACKAGE = Path(necro.cave_evil.__file__).resolve().parent
RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")


def test_rule_book_ids_and_chapter():
    assert RULES.game_id == "cave-evil" and RULES.chapter == "book/cave-evil/index"
    assert all(r.id.startswith("ce-") for r in RULES.own())
    assert len(RULES.own()) >= 30


DECIDED = re.compile(r"\b(our (choice|reading|bookkeeping|ruling)|alternative)\b", re.IGNORECASE)
"""How a summary says that the engine decided something the text leaves open."""


def test_every_ruling_says_what_it_decided_and_the_alternative():
    """A ruling names its alternative, and a decision is never passed off as the text's: a rule of
    kind "rule" that says "Our choice", "Our reading" or "Alternative" is a ruling mislabelled
    (its id may still point at a ruling by name: "ruling ce-items-used")."""
    rulings = [r for r in RULES.own() if r.kind == "ruling"]
    assert len(rulings) >= 15
    for r in rulings:
        assert "lternative" in r.summary, r.id
    mislabelled = [r.id for r in RULES.own() if r.kind == "rule" and DECIDED.search(r.summary)]
    assert not mislabelled, mislabelled


def test_every_rule_id_the_engine_names_is_in_the_rule_book():
    named = set()
    for path in PACKAGE.glob("*.py"):
        # a whole id: a family written as a prefix ("ce-shape-...", startswith("ce-evil-")) is no id
        named |= set(re.findall(r"\bce-[a-z0-9-]*[a-z0-9](?![a-z0-9-])", path.read_text(encoding="utf-8")))
    assert named, "the engine names no rules?"
    missing = sorted(n for n in named if n not in RULES)
    assert not missing, missing


def test_the_part_iii_rules_joined_the_rule_book_each_taught_on_a_full_game_page():
    """The full game's rules, once staged apart, are in the rule book now that their pages exist:
    every one of the six lists, unique, each taught on the turn, spawns or awakening page (the
    Awakening Evils' rules on the awakening page, whatever list holds them)."""
    ids = [r.id for r in PART_III]
    assert len(ids) == len(set(ids)) and {r.id for r in JOINED} == set(ids)
    assert all(r.id in RULES and RULES[r.id] is r for r in PART_III)
    pages = {r.id: RULES.page(r.id) for r in PART_III}
    assert set(pages.values()) == FULL_GAME_PAGES
    assert {r.id for r in SPAWN_RULES + EVENT_RULES} == {i for i, p in pages.items() if p.endswith("/spawns")}
    assert {r.id for r in AWAKEN_RULES} <= {i for i, p in pages.items() if p.endswith("/awakening")}
    assert all(p.endswith("/awakening") for i, p in pages.items() if i.startswith("ce-evil-"))
    assert all(RULES.page(r.id) not in FULL_GAME_PAGES for r in RULES.own() if r.id not in pages)


def test_the_combat_rules_joined_the_rule_book():
    """The combat rules, once staged apart, are in the rule book now that their page exists."""
    assert COMBAT_RULE_IDS and all(r in RULES for r in COMBAT_RULE_IDS)


def _words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_summaries_are_in_our_own_words():
    """No run of eight words of a summary appears in the rule text."""
    source = " ".join(_words(RULE_TEXT.read_text(encoding="utf-8")))
    for r in RULES.own():
        words = _words(r.summary)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            assert f" {run} " not in f" {source} ", (r.id, run)
