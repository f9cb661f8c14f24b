"""Squad action C. Cast Spells, spells cast in combat, permanent effects and Turn Markers (issue 28:
audit 1 M1, audit 2 M1, audit 3 M4 and M5; rules ce-cast, ce-cast-combat, ce-spell-combat-only,
ce-spell-effects, ce-effect-permanent, ce-turn-markers)."""

import json

from necro.cave_evil import effects as ef
from necro.cave_evil import examples as ex
from necro.cave_evil import fights as fx

from .helpers import refused


def table(n_items=("incur-wrath", "slave-revolt"), monk_items=("mind-control",), enemy_at="+0+5", extra=()):
    """Player 1's Phase 3 (full game): its Necromancer (a Rotten Magi, spellcaster of 2 items) and a
    Necromonk (spellcaster of 1) on the crystal at +0+9 carry spells; player 2's squad I (a Hunched
    One and a Ghoul) stands in their sight at ``enemy_at``, Wandering Monster A (a Ghoul) at +0+2."""
    n = ex.necromancer(0, "+0+9", dict(ex.of_card("necromonk", 1), items=list(monk_items)), monk=False)
    if n_items:
        n["creatures"][0]["items"] = list(n_items)
    return ex.full_table([
        n,
        ex.squad(1, "I", enemy_at, ex.of_card("hunched-one", 1), ex.of_card("ghoul", 1)),
        ex.squad(None, "A", "+0+2", ex.of_card("ghoul", 2)),
        *extra,
    ])


def casts(s):
    return [a for a in s.legal_actions() if a.startswith("cast")]


def round_trip(s):
    again = s.game.state_from_position(json.loads(json.dumps(s.position())), 5)
    assert again.position() == s.position()
    assert again.legal_actions() == s.legal_actions()
    return again


# ------------------------------------------------------------------ the action
def test_a_squad_with_a_spellcaster_casts_the_spells_it_carries_as_its_action():
    """Audit 1 M1: 'cast' is offered (it was not a verb), one line per spell and target in sight;
    Mind Control names the creature it seizes; combat spells are not offered as an action."""
    s = table(n_items=("incur-wrath", "blinding-prism"))
    assert casts(s) == ["cast N incur-wrath 1:I", "cast N incur-wrath 1:N", "cast N incur-wrath w:A",
                        "cast N mind-control 1:I ghoul-1", "cast N mind-control 1:I hunched-one-1",
                        "cast N mind-control w:A ghoul-2"]
    assert s.action_rule("cast N incur-wrath 1:I") == "ce-cast"
    assert s.describe_action("cast N incur-wrath 1:I") == {"squads": ["0:N"], "target": "1:I", "to": "+0+5",
                                                           "card": "incur-wrath"}
    refused(s, "cast N blinding-prism 1:I", "ce-spell-combat-only")
    refused(s, "cast N slave-revolt 1:I", "ce-cast")           # not carried
    refused(s, "cast N mind-control 1:I", "ce-cast")           # Mind Control names its creature
    refused(s, "cast II incur-wrath 1:I", "ce-control-cards")  # no such squad


def test_a_squad_without_a_spellcaster_only_carries_its_spell():
    s = table(n_items=("slave-revolt",),
              extra=[ex.squad(0, "II", "+0+8", dict(ex.of_card("mercenary", 1), items=["incur-wrath"]))])
    assert not any(a.startswith("cast II") for a in casts(s))
    refused(s, "cast II incur-wrath 1:I", "ce-cast")


def test_a_spell_cast_goes_to_the_box_and_its_spellcasters_cast_as_many_as_they_use_items():
    """The Necromancer (2 items) and the Necromonk (1) cast up to 3 spells in the one action; the
    cards go to the box (ruling ce-item-box); another action is closed once the squad has cast."""
    s = table(n_items=("incur-wrath", "slave-revolt"), extra=[ex.squad(1, "II", "+0+6", ex.of_card("ghoul", 3))])
    s.apply("cast N slave-revolt 1:II")
    assert "slave-revolt" not in s.squads["0:N"].creatures[0].items
    assert s.conj_box["slave-revolt"] == 1
    assert s.squads["0:N"].acted and s.spells_cast == ["0:N"]
    assert not any(a.startswith("invoke") or a.startswith("meditate") for a in s.legal_actions())
    s.apply("cast N mind-control 1:I ghoul-1")
    s.apply("d4 2")
    s.apply("cast N incur-wrath w:A")
    assert s.spells_cast == ["0:N"] * 3 and casts(s) == []
    round_trip(s)
    s.apply("end")
    assert s.position().get("spells_cast") is None


