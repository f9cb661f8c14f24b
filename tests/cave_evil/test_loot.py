"""Resources, items and spells on squads and hexes: picking up, passing, dropping (rules ce-pick-up,
ce-pick-items, ce-carry-count, ce-pick-over, ce-pass, ce-pass-defender, ce-loot-when, ce-drop,
ce-loot-split, ce-loot-lost-squads), with the rule book's example (Tripp's Dracor) and loot
conserved in seeded random play."""

import json

import pytest

from necro.core import FormatError
from necro.core.testing import random_playouts
from necro.cave_evil import examples as ex
from necro.cave_evil import loot as lt

from .helpers import check_combat, check_loot, check_map, refused

at = ex.at


card = ex.of_card




def loot_actions(state):
    return [a for a in state.legal_actions() if a.split()[0] in ("pick", "pass", "drop")]


def heap(where=3, **kw):
    """Player 1's squad II (a Ghoul, who holds no items, and a Necromonk, who holds one) on a hex
    with 2 gore, 3 metals and a spiked shield; squad III (a Horned Hellion) next to it."""
    return ex.corridor([ex.squad(0, "II", at(where), card("ghoul"), card("necromonk", 5)),
                        ex.squad(0, "III", at(where + 1), card("horned-hellion"))],
                       loot={at(where): {"gore": 2, "metals": 3, "items": ["spiked-shield"]}}, **kw)


# ------------------------------------------------------------------ picking up
def test_any_creature_picks_up_all_of_a_resource_on_its_hex():
    s = heap()
    assert loot_actions(s)[:3] == ["pick II gore", "pick II metals", "pick II spiked-shield"]
    s.apply("pick II metals")
    assert s.squads["0:II"].resources == {"metals": 3}
    assert s.loot[str(at(3))] == {"gore": 2, "items": ["spiked-shield"]}
    s.apply("pick II gore")
    assert s.squads["0:II"].resources == {"metals": 3, "gore": 2}
    refused(s, "pick II gore", "ce-pick-up")      # none left
    refused(s, "pick III gore", "ce-pick-up")     # III stands on another hex
    refused(s, "pick II gore 1", "ce-pick-up")    # picking up takes all of it
    refused(s, "pick II rubies", "ce-pick-up")    # neither a resource nor a card
    # resources stay on the squad that picked them up: the Necromancer's squad has none
    assert s.squads["0:N"].resources == {}
    check_loot(s)


def test_only_a_creature_whose_card_holds_items_picks_one_up_within_its_count():
    s = ex.corridor([ex.squad(0, "II", at(3), card("ghoul"))], loot={at(3): {"items": ["spiked-shield"]}})
    assert "pick II spiked-shield" not in s.legal_actions()
    refused(s, "pick II spiked-shield", "ce-pick-items")  # the Ghoul's card holds no items
    s = heap()
    s.apply("pick II spiked-shield")
    monk = s.squads["0:II"].creature("necromonk-5")
    assert monk.items == ("spiked-shield",) and s.squads["0:II"].creature("ghoul-1").items == ()
    assert str(at(3)) in s.loot and s.loot[str(at(3))]["items"] == []
    # the Necromonk's one hand is full: a second normal item is refused
    full = ex.corridor([ex.squad(0, "II", at(3), card("ghoul"), card("necromonk", 5, items=["spiked-shield"]))],
                       loot={at(3): {"items": ["mourning-face-mace"]}})
    refused(full, "pick II mourning-face-mace", "ce-pick-items")


