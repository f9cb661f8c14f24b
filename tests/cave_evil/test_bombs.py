"""Bombs (issue 28, audit 3 M2): thrown as a squad action or in defence, a bomb destroys everything
within its radius but squads in a collapsed space and the few creatures immune to it (rules ce-bomb,
ce-bomb-when; rulings ce-bomb-how, ce-bomb-spares, ce-bomb-defence)."""

import json

from necro.cave_evil import examples as ex
from necro.cave_evil import fights as fx
from necro.cave_evil.creatures import catalogue
from necro.cave_evil.loot import holdings
from necro.core.testing import random_playouts

from .helpers import refused

at, card = ex.at, ex.of_card


def bomber(where=2, **kw):
    return ex.squad(0, "II", at(where), card("horned-hellion", items=["bomb"]), **kw)


def logged(state):
    return [(e.rule, e.text) for e in state.steps[-1].log]


def test_the_bomb_card_has_a_radius_and_the_vapor_is_immune():
    bomb = catalogue().item("bomb")
    assert bomb.bomb.radius == 1 and bomb.bomb.range == 2 and bomb.source("bomb") == "book"
    assert catalogue().creature("vapor").bomb_immune and catalogue().creature("vapor").source("bomb_immune") == "book"
    assert [c.id for c in catalogue().creatures.values() if c.bomb_immune] == ["vapor"]


def test_ce_bomb_destroys_friends_enemies_monsters_and_what_lies_there_but_not_the_immune():
    s = ex.corridor([bomber(),
                     ex.squad(0, "III", at(5), card("ghoul")),
                     ex.squad(1, "IV", at(6), card("ratman", 2), card("vapor"), resources={"gore": 1}),
                     ex.squad(None, "A", at(7), card("ratman", 3)),
                     ex.squad(None, "B", at(9), card("ratman", 4))],
                    loot={at(6): {"items": ["dagger"], "metals": 2}})
    assert f"bomb II at {at(4)}" in s.legal_actions() and f"bomb II at {at(5)}" not in s.legal_actions()  # range 2
    s.apply(f"bomb II at {at(4)}")
    assert "0:III" not in s.squads and "0:II" in s.squads  # its own squad next door dies, the thrower stands clear
    t = ex.corridor([bomber(4), ex.squad(0, "III", at(5), card("ghoul")),
                     ex.squad(1, "IV", at(6), card("ratman", 2), card("vapor"), resources={"gore": 1}),
                     ex.squad(None, "A", at(7), card("ratman", 3)), ex.squad(None, "B", at(9), card("ratman", 4))],
                    loot={at(6): {"items": ["dagger"], "metals": 2}})
    t.apply(f"bomb II at {at(6)}")
    assert [c.id for c in t.squads["1:IV"].creatures] == ["vapor-1"]  # immune (ruling ce-bomb-spares)
    assert "0:III" not in t.squads and "w:A" not in t.squads and "w:B" in t.squads and "0:II" in t.squads
    assert str(at(6)) not in t.loot  # the dagger and metals lying there are gone
    assert not any(i == "bomb" for c in t.squads["0:II"].creatures for i in c.items)  # thrown: gone
    assert t.ledger == holdings(t.squads, t.loot)
    dead = {d["id"]: d["by"] for d in t.dead}
    assert dead == {"ghoul-1": None, "ratman-2": 0, "ratman-3": 0}  # own dead earn nothing
    assert t.kill_points[0] == fx.points_of(t.dead[1]) + fx.points_of(t.dead[2])
    assert not any(rule == "ce-gore" for rule, _ in logged(t)) and str(at(5)) not in t.loot  # no gore spills
    assert t.squads["0:II"].creatures[0].acted  # the throw was its action
    again = t.game.state_from_position(t.position())
    assert again.position() == t.position()
    t.undo()
    assert "0:III" in t.squads


def test_ce_bomb_when_not_twice_and_not_after_acting():
    s = ex.corridor([bomber(), ex.squad(None, "A", at(3), card("ratman"))])
    s.apply("fight II w:A")
    refused(s, f"bomb II at {at(4)}", "ce-bomb-defence")
    s2 = ex.corridor([ex.squad(0, "II", at(2), card("horned-hellion"))])
    refused(s2, f"bomb II at {at(4)}", "ce-bomb")