def test_squad_n_cannot_cast_the_spell_it_invoked_but_a_squad_it_passes_it_to_may():
    """'A Necromancer Squad cannot use an Invoke action to create a Spell and cast the Spell in the same
    turn'; passed to a squad with a spellcaster that has not acted, it is cast the same turn."""
    s = table(n_items=(), monk_items=(), extra=[ex.squad(0, "II", "+0+8", ex.of_card("young-lich", 1))])
    pos = s.position()
    pos["hands"][0].append("abyss:slave-revolt")
    pos["piles"]["piles"]["abyss"]["slave-revolt"] -= 1
    pos["piles"]["piles"]["abyss"] = {k: v for k, v in pos["piles"]["piles"]["abyss"].items() if v}
    pos["squads"][[q["id"] for q in pos["squads"]].index("0:N")]["resources"] = {"metals": 2, "shadowflame": 2}
    s = s.game.state_from_position(pos, 3)
    s.apply("invoke slave-revolt N")
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert any("slave-revolt" in c.items for c in s.squads["0:N"].creatures)
    assert not any(a.startswith("cast N") for a in casts(s))
    refused(s, "cast N slave-revolt 1:I", "ce-cast")
    s.apply("pass N II slave-revolt")
    assert casts(s) == ["cast II slave-revolt 1:I"]
    s.apply("cast II slave-revolt 1:I")
    assert "1:I" not in s.squads and s.squads["w:B"].creatures[0].id == "hunched-one-1"


def test_a_spell_found_in_the_cave_is_picked_up_and_cast():
    s = table(n_items=(), monk_items=())
    pos = s.position()
    pos["loot"]["+0+9"] = {"gore": 0, "items": ["mind-control"]}
    pos["piles"]["piles"]["summon"]["mind-control"] -= 1
    s = s.game.state_from_position(pos, 3)
    assert casts(s) == []
    s.apply("pick N mind-control")
    assert "cast N mind-control 1:I ghoul-1" in casts(s)


def test_a_spell_reaches_only_what_the_caster_sees():
    """An enemy squad behind the rock is out of reach (ruling ce-cast): -6+6 is not in sight of +0+9."""
    s = table(enemy_at="+0+5")
    hidden = ex.full_table([ex.necromancer(0, "+0+9", dict(ex.of_card("necromonk", 1), items=["mind-control"]),
                                           monk=False),
                            ex.squad(1, "I", "-6+6", ex.of_card("hunched-one", 1))])
    assert "cast N mind-control 1:I ghoul-1" in casts(s)
    assert not any("1:I" in a for a in casts(hidden))
    refused(hidden, "cast N mind-control 1:I hunched-one-1", "ce-cast")


# ------------------------------------------------------------------ the four spells
def test_slave_revolt_turns_an_enemy_squad_without_its_necromancer_wandering():
    s = table()
    assert "cast N slave-revolt 1:N" not in casts(s)  # a Necromancer's own squad does not revolt
    s.apply("cast N slave-revolt 1:I")
    assert "1:I" not in s.squads
    w = s.squads["w:B"]
    assert w.wandering and str(w.hex) == "+0+5" and [c.id for c in w.creatures] == ["hunched-one-1", "ghoul-1"]
    assert s.log[-1].rule == "ce-spell-effects"
    round_trip(s)


def test_mind_control_holds_its_creature_for_a_d4_of_the_casters_turns_under_a_turn_marker():
    s = table()
    s.apply("cast N mind-control 1:I ghoul-1")
    assert s.is_chance_node() and [a for a, _ in s.chance_outcomes()] == ["d4 1", "d4 2", "d4 3", "d4 4"]
    again = round_trip(s)
    assert again.pending["kind"] == "d4"
    s.apply("d4 2")
    assert s.effects == [{"creature": "ghoul-1", "card": "mind-control", "by": 0, "turns": 2}]
    assert s.log[-1].rule == "ce-turn-markers"
    # the held Ghoul counts 0 in a fight of its squad
    s2 = round_trip(s)
    s2.squads["0:N"].creatures[0].acted = False
    s.apply("end")
    while s.turn != 0 or s.part != "actions" or s.queue:
        if s.is_chance_node():
            s.play_chance()
        else:
            legal = s.legal_actions()
            s.apply(next((a for a in legal if a.startswith(("keep", "conjure"))), "end" if "end" in legal else legal[0]))
    assert s.effects[0]["turns"] == 1  # player 1's turn ended once; player 2's turn did not count
    s.apply("end")
    assert s.effects == [] or all(e["card"] != "mind-control" for e in s.effects)


