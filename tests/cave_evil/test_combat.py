"""Cave Evil's combat core: the ring, totals and floors, bindings, items, rounds, death, and the text's example."""

import ast
import copy
import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest

from necro.core import IllegalAction, Rng
from necro.cave_evil import combat as cb
from necro.cave_evil.combat import (ATTACKER, DEFENDER, Combat, Fighter, Side, fight_random, neighbours, resolve,
                                    side, tally, third)
from necro.cave_evil.combat_rules import COMBAT_RULE_IDS, COMBAT_RULES
from necro.cave_evil.creatures import ATTRIBUTES, Effect, catalogue
from necro.cave_evil.rules import RULES

CARDS = catalogue()
PACKAGE = Path(cb.__file__).resolve().parent
RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")
JASON = ["hunched-one", "caveling", "ghoul"]
JOANNA = ["necromonk", "horned-hellion"]


def example():
    """The Combat Example: Jason's Squad II attacks Joanna's Squad IV, whose Hellion wears the headband."""
    return side(JASON), side(JOANNA, items=["cool-stretchy-headband"])


def with_effects(card_id, *effects, **changes):
    """A copy of a card with other effects (for rules no printed card in the file exercises)."""
    return dataclasses.replace(CARDS.creature(card_id), effects=tuple(effects), **changes)


def refused(rule, fn, *args):
    with pytest.raises(IllegalAction) as err:
        fn(*args)
    assert err.value.rule == rule, err.value
    return err.value


# ------------------------------------------------------------------ the ring
def test_ce_combat_attributes_ring_and_neighbours():
    assert ATTRIBUTES == ("strength", "special", "dodge", "bloodthirst", "armor", "weapon")
    assert neighbours("strength") == ("weapon", "special")
    assert neighbours("weapon") == ("armor", "strength")
    assert neighbours("dodge") == ("special", "bloodthirst")
    for a in ATTRIBUTES:
        left, right = neighbours(a)
        assert a in neighbours(left) and a in neighbours(right) and left != right


def test_ce_combat_third_the_texts_example():
    """Weapon first, strength second: the third round is fought with armor."""
    assert third("weapon", "strength") == "armor" and third("weapon", "armor") == "strength"
    assert third("strength", "special") == "weapon"
    with pytest.raises(ValueError):
        third("weapon", "dodge")


# ------------------------------------------------------------------ the Combat Example
def test_the_combat_example_round_by_round():
    jason, joanna = example()
    c = Combat(jason, joanna)
    assert c.decision() == "first" and c.choices() == ATTRIBUTES
    c.choose("strength")
    t = c.tallies
    # Jason's strength: 4 + 4 + 11 = 19; Joanna's printed strength 3 + 7 = 10 ...
    assert [p.printed for p in t[ATTACKER]["strength"].parts] == [4, 4, 11] and t[ATTACKER]["strength"].total == 19
    assert sum(p.printed for p in t[DEFENDER]["strength"].parts) == 10
    # ... and the Hunched One's binding takes 3 from each of her creatures: 6 in all, 4 left.
    assert [p.modifiers for p in t[DEFENDER]["strength"].parts] == [(("hunched-one", -3),)] * 2
    assert [p.value for p in t[DEFENDER]["strength"].parts] == [0, 4] and t[DEFENDER]["strength"].total == 4
    r1 = c.roll(2, 12)
    assert r1.scores == (21, 16) and r1.winner == ATTACKER and r1.chosen_by == ATTACKER
    # Round 2: Joanna picks special, a neighbour of strength.
    assert c.decision() == "second" and set(c.choices()) == {"special", "weapon"}
    c.choose("special")
    assert t[DEFENDER]["special"].flat == (("cool-stretchy-headband", 3),)
    assert sum(p.value for p in t[DEFENDER]["special"].parts) == 13 and t[DEFENDER]["special"].total == 16
    assert [p.value for p in t[ATTACKER]["special"].parts] == [7, 1, 7]
    r2 = c.roll(6, 7)
    assert r2.scores == (21, 23) and r2.winner == DEFENDER and r2.chosen_by == DEFENDER
    # Round 3: weapon, the neighbour of strength left over.
    assert c.decision() == "roll" and c.attribute == "weapon" and c.choices() == ()
    r3 = c.roll(5, 8)
    assert [p.value for p in r3.attacker.parts] == [4, 7, 7] and [p.value for p in r3.defender.parts] == [2, 6]
    assert r3.scores == (23, 16) and r3.winner == ATTACKER and r3.chosen_by == "forced"
    assert c.decision() == "over" and c.winner == ATTACKER