def test_the_first_creature_with_room_takes_the_item():
    """Ruling ce-carry-count: squad order decides, and a full creature is passed over."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("necromonk", 5, items=["spiked-shield"]),
                              card("shoddy-abomination"))], loot={at(3): {"items": ["mourning-face-mace"]}})
    s.apply("pick II mourning-face-mace")
    assert s.squads["0:II"].creature("shoddy-abomination-1").items == ("mourning-face-mace",)


def test_picking_up_is_free_and_comes_before_or_after_actions():
    s = heap()
    before = [c.moved for c in s.squads["0:II"].creatures]
    s.apply("pick II metals")
    assert [c.moved for c in s.squads["0:II"].creatures] == before
    assert "move II" in s.legal_actions()
    # on the way: stop on the loot, pick it up, move on with what is left (ruling ce-pick-over)
    way = ex.corridor([ex.squad(0, "II", at(1), card("necromonk", 5))], loot={at(2): {"metals": 1}})
    way.apply("move II")
    way.apply(f"move II {at(2)}")
    way.apply("pick II metals")
    way.apply("move II")
    assert f"move II {at(4)}" in way.legal_actions() and f"move II {at(5)}" not in way.legal_actions()


def test_a_squad_that_fought_still_picks_up_and_passes():
    s = ex.corridor([ex.squad(0, "II", at(3), card("dracor")), ex.squad(0, "III", at(2), card("necromonk", 5)),
                     ex.squad(1, "IV", at(4), card("ratman"), resources={"metals": 2})],
                    loot={at(3): {"gore": 1}})
    for a in ("fight II 1:IV", "first strength", "attacker rolls 12", "defender rolls 1", "second special",
              "attacker rolls 12", "defender rolls 1"):
        s.apply(a)
    assert "1:IV" not in s.squads and s.squads["0:II"].acted
    assert s.loot[str(at(4))] == {"gore": 1, "items": [], "metals": 2}  # the Ratman's gore and metals
    refused(s, "move II", "ce-move-halted")
    s.apply("pick II gore")
    s.apply("pass II III gore 1")
    assert s.squads["0:III"].resources == {"gore": 1} and str(at(3)) not in s.loot
    check_loot(s)


# ------------------------------------------------------------------ passing
def test_passing_goes_to_an_adjacent_friendly_squad_that_can_hold_it():
    s = heap()
    s.apply("pick II metals")
    s.apply("pick II spiked-shield")
    acts = loot_actions(s)
    assert ["pass II III metals 1", "pass II III metals 2", "pass II III metals 3"] == [
        a for a in acts if a.startswith("pass II III metals")]
    assert "pass II III spiked-shield" in acts  # the Horned Hellion holds one item
    s.apply("pass II III metals 2")
    assert s.squads["0:II"].resources == {"metals": 1} and s.squads["0:III"].resources == {"metals": 2}
    refused(s, "pass II III metals 2", "ce-pass")   # only one left
    refused(s, "pass II III metals", "ce-pass")     # a resource passed needs a count
    refused(s, "pass II N metals 1", "ce-pass")     # N is far away
    refused(s, "pass II V metals 1", "ce-pass")     # no squad V
    s.apply("pass II III spiked-shield")
    assert s.squads["0:III"].creature("horned-hellion-1").items == ("spiked-shield",)
    refused(s, "pass III II spiked-shield 1", "ce-pass")  # no count with an item
    check_loot(s)


def test_items_are_never_passed_to_a_squad_that_cannot_hold_them():
    s = ex.corridor([ex.squad(0, "II", at(3), card("necromonk", 5, items=["spiked-shield"])),
                     ex.squad(0, "III", at(4), card("ghoul"))])
    assert "pass II III spiked-shield" not in s.legal_actions()
    refused(s, "pass II III spiked-shield", "ce-pick-items")


def test_nothing_is_passed_to_an_enemy_or_to_a_squad_defending_in_combat():
    s = ex.corridor([ex.squad(0, "II", at(3), card("necromonk", 5), resources={"gore": 2}),
                     ex.squad(1, "IV", at(4), card("ratman")), ex.squad(1, "III", at(5), card("ratman", 2),
                                                                       resources={"gore": 1})])
    assert not [a for a in s.legal_actions() if a.startswith("pass")]  # the enemy is no friend
    s.apply("fight II 1:IV")
    s.apply("first strength")
    while s.fight.decision() == "roll":
        s.apply("attacker rolls 12" if s.is_chance_node() and "attacker rolls 12" in
                dict(s.chance_outcomes()) else "defender rolls 1")
    assert s.fight.decision() == "second" and s.current_player() == 1
    assert s.explain_illegal("pass III IV gore 1") == ("ce-pass-defender", s.explain_illegal("pass III IV gore 1")[1])
    assert s.explain_illegal("pass II N gore 1")[0] == "ce-loot-when"


def test_no_loot_activity_inside_a_move_a_dig_or_phase_1():
    s = heap()
    s.apply("move II")
    refused(s, "pick II metals", "ce-loot-when")
    waiting = ex.corridor([ex.squad(0, "II", at(3), card("ghoul"), resources={"gore": 1}),
                           ex.squad(1, "IV", at(4), card("ratman"))], turn=1)
    waiting.apply("end")
    assert waiting.must_fight
    refused(waiting, "drop II gore 1", "ce-combat-phase1")


# ------------------------------------------------------------------ dropping
def test_dropping_puts_resources_and_items_on_the_squads_hex():
    s = ex.corridor([ex.squad(0, "II", at(3), card("necromonk", 5, items=["spiked-shield"]),
                              resources={"shadowflame": 4})])
    acts = loot_actions(s)
    assert acts == ["drop II shadowflame 1", "drop II shadowflame 2", "drop II shadowflame 3",
                    "drop II shadowflame 4", "drop II spiked-shield"]
    s.apply("drop II shadowflame 3")
    s.apply("drop II spiked-shield")
    assert s.squads["0:II"].resources == {"shadowflame": 1}
    assert s.loot == {str(at(3)): {"gore": 0, "items": ["spiked-shield"], "shadowflame": 3}}
    assert s.log[-1].rule == "ce-drop" and "wandering marker" in s.log[-1].text
    refused(s, "drop II spiked-shield", "ce-drop")  # dropped already
    refused(s, "drop II shadowflame 2", "ce-drop")
    s.apply("pick II shadowflame")
    s.apply("pick II spiked-shield")
    assert s.loot == {} and s.squads["0:II"].resources == {"shadowflame": 4}
    check_loot(s)


# ------------------------------------------------------------------ the rule book's example
def test_tripps_dracor_and_the_bleeding_beasts_shadowflame():
    """The Pick up and Pass example: Tripp's Dracor kills a Bleeding Beast carrying 5 shadowflame;
    the beast leaves 3 gore and the shadowflame; Tripp's squad II walks over, picks it all up and
    passes it to the Dracor, who passes it to the Necromancer next to it: 8 resources to invoke with."""
    s = ex.corridor([ex.necromancer(0, at(2)), ex.squad(0, "I", at(3), card("dracor")),
                     ex.squad(0, "II", at(6), card("necromonk", 5)),
                     ex.squad(1, "III", at(4), card("bleeding-beast"), resources={"shadowflame": 5})])
    for a in ("fight I 1:III", "first strength", "attacker rolls 12", "defender rolls 1", "second special",
              "attacker rolls 12", "defender rolls 1"):
        s.apply(a)
    assert s.loot[str(at(4))] == {"gore": 3, "items": [], "shadowflame": 5}
    s.apply("move II")
    s.apply(f"move II {at(4)}")
    s.apply("pick II gore")
    s.apply("pick II shadowflame")
    s.apply("pass II I gore 3")
    s.apply("pass II I shadowflame 5")
    s.apply("pass I N gore 3")
    s.apply("pass I N shadowflame 5")
    assert s.squads["0:N"].resources == {"gore": 3, "shadowflame": 5}
    assert sum(s.squads["0:N"].resources.values()) == 8
    assert s.loot == {} and s.squads["0:I"].resources == {} and s.squads["0:II"].resources == {}
    check_loot(s)


# ------------------------------------------------------------------ squads joining, splitting, leaving
def test_merging_pools_resources_and_a_breakaway_takes_none():
    s = ex.corridor([ex.squad(0, "II", at(3), card("ghoul"), card("ratman"), resources={"metals": 2}),
                     ex.squad(0, "III", at(5), card("caveling"), resources={"gore": 1, "metals": 1})])
    s.apply("break II ratman-1")
    s.apply(f"break II ratman-1 {at(4)}")
    new = s.squads.at(at(4))
    assert new.resources == {} and s.squads["0:II"].resources == {"metals": 2}
    s.apply("move II")
    s.apply(f"move II {at(4)}")  # the Ghoul joins the Ratman's squad, bringing the metals
    assert s.squads.at(at(4)).resources == {"metals": 2}
    s.apply(f"move {s.squads.at(at(4)).card}")
    s.apply(f"move {s.squads.at(at(4)).card} {at(5)}")
    assert s.squads.at(at(5)).resources == {"gore": 1, "metals": 3}
    check_loot(s)


def test_a_player_out_leaves_its_other_squads_wandering_with_their_things():
    """Player 2's Necromancer dies in a fight; its squad III, far away, turns into a Wandering
    Monster where it stands (rule ce-last-standing), keeping its metals and shield."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("dracor")), ex.necromancer(1, at(4), monk=False),
                     ex.squad(1, "III", at(9), card("necromonk", 5, items=["spiked-shield"]),
                              resources={"metals": 2})], players=3)
    for a in ("fight II 1:N", "first strength", "attacker rolls 12", "defender rolls 1", "second special",
              "attacker rolls 12", "defender rolls 1"):
        s.apply(a)
    assert 1 in s.out and "1:III" not in s.squads
    wanderer = s.squads.at(at(9))
    assert wanderer.wandering and wanderer.resources.get("metals") == 2
    assert list(wanderer.creatures[0].items) == ["spiked-shield"] and str(at(9)) not in s.loot
    check_loot(s)