def test_ce_bomb_a_bomb_carried_into_a_fight_is_not_spent():
    """Audit 3 M2: a bomb was counted as a used discard-after-use item and lost for nothing."""
    s = ex.corridor([bomber(), ex.squad(None, "A", at(3), card("ratman"))])
    s.apply("fight II w:A")
    assert fx.used_items([f for m in s.combat["sides"]["attacker"] for f in m]) == ([], ["bomb"])
    while s.combat is not None:
        legal = s.legal_actions()
        s.apply(legal[-1] if legal[0].startswith("attacker rolls") else legal[0])
    assert "bomb" in s.squads["0:II"].creatures[0].items


def test_ce_bomb_defence_the_defender_throws_instead_of_choosing_and_the_fight_stops():
    s = ex.corridor([ex.squad(0, "II", at(3), card("ghoul")),
                     ex.squad(1, "IV", at(4), card("horned-hellion", items=["bomb"]))])
    s.apply("fight II 1:IV").apply("first strength").apply("attacker rolls 5").apply("defender rolls 5")
    while s.fight.decision() == "roll":
        s.apply("attacker rolls 5").apply("defender rolls 4")
    assert s.current_player() == 1
    assert f"bomb IV at {at(2)}" in s.legal_actions()
    s.apply(f"bomb IV at {at(2)}")
    assert s.combat is None and "0:II" not in s.squads and "1:IV" in s.squads
    assert s.kill_points[1] > 0 and s.current_player() == 0
    rules = [r for r, _ in logged(s)]
    assert rules[0] == "ce-bomb-defence" and "ce-bomb" in rules
    again = s.game.state_from_position(json.loads(json.dumps(s.position())), 5)  # it loads (it did not)
    assert again.position() == s.position()


def test_ce_bomb_a_necromancer_killed_follows_the_death_rules():
    s = ex.corridor([bomber(), ex.necromancer(1, at(4))])
    s.apply(f"bomb II at {at(4)}")
    assert 1 in s.out or s.is_terminal()


def test_ce_bomb_spares_a_squad_in_a_collapsed_space():
    from .test_loot import buried_with_a_neighbour

    game, pos, beside = buried_with_a_neighbour({"creatures": [{"id": "horned-hellion-9", "card": "horned-hellion",
                                                                "size": "medium", "speed": 4, "items": ["bomb"]}]})
    t = game.state_from_position(pos)
    t.apply(f"bomb I at {beside}")
    assert "1:N" in t.squads and "1:I" not in t.squads


def test_bombs_play_under_the_harness():
    def arena(seed):
        return ex.corridor([bomber(), ex.squad(1, "IV", at(5), card("horned-hellion", 2, items=["bomb"])),
                            ex.squad(None, "A", at(8), card("ratman"))], seed=seed)

    report = random_playouts(arena, range(6), max_steps=80)
    assert report.games == 6


def test_the_board_is_told_where_a_bomb_lands_and_what_it_blasts():
    from necro.cave_evil import scenarios
    from necro.cave_evil.views import describe_action

    s = scenarios.bombs()
    hint = describe_action(s, f"bomb II at {at(0)}")
    assert hint["to"] == str(at(0)) and hint["squads"] == ["0:II"] and str(at(1)) in hint["blast"]
    assert len(hint["blast"]) == 7


def test_ce_battle_on_the_vapor_that_outlives_its_necromancer_leaves_the_n_card():
    """Soak seed 1218: a bomb killed player 2's Necromancer and spared the Vapor in its squad, which was
    left on the N card, the Necromancer's alone (rule ce-control-cards): a position the loader refuses.
    Under Battle On!!! the Vapor plays on as squad I, the first free card (rule ce-battle-on)."""
    s = ex.full_table([ex.squad(0, "II", "+0+6", card("horned-hellion", items=["bomb"])),
                       ex.necromancer(1, "+0+4", card("vapor"), monk=False),
                       ex.squad(1, "II", "+0-9", card("ghoul"))], battle_on=True)
    s.apply("bomb II at +0+4")
    assert 1 in s.fallen and "1:N" not in s.squads
    assert [c.card for c in s.squads["1:I"].creatures] == ["vapor"] and str(s.squads["1:I"].hex) == "+0+4"
    again = s.game.state_from_position(json.loads(json.dumps(s.position())), 5)  # it loads (it did not)
    assert again.position() == s.position()