def test_the_combat_example_death_kill_points_and_gore():
    jason, joanna = example()
    res = resolve(jason, joanna, "strength", "special", [(2, 12), (6, 7), (5, 8)])
    assert res.winner == ATTACKER and res.loser == DEFENDER
    assert [f.id for f in res.dead] == ["necromonk", "horned-hellion"]
    assert res.kill_kind == "enemy" and res.kill_points == 3 + 6  # a small and a medium enemy
    assert res.gore == 3                                            # 1 for the small, 2 for the medium
    assert res.dropped == ("cool-stretchy-headband",)
    assert [r.attribute for r in res.rounds] == ["strength", "special", "weapon"]


def test_the_combat_example_log_names_its_rules():
    jason, joanna = example()
    c = Combat(jason, joanna)
    c.choose("strength")
    for pair in [(2, 12)]:
        c.roll(*pair)
    c.choose("special")
    c.roll(6, 7)
    c.roll(5, 8)
    lines = c.lines()
    assert all(rule in COMBAT_RULE_IDS for rule, _ in lines)
    text = "\n".join(t for _, t in lines)
    assert "attacker 19 + 2 = 21, defender 4 + 12 = 16" in text
    assert "necromonk 3 -3 (hunched-one) = 0 + horned-hellion 7 -3 (hunched-one) = 4 = 4" in text
    assert "necromonk 8 + horned-hellion 5 +3 (cool-stretchy-headband) = 16" in text
    assert "attacker 18 + 5 = 23, defender 8 + 8 = 16" in text
    assert "9 enemy kill points" in text and "3 gore" in text


# ------------------------------------------------------------------ bindings and floors
def test_ce_binding_the_insectoid_example():
    """-3 special on each opposing creature: -3 against one large, up to -9 against three smalls."""
    insect = side(["insectoid"])
    large = side(["dracor"])
    t = tally(large, insect, "special", DEFENDER)
    assert t.total == CARDS.creature("dracor").attribute("special") - 3
    smalls = side(["hunched-one", "ghoul", "necromonk"])  # special 7, 7, 8: each loses the full 3
    assert tally(smalls, insect, "special", DEFENDER).total == 22 - 9


def test_ce_binding_floor_a_weak_creature_loses_only_what_it_has():
    """The Caveling's special is 1: under the Insectoid's -3 it adds 0, so the squad loses 7, not 9."""
    squad = side(JASON)
    t = tally(squad, side(["insectoid"]), "special", DEFENDER)
    assert [p.value for p in t.parts] == [4, 0, 4] and t.total == 15 - 7
    assert "floored at 0" in t.describe()


def test_ce_combat_floor_total_flat_penalties_stop_at_zero():
    penalty = ("curse", Effect("modifier", "special", -20, "opponent"))
    t = tally(side(["caveling"]), side(["ghoul"], extra=[penalty]), "special", DEFENDER)
    assert t.total == 0 and t.flat == (("curse", -20),)
    bonus = ("blessing", Effect("modifier", "special", 2, "side"))
    assert tally(side(["caveling"], extra=[bonus]), side(["ghoul"]), "special", ATTACKER).total == 3


def test_ce_combat_floor_positive_effects_can_lift_a_floored_creature():
    boost = with_effects("ghoul", Effect("binding", "special", 2, "friends"))
    squad = Side(((Fighter("caveling", CARDS.creature("caveling")), Fighter("ghoul", boost)),))
    t = tally(squad, side(["insectoid"]), "special", ATTACKER)
    # caveling 1 + 2 - 3 = 0; ghoul 7 + 2 - 3 = 6
    assert [p.value for p in t.parts] == [0, 6]