def test_a_collapse_victim_leaves_its_things():
    from necro.cave_evil.ground import COLLAPSED

    s = ex.corridor([ex.squad(0, "II", at(3), card("necromonk", 5), resources={"gore": 2})], collapse_death=True)
    s.pending = {"kind": "roll", "squads": ["0:II"]}
    s.ground.status[at(3)] = COLLAPSED
    s._cache = None
    s.apply("d12 1")
    assert "0:II" not in s.squads and s.loot[str(at(3))] == {"gore": 2, "items": []}
    check_loot(s)


# ------------------------------------------------------------------ JSON and conservation
def test_loot_round_trips_through_the_position_and_bad_loot_is_refused():
    s = heap()
    s.apply("pick II metals")
    pos = json.loads(json.dumps(s.position()))
    assert pos["squads"][[q["id"] for q in pos["squads"]].index("0:II")]["resources"] == {"metals": 3}
    back = s.game.state_from_position(pos, 0)
    assert back.position() == s.position() and back.ledger == s.ledger
    bad = json.loads(json.dumps(pos))
    bad["squads"][[q["id"] for q in bad["squads"]].index("0:II")]["resources"] = {"metals": 0}
    with pytest.raises(FormatError):
        s.game.state_from_position(bad, 0)
    bad = json.loads(json.dumps(pos))
    bad["squads"][0]["resources"] = {"rubies": 1}
    with pytest.raises(FormatError):
        s.game.state_from_position(bad, 0)
    bad = json.loads(json.dumps(pos))
    bad["loot"][str(at(3))] = {"gore": 0, "items": []}
    with pytest.raises(FormatError):
        s.game.state_from_position(bad, 0)
    undo = s.copy()
    undo.apply("drop II metals 2")
    undo.undo()
    assert undo.position() == s.position()


