"""The Shovelfight chapter: every rule has a page, and every ruling says why."""

from necro.shovelfight import RULES


def test_every_rule_is_assigned_a_page():
    """Every rule is listed on a page (tests/test_rule_anchors.py checks each link lands on its label)."""
    assert {r.id for r in RULES.own()} == set(RULES.pages)


def test_rulings_say_why_and_the_options_point_at_them():
    from necro.shovelfight import Shovelfight

    for option in Shovelfight.options_spec:
        assert option.rule in RULES and RULES[option.rule].kind == "ruling"
    for rule in RULES.own():
        assert len(rule.summary) > 40, rule.id


def test_the_choices_of_issue_25_are_written_as_rulings():
    """The column layout, the whacker's takeover, wizards on Joker-dropped graves and the order
    of simultaneous leaps were choices the engine made silently: each is now a ruling, taught on
    the page where its situation comes up and named in the log where it acts."""
    expected = {"sf-board": "index", "sf-whacked-takeover": "death", "sf-joker-wizards": "digging",
                "sf-leap-order": "worm"}
    for rule, page in expected.items():
        assert RULES[rule].kind == "ruling" and RULES.page(rule).endswith("/" + page), rule
        assert "Alternative" in RULES[rule].summary, rule