def test_ce_binding_enemies_reaches_every_squad_of_a_flanked_side():
    flank = side(["necromonk"], ["horned-hellion"])
    t = tally(flank, side(JASON), "strength", DEFENDER)
    assert [p.value for p in t.parts] == [0, 4] and len(flank.squads) == 2


def test_ce_ability_own_squad_friends_bindings_stay_in_their_squad():
    leader = with_effects("ghoul", Effect("binding", "armor", 2, "friends"))
    flank = Side(((Fighter("ghoul", leader), Fighter("caveling", CARDS.creature("caveling"))),
                  (Fighter("necromonk", CARDS.creature("necromonk")),)))
    t = tally(flank, side(["ratman"]), "armor", ATTACKER)
    assert [p.modifiers != () for p in t.parts] == [True, True, False]
    # items and hand-given abilities help the whole side
    cheer = ("war cry", Effect("binding", "armor", 1, "friends"))
    t = tally(dataclasses.replace(flank, extra=(cheer,)), side(["ratman"]), "armor", ATTACKER)
    assert all(("war cry", 1) in p.modifiers for p in t.parts)


def test_ce_ability_when_attacking_and_defending_effects():
    fierce = with_effects("ghoul", Effect("modifier", "weapon", 4, "self", "attacking"))
    wary = with_effects("ghoul", Effect("modifier", "weapon", 4, "self", "defending"))
    enemy = side(["ratman"])
    for card, role, bonus in [(fierce, ATTACKER, 4), (fierce, DEFENDER, 0), (wary, ATTACKER, 0), (wary, DEFENDER, 4)]:
        s = Side(((Fighter("ghoul", card),),))
        assert tally(s, enemy, "weapon", role).total == 7 + bonus, (card.effects, role)


def test_self_modifiers_touch_only_their_creature():
    proud = with_effects("ghoul", Effect("modifier", "dodge", 3, "self"))
    s = Side(((Fighter("ghoul", proud), Fighter("caveling", CARDS.creature("caveling"))),))
    t = tally(s, side(["ratman"]), "dodge", ATTACKER)
    assert [p.value for p in t.parts] == [2 + 3, 6]


# ------------------------------------------------------------------ items and spells
def test_ce_item_cancel_the_mace_and_the_mirror():
    mace = side(["rotten-magi"], items=["mourning-face-mace"])
    mirror = side(["black-wizard"], items=["opposition-mirror"])
    plain = side(["black-wizard"])
    assert tally(mace, mirror, "weapon", ATTACKER).total == 12
    assert tally(mirror, mace, "special", DEFENDER).total == 12
    assert tally(mace, plain, "weapon", ATTACKER).total == 15
    assert tally(plain, mirror, "special", ATTACKER).total == 9


def test_ce_item_use_hands_limit_items():
    refused("ce-item-use", Combat, side(["ghoul"], items=["spiked-shield"]), side(["ratman"]))
    two = side(["horned-hellion"], items=["spiked-shield", "cool-stretchy-headband"])
    refused("ce-item-use", Combat, two, side(["ratman"]))
    Combat(side(["horned-hellion"], items=["spiked-shield"]), side(["ratman"]))


def test_ce_item_trinket_needs_no_hands():
    trinket = dataclasses.replace(CARDS.item("spiked-shield"), size="trinket")
    Combat(side(["ghoul"], items=[trinket]), side(["ratman"]))


def test_ce_spell_cast_needs_a_spellcaster_with_free_hands():
    refused("ce-spell-cast", Combat, side(["horned-hellion"], spells=["blinding-prism"]), side(["ratman"]))
    refused("ce-spell-cast", Combat, side(["necromonk"], items=["blinding-prism"]), side(["ratman"]))
    refused("ce-spell-cast", Combat, side(["necromonk"], spells=["spiked-shield"]), side(["ratman"]))
    cast = side(["necromonk"], spells=["blinding-prism"])
    assert tally(side(["ratman"]), cast, "weapon", DEFENDER).total == 0  # weapon 3, -3 from the prism
    # the Necromonk's one hand casts the spell, so it cannot also use the headband
    refused("ce-item-use", Combat, side(["necromonk"], items=["cool-stretchy-headband"], spells=["blinding-prism"]),
            side(["ratman"]))