def test_the_conservation_check_catches_loot_that_vanishes_or_appears():
    s = heap()
    check_loot(s)
    s.squads["0:II"].resources["metals"] = 1
    with pytest.raises(AssertionError):
        check_loot(s)
    s = heap()
    s.loot[str(at(3))]["items"].append("spiked-shield")
    with pytest.raises(AssertionError):
        check_loot(s)


def test_holdings_count_squads_and_hexes():
    s = heap()
    assert lt.holdings(s.squads, s.loot) == {"gore": 2, "metals": 3, "item:spiked-shield": 1}


def test_random_play_with_loot_on_the_map_conserves_it():
    """Seeded uniform play from a crowded corridor with loot, resources and items: every step keeps
    the map's and combat's invariants and the loot ledger; the activities all happen."""
    def make(seed):
        return ex.corridor([ex.squad(0, "II", at(3), card("necromonk", 5), card("ghoul"), resources={"metals": 2}),
                            ex.squad(0, "III", at(4), card("horned-hellion", items=["spiked-shield"])),
                            ex.squad(1, "II", at(8), card("shoddy-abomination"), card("ratman"),
                                     resources={"gore": 3}),
                            ex.squad(1, "III", at(10), card("dracor"))],
                           loot={at(5): {"gore": 1, "metals": 2, "items": ["mourning-face-mace"]},
                                 at(9): {"shadowflame": 2}}, cycles=3, seed=seed)

    seen = set()

    def note(state):
        check_combat(state)
        if state.steps:
            seen.add(state.steps[-1].action.split()[0])

    report = random_playouts(make, range(6), invariants=[check_map, note], deep_every=4, max_steps=3000)
    assert report.games == 6
    assert {"pick", "pass", "drop"} <= seen