def test_a_held_creature_fights_with_nothing():
    """The Ghoul under Mind Control counts 0 in every attribute of its squad's fight (a ``self``
    modifier from its Turn-Marked effect, written into the fight's record)."""
    def ghoul_parts(effects):
        s = table(enemy_at="+0+8")
        if effects:
            s.effects = effects
        s.apply("fight N 1:I")
        if effects:
            assert s.combat["effects"] == {"ghoul-1": ["mind-control"]}
            round_trip(s)
        return {a: next(p.value for p in s.fight.tally("defender", a).parts if p.fighter == "ghoul-1")
                for a in ("strength", "armor", "weapon", "dodge", "special")}

    free = ghoul_parts(None)
    held = ghoul_parts([{"creature": "ghoul-1", "card": "mind-control", "by": 0, "turns": 2}])
    assert any(free.values()) and not any(held.values())


def test_two_sets_of_turn_markers_allow_two_timed_effects():
    s = table()
    s.effects = [{"creature": "ghoul-1", "card": "mind-control", "by": 1, "turns": 3},
                 {"creature": "ghoul-2", "card": "mind-control", "by": 1, "turns": 1}]
    s._cache = None
    assert not any("mind-control" in a for a in casts(s))
    refused(s, "cast N mind-control 1:I hunched-one-1", "ce-turn-markers")


def test_a_permanent_effect_goes_on_the_creature_the_receiving_player_declares():
    """Incur Wrath on squad I: player 2 (not the caster) declares which creature takes it; it stays
    when the creature turns wandering and ends when it dies (rule ce-effect-permanent)."""
    s = table()
    s.apply("cast N incur-wrath 1:I")
    assert s.current_player() == 1
    assert s.legal_actions() == ["attach ghoul-1", "attach hunched-one-1"]
    assert round_trip(s).pending == {"kind": "attach", "squad": "1:I", "card": "incur-wrath", "by": 0}
    refused(s, "attach ghoul-2", "ce-effect-permanent")
    s.apply("attach hunched-one-1")
    assert s.current_player() == 0 and s.log[-1].rule == "ce-effect-permanent"
    assert ef.on(s, "hunched-one-1") == [{"creature": "hunched-one-1", "card": "incur-wrath", "by": 0}]
    assert s.position()["effects"] == s.effects
    for viewer in (0, 1):  # an effect is no secret: every player's view shows it, on the board too
        assert s.view(viewer)["effects"] == s.effects
    from necro.cave_evil.board import card_faces

    faces = card_faces(s)
    marked = [c for p in faces["control"] for slot in p["cards"] for c in slot["creatures"] if c.get("effects")]
    assert [(c["id"], c["effects"]) for c in marked] == [("hunched-one-1", [{"card": "incur-wrath", "by": 0}])]
    assert "incur-wrath" in faces["cards"]
    s.apply("cast N slave-revolt 1:I")  # the squad turns wandering: the effect stays
    assert ef.on(s, "hunched-one-1")
    s.undo()
    assert s.pending is None and ef.on(s, "hunched-one-1")
    s.squads["1:I"].creatures = [c for c in s.squads["1:I"].creatures if c.id != "hunched-one-1"]
    ef.prune(s)
    assert s.effects == []


def test_a_permanent_effect_on_a_wandering_monster_is_placed_by_the_caster():
    s = table()
    s.apply("cast N incur-wrath w:A")  # one creature: nothing to declare
    assert ef.on(s, "ghoul-2") and s.pending is None


def test_the_loader_refuses_effects_on_creatures_not_on_the_map():
    import pytest
    from necro.core import FormatError

    s = table()
    pos = s.position()
    pos["effects"] = [{"creature": "ghoul-1", "card": "incur-wrath", "by": 0}]
    assert s.game.state_from_position(pos, 1).effects == pos["effects"]
    pos["effects"] = [{"creature": "nobody-1", "card": "incur-wrath", "by": 0}]
    with pytest.raises(FormatError):
        s.game.state_from_position(pos, 1)
    pos["effects"] = [{"creature": "ghoul-1", "card": "incur-wrath", "by": 0, "turns": 2}]
    with pytest.raises(FormatError):
        s.game.state_from_position(pos, 1)


# ------------------------------------------------------------------ in combat
def fighting_table(att_items=("lightning-speed",), def_items=("blinding-prism",), wandering=False):
    """Player 1's squad N (Necromancer and Necromonk) beside player 2's squad I (a Young Lich and a
    Ghoul) or Wandering Monster A, both sides carrying combat spells."""
    n = ex.necromancer(0, "+0+9", dict(ex.of_card("necromonk", 1), items=list(att_items)), monk=False)
    foe = [dict(ex.of_card("young-lich", 1), items=list(def_items)), ex.of_card("ghoul", 1)]
    other = ex.squad(None, "A", "+0+8", *foe) if wandering else ex.squad(1, "I", "+0+8", *foe)
    return ex.full_table([n, other])