def test_spent_cards_are_not_dropped():
    caster = side(["necromonk", "horned-hellion"], items=["spiked-shield"], spells=["blinding-prism"])
    res = resolve(side(JASON), caster, "strength", "special", [(12, 1), (12, 1)])
    assert res.dropped == ("spiked-shield",)


# ------------------------------------------------------------------ who may fight
def test_ce_combat_attacker_refusals():
    refused("ce-combat-attacker", Combat, side(["ghoul"], control="wandering"), side(["ratman"]))
    refused("ce-combat-attacker", Combat, Side(()), side(["ratman"]))
    refused("ce-combat-attacker", Combat, side(["ratman"]), Side(((),)))
    Combat(side(["abysmal-gore-beast"], control="protector"), side(["ratman"]))  # Protectors do attack


def test_ce_squad_size_each_squad_must_be_legal():
    refused("ce-squad-size", Combat, side(["dracor", "ratman"]), side(["ghoul"]))
    refused("ce-squad-size", Combat, side(["ghoul"]), side(["ratman", "caveling", "ghoul", "necromonk"]))
    Combat(side(["ghoul", "ratman", "caveling", "vapor"]), side(["dracor"], ["horned-hellion", "ratman"]))


# ------------------------------------------------------------------ the steps
def test_refusals_name_the_rule_and_change_nothing():
    jason, joanna = example()
    c = Combat(jason, joanna)

    def snapshot():
        return list(c.order), list(c.rounds), list(c._ties), c.decision()

    def refused_here(rule, fn, *args):
        before = snapshot()
        err = refused(rule, fn, *args)
        assert snapshot() == before, "a refused step changed the combat"
        return err

    refused_here("ce-combat-first", c.roll, 3, 4)
    refused_here("ce-combat-first", c.choose, "luck")
    c.choose("dodge")
    refused_here("ce-combat-third", c.choose, "strength")
    refused_here("ce-combat-round", c.roll, 0, 4)
    refused_here("ce-combat-round", c.roll, 5, 13)
    refused_here("ce-combat-round", c.roll, True, 4)
    c.roll(12, 1)
    refused_here("ce-combat-second", c.roll, 3, 4)
    err = refused_here("ce-combat-second", c.choose, "armor")
    assert "special or bloodthirst" in err.reason
    c.choose("bloodthirst")
    c.roll(12, 1)
    assert c.decision() == "over" and c.order == ["dodge", "bloodthirst"]  # two wins: no third round
    refused_here("ce-combat-two-wins", c.roll, 1, 1)
    refused_here("ce-combat-two-wins", c.choose, "dodge")


def test_ce_combat_tie_is_thrown_again():
    a, b = side(["ghoul"]), side(["ghoul"])
    c = Combat(a, b)
    c.choose("strength")
    assert c.roll(5, 5) is None and c.roll(9, 9) is None and not c.rounds
    r = c.roll(2, 1)
    assert r.rolls == ((5, 5), (9, 9), (2, 1)) and r.winner == ATTACKER and r.scores == (13, 12)
    assert "after 2 tied rolls" in r.describe()
    c.choose("special")
    r2 = c.roll(1, 2)
    assert r2.rolls == ((1, 2),), "ties belong to their own round"


def test_ce_combat_two_wins_and_third_round():
    a, b = side(["ghoul"]), side(["ghoul"])
    quick = resolve(a, b, "armor", "bloodthirst", [(3, 1), (4, 1), (7, 7)])
    assert len(quick.rounds) == 2 and quick.winner == ATTACKER
    long = resolve(a, b, "armor", "bloodthirst", [(3, 1), (1, 4), (1, 4)])
    assert [r.attribute for r in long.rounds] == ["armor", "bloodthirst", "weapon"] and long.winner == DEFENDER
    assert long.kill_points == 3 and long.gore == 1


def test_the_defenders_choice_may_be_a_function_of_the_combat():
    seen = []

    def reply(combat):
        seen.append(len(combat.rounds))
        return combat.choices()[1]

    res = resolve(*example(), "strength", reply, [(2, 12), (6, 7), (5, 8)])
    assert seen == [1] and res.rounds[1].attribute == "special"


