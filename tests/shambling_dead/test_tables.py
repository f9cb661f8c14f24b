"""The fixed data against the rule text: deck, Combat Results Table, strengths."""

from pathlib import Path

import pytest

from necro.shambling_dead.tables import CRT, DECK, EVENTS, STRENGTH, card_value, crt, is_black, is_heart

# The Combat Results Table as printed in the source (die down, strength 1..19 and 20+ across).
SOURCE_CRT = """
1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 1 | 1 | 1 | 1 | 2 | 3 | 4 | 5 | 5 |
2 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 1 | 1 | 1 | 2 | 2 | 3 | 4 | 5 | 5 | 6 |
3 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 1 | 1 | 1 | 1 | 2 | 2 | 3 | 3 | 4 | 5 | 5 | 6 | 6 |
4 | 0 | 0 | 0 | 0 | 1 | 1 | 2 | 2 | 2 | 2 | 2 | 3 | 3 | 4 | 4 | 5 | 5 | 6 | 6 | 7 |
5 | 0 | 0 | 1 | 1 | 2 | 2 | 3 | 3 | 3 | 3 | 3 | 3 | 4 | 5 | 5 | 6 | 6 | 6 | 7 | 7 |
6 | 1 | 1 | 2 | 2 | 3 | 3 | 3 | 3 | 4 | 4 | 4 | 4 | 5 | 5 | 6 | 6 | 6 | 7 | 7 | 8 |
"""
RULE_FILE = Path(__file__).resolve().parents[3] / "shared" / "rules" / "night-of-the-shambling-dead.txt"


def parse(text):
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|") if c.strip()]
        if len(cells) == 21 and cells[0] in "123456":
            rows[int(cells[0])] = [int(c) for c in cells[1:]]
    return rows


def cells():
    rows = parse(SOURCE_CRT)
    return [(die, strength, rows[die][strength - 1]) for die in range(1, 7) for strength in range(1, 21)]


@pytest.mark.parametrize("die,strength,wounds", cells())
def test_nsd_crt_cell_by_cell(die, strength, wounds):
    assert CRT[die - 1][strength - 1] == wounds
    assert crt(die, strength) == wounds


def test_nsd_crt_transcription_matches_the_rule_file():
    if not RULE_FILE.exists():
        pytest.skip("the shared rule texts are not beside this checkout")
    assert parse(RULE_FILE.read_text(encoding="utf-8")) == parse(SOURCE_CRT)


def test_nsd_crt_twenty_plus_column_and_no_strength():
    for die in range(1, 7):
        assert crt(die, 20) == crt(die, 27) == crt(die, 200) == CRT[die - 1][19]
        assert crt(die, 0) == 0


def test_nsd_deck_has_41_cards():
    assert len(DECK) == len(set(DECK)) == 41
    assert sum(card_value(c) for c in DECK if c != "JK") == 4 * 55
    assert sum(is_black(c) for c in DECK) == 20 and sum(is_heart(c) for c in DECK) == 10
    assert card_value("AS") == 1 and card_value("10H") == 10
    with pytest.raises(ValueError):
        card_value("JK")


def test_nsd_strength_table():
    assert STRENGTH == {"S": (2, 1), "H": (3, 2), "Z": (1, 1)}


def test_nsd_track_has_ten_hours():
    assert sorted(EVENTS) == list(range(1, 11))
    assert EVENTS[1][0] == "A Gauntlet of Zombies" and EVENTS[10][0] == "A Brave New Dawn"