# ------------------------------------------------------------------ crossing a spawn pit
def test_a_squad_crossing_a_spawn_pit_picks_up_what_lies_there():
    pit = "+0+0"
    s = ex.table([ex.squad(0, "II", "+1-1", ex.of_card("ghoul"))],
                 loot={pit: {"gore": 2, "metals": 1, "items": ["cool-stretchy-headband"]}})
    assert str(s.ground.pit()) == pit
    s.apply("move II")
    vias = [a for a in s.legal_actions() if a.endswith(f" via {pit}")]
    assert "move II -1+1 via +0+0" in vias and all(a.split()[2] != pit for a in s.legal_actions())
    s.apply("move II -1+1 via +0+0")
    squad = s.squads["0:II"]
    assert str(squad.hex) == "-1+1" and squad.resources == {"gore": 2, "metals": 1}
    assert pit not in s.loot or not s.loot[pit]["gore"]
    assert any(e.rule == "ce-move-pit" and "picks up" in e.text for e in s.log)
    check_loot(s)
    s.undo()
    refused(s, "move II -1+1 via +1+0", "ce-move-pit")  # nothing lies there (and it is no pit)


def test_no_crossing_is_offered_where_nothing_lies_or_the_squad_could_not_go_on():
    s = ex.table([ex.squad(0, "II", "+1-1", ex.of_card("ghoul"))])
    s.apply("move II")
    assert not any(" via " in a for a in s.legal_actions())


def buried_with_a_neighbour(neighbour: dict):
    """Player 2's squad N buried by a collapse (face to face, player 1 collapses on it) with
    ``neighbour`` (a squad I's ``resources`` and ``creatures``) on a free open hex beside it: the
    position JSON, and that hex."""
    from necro.cave_evil import scenarios as sc
    from necro.cave_evil.hexes import neighbours

    s = sc.face_to_face()
    victim = s.squads["1:N"].hex
    s.apply("continue N")
    s.apply(f"place {victim} r0")
    s.apply("end")
    pos = s.position()
    beside = next(h for h in sorted(neighbours(victim)) if s.ground.is_open(h) and s.squads.at(h) is None
                  and h not in s.ground.spawn_pits)
    pos["squads"].append({"id": "1:I", "owner": 1, "at": str(beside), "card": "I", **neighbour})
    return s.game, pos, beside


def test_nothing_is_passed_to_or_from_a_squad_trapped_in_a_collapse():
    """Rule ce-collapse-trapped (audit 1 W2): player 2's squad N, buried by a collapse, neither
    passes to its neighbour squad I nor receives from it."""
    game, pos, _ = buried_with_a_neighbour({"resources": {"metals": 2},
                                            "creatures": [{"id": "rat-1", "size": "small", "speed": 3, "pick": 1}]})
    next(q for q in pos["squads"] if q["id"] == "1:N")["resources"] = {"gore": 2}
    t = game.state_from_position(pos)
    assert t.turn == 1
    assert not any(a.startswith("pass ") for a in t.legal_actions())
    refused(t, "pass N I gore 1", "ce-collapse-trapped")
    refused(t, "pass I N metals 1", "ce-collapse-trapped")


def test_a_creature_holding_more_than_eight_cards_loads_when_the_extra_are_trinkets():
    """Trinket items take no room (rule ce-item-trinket): legal play reached a creature with 9 cards,
    which the loader refused (soak sample game 16 after the issue-28 rulings)."""
    import json

    from necro.cave_evil import conjuration as cj
    from necro.cave_evil.creatures import catalogue

    from .test_full_game import at_actions
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    cards = catalogue()
    held = []
    for deck in cj.DECKS:
        for card, n in sorted(pos["piles"]["piles"][deck].items()):
            if card in cards.items and cards.item(card).trinket:
                take = min(n, 9 - len(held))
                held += [card] * take
                pos["piles"]["piles"][deck][card] -= take
    assert len(held) == 9
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    n["creatures"][0]["items"] = sorted(held)
    again = s.game.state_from_position(pos, 7)
    assert len(again.squads["0:N"].creatures[0].items) == 9
    assert again.game.state_from_position(json.loads(json.dumps(again.position())), 7).position() == again.position()