def test_resolve_needs_enough_rolls():
    with pytest.raises(ValueError, match="ran out in round 2"):
        resolve(*example(), "strength", "special", [(2, 12)])


def test_dice_are_144_equally_likely_pairs():
    c = Combat(*example())
    outcomes = c.dice()
    assert len(outcomes) == 144 and sum(p for _, p in outcomes) == 1
    assert {pair for pair, _ in outcomes} == {(a, d) for a in range(1, 13) for d in range(1, 13)}


def test_result_before_the_end_is_refused():
    c = Combat(*example())
    refused("ce-combat-two-wins", c.result)


def test_roll_random_uses_only_the_given_generator():
    results = []
    for _ in range(2):
        rng = Rng(7)
        res = fight_random(*example(), rng)
        results.append(([(r.attribute, r.rolls) for r in res.rounds], rng.counter))
    assert results[0] == results[1]


# ------------------------------------------------------------------ death
def test_ce_kill_points_table():
    sizes = {"large": "dracor", "medium": "horned-hellion", "small": "ghoul", "trinket": "vapor"}
    enemy = {"large": 9, "medium": 6, "small": 3, "trinket": 1.5}
    wandering = {"large": 3, "medium": 2, "small": 1, "trinket": 0.5}
    for size, card in sizes.items():
        f = [Fighter(card, CARDS.creature(card))]
        assert cb.kill_points(f, "enemy") == enemy[size] and cb.kill_points(f, "wandering") == wandering[size]


def test_ce_gore_and_ce_gore_trinket():
    fighters = [Fighter(c, CARDS.creature(c)) for c in ("dracor", "horned-hellion", "ghoul", "vapor")]
    assert [cb.gore([f]) for f in fighters] == [3, 2, 1, 0]


def test_wandering_kill_points_and_ce_kill_points_monster():
    monster = side(["horned-hellion", "vapor"], control="wandering")
    won = resolve(side(JASON), monster, "strength", "special", [(12, 1), (12, 1)])
    assert won.kill_kind == "wandering" and won.kill_points == 2 + 0.5
    lost = resolve(side(JASON), monster, "dodge", "special", [(1, 12), (1, 12)])
    assert lost.winner == DEFENDER and lost.kill_points == 0 and lost.kill_kind == "enemy" and lost.gore == 3
    guard = side(["abysmal-gore-beast"], control="protector")
    assert resolve(side(["dracor"]), guard, "weapon", "armor", [(12, 1), (12, 1)]).kill_points == 3


# ------------------------------------------------------------------ seeded random combats
def random_squad(rng):
    shape = rng.choice([("large",), ("medium",), ("medium", "small"), ("small",), ("small", "small"),
                        ("small", "small", "small")])
    shape = shape + ("trinket",) * rng.randbelow(2)
    pool = [c for c in CARDS.creatures.values() if c.kind != "awakened-evil"]
    return [rng.choice([c for c in pool if c.size == size]).id for size in shape]


def random_side(rng, role):
    squads = [random_squad(rng) for _ in range(1 + (rng.randbelow(4) == 0))]
    control = "player" if role == ATTACKER else rng.choice(["player", "wandering", "protector"])
    cards = [CARDS.creature(c) for sq in squads for c in sq]
    hands = sum(c.item_count for c in cards if c.item_use)
    casters = sum(c.item_count for c in cards if c.spellcaster)
    spells = ["blinding-prism"] if casters and rng.randbelow(3) == 0 else []
    items = [i for i in ("cool-stretchy-headband", "spiked-shield", "mourning-face-mace", "opposition-mirror")
             if rng.randbelow(3) == 0][:max(0, hands - len(spells))]
    extra = [("hand", Effect("modifier", rng.choice(ATTRIBUTES), -5, "opponent"))] if rng.randbelow(4) == 0 else []
    return side(*squads, items=items, spells=spells, extra=extra, control=control)