def test_the_attacker_casts_with_its_first_attribute_and_the_defender_answers_before_the_dice():
    """Audit 2 M1: spells are cast in combat, announced before any die is rolled, with no action."""
    s = fighting_table()
    s.apply("fight N 1:I")
    firsts = s.legal_actions()
    assert "first strength cast lightning-speed" in firsts and "first strength" in firsts
    before = s.fight.tally("attacker", "dodge").total
    s.apply("first dodge cast lightning-speed")
    assert s.combat["cast"] == {"attacker": ["lightning-speed"]}
    assert s.fight.tally("attacker", "dodge").total == before + 4
    assert not any("lightning-speed" in c.items for c in s.squads["0:N"].creatures)
    assert s.conj_box["lightning-speed"] == 1 and any(e.rule == "ce-cast-combat" for e in s.log[-3:])
    assert s.current_player() == 1 and not s.is_chance_node()
    assert s.legal_actions() == ["defender casts blinding-prism", "defender casts nothing"]
    assert s.action_rule("defender casts nothing") == "ce-cast-combat"
    again = round_trip(s)
    again.apply("defender casts nothing")
    assert again.is_chance_node() and again.combat["cast"]["defender"] == []
    s.apply("defender casts blinding-prism")
    assert s.combat["cast"]["defender"] == ["blinding-prism"] and s.is_chance_node()
    assert fx.view(s.combat)["sides"]["defender"]["spells"] == ["blinding-prism"]
    round_trip(s)
    refused(s, "defender casts nothing", "ce-cast-combat")
    s.undo()
    assert s.current_player() == 1 and "defender" not in s.combat["cast"]


def test_the_defender_casts_nothing_when_the_attacker_opens_without_spells():
    s = fighting_table(att_items=())
    s.apply("fight N 1:I")
    assert not any("cast" in a for a in s.legal_actions())
    refused(s, "first strength cast lightning-speed", "ce-cast-combat")
    s.apply("first strength")
    assert s.legal_actions() == ["defender casts blinding-prism", "defender casts nothing"]


def test_a_wandering_monster_casts_every_spell_it_can():
    s = fighting_table(att_items=(), wandering=True)
    s.apply("fight N w:A")
    assert not any("cast" in a for a in s.legal_actions())
    s.apply("first strength")
    assert s.combat["cast"] == {"defender": ["blinding-prism"]} and s.is_chance_node()
    assert not any("blinding-prism" in c.items for c in s.squads["w:A"].creatures)


def test_spells_play_out_under_the_harness():
    """Random play from positions where squads carry spells (the cast action, the defender's answer,
    attaching, the D4): every step's actions listed and refused as the contract says, the position
    round-tripped through JSON, undo and redo restoring it, chance written in notation."""
    from necro.core.rng import Rng
    from necro.core.testing import checked_playout

    seen = set()
    bad = ("no such move", "cast N blinding-prism 1:I", "defender casts nothing", "attach ghoul-1", "d4 2")
    for seed in range(4):
        s = table(extra=[ex.squad(0, "II", "+0+6", dict(ex.of_card("young-lich", 1), items=["lightning-speed"]))])
        pick = Rng(seed)

        def choose(s):
            legal = s.legal_actions()
            spells = [a for a in legal if a.startswith(("cast", "attach", "defender casts")) or " cast " in a]
            action = pick.choice(spells) if spells and pick.randbelow(10) < 7 else pick.choice(legal)
            seen.add(action.split()[0])
            return action

        checked_playout(s, choose, stop_after=119, label=f"seed {seed}: ",
                        bad_inputs=lambda s: [b for b in bad if b not in s.legal_actions()])
    assert "cast" in seen


def test_a_squad_that_cast_may_still_move_and_merge_away():
    """Casting does not end movement (ruling ce-cast); a squad that cast and then merged into another
    leaves its mark in the position, which still loads."""
    s = table(n_items=(), monk_items=(),
              extra=[ex.squad(0, "II", "+0+7", dict(ex.of_card("young-lich", 1), items=["incur-wrath"]))])
    s.apply("cast II incur-wrath w:A")
    assert "move II" in s.legal_actions()
    s.apply("move II")
    s.apply("move II +0+9")
    assert "0:II" not in s.squads and s.spells_cast == ["0:II"]
    round_trip(s)
