"""The rule book itself: ids, kinds, and the rulings behind the options."""

from necro.shambling_dead import RULES, ShamblingDead


def test_ids_have_the_game_prefix_and_summaries():
    own = RULES.own()
    assert len(own) >= 50
    for rule in own:
        assert rule.id.startswith("nsd-") and rule.title and len(rule.summary) > 30
        assert rule.kind in ("rule", "ruling", "variant")
        if rule.id.startswith("nsd-ruling-"):
            assert rule.kind == "ruling"


def test_every_option_points_at_its_ruling():
    for option in ShamblingDead.options_spec:
        assert option.rule in RULES and RULES[option.rule].kind in ("ruling", "variant")
        assert option.default in option.choices


def test_hrefs_point_into_the_chapter():
    assert RULES.href("nsd-crt") == "book/shambling-dead/battle.html#nsd-crt"
    assert RULES.href("nsd-joker") == "book/shambling-dead/index.html#nsd-joker"