@pytest.mark.parametrize("seed", range(8))
def test_invariants_over_seeded_random_combats(seed):
    rng = Rng(1000 + seed)
    for _ in range(60):
        attacker, defender = random_side(rng, ATTACKER), random_side(rng, DEFENDER)
        res = fight_random(attacker, defender, rng)
        sides = {ATTACKER: attacker, DEFENDER: defender}
        wins = {role: sum(r.winner == role for r in res.rounds) for role in (ATTACKER, DEFENDER)}
        # exactly one side dies, the whole of it
        assert wins[res.winner] == 2 and wins[res.loser] < 2 and len(res.rounds) in (2, 3)
        assert res.dead == sides[res.loser].fighters
        # kill points and gore agree with the dead
        kind = "enemy" if sides[res.loser].control == "player" else "wandering"
        expected = sum(cb.KILL_POINTS[kind][f.size] for f in res.dead)
        assert res.kill_kind == kind
        assert res.kill_points == (expected if sides[res.winner].control == "player" else 0)
        assert res.gore == sum({"large": 3, "medium": 2, "small": 1, "trinket": 0}[f.size] for f in res.dead)
        # the rounds: ring order, scores, floors
        first, second = res.rounds[0].attribute, res.rounds[1].attribute
        if cb.stabbing(defender):  # a Stabbist's side picks any three different attributes (rule ce-stabbist)
            assert len({r.attribute for r in res.rounds}) == len(res.rounds)
        else:
            assert second in neighbours(first)
        if len(res.rounds) == 3 and not cb.stabbing(defender):
            assert res.rounds[2].attribute == third(first, second)
        for r in res.rounds:
            sa, sd = r.scores
            assert sa != sd and r.winner == (ATTACKER if sa > sd else DEFENDER)
            assert all(a + r.attacker.total == d + r.defender.total for a, d in r.rolls[:-1])
            for t in (r.attacker, r.defender):
                assert t.total >= 0
                for p in t.parts:
                    assert p.value >= 0 and p.value == max(0, p.printed + sum(m for _, m in p.modifiers))
                assert t.total == max(0, sum(p.value for p in t.parts) + sum(a for _, a in t.flat))


def test_a_combat_copies_and_replays_the_same():
    c = Combat(*example())
    c.choose("strength")
    c.roll(2, 12)
    twin = copy.deepcopy(c)
    for x in (c, twin):
        x.choose("special")
        x.roll(6, 7)
        x.roll(5, 8)
    assert c.result() == twin.result()


# ------------------------------------------------------------------ the rule list
def test_combat_rules_ids_are_new_unique_and_rulings_explain_themselves():
    ids = [r.id for r in COMBAT_RULES]
    assert len(ids) == len(set(ids)) and all(i.startswith("ce-") for i in ids)
    assert set(ids) <= {r.id for r in RULES}, "every combat rule is in the rule book"
    assert {RULES.page(i) for i in ids} == {"book/cave-evil/combat"}, "and taught on the combat page"
    for must in ("ce-kill-points", "ce-gore", "ce-binding", "ce-combat-round", "ce-creature-data"):
        assert must in ids
    rulings = [r for r in COMBAT_RULES if r.kind == "ruling"]
    assert len(rulings) >= 6
    for r in rulings:
        assert r.summary.startswith("Our choice") and "lternative" in r.summary, r.id


def test_every_rule_id_the_combat_code_names_exists():
    named = set()
    for name in ("creatures.py", "combat.py", "odds.py", "combat_rules.py"):
        named |= set(re.findall(r"\bce-[a-z0-9-]*[a-z0-9]", (PACKAGE / name).read_text(encoding="utf-8")))
    missing = sorted(n for n in named if n not in COMBAT_RULE_IDS and n not in RULES)
    assert named and not missing, missing


def _words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_rule_summaries_and_module_text_are_in_our_own_words():
    """No run of eight words of a summary, or of the new modules' docstrings, appears in the rule text."""
    source = " " + " ".join(_words(RULE_TEXT.read_text(encoding="utf-8"))) + " "
    texts = [r.summary for r in COMBAT_RULES]
    for name in ("creatures.py", "combat.py", "odds.py", "combat_rules.py"):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        texts += [ast.get_docstring(n) or "" for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))]
    for text in texts:
        words = _words(text)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            assert f" {run} " not in source, run


def test_chance_values_are_fractions():
    assert all(isinstance(p, Fraction) for _, p in Combat(*example()).dice())
